import { expect, test } from "@playwright/test";
import { waitForMail } from "./support/mail";

test.describe("contact form", () => {
  test("shows the field errors, then sends: stored, toast, auto-reply delivered by SMTP", async ({ page }, testInfo) => {
    const email = `contatto-${testInfo.project.name}-${Date.now()}@example.com`;
    await page.goto("/contatti");
    await page.getByRole("button", { name: "Solo necessari" }).click();
    await page.getByRole("button", { name: "Invia messaggio" }).click();
    await expect(page.getByText("Inserisci il tuo nome")).toBeVisible();
    await expect(page.getByText("Scrivi il tuo messaggio")).toBeVisible();
    await page.getByLabel("Nome").fill("Chiara");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Oggetto").fill("Primo colloquio");
    await page.getByLabel("Messaggio").fill("Vorrei capire come funziona il primo colloquio gratuito.");
    await page.getByRole("button", { name: "Invia messaggio" }).click();
    await expect(page.getByText("Messaggio inviato!").first()).toBeVisible();
    const reply = await waitForMail(email, "Abbiamo ricevuto il tuo messaggio");
    expect(reply.text).toContain("Chiara");
    await expect(page.getByRole("link", { name: "Prezzi e domande frequenti" })).toHaveAttribute("href", "/prezzi");
  });

  test("without JavaScript the browser checks the fields, and a message is kept for staff review (decision 062)", async ({ browser }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = `nojs-${testInfo.project.name}-${Date.now()}@example.com`;
    await page.goto("/contatti");
    await expect(page.getByText(/JavaScript non è attivo: puoi scriverci lo stesso/)).toBeVisible();
    await page.getByLabel("Nome").fill("Luca");
    await page.getByLabel("Email").fill("luca@");
    await page.getByLabel("Oggetto").fill("Senza JavaScript");
    await page.getByLabel("Messaggio").fill("Scrivo da un browser senza JavaScript.");
    await page.getByRole("button", { name: "Invia messaggio" }).click();
    // The browser's own check stops the malformed address: nothing was sent, nothing typed is lost.
    await expect(page).toHaveURL(/\/contatti$/);
    await expect(page.getByLabel("Messaggio")).toHaveValue("Scrivo da un browser senza JavaScript.");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Invia messaggio" }).click();
    await expect(page).toHaveURL(/\/contatti#send-contact-email$/);
    await expect(page.getByText("Messaggio ricevuto!")).toBeVisible();
    await expect(page.getByText(/Riprova/)).toBeHidden();
    // Shown once: the flash is spent, so the page loaded again is the plain form.
    await page.reload();
    await expect(page.getByText("Messaggio ricevuto!")).toBeHidden();
    await context.close();
  });
});

test.describe("newsletter", () => {
  test("an empty e-mail shows the spec's message; a signup (a plain form post) is confirmed by the e-mailed link", async ({ page }, testInfo) => {
    const email = `news-${testInfo.project.name}-${Date.now()}@example.com`;
    await page.goto("/");
    await page.getByRole("button", { name: "Solo necessari" }).click();
    const section = page.getByRole("region", { name: "Iscriviti alla newsletter" });
    await section.getByRole("button", { name: "Iscriviti" }).click();
    await expect(page.getByText("Email richiesta", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Inserisci il tuo indirizzo email per iscriverti", { exact: true }).first()).toBeVisible();
    await section.getByLabel("Il tuo indirizzo email").fill(email);
    // A plain form post (the home page has no React) carrying the solved challenge; the answer is a page.
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/newsletter-signup") && request.method() === "POST");
    await section.getByRole("button", { name: "Iscriviti" }).click();
    const request = await sent;
    expect(request.isNavigationRequest()).toBe(true);
    const fields = new URLSearchParams(request.postData() ?? "");
    expect(fields.get("email")).toBe(email);
    expect(fields.get("altcha")).toMatch(/^[A-Za-z0-9+/=]{100,}$/);
    await expect(page).toHaveURL(/\/#newsletter-signup$/);
    await expect(page.getByText("Iscrizione completata!", { exact: true }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByText("Iscrizione completata!", { exact: true })).toHaveCount(0);
    const mail = await waitForMail(email, "Conferma la tua iscrizione alla newsletter");
    const link = /https?:\/\/[^\s"<]+\/newsletter\/conferma\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await page.getByRole("button", { name: "Conferma l'iscrizione" }).click();
    await expect(page.getByText(/Iscrizione completata!/)).toBeVisible();
    const welcome = await waitForMail(email, "Iscrizione confermata");
    expect(welcome.text).toMatch(/newsletter\/disiscrivi\//);
  });
});
