import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { aboutSections } from "../../app/content/about";
import { pricingFaq } from "../../app/content/faq";
import { methodBlocks } from "../../app/content/method";
import { problemPages } from "../../app/content/problems";
import { situationCards } from "../../app/content/situations";

/** The visitor has already answered the cookie banner, so it covers nothing on these pages. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false }));
  });
});

async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => (JSON.parse(block) as { "@type": string })["@type"]);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("home page", () => {
  test("hero: rating, headline, video, questionnaire button and reassurance", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terapia di gruppo online");
    await expect(page.getByTestId("review-widget")).toContainText("Eccellente!");
    await expect(page.getByText("Non sei solə. Nel gruppo c'è spazio anche per te.")).toBeVisible();
    await expect(page.getByText("1° colloquio gratuito")).toBeVisible();

    // The poster is an image sized for the screen; the video file waits until the page has loaded and the frame is seen.
    const frame = page.locator("[data-demo-video]");
    await expect(frame.locator("img")).toHaveAttribute("srcset", /384w.*640w/);
    const video = frame.locator("video");
    for (const attribute of ["loop", "playsinline", "width", "height"]) await expect(video).toHaveAttribute(attribute, /.*/);
    await expect(video).toHaveAttribute("preload", "none");
    await frame.scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Metti in pausa l'animazione" }).click();
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
    await expect(page.getByRole("button", { name: "Riproduci l'animazione" })).toBeVisible();
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);

    await page.getByRole("main").getByRole("link", { name: "Compila il questionario" }).first().click();
    await expect(page).toHaveURL(/\/questionario$/);
  });

  test("the scroll hint and Come funziona lead to the three steps", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Scopri come funziona" }).click();
    const steps = page.locator("#come-funziona");
    await expect(steps).toBeInViewport();
    await expect(steps.getByRole("heading", { level: 2 })).toHaveText("Come funziona");
    await expect(steps.getByRole("listitem")).toHaveCount(3);
    await expect(steps.getByRole("heading", { name: /Compila il questionario/ })).toBeVisible();
    await expect(steps.getByRole("link", { name: "Inizia il tuo percorso" })).toHaveAttribute("href", "/questionario");
  });

  test("three testimonials with five stars each", async ({ page }) => {
    await page.goto("/");
    const testimonials = page.locator("#testimonials");
    await expect(testimonials.locator("figure")).toHaveCount(3);
    await expect(testimonials.getByRole("img", { name: "5 stelle su 5" })).toHaveCount(3);
    await expect(testimonials.getByText("Giulia, 29 anni")).toBeVisible();
  });

  test("the ten situation cards link to real situation pages", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Insieme fa per te se..." });
    const cards = section.getByRole("link");
    await expect(cards).toHaveCount(10);
    for (const [index, card] of situationCards.entries()) {
      await expect(cards.nth(index)).toHaveAttribute("href", `/problemi/${card.slug}`);
      await expect(cards.nth(index)).toHaveAccessibleName(card.text);
    }
    await cards.first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(problemPages["in-ritardo"].title);
    for (const card of situationCards.slice(1)) {
      const response = await page.goto(`/problemi/${card.slug}`);
      expect(response?.status(), card.slug).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(problemPages[card.slug].title);
    }
  });

  test("the three newest therapists are shown and open their profiles", async ({ page }) => {
    await page.goto("/terapeuti");
    const newest = (await page.getByRole("heading", { level: 2 }).allTextContents()).slice(0, 3);
    await page.goto("/");
    const section = page.getByRole("region", { name: "I nostri terapeuti" });
    const profiles = section.getByRole("article");
    await expect(profiles).toHaveCount(3);
    await expect(profiles.getByRole("heading", { level: 3 })).toHaveText(newest);
    for (const name of newest) {
      const link = section.getByRole("link", { name, exact: true });
      await expect(link).toHaveAttribute("href", /^\/terapeuti\/[0-9a-f-]{36}$/);
      const response = await page.request.get((await link.getAttribute("href"))!, { maxRedirects: 0 });
      expect(response.status(), name).toBe(200);
      // The portrait sits beside the name, so it is silent to screen readers (empty alt).
      const portrait = profiles.filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) }).locator("img");
      await expect(portrait).toHaveAttribute("srcset", /\d+w/);
      await expect(portrait).toHaveAttribute("alt", "");
    }
    await section.getByRole("link", { name: newest[0], exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest[0]!);
  });

  test("comparison table, pricing teaser, FAQ and newsletter", async ({ page }) => {
    await page.goto("/");
    const table = page.getByRole("table", { name: "Confronto tra terapia di gruppo e terapia individuale" });
    await expect(table.locator("tbody tr")).toHaveCount(7);
    await expect(table.getByRole("rowheader")).toHaveCount(7);
    const firstRow = table.locator("tbody tr").first();
    await expect(firstRow.getByRole("cell").first()).toHaveText("Sì");
    await expect(table.locator("tbody tr").last().getByRole("cell").first()).toHaveText("No");

    const pricing = page.getByRole("region", { name: "Prezzi chiari, senza sorprese" });
    await expect(pricing.getByText("€30")).toBeVisible();
    await expect(pricing.getByText("€35")).toBeVisible();
    await expect(pricing.getByRole("link", { name: /Scopri prezzi/ })).toHaveAttribute("href", "/prezzi");

    // Questions are the summaries of <details> (no script on this page): one open at a time.
    const faq = page.getByRole("region", { name: "Domande frequenti" });
    const questions = faq.locator("summary");
    await expect(questions).toHaveCount(6);
    await expect(faq.getByText(/un piccolo gruppo di 6-8 persone/)).toBeHidden();
    await questions.first().click();
    await expect(faq.locator("details").first()).toHaveAttribute("open", "");
    await expect(faq.getByText(/un piccolo gruppo di 6-8 persone/)).toBeVisible();

    await expect(page.getByRole("heading", { name: "Iscriviti alla newsletter" })).toBeVisible();
  });

  test("structured data, cache header, and no third-party request even with full consent", async ({ page }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol.startsWith("http")) foreign.push(request.url());
    });
    await page.addInitScript(() => {
      window.localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: true, marketing: true }));
    });
    const response = await page.goto("/");
    expect(response?.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
    expect(await jsonLdTypes(page)).toEqual(expect.arrayContaining(["Organization", "WebSite"]));
    await page.waitForTimeout(1500);
    await expect(page.locator("script[data-review-widget]")).toHaveCount(0);
    await expect(page.getByTestId("review-widget")).toContainText("Eccellente!");
    expect(foreign).toEqual([]);
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);
  });
});

test.describe("about and method", () => {
  test("About has its six sections and both calls to action", async ({ page }) => {
    const response = await page.goto("/about");
    expect(response?.headers()["cache-control"]).toContain("s-maxage=300");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chi siamo");
    await expect(page.getByRole("heading", { level: 2 })).toContainText(aboutSections.map((section) => section.title));
    await expect(page.getByRole("main").getByRole("link", { name: "Contattaci" })).toHaveAttribute("href", "/contatti");
    await expect(page.getByRole("main").getByRole("link", { name: "Compila il questionario" })).toHaveAttribute("href", "/questionario");
    await expectNoAxeViolations(page);
  });

  test("the method page has the video, three blocks and a call to action", async ({ page }) => {
    await page.goto("/nostro-metodo");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Il nostro metodo");
    await expect(page.locator("video source").first()).toHaveAttribute("src", "/video/demo.webm");
    for (const block of methodBlocks) await expect(page.getByRole("heading", { level: 2, name: block.title })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Compila il questionario" })).toHaveAttribute("href", "/questionario");
    expect(await jsonLdTypes(page)).toContain("Service");
    await expectNoAxeViolations(page);
  });

  test("the demo video files are served", async ({ request }) => {
    for (const path of ["/video/demo.webm", "/video/demo.mp4", "/video/demo-poster.webp", "/images/therapist-placeholder.svg"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
    }
  });
});

test.describe("pricing", () => {
  test("shows both prices, the eight questions and links to the questionnaire", async ({ page }) => {
    await page.goto("/prezzi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prezzi chiari, senza sorprese");
    const first = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Prima seduta" }) });
    await expect(first).toContainText("€30");
    await expect(first).toContainText("una tantum");
    await expect(first).toContainText("Senza impegno");
    const following = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Sedute successive" }) });
    await expect(following).toContainText("€35");
    await expect(following).toContainText("a settimana");
    await expect(following).toContainText("Nessun abbonamento vincolante");

    const faq = page.getByRole("region", { name: "Domande frequenti" });
    await expect(faq.locator("summary")).toHaveText(pricingFaq.map((item) => item.question));
    await faq.locator("summary", { hasText: "Devo tenere la videocamera accesa?" }).click();
    await expect(faq.getByText(/tenere la videocamera accesa\. Vedersi in volto/)).toBeVisible();

    const links = page.getByRole("main").getByRole("link", { name: "Compila il questionario" });
    expect(await links.count()).toBeGreaterThan(0);
    for (const href of await links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href")))) {
      expect(href).toBe("/questionario");
    }
  });

  test("the structured data shows the visible prices", async ({ page }) => {
    await page.goto("/prezzi");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const service = blocks.map((block) => JSON.parse(block)).find((block) => block["@type"] === "Service");
    expect(service.offers.map((offer: { price: string }) => Number(offer.price))).toEqual([30, 35]);
    await expectNoAxeViolations(page);
  });
});

test.describe("situation pages", () => {
  test("a situation page shows its content and links to the questionnaire", async ({ page }) => {
    const content = problemPages["sentirsi-soli"];
    await page.goto("/problemi/sentirsi-soli");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.title);
    await expect(page.getByText(content.description)).toBeVisible();
    await expect(page.getByText(content.content.intro)).toBeVisible();
    await expect(page.getByText(content.content.howGroupHelps)).toBeVisible();
    const benefits = page.getByRole("region", { name: "Cosa puoi ottenere" }).getByRole("listitem");
    await expect(benefits).toHaveText([...content.content.benefits]);
    await page.getByRole("region", { name: "Cosa puoi ottenere" }).getByRole("link", { name: "Compila il questionario" }).click();
    await expect(page).toHaveURL(/\/questionario$/);
  });

  test("an unknown situation lands on the 404 page", async ({ page }) => {
    await page.goto("/problemi/non-esiste");
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto("/problemi/ansia-futuro");
    await expectNoAxeViolations(page);
  });
});

test.describe("therapists", () => {
  test("the list links every therapist to a profile with the full details", async ({ page }) => {
    await page.goto("/terapeuti");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("I nostri terapeuti");
    const profiles = page.getByRole("main").getByRole("article");
    expect(await profiles.count()).toBeGreaterThanOrEqual(3);
    const name = (await profiles.first().getByRole("heading", { level: 2 }).textContent())!;
    await expect(profiles.first().locator("img")).toBeVisible();
    await expect(profiles.first().locator("img")).toHaveAttribute("alt", "");
    await profiles
      .first()
      .getByRole("link", { name: `Scopri il profilo di ${name}` })
      .click();
    await expect(page).toHaveURL(/\/terapeuti\/[0-9a-f-]{36}$/);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByText("Albo n°")).toBeVisible();
    await expect(page.getByText(/Albo Psicologi .* n\. \d+/)).toBeVisible();
    await expect(page.getByText(/anni di esperienza/)).toBeVisible();
    for (const heading of ["Biografia", "Formazione e qualifiche", "Approcci"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByRole("main").getByRole("link", { name: "Compila il questionario" })).toHaveAttribute("href", "/questionario");
    expect(await jsonLdTypes(page)).toContain("Person");
    await expectNoAxeViolations(page);
  });

  test("an unknown therapist sends the visitor to the list", async ({ page }) => {
    await page.goto("/terapeuti/00000000-0000-4000-8000-000000000000");
    await expect(page).toHaveURL(/\/terapeuti$/);
    await page.goto("/terapeuti/non-un-id");
    await expect(page).toHaveURL(/\/terapeuti$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("I nostri terapeuti");
  });

  test("the list has no accessibility violations", async ({ page }) => {
    await page.goto("/terapeuti");
    await expectNoAxeViolations(page);
  });
});

test.describe("legal pages", () => {
  const pages = [
    { path: "/termini", title: "Termini e condizioni del servizio", updated: "19/05/2025" },
    { path: "/privacy", title: "Informativa sul trattamento dei dati personali", updated: "13/04/2025" },
    { path: "/accordo-servizio", title: "Accordo di servizio e di riservatezza", updated: "19/05/2025" },
  ];
  for (const legal of pages) {
    test(`${legal.path} shows the text with its date and a working table of contents`, async ({ page, isMobile }) => {
      await page.goto(legal.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(legal.title);
      await expect(page.getByText(`Ultimo aggiornamento: ${legal.updated}`)).toBeVisible();
      if (isMobile) await page.getByText("Indice dei contenuti").click();
      const toc = page.getByRole("navigation", { name: "Indice" });
      const entries = toc.getByRole("link");
      const second = (await entries.nth(1).textContent())!;
      await entries.nth(1).click();
      await expect(page).toHaveURL(/#sezione-2$/);
      await expect(page.getByRole("heading", { level: 2, name: second })).toBeInViewport();
      await expectNoAxeViolations(page);
    });
  }

  test("the service agreement's back button returns to the previous page, or home when opened directly", async ({ page, context }) => {
    await page.goto("/prezzi");
    await page.waitForLoadState("networkidle");
    await page.getByRole("contentinfo").getByRole("link", { name: "Accordo di servizio" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accordo di servizio e di riservatezza");
    await page.getByRole("link", { name: "Torna indietro" }).click();
    await expect(page).toHaveURL(/\/prezzi$/);

    const fresh = await context.newPage();
    await fresh.goto("/accordo-servizio");
    await fresh.waitForLoadState("networkidle");
    await fresh.getByRole("link", { name: "Torna indietro" }).click();
    await expect(fresh).toHaveURL(/\/$/);
    await expect(fresh.getByRole("heading", { level: 1 })).toHaveText("Terapia di gruppo online");
  });
});

test.describe("thank-you page", () => {
  test("thanks the visitor and links home and to the therapists", async ({ page }) => {
    await page.goto("/grazie");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Grazie!");
    await expect(page.getByRole("main").getByRole("link", { name: "Torna alla home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("main").getByRole("link", { name: "Conosci i nostri terapeuti" })).toHaveAttribute("href", "/terapeuti");
    await expectNoAxeViolations(page);
  });
});
