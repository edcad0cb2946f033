import { expect, type Page } from "@playwright/test";
import { answerCookieBanner, openAdminPage, runningGroupAccounts, test } from "./support/fixtures";
import { mailsTo, waitForMail } from "./support/mail";

/**
 * The person's fiscal data on a phone (issue 29): staff record a payment of a member of the demo's
 * running group who has given no fiscal data; the invoice waits and the member is asked once by
 * e-mail; its link leads, after signing in, to /area-personale/dati-fiscali, where a codice fiscale
 * with a wrong check character is refused in place (what was typed stays), then the data are saved
 * with the Sistema TS opposition and the waiting invoice is issued.
 */

test.beforeEach(({ context }) => answerCookieBanner(context));

const linkIn = (html: string, pattern: RegExp) => pattern.exec(html)![0].replaceAll("&amp;", "&");

/** Follows the e-mailed request to the form: the area's sign-in, then the sign-in link e-mailed to `email`. */
async function openFromRequest(page: Page, email: string, requestHtml: string) {
  await page.goto(linkIn(requestHtml, /https?:\/\/[^"\s<>]+\/area-personale\/dati-fiscali/));
  await expect(page.getByRole("heading", { name: "Entra nella tua area personale" })).toBeVisible();
  const before = (await mailsTo(email)).length;
  await page.getByLabel("La tua email").fill(email);
  await page.getByRole("button", { name: "Mandami il link per entrare" }).click();
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBeGreaterThan(before);
  const signIn = (await mailsTo(email)).filter((mail) => mail.subject === "Entra nella tua area personale").at(-1)!;
  await page.goto(linkIn(signIn.html, /https?:\/\/[^"\s<>]+\/api\/auth\/magic-link\/verify\?[^"\s<>]+/));
}

test("a member asked for their fiscal data fills them in on a phone and their waiting invoice is issued", async ({ page, browser }, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the person's form is walked on a phone");
  test.setTimeout(120_000);
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  const admin = await openAdminPage(browser, testInfo);
  // The running group's eighth member (addresses partecipante-…-1 to -8): the demo's payers, with fiscal data, are the first three.
  await admin.goto(`/admin/pagamenti?q=${encodeURIComponent("-8@example.invalid")}`);
  const row = runningGroupAccounts(admin);
  const email = (await row.getByText(/-8@example\.invalid$/).textContent())!.trim();
  const paymentForm = admin.getByRole("form", { name: "Registra un pagamento" });
  const person = paymentForm.getByLabel("Persona");
  await person.selectOption((await person.locator("option", { hasText: email }).getAttribute("value"))!);
  await paymentForm.getByLabel("Importo (€)").fill("30,00");
  await paymentForm.getByRole("button", { name: "Registra e crea la fattura" }).click();
  await expect(admin.getByText("Pagamento registrato: la fattura attende i dati fiscali, chiesti alla persona per email")).toBeVisible();
  await admin.context().close();

  const request = await waitForMail(email, "Ci servono i tuoi dati per la fattura");
  expect(request.text).not.toMatch(/€/);
  await openFromRequest(page, email, request.html);
  await expect(page).toHaveURL(/\/area-personale\/dati-fiscali$/);
  await expect(page.getByRole("heading", { name: "Dati fiscali", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Sezioni dell'area personale" }).getByRole("link", { name: "Dati fiscali" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Una tua fattura aspetta questi dati")).toBeVisible();

  await page.getByRole("textbox", { name: "Nome", exact: true }).fill("Marta");
  await page.getByRole("textbox", { name: "Cognome", exact: true }).fill("Neri");
  const codiceFiscale = page.getByRole("textbox", { name: "Codice fiscale" });
  await codiceFiscale.fill("nremrt90a41l219x");
  await page.getByRole("textbox", { name: "Indirizzo di residenza" }).fill("Via Po 3");
  await page.getByRole("textbox", { name: "CAP" }).fill("10121");
  await page.getByRole("textbox", { name: "Comune" }).fill("Torino");
  await page.getByRole("textbox", { name: "Provincia" }).fill("to");
  await page.getByRole("button", { name: "Salva i dati" }).click();
  await expect(page.getByText("Il carattere di controllo del codice fiscale (l'ultimo) non è corretto: controlla di averlo scritto bene.")).toBeVisible();
  await expect(codiceFiscale).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("textbox", { name: "Comune" })).toHaveValue("Torino");
  await shot("dati-fiscali-codice-sbagliato");

  // Her own codice fiscale (Marta Neri): the demo's Giulia Rossi keeps hers, which payments.spec searches.
  await codiceFiscale.fill("NREMRT90A41L219T");
  await page.getByRole("checkbox", { name: /Mi oppongo alla trasmissione/ }).check();
  await page.getByRole("button", { name: "Salva i dati" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Dati salvati. 1 fattura emessa: le trovi in Pagamenti." })).toBeVisible();
  await expect(page.getByText("Una tua fattura aspetta questi dati")).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: /Mi oppongo alla trasmissione/ })).toBeChecked();
  await expect(codiceFiscale).toHaveValue("NREMRT90A41L219T");
  await shot("dati-fiscali-salvati");

  await page.getByRole("status").getByRole("link", { name: "Pagamenti" }).click();
  await expect(page.getByRole("heading", { name: "Pagamenti", level: 1 })).toBeVisible();
  await expect(page.getByText("Ci servono i tuoi dati per la fattura")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Dati fiscali" }).last()).toBeVisible();
  // Asked once: the request was e-mailed a single time.
  expect((await mailsTo(email)).filter((mail) => mail.subject === "Ci servono i tuoi dati per la fattura")).toHaveLength(1);
});
