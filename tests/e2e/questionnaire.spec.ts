import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page, type Request } from "@playwright/test";
import { GATE_CONSENT_COOKIE, GATE_CONSENT_VALUE, questionnaireSteps, type QuestionnaireDraft } from "../../app/domain/questionnaire";
import { acceptGateConsent } from "./support/fixtures";

const TOTAL = questionnaireSteps.length;
const titleOf = (step: number) => questionnaireSteps[step - 1]!.title;
const heading = (page: Page, step: number) => page.getByRole("heading", { level: 1, name: titleOf(step) });

/** A complete, valid draft (what the keyboard test below produces). */
const validAnswers: QuestionnaireDraft = {
  name: "Mario Rossi",
  age: "26-35",
  gender: "Uomo",
  city: "Milano",
  email: "mario.rossi@example.com",
  current_situations: ["Mi sento in ritardo rispetto agli altri", "Mi sento solə, anche quando sono in compagnia"],
  current_situations_other: "",
  difficulty_frequency: "Ogni giorno",
  coping_strategies: ["Ne parlo con amici o familiari"],
  coping_strategies_other: "",
  energy_level: "Medio",
  blocked_area: "Altro",
  blocked_area_other: "Famiglia",
  current_situation_summary: "Mi sento spesso in ansia\ne da solo.",
  therapy_goals: ["Gestire meglio l'ansia"],
  therapy_goals_other: "",
  previous_therapy: "No, mai",
  comfort_level: "Molto a mio agio",
  time_preference: "Sera",
  flexibility: ["Molto flessibile"],
  flexibility_other: "",
  source_discovery: "Instagram",
  newsletter_subscription: "yes",
  privacy_consent: true,
};

const IDEMPOTENCY_KEY = "2f1c6a0e-6f7b-4c3e-9a51-0d2b7e4f8a10";

test.beforeEach(async ({ page }) => {
  // The cookie banner is fixed to the bottom of the screen: answer it up front so it never covers the buttons.
  await page.addInitScript(() => {
    window.localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false }));
  });
  // The funnel counter is fire-and-forget: answer 404, as before its endpoint existed.
  await page.route("**/api/funnel-step", (route) => route.fulfill({ status: 404, body: "" }));
});

/** Opens the questionnaire at a step with a stored draft, as a reload in the same tab would. */
async function openAtStep(page: Page, step: number, answers: Partial<QuestionnaireDraft> = {}) {
  await acceptGateConsent(page.context(), test.info().project.use.baseURL);
  await page.goto("/questionario");
  await page.evaluate(
    ([draft, key]) => {
      sessionStorage.setItem("questionnaireDraft", JSON.stringify({ ...draft, idempotencyKey: key, reachedSteps: [] }));
    },
    [{ step, answers: { ...validAnswers, ...answers } }, IDEMPOTENCY_KEY] as const,
  );
  await page.goto("/questionario-interno");
  await expect(heading(page, step)).toBeFocused();
}

async function acceptGate(page: Page) {
  await page.goto("/questionario");
  await page.getByRole("checkbox", { name: /Ho letto e accetto/ }).check();
  await page.getByRole("button", { name: "Continua" }).click();
  await expect(page).toHaveURL(/\/questionario-interno$/);
  await expect(heading(page, 1)).toBeFocused();
}

const next = (page: Page) => page.getByRole("button", { name: "Avanti" }).click();

/** The visible toast (Radix also copies its text into a hidden live region). */
const toast = (page: Page, text: string) => page.locator("[data-variant]").getByText(text, { exact: true });

test.describe("welcome gate", () => {
  test("declining shows the apology with the contact e-mail and a way home", async ({ page }) => {
    await page.goto("/questionario");
    await expect(page.getByText("Circa 4 minuti")).toBeVisible();
    await expect(page.getByText("Il primo colloquio è gratuito")).toBeVisible();
    await page.getByRole("button", { name: "Non accetto" }).click();
    const apology = page.getByRole("heading", { level: 1, name: /Ci dispiace/ });
    await expect(apology).toBeVisible();
    await expect(apology).toBeFocused();
    await expect(page.getByText(/non possiamo procedere con il questionario/)).toBeVisible();
    const mail = page.getByRole("main").getByRole("link", { name: "info@insieme-terapia.it" });
    await expect(mail).toHaveAttribute("href", "mailto:info@insieme-terapia.it");
    expect(await page.context().cookies()).toEqual([]);
    await page.getByRole("link", { name: "Torna alla home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the apology is also rendered by the server (no JavaScript needed)", async ({ request }) => {
    const html = await (await request.get("/questionario?consenso=rifiutato")).text();
    expect(html).toContain("Ci dispiace, non possiamo procedere");
    expect(html).toContain("mailto:info@insieme-terapia.it");
  });

  test("Continua without the box ticked asks for consent and stays on the gate", async ({ page }) => {
    await page.goto("/questionario");
    // Before hydration the browser's own required-checkbox validation answers instead.
    await expect(page.locator("form[novalidate]")).toBeAttached();
    await page.getByRole("button", { name: "Continua" }).click();
    await expect(page.getByText("Devi accettare la Privacy Policy per continuare")).toBeVisible();
    const checkbox = page.getByRole("checkbox", { name: /Ho letto e accetto/ });
    await expect(checkbox).toBeFocused();
    await expect(checkbox).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/questionario$/);
  });

  test("accepting opens step 1 and remembers the consent until the browser closes, in a cookie only the server reads", async ({ page }) => {
    await page.goto("/questionario");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Privacy Policy", exact: true })).toHaveAttribute("href", "/privacy");
    await expect(main.getByRole("link", { name: "Termini e condizioni", exact: true })).toHaveAttribute("href", "/termini");
    await acceptGate(page);
    const [consent, ...others] = await page.context().cookies();
    expect(others).toEqual([]);
    expect(consent).toMatchObject({ name: GATE_CONSENT_COOKIE, value: GATE_CONSENT_VALUE, httpOnly: true, sameSite: "Lax", expires: -1, path: "/" });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("questionnaire")))).toEqual([]);
    await expect(page.getByRole("button", { name: "Indietro" })).toHaveCount(0);
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
    await expect(page.getByText(`1 / ${TOTAL}`)).toBeVisible();
  });

  test("the questionnaire without consent sends the visitor back to the gate", async ({ page }) => {
    await page.goto("/questionario-interno");
    await expect(page).toHaveURL(/\/questionario$/);
    await expect(page.getByRole("checkbox", { name: /Ho letto e accetto/ })).toBeVisible();
  });

  test("the server sends a browser without consent to the gate and renders step 1, waiting for scripts, to one with it", async ({ request, baseURL }) => {
    const refused = await request.get("/questionario-interno?utm_source=ig", { maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    expect(refused.headers()["location"]).toBe("/questionario?utm_source=ig");
    const forged = await request.get("/questionario-interno?privacy=accetto", { maxRedirects: 0, headers: { Cookie: "" } });
    expect(forged.headers()["location"]).toBe("/questionario");
    expect(forged.headers()["set-cookie"]).toBeUndefined();
    const elsewhere = await request.get("/questionario-interno?privacy=accetto", { maxRedirects: 0, headers: { Cookie: "", Referer: "https://evil.example/questionario" } });
    expect(elsewhere.headers()["location"]).toBe("/questionario");
    // Behind a proxy that ends TLS the page was https, the request reaching us http: the same site.
    const viaProxy = await request.get("/questionario-interno?privacy=accetto", {
      maxRedirects: 0,
      headers: { Cookie: "", Referer: `${baseURL!.replace(/^http:/, "https:")}/questionario` },
    });
    expect(viaProxy.headers()["location"]).toBe("/questionario-interno");
    expect(viaProxy.headers()["set-cookie"]).toContain(`${GATE_CONSENT_COOKIE}=${GATE_CONSENT_VALUE}; Path=/; HttpOnly; SameSite=Lax`);
    const html = await (await request.get("/questionario-interno", { headers: { Cookie: `${GATE_CONSENT_COOKIE}=${GATE_CONSENT_VALUE}` } })).text();
    expect(html).toContain(titleOf(1));
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    expect(html).toContain('name="robots" content="noindex, nofollow"');
  });
});

test.describe("before hydration or without JavaScript", () => {
  test("a Continua sent by the plain form counts only when it comes from the gate", async ({ page, baseURL }) => {
    await page.goto("/questionario-interno?privacy=accetto&utm_source=ig");
    await expect(page).toHaveURL(/\/questionario\?utm_source=ig$/);
    await page.goto("/questionario-interno?privacy=accetto&utm_source=ig", { referer: `${baseURL}/questionario?utm_source=ig` });
    await expect(heading(page, 1)).toBeFocused();
    await expect(page).toHaveURL(/\/questionario-interno$/);
    expect(await page.evaluate(() => sessionStorage.getItem("questionnaireUtm"))).toBe(JSON.stringify({ utm_source: "ig" }));
  });

  test.describe(() => {
    test.use({ javaScriptEnabled: false });

    test("the gate still answers: declining shows the apology, accepting explains JavaScript is needed", async ({ page }) => {
      await page.goto("/questionario?utm_campaign=autunno");
      await page.getByRole("button", { name: "Non accetto" }).click();
      await expect(page.getByRole("heading", { name: /Ci dispiace/ })).toBeVisible();
      await page.goto("/questionario?utm_campaign=autunno");
      await page.getByRole("checkbox", { name: /Ho letto e accetto/ }).check();
      await page.getByRole("button", { name: "Continua" }).click();
      await expect(page).toHaveURL(/\/questionario-interno\?utm_campaign=autunno$/);
      await expect(heading(page, 1)).toBeVisible();
      await expect(page.getByRole("button", { name: "Avanti" })).toBeDisabled();
      // Chromium here disables script execution but still parses <noscript> as text, so read its source.
      expect(await page.locator("noscript").last().textContent()).toContain("Per compilare il questionario è necessario attivare JavaScript");
    });
  });
});

type Rule = {
  step: number;
  message: string;
  invalid?: (page: Page) => Promise<void>;
  valid: (page: Page) => Promise<void>;
};

const typeInto = (step: number, text: string) => async (page: Page) => page.getByRole("textbox", { name: titleOf(step) }).fill(text);
/** A text step: refused with `message` while it holds `invalid`, passed with `valid`. */
const typed = (step: number, message: string, invalid: string, valid: string): Rule => ({ step, message, invalid: typeInto(step, invalid), valid: typeInto(step, valid) });
/** A step of one choice: refused with `message` until the option `label` is picked. */
const radio = (step: number, label: string, message = "Seleziona un'opzione"): Rule => ({
  step,
  message,
  valid: async (page) => page.getByRole("radio", { name: label, exact: true }).check(),
});
/** A step of several choices: refused until the option `label` is ticked. */
const box = (step: number, label: string): Rule => ({
  step,
  message: "Seleziona almeno un'opzione",
  valid: async (page) => page.getByRole("checkbox", { name: label, exact: true }).check(),
});

const rules: Rule[] = [
  typed(1, "Il nome deve contenere almeno 2 caratteri", " A ", "Anna"),
  radio(2, "18-25"),
  radio(3, "Non-binario"),
  typed(4, "La città deve contenere almeno 2 caratteri", "R", "Roma"),
  typed(6, "Inserisci un indirizzo email valido", "anna@", "anna@example.com"),
  box(7, "Il futuro mi mette ansia"),
  radio(8, "Raramente"),
  box(9, "Faccio sport o attività fisica"),
  radio(10, "Alto"),
  radio(11, "Lavorativo"),
  typed(12, "Scrivi almeno 10 caratteri", "Ansia", "Mi sento bloccata al lavoro"),
  box(14, "Sentirmi meno solə"),
  radio(15, "Sì, di gruppo"),
  radio(17, "Non a mio agio"),
  radio(18, "Mattina"),
  box(19, "Poco flessibile"),
  radio(21, "Passaparola"),
  radio(22, "No", "Devi scegliere una opzione"),
];

test.describe("step rules", () => {
  for (const rule of rules) {
    test(`step ${rule.step} shows "${rule.message}" until it is answered`, async ({ page }) => {
      const step = questionnaireSteps[rule.step - 1]!;
      const field = "field" in step ? step.field : undefined;
      const empty = field ? { [field]: Array.isArray(validAnswers[field]) ? [] : "" } : {};
      await openAtStep(page, rule.step, empty);
      await rule.invalid?.(page);
      await next(page);
      const error = page.getByText(rule.message, { exact: true });
      await expect(error).toBeVisible();
      await expect(heading(page, rule.step)).toBeVisible();
      const firstInvalid = page.locator('form [aria-invalid="true"]').first();
      await expect(firstInvalid).toBeFocused();
      await expect(page.locator(`#${field}-errore`)).toHaveText(rule.message);

      await rule.valid(page);
      await expect(error).toBeHidden();
      await next(page);
      await expect(heading(page, rule.step + 1)).toBeFocused();
      await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(rule.step + 1));
    });
  }

  test("step 23 blocks the submission until the privacy policy is accepted", async ({ page }) => {
    let posted = false;
    await page.route("**/api/submit-questionnaire", (route) => {
      posted = true;
      return route.fulfill({ status: 201, json: { id: "x" } });
    });
    await openAtStep(page, 23, { privacy_consent: false });
    await page.getByRole("button", { name: "Invia" }).click();
    await expect(toast(page, "Errore di validazione")).toBeVisible();
    await expect(toast(page, "Alcuni campi non sono compilati correttamente.")).toBeVisible();
    await expect(page.locator("#privacy_consent-errore")).toHaveText("Devi accettare la Privacy Policy per continuare");
    const consent = page.getByRole("checkbox", { name: /Ho letto e accetto/ });
    await expect(consent).toBeFocused();
    expect(posted).toBe(false);
    await consent.check();
    await expect(page.locator("#privacy_consent-errore")).toBeHidden();
  });

  test("one toast at a time: the next message replaces the error it answers", async ({ page }) => {
    // The answer is held back so the page can be looked at while the submission is under way.
    await page.route("**/api/submit-questionnaire", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.fulfill({ status: 201, json: { id: "x" } });
    });
    await openAtStep(page, 23, { privacy_consent: false });
    await page.getByRole("button", { name: "Invia" }).click();
    await expect(toast(page, "Errore di validazione")).toBeVisible();
    await page.getByRole("checkbox", { name: /Ho letto e accetto/ }).check();
    await page.getByRole("button", { name: "Invia" }).click();
    await expect(toast(page, "Invio in corso...")).toBeVisible();
    await expect(toast(page, "Errore di validazione")).toHaveCount(0);
    await expect(page.locator("[data-variant]")).toHaveCount(1);
    await expect(toast(page, "Questionario inviato!")).toBeVisible();
    await expect(page.locator("[data-variant]")).toHaveCount(1);
  });

  for (const step of [5, 13, 16, 20]) {
    test(`informational step ${step} always lets the visitor through`, async ({ page }) => {
      await openAtStep(page, step, { name: "", email: "" });
      await next(page);
      await expect(heading(page, step + 1)).toBeFocused();
    });
  }

  test("step 5 shows the therapist illustration", async ({ page }) => {
    await openAtStep(page, 5);
    const photo = page.getByRole("img", { name: /terapeuta/ });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
});

/** Picks `altro`, types into its free text, leaves it with `leave` and picks it again: the free text went away and comes back empty. */
async function expectFreeTextCleared(page: Page, altro: Locator, leave: () => Promise<void>, typed: string) {
  const other = page.getByRole("textbox", { name: /Specifica/ });
  await altro.check();
  await other.fill(typed);
  await leave();
  await expect(other).toHaveCount(0);
  await altro.check();
  await expect(other).toHaveValue("");
  return other;
}

test.describe("Altro", () => {
  test("a multi-select shows its free text while Altro is ticked and clears it when unticked", async ({ page }) => {
    await openAtStep(page, 7, { current_situations: [] });
    await expect(page.getByRole("textbox", { name: /Specifica/ })).toHaveCount(0);
    const altro = page.getByRole("checkbox", { name: "Altro" });
    const other = await expectFreeTextCleared(page, altro, () => altro.uncheck(), "Ho appena cambiato città");
    await other.fill("Lutto recente");
    await next(page);
    await page.getByRole("button", { name: "Indietro" }).click();
    await expect(page.getByRole("textbox", { name: /Specifica/ })).toHaveValue("Lutto recente");
  });

  test("the blocked area keeps its free text only while Altro is chosen", async ({ page }) => {
    await openAtStep(page, 11, { blocked_area: "", blocked_area_other: "" });
    await expectFreeTextCleared(page, page.getByRole("radio", { name: "Altro" }), () => page.getByRole("radio", { name: "Personale" }).check(), "Famiglia");
  });

  test("too long a free text shows its limit", async ({ page }) => {
    await openAtStep(page, 9, { coping_strategies: ["Altro"], coping_strategies_other: "x".repeat(501) });
    await next(page);
    await expect(page.getByText("Puoi scrivere al massimo 500 caratteri")).toBeVisible();
    await expect(page.getByRole("textbox", { name: /Specifica/ })).toBeFocused();
  });
});

test.describe("layout", () => {
  test("after a long step the next one starts at its top", async ({ page }) => {
    await openAtStep(page, 7);
    await next(page);
    await expect(heading(page, 8)).toBeFocused();
    await expect(page.getByRole("progressbar")).toBeInViewport();
  });

  test("the card keeps its place and height between short steps", async ({ page }) => {
    await openAtStep(page, 3);
    const box1 = await page.locator('form[aria-labelledby="passo-titolo"]').boundingBox();
    await next(page);
    await expect(heading(page, 4)).toBeFocused();
    const box2 = await page.locator('form[aria-labelledby="passo-titolo"]').boundingBox();
    expect(box2).toEqual(box1);
  });
});

test.describe("the toast", () => {
  type Box = { x: number; y: number; width: number; height: number };
  const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

  /** «Invia» at step 23 without the privacy consent: the error toast, with the wizard's buttons brought to the bottom of the screen. */
  async function errorToastWithButtonsAtTheBottom(page: Page) {
    await openAtStep(page, 23, { privacy_consent: false });
    // From the keyboard: the cookie banner, when shown, may lie over the button.
    await page.getByRole("button", { name: "Invia" }).focus();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Errore di validazione")).toBeVisible();
    // A shorter screen (many phones are under 700 px) whose bottom edge runs just under the buttons.
    const buttonsBottom = await page.evaluate(() => document.querySelector("form [data-toast-clear]")!.getBoundingClientRect().bottom + window.scrollY);
    await page.setViewportSize({ width: page.viewportSize()!.width, height: Math.min(Math.round(buttonsBottom) + 24, page.viewportSize()!.height) });
    await page.evaluate(() => {
      const buttons = document.querySelector("form [data-toast-clear]")!.getBoundingClientRect();
      window.scrollBy(0, buttons.bottom - window.innerHeight + 8);
    });
  }

  test("covers neither the navigation bar nor «Indietro» and «Invia», sits at the bottom, and closes with «Chiudi»", async ({ page }) => {
    await errorToastWithButtonsAtTheBottom(page);
    const shown = page.locator("[data-variant]");
    await expect(async () => {
      const viewport = page.viewportSize()!;
      const box = await boxOf(shown);
      const bar = await boxOf(page.locator("header").first());
      expect(box.y).toBeGreaterThan(bar.y + bar.height);
      expect(box.y + box.height).toBeGreaterThan(viewport.height / 2);
      for (const name of ["Indietro", "Invia"]) expect(overlaps(box, await boxOf(page.getByRole("button", { name, exact: true })))).toBe(false);
    }).toPass({ timeout: 3000 });
    // Announced: it is in the assertive live region of «Notifica».
    await expect(page.getByRole("region", { name: "Notifica" }).locator('[aria-live="assertive"]')).toContainText("Alcuni campi non sono compilati correttamente.");
    await shown.getByRole("button", { name: "Chiudi" }).click();
    await expect(shown).toHaveCount(0);
  });

  test("rises above the cookie banner while it is shown", async ({ page }) => {
    await page.addInitScript(() => window.localStorage.removeItem("cookieConsent"));
    await errorToastWithButtonsAtTheBottom(page);
    const banner = page.getByRole("region", { name: "La tua privacy conta" });
    await expect(banner).toBeVisible();
    await expect(async () => expect(overlaps(await boxOf(page.locator("[data-variant]")), await boxOf(banner))).toBe(false)).toPass({ timeout: 3000 });
  });
});

test.describe("draft", () => {
  test("a reload keeps the answers and the step; Back keeps them too", async ({ page }) => {
    await acceptGate(page);
    await page.getByRole("textbox", { name: titleOf(1) }).fill("Giulia");
    await next(page);
    await page.getByRole("radio", { name: "36-45" }).check();
    await next(page);
    await expect(heading(page, 3)).toBeFocused();
    await page.reload();
    await expect(heading(page, 3)).toBeFocused();
    await expect(page.getByText(`3 / ${TOTAL}`)).toBeVisible();
    await page.getByRole("button", { name: "Indietro" }).click();
    await expect(page.getByRole("radio", { name: "36-45" })).toBeChecked();
    await page.getByRole("button", { name: "Indietro" }).click();
    await expect(page.getByRole("textbox", { name: titleOf(1) })).toHaveValue("Giulia");
    const stored = await page.evaluate(() => ({
      session: JSON.parse(sessionStorage.getItem("questionnaireDraft") ?? "null"),
      local: Object.keys(localStorage).filter((key) => key.startsWith("questionnaire")),
    }));
    expect(stored.local).toEqual([]);
    expect(stored.session.answers.name).toBe("Giulia");
    expect(stored.session.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
  });

  test("the browser's Back and Forward buttons move between steps, keeping the answers", async ({ page }) => {
    await openAtStep(page, 7);
    await next(page);
    await expect(heading(page, 8)).toBeFocused();
    await expect(page).toHaveURL(/#passo-8$/);
    await next(page);
    await expect(heading(page, 9)).toBeFocused();
    await expect(page).toHaveURL(/#passo-9$/);
    await page.goBack();
    await expect(heading(page, 8)).toBeFocused();
    await expect(page).toHaveURL(/\/questionario-interno#passo-8$/);
    await page.goBack();
    await expect(heading(page, 7)).toBeFocused();
    await page.goForward();
    await expect(heading(page, 8)).toBeFocused();
    await page.goForward();
    await expect(heading(page, 9)).toBeFocused();
    await expect(page.getByText(`9 / ${TOTAL}`)).toBeVisible();
  });

  test("each step is counted once per tab, anonymously, and a failing counter changes nothing", async ({ page }) => {
    const counted: unknown[] = [];
    await page.route("**/api/funnel-step", async (route) => {
      counted.push(route.request().postDataJSON());
      await route.fulfill({ status: 404, body: "" });
    });
    await acceptGate(page);
    await expect.poll(() => counted).toEqual([{ step: 1 }]);
    await page.getByRole("textbox", { name: titleOf(1) }).fill("Giulia");
    await next(page);
    await expect.poll(() => counted).toEqual([{ step: 1 }, { step: 2 }]);
    await page.getByRole("button", { name: "Indietro" }).click();
    await next(page);
    await page.reload();
    await expect(heading(page, 2)).toBeVisible();
    await page.waitForTimeout(300);
    expect(counted).toEqual([{ step: 1 }, { step: 2 }]);
  });

  test("no request leaves the site on the questionnaire pages", async ({ page, baseURL }) => {
    const origins = new Set<string>();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith("http")) origins.add(url.origin);
    });
    await acceptGate(page);
    await page.getByRole("textbox", { name: titleOf(1) }).fill("Giulia");
    await next(page);
    await openAtStep(page, 5);
    expect([...origins]).toEqual([new URL(baseURL!).origin]);
  });
});

test.describe("submission", () => {
  test("keyboard only: all 23 steps, then the answers are sent once and the matching page opens", async ({ page }) => {
    const requests: Request[] = [];
    await page.route("**/api/submit-questionnaire", async (route) => {
      requests.push(route.request());
      await route.fulfill({ status: 201, json: { id: "x" } });
    });
    await page.goto("/questionario?utm_source=newsletter&utm_campaign=autunno&other=1");
    await page.getByRole("checkbox", { name: /Ho letto e accetto/ }).focus();
    await page.keyboard.press("Space");
    // past the two links of the consent label
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Continua" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(heading(page, 1)).toBeFocused();

    const k = page.keyboard;
    const at = async (step: number) => {
      await expect(heading(page, step)).toBeFocused();
      await expect(page.getByText(`${step} / ${TOTAL}`)).toBeVisible();
    };
    /** Waits for the step's focused heading, then presses the keys in order. */
    const pressAt = async (step: number, ...keys: string[]) => {
      await at(step);
      for (const key of keys) await k.press(key);
    };
    // 1 name
    await k.press("Tab");
    await k.type("Mario Rossi");
    await k.press("Enter");
    // 2 age: arrows move within the radio group and choose
    await pressAt(2, "Tab", "ArrowDown", "ArrowDown", "Enter");
    // 3 gender
    await pressAt(3, "Tab", "Space", "Enter");
    // 4 city
    await pressAt(4, "Tab");
    await k.type("Milano");
    await k.press("Enter");
    // 5 intro: Tab past Indietro to Avanti
    await pressAt(5, "Tab");
    await expect(page.getByRole("button", { name: "Indietro" })).toBeFocused();
    await k.press("Tab");
    await expect(page.getByRole("button", { name: "Avanti" })).toBeFocused();
    await k.press("Enter");
    // 6 email
    await pressAt(6, "Tab");
    await k.type("mario.rossi@example.com");
    await k.press("Enter");
    // 7 situations: two boxes
    await pressAt(7, "Tab", "Space", "Tab", "Space", "Enter");
    // 8 frequency
    await pressAt(8, "Tab", "Space", "Enter");
    // 9 coping
    await pressAt(9, "Tab", "Space", "Enter");
    // 10 energy
    await pressAt(10, "Tab", "ArrowDown", "Enter");
    // 11 blocked area: ArrowUp wraps to Altro, then its free text
    await pressAt(11, "Tab", "ArrowUp");
    await expect(page.getByRole("radio", { name: "Altro" })).toBeChecked();
    await k.press("Tab");
    await expect(page.getByRole("textbox", { name: /Specifica/ })).toBeFocused();
    await k.type("Famiglia");
    await k.press("Enter");
    // 12 summary: Enter is a new line, Ctrl+Enter continues
    await pressAt(12, "Tab");
    await k.type("Mi sento spesso in ansia");
    await k.press("Enter");
    await k.type("e da solo.");
    await expect(heading(page, 12)).toBeVisible();
    await k.press("Control+Enter");
    // 13 quote: Enter on the focused heading continues
    await pressAt(13, "Enter");
    // 14 goals
    await pressAt(14, "Tab", "Space", "Enter");
    // 15 previous therapy
    await pressAt(15, "Tab");
    for (let i = 0; i < 3; i++) await k.press("ArrowDown");
    await k.press("Enter");
    // 16 transition
    await pressAt(16, "Enter");
    // 17 comfort
    await pressAt(17, "Tab", "Space", "Enter");
    // 18 time
    await pressAt(18, "Tab", "ArrowDown", "ArrowDown", "Enter");
    // 19 flexibility
    await pressAt(19, "Tab", "Space", "Enter");
    // 20 commitment
    await pressAt(20, "Enter");
    // 21 source
    await pressAt(21, "Tab", "Space", "Enter");
    // 22 newsletter
    await pressAt(22, "Tab", "Space", "Enter");
    // 23 privacy, then submit with Enter
    await at(23);
    const draftKey = await page.evaluate(() => JSON.parse(sessionStorage.getItem("questionnaireDraft")!).idempotencyKey);
    await k.press("Tab");
    await expect(page.getByRole("checkbox", { name: /Ho letto e accetto/ })).toBeFocused();
    await k.press("Space");
    await k.press("Enter");

    await expect(page).toHaveURL(/\/gruppi-matching\?email=mario\.rossi%40example\.com&name=Mario%20Rossi(?:&token=[A-Za-z0-9_-]+)?$/);
    await expect(toast(page, "Questionario inviato!")).toBeVisible();
    await expect(toast(page, "Riceverai presto una email con i tuoi gruppi consigliati.")).toBeVisible();
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.method()).toBe("POST");
    expect(request.headers()["content-type"]).toBe("application/json");
    expect(request.headers()["idempotency-key"]).toBe(draftKey);
    expect(draftKey).toMatch(/^[0-9a-f]{32}$/);
    expect(request.postDataJSON()).toEqual({
      ...validAnswers,
      utm: { utm_source: "newsletter", utm_campaign: "autunno" },
      source: "website",
    });
    expect(await page.evaluate(() => sessionStorage.getItem("questionnaireDraft"))).toBeNull();
  });

  test("a connection dropped while the answer schema loads is said on the step; once it is back Invia reloads the page with the draft and works", async ({ page }) => {
    await page.route("**/api/submit-questionnaire", (route) => route.fulfill({ status: 200, json: { id: "x" } }));
    await openAtStep(page, 23);
    const scripts = /\/assets\/.+\.js$/;
    await page.route(scripts, (route) => route.abort("internetdisconnected"));
    const send = page.getByRole("button", { name: "Invia" });
    await send.click();
    await expect(toast(page, "Si è verificato un errore: impossibile contattare il server. Controlla la connessione e riprova.")).toBeVisible();
    await expect(send).toBeEnabled();
    await expect(heading(page, 23)).toBeVisible();
    await page.unroute(scripts);
    // The browser keeps the failed chunks as failed: the click reloads the page, the draft brings the step back.
    await send.click();
    await expect(heading(page, 23)).toBeFocused();
    await page.getByRole("button", { name: "Invia" }).click();
    await expect(page).toHaveURL(/\/gruppi-matching\?email=mario\.rossi%40example\.com/);
  });

  test("a server error shows its message, re-enables Invia, and the retry reuses the Idempotency-Key", async ({ page }) => {
    const keys: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let attempt = 0;
    await page.route("**/api/submit-questionnaire", async (route) => {
      keys.push(route.request().headers()["idempotency-key"]!);
      attempt += 1;
      if (attempt === 1) {
        await held;
        await route.fulfill({ status: 500, json: { error: "Database non disponibile" } });
      } else {
        await route.fulfill({ status: 200, json: { id: "x" } });
      }
    });
    await openAtStep(page, 23);
    await page.getByRole("button", { name: "Invia" }).click();
    const busy = page.getByRole("button", { name: "Invio in corso..." });
    await expect(busy).toBeDisabled();
    await expect(toast(page, "Stiamo elaborando il tuo questionario")).toBeVisible();
    await busy.click({ force: true });
    release();
    await expect(toast(page, "Si è verificato un errore: Database non disponibile")).toBeVisible();
    await expect(toast(page, "Errore")).toBeVisible();
    const send = page.getByRole("button", { name: "Invia" });
    await expect(send).toBeEnabled();
    await expect(send).toBeFocused();
    expect(attempt).toBe(1);
    await send.click();
    await expect(page).toHaveURL(/\/gruppi-matching\?email=mario\.rossi%40example\.com&name=Mario%20Rossi(?:&token=[A-Za-z0-9_-]+)?$/);
    expect(keys).toEqual([IDEMPOTENCY_KEY, IDEMPOTENCY_KEY]);
  });

  test("a key already used for other answers is replaced, so the corrected answers can be sent", async ({ page }) => {
    const keys: string[] = [];
    await page.route("**/api/submit-questionnaire", async (route) => {
      keys.push(route.request().headers()["idempotency-key"]!);
      if (keys.length === 1) {
        await route.fulfill({ status: 422, json: { error: "Questa chiave di idempotenza è già stata usata per una richiesta diversa." } });
      } else {
        await route.fulfill({ status: 201, json: { id: "x" } });
      }
    });
    await openAtStep(page, 23);
    await page.getByRole("button", { name: "Invia" }).click();
    await expect(toast(page, "Si è verificato un errore: Questa chiave di idempotenza è già stata usata per una richiesta diversa.")).toBeVisible();
    await page.getByRole("button", { name: "Invia" }).click();
    await expect(page).toHaveURL(/\/gruppi-matching\?/);
    expect(keys[0]).toBe(IDEMPOTENCY_KEY);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(IDEMPOTENCY_KEY);
  });

  test("an error without a message reads Errore sconosciuto", async ({ page }) => {
    await page.route("**/api/submit-questionnaire", (route) => route.fulfill({ status: 429, body: "" }));
    await openAtStep(page, 23);
    await page.getByRole("button", { name: "Invia" }).click();
    await expect(toast(page, "Si è verificato un errore: Errore sconosciuto")).toBeVisible();
    await expect(page.getByRole("button", { name: "Invia" })).toBeEnabled();
  });

  test("field errors from the server are shown on their step", async ({ page }) => {
    await page.route("**/api/submit-questionnaire", (route) =>
      route.fulfill({
        status: 400,
        json: { error: "Alcuni campi non sono compilati correttamente.", fields: { email: "Inserisci un indirizzo email valido" } },
      }),
    );
    await openAtStep(page, 23);
    await page.getByRole("button", { name: "Invia" }).click();
    await expect(toast(page, "Si è verificato un errore: Alcuni campi non sono compilati correttamente.")).toBeVisible();
    await expect(heading(page, 6)).toBeVisible();
    const email = page.getByRole("textbox", { name: titleOf(6) });
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#email-errore")).toHaveText("Inserisci un indirizzo email valido");
  });

  test("an incomplete draft is not sent: the first step with an error opens", async ({ page }) => {
    let posted = false;
    await page.route("**/api/submit-questionnaire", (route) => {
      posted = true;
      return route.fulfill({ status: 201, json: { id: "x" } });
    });
    await openAtStep(page, 23, { current_situations: [], time_preference: "" });
    await page.getByRole("button", { name: "Invia" }).click();
    await expect(toast(page, "Errore di validazione")).toBeVisible();
    await expect(heading(page, 7)).toBeVisible();
    await expect(page.getByText("Seleziona almeno un'opzione")).toBeVisible();
    await expect(page.getByRole("checkbox").first()).toBeFocused();
    expect(posted).toBe(false);
  });
});

test.describe("accessibility", () => {
  const axe = (page: Page) => new AxeBuilder({ page }).analyze();

  test("the gate, its error and the apology have no axe violations", async ({ page }) => {
    await page.goto("/questionario");
    expect((await axe(page)).violations).toEqual([]);
    await page.getByRole("button", { name: "Continua" }).click();
    await expect(page.getByText("Devi accettare la Privacy Policy per continuare")).toBeVisible();
    expect((await axe(page)).violations).toEqual([]);
    await page.getByRole("button", { name: "Non accetto" }).click();
    await expect(page.getByRole("heading", { name: /Ci dispiace/ })).toBeVisible();
    expect((await axe(page)).violations).toEqual([]);
  });

  test("every step has no axe violations, with and without errors shown", async ({ page }) => {
    test.setTimeout(120_000);
    await openAtStep(page, 1, { name: "" });
    for (let step = 1; step <= TOTAL; step++) {
      await expect(heading(page, step)).toBeFocused();
      const { violations } = await axe(page);
      expect(violations, `step ${step}`).toEqual([]);
      const current = questionnaireSteps[step - 1]!;
      if (current.kind !== "info" && step < TOTAL) {
        await page.evaluate(
          ([field, value]) => {
            const draft = JSON.parse(sessionStorage.getItem("questionnaireDraft")!);
            draft.answers[field] = value;
            sessionStorage.setItem("questionnaireDraft", JSON.stringify(draft));
          },
          [current.field, Array.isArray(validAnswers[current.field]) ? [] : ""] as const,
        );
        await page.reload();
        await next(page);
        await expect(page.locator('form [aria-invalid="true"]').first()).toBeFocused();
        expect((await axe(page)).violations, `step ${step} with an error`).toEqual([]);
        await page.evaluate(
          ([field, value]) => {
            const draft = JSON.parse(sessionStorage.getItem("questionnaireDraft")!);
            draft.answers[field] = value;
            sessionStorage.setItem("questionnaireDraft", JSON.stringify(draft));
          },
          [current.field, validAnswers[current.field]] as const,
        );
        await page.reload();
      }
      if (step < TOTAL) await next(page);
    }
  });
});
