import { expect, test, type Page } from "@playwright/test";
import { waitForMail } from "./support/mail";

/** Visitor defects of issue 15: each test fails on the code before the fix. */

async function acceptNecessaryCookies(page: Page) {
  await page.getByRole("button", { name: "Solo necessari" }).click();
}

test("newsletter: a mistyped address shows the server's field message, not 'Riprova più tardi'", async ({ page }) => {
  await page.goto("/");
  await acceptNecessaryCookies(page);
  const section = page.getByRole("region", { name: "Iscriviti alla newsletter" });
  const input = section.getByLabel("Il tuo indirizzo email");
  await input.fill("abc@");
  await section.getByRole("button", { name: "Iscriviti" }).click();
  await expect(section.getByText("Inserisci un indirizzo email valido", { exact: true })).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Errore", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Riprova più tardi/)).toHaveCount(0);
});

test("registration: every missing field and consent is shown at once, then the e-mail carries the three PDFs", async ({ page }, testInfo) => {
  const email = `iscrizione-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto("/conferma-iscrizione");
  await acceptNecessaryCookies(page);
  await page.getByRole("button", { name: "Conferma iscrizione" }).click();
  for (const message of ["Inserisci il tuo nome", "Inserisci il tuo cognome", "Inserisci una data di nascita valida", "Inserisci un indirizzo email valido"]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.locator("form").getByText("È necessario accettare tutti i termini obbligatori per procedere")).toBeVisible();
  await expect(page.locator("form").getByText("Conferma di avere almeno 18 anni: i nostri gruppi sono per persone adulte.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Notifica" }).getByText("È necessario accettare tutti i termini obbligatori per procedere")).toBeVisible();
  await expect(page.getByLabel("Nome", { exact: true })).toBeFocused();

  await page.getByLabel("Nome", { exact: true }).fill("Elena");
  await page.getByLabel("Cognome").fill("Rossi");
  await page.getByLabel("Data di nascita").fill("1992-03-14");
  await page.getByLabel("Email").fill(email);
  for (const name of [/almeno 18 anni/, /accordo di servizio/, /termini e condizioni/, /privacy policy/, /Autorizzo il team/]) await page.getByRole("checkbox", { name }).check();
  await page.getByRole("button", { name: "Conferma iscrizione" }).click();
  await expect(page.getByRole("heading", { name: "Registrazione completata" })).toBeVisible();
  const mail = await waitForMail(email, "Conferma della tua iscrizione");
  expect(mail.attachments.map((attachment) => attachment.filename).sort()).toEqual(["accordo-servizio.pdf", "privacy-policy.pdf", "termini-condizioni.pdf"]);
  for (const attachment of mail.attachments) {
    expect(attachment.contentType).toBe("application/pdf");
    // A real PDF (an earlier admin test may have replaced a generated one with its own small one-page upload).
    expect(attachment.size).toBeGreaterThan(300);
  }
});

test("registration: a field the server refuses after the browser's check passed shows under that field", async ({ page }) => {
  await page.goto("/conferma-iscrizione");
  await acceptNecessaryCookies(page);
  // The browser's check passes; the address is spoilt on the way, as a client skipping that check would send it.
  await page.route("**/api/send-registration-confirmation", async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, email: "non-un-indirizzo" }) });
  });
  const sent = page.waitForResponse((response) => response.url().endsWith("/api/send-registration-confirmation"));
  await page.getByLabel("Nome", { exact: true }).fill("Elena");
  await page.getByLabel("Cognome").fill("Rossi");
  await page.getByLabel("Data di nascita").fill("1992-03-14");
  const email = page.getByLabel("Email");
  await email.fill("elena.server@example.com");
  for (const name of [/almeno 18 anni/, /accordo di servizio/, /termini e condizioni/, /privacy policy/, /Autorizzo il team/]) await page.getByRole("checkbox", { name }).check();
  await page.getByRole("button", { name: "Conferma iscrizione" }).click();
  const response = await sent;
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { fields: Record<string, string> }).fields).toEqual({ email: "Inserisci un indirizzo email valido" });
  await expect(page.locator("form").getByText("Inserisci un indirizzo email valido", { exact: true })).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  await expect(page.getByText("Si è verificato un errore durante l'invio. Riprova più tardi.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Registrazione completata" })).toHaveCount(0);
});

test("call request: Enter in the empty phone field says 'Numero richiesto' and keeps the button disabled", async ({ page }) => {
  await page.goto("/call-giulia?name=Giulia&email=giulia.enter%40example.com");
  await acceptNecessaryCookies(page);
  await expect(page.locator("form[data-ready='true']")).toBeVisible();
  const phone = page.getByLabel("Numero di telefono");
  const send = page.getByRole("button", { name: "Richiedi la chiamata gratuita" });
  await expect(send).toBeDisabled();
  await phone.press("Enter");
  await expect(page.getByText("Numero richiesto", { exact: true }).first()).toBeVisible();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("form").getByText("Inserisci il tuo numero di telefono", { exact: true })).toBeVisible();
  await expect(send).toBeDisabled();
});

test.describe("metadata", () => {
  const ldBlocks = (html: string) =>
    [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);

  for (const path of ["/questionario", "/conferma-iscrizione", "/grazie", "/gruppi-matching", "/call-giulia", "/test-followup"]) {
    test(`${path} has WebPage JSON-LD with its breadcrumb`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const page = ldBlocks(await response.text()).find((block) => block["@type"] === "WebPage") as
        { url: string; inLanguage: string; breadcrumb: { "@type": string; itemListElement: { position: number; name: string; item: string }[] } } | undefined;
      expect(page).toBeTruthy();
      expect(page!.inLanguage).toBe("it-IT");
      expect(page!.breadcrumb["@type"]).toBe("BreadcrumbList");
      const trail = page!.breadcrumb.itemListElement;
      expect(trail[0]).toMatchObject({ position: 1, name: "Home" });
      expect(new URL(trail.at(-1)!.item).pathname).toBe(path);
      expect(new URL(page!.url).pathname).toBe(path);
    });
  }

  for (const path of ["/una-pagina-che-non-esiste", "/newsletter/boh/qualcosa", "/problemi/non-esiste"]) {
    test(`the 404 of ${path} has an Italian title and description and is not indexed`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toContain("<title>Pagina non trovata | Insieme</title>");
      expect(html).toMatch(/<meta name="description" content="La pagina che cerchi non esiste o è stata spostata\./);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain("Oops! Page not found");
    });
  }
});
