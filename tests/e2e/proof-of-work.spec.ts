import { expect, test, type Page } from "@playwright/test";
import { validAnswers } from "../integration/helpers";
import { waitForMail } from "./support/mail";
import { acceptGateConsent } from "./support/fixtures";

/**
 * The anti-spam proof of work as a person meets it: not at all. The browser solves the challenge
 * on its own, from our server only, within the CSP, while the person fills in the form.
 */

/** Every request the page makes, every CSP complaint and every altcha-widget left in the page. */
function watch(page: Page) {
  const origins = new Set<string>();
  const cspViolations: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http")) origins.add(url.origin);
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
  });
  return { origins, cspViolations };
}

async function expectNothingToNotice(page: Page, seen: ReturnType<typeof watch>) {
  await expect(page.getByRole("checkbox", { name: /robot|human|umano|verific/i })).toHaveCount(0);
  await expect(page.getByText(/altcha/i)).toHaveCount(0);
  expect([...seen.origins]).toEqual([new URL(page.url()).origin]);
  expect(seen.cspViolations).toEqual([]);
}

test("a person sends the contact form without noticing the anti-spam challenge", async ({ page }, testInfo) => {
  const seen = watch(page);
  const email = `pow-contatto-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto("/contatti");
  await page.getByRole("button", { name: "Solo necessari" }).click();
  await page.getByLabel("Nome").fill("Marta");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Oggetto").fill("Informazioni");
  await page.getByLabel("Messaggio").fill("Vorrei sapere quando parte il prossimo gruppo.");
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/send-contact-email") && request.method() === "POST");
  await page.getByRole("button", { name: "Invia messaggio" }).click();
  // A plain form post (the contact page ships no React): the solved challenge rides in its altcha field.
  const request = await sent;
  const proof = new URLSearchParams(request.postData() ?? "").get("altcha") ?? "";
  expect(proof).toMatch(/^[A-Za-z0-9+/=]{100,}$/);
  // What the browser's workers spent on the proof of work itself, at the default ALTCHA_MAX_NUMBER.
  const { solution } = JSON.parse(Buffer.from(proof, "base64").toString("utf8")) as { solution: { counter: number; time: number } };
  testInfo.annotations.push({ type: "proof of work", description: `counter ${solution.counter} in ${Math.round(solution.time)} ms` });
  // Under a second on an idle machine; the bound leaves room for a CI machine under load.
  expect(solution.time).toBeLessThan(2000);
  await expect(page.getByText("Messaggio inviato!").first()).toBeVisible();
  await waitForMail(email, "Abbiamo ricevuto il tuo messaggio");
  await expectNothingToNotice(page, seen);
});

test("a person sends the questionnaire without noticing the anti-spam challenge", async ({ page }, testInfo) => {
  const seen = watch(page);
  const email = `pow-questionario-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.addInitScript(() => localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false })));
  await acceptGateConsent(page.context(), test.info().project.use.baseURL);
  await page.goto("/questionario");
  await page.evaluate(
    (answers) => {
      sessionStorage.setItem("questionnaireDraft", JSON.stringify({ step: 23, answers, idempotencyKey: crypto.randomUUID(), reachedSteps: [] }));
    },
    { ...validAnswers, email },
  );
  await page.goto("/questionario-interno");
  // The last step: the challenge is being solved while the person reads it.
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/submit-questionnaire") && request.method() === "POST");
  await page.getByRole("button", { name: "Invia" }).click();
  expect((await sent).headers()["x-altcha"]).toMatch(/^[A-Za-z0-9+/=]{100,}$/);
  await expect(page).toHaveURL(/\/gruppi-matching\?/);
  await expectNothingToNotice(page, seen);
});

test("the home page loads nothing for the challenge until the newsletter form is used, then solves it in the background", async ({ page }, testInfo) => {
  const challenges: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/altcha-challenge")) challenges.push(request.url());
  });
  await page.goto("/");
  await page.getByRole("button", { name: "Solo necessari" }).click();
  await page.waitForLoadState("networkidle");
  expect(challenges).toEqual([]);
  // The site script (no widget, no React on this page) solves it into the form's hidden field.
  const section = page.getByRole("region", { name: "Iscriviti alla newsletter" });
  const proof = section.locator('input[name="altcha"]');
  await expect(proof).toHaveValue("");
  const start = Date.now();
  await section.getByLabel("Il tuo indirizzo email").focus();
  await expect.poll(() => challenges.length).toBe(1);
  await expect(proof).toHaveValue(/^[A-Za-z0-9+/=]{100,}$/, { timeout: 10_000 });
  testInfo.annotations.push({ type: "from focus to solved (ms)", description: String(Date.now() - start) });
  const { solution } = JSON.parse(Buffer.from(await proof.inputValue(), "base64").toString("utf8")) as { solution: { counter: number; time: number } };
  testInfo.annotations.push({ type: "proof of work", description: `counter ${solution.counter} in ${Math.round(solution.time)} ms` });
  expect(challenges).toHaveLength(1);
});

test("a person signs up without noticing: the form sends a solved challenge in its hidden field", async ({ page, isMobile }, testInfo) => {
  test.skip(isMobile, "rate limit: once per run");
  test.setTimeout(60_000);
  const seen = watch(page);
  await page.goto("/accedi?view=sign_up");
  // Typed after hydration, as a person who reads the page first does (a click before it posts without JavaScript).
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email address").fill(`pow-iscrizione-${testInfo.project.name}-${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("Ginepro-lanterna-vespa-83");
  await page.getByLabel("Name (optional)").fill("Persona di prova");
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith("/accedi") && request.method() === "POST");
  await page.getByRole("button", { name: "Sign up" }).click();
  const fields = new URLSearchParams((await sent).postData() ?? "");
  expect(fields.get("intent")).toBe("sign-up");
  expect(fields.get("altcha")).toMatch(/^[A-Za-z0-9+/=]{100,}$/);
  await expect(page.getByText(/Verifica anti-spam|serve JavaScript/)).toHaveCount(0);
  await expectNothingToNotice(page, seen);
});
