import { expect } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { paymentCode } from "../../app/domain/bank-transfer";
import { test, answerCookieBanner } from "./support/fixtures";

/**
 * Staff find a demo member by codice fiscale on /admin/pagamenti (Giulia Rossi (demo), one of the
 * three payers the demo gives fiscal data), record a bank transfer above what she owes, confirm the
 * rest as credit, see her balance turn into credit, and open the invoice's PDF (desktop and phone).
 */

test.beforeEach(({ context }) => answerCookieBanner(context));

/** "da pagare 35,00 €" → 3500, "credito 5,00 €" → -500, "in pari" → 0. */
function balanceCents(text: string) {
  const amount = text.match(/[\d.]+,\d{2}/);
  if (!amount) return 0;
  const cents = Math.round(Number(amount[0].replace(/\./g, "").replace(",", ".")) * 100);
  return text.includes("credito") ? -cents : cents;
}

const euro = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;

test("staff find a member by codice fiscale, record a transfer above what is owed as credit, and open its invoice", async ({ adminPage: page }) => {
  await page.goto("/admin/pagamenti");
  // Hydrated: the forms check their fields in the browser.
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { name: "Pagamenti", level: 1 })).toBeVisible();
  await page.getByLabel("Cerca per nome, email, codice fiscale o causale").fill("RSSGLI90A41H501Y");
  await page.getByRole("button", { name: "Cerca" }).click();
  await expect(page).toHaveURL(/q=RSSGLI90A41H501Y/);

  const balances = page.getByRole("region", { name: "Saldo per persona" }).getByRole("table");
  // Her row alone (the header row is hidden on a phone, where rows are cards).
  const rows = balances.getByRole("row").filter({ hasText: "@example.invalid" });
  await expect(rows).toHaveCount(1);
  await expect(page.getByText("1 persona", { exact: true })).toBeVisible();
  const member = rows.first();
  // The booking names her "G." only: her fiscal data (the codice fiscale searched) found her.
  await expect(member).toContainText("@example.invalid");
  const owedBefore = balanceCents((await member.getByRole("cell").nth(4).textContent())!);
  // Above what she owes by 12,50 €: the form asks to confirm the difference as credit.
  const amount = euro(Math.max(owedBefore, 0) + 1250);

  const form = page.getByRole("form", { name: "Registra un pagamento" });
  await form.getByLabel("Persona").selectOption({ index: 1 });
  await form.getByLabel("Importo (€)").fill(amount);
  await expect(form.getByLabel("Metodo")).toHaveValue("bank_transfer");
  await form.getByLabel("Nota").fill("Bonifico e2e");
  await form.getByRole("button", { name: "Registra e crea la fattura" }).click();

  await expect(form.getByText(/in più resterebbero come credito per le prossime sedute/)).toBeVisible();
  await expect(form.getByLabel("Importo (€)")).toHaveValue(amount);
  await expect(form.getByLabel("Nota")).toHaveValue("Bonifico e2e");
  await form.getByRole("button", { name: "Registra comunque come credito" }).click();

  const toast = page.getByText(/^Pagamento registrato: fattura \d{4}-\d{4}$/);
  await expect(toast).toBeVisible();
  const invoiceNumber = (await toast.textContent())!.match(/\d{4}-\d{4}/)![0];

  // Her balance is now 12,50 € of credit.
  // Her credit: 12,50 € more than she owed (the second project's run finds the first one's credit too).
  const after = owedBefore - (Math.max(owedBefore, 0) + 1250);
  await expect.poll(async () => balanceCents((await rows.first().getByRole("cell").nth(4).textContent())!)).toBe(after);
  await expect(rows.first()).toContainText(`credito ${euro(-after)}`);

  const listed = page
    .getByRole("region", { name: "Ultimi pagamenti" })
    .getByRole("listitem")
    .filter({ hasText: `Fattura n. ${invoiceNumber}` });
  await expect(listed).toContainText(amount);
  await expect(listed).toContainText("Bonifico");
  const href = await listed.getByRole("link", { name: /Fattura PDF/ }).getAttribute("href");
  expect(href).toMatch(/^\/admin\/pagamenti\/fattura\/[0-9a-f-]{36}$/);

  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toBe(`inline; filename="fattura-${invoiceNumber}.pdf"`);
  const pdf = await PDFDocument.load(await response.body());
  expect(pdf.getTitle()).toMatch(new RegExp(`^Fattura n\\. ${invoiceNumber} del \\d{2}/\\d{2}/\\d{4}$`));
});

test("the payment form says what is wrong under each field before anything is sent", async ({ adminPage: page }) => {
  await page.goto("/admin/pagamenti");
  // Hydrated: the forms check their fields in the browser.
  await page.waitForLoadState("networkidle");
  const form = page.getByRole("form", { name: "Registra un pagamento" });
  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posted++;
  });
  await form.getByRole("button", { name: "Registra e crea la fattura" }).click();
  await expect(form.getByText("Scegli la persona.")).toBeVisible();
  await expect(form.getByText("Indica l'importo.")).toBeVisible();
  await expect(form.getByLabel("Importo (€)")).toHaveAttribute("aria-invalid", "true");
  // Checked again as it is corrected, with the schema's words.
  await form.getByLabel("Importo (€)").fill("trenta");
  await expect(form.getByText("Importo non valido: scrivi per esempio 35 oppure 35,00.")).toBeVisible();
  await form.getByLabel("Importo (€)").fill("30");
  await expect(form.getByText(/^Importo/)).toHaveCount(1);
  expect(posted).toBe(0);
});

test("on a phone the accounts fit as cards; a row's «Registra pagamento» and a transfer's causale open the form with that person", async ({ adminPage: page }, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "what differs on a phone");
  await page.goto("/admin/pagamenti");
  await page.waitForLoadState("networkidle");
  const balances = page.getByRole("region", { name: "Saldo per persona" });
  await expect(balances).toBeVisible();
  // Nothing wider than the phone: each row is a card, its cells labelled.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await balances.evaluate((region) => region.scrollWidth - region.clientWidth)).toBeLessThanOrEqual(0);

  const row = balances.getByRole("row").nth(1);
  const bookingId = (await row.getByRole("link").first().getAttribute("href"))!.split("/").at(-1)!;
  const form = page.getByRole("form", { name: "Registra un pagamento" });
  await row.getByRole("link", { name: /^Registra un pagamento di / }).click();
  await expect(page).toHaveURL(new RegExp(`persona=${bookingId}#payment-form-title$`));
  await expect(form.getByLabel("Persona")).toHaveValue(bookingId);
  await expect(form.getByRole("heading", { name: "Registra un pagamento" })).toBeInViewport();

  // The causale as a bank statement shows it: that person, chosen, the causale as the note.
  const causale = `BONIFICO SEPA CAUSALE INSIEME ${paymentCode(bookingId)} SEDUTA DEL 04/11/2026`;
  await page.getByLabel("Cerca per nome, email, codice fiscale o causale").fill(causale);
  await page.getByRole("button", { name: "Cerca" }).click();
  await expect(page.getByText("1 persona", { exact: true })).toBeVisible();
  await expect(balances.getByRole("row").filter({ hasText: "@example.invalid" }).first().getByRole("link").first()).toHaveAttribute("href", `/admin/persone/${bookingId}`);
  await expect(form.getByLabel("Persona")).toHaveValue(bookingId);
  await expect(form.getByLabel("Nota")).toHaveValue(causale);
});

test("the year's Sistema TS file downloads from /admin/pagamenti itself", async ({ adminPage: page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the same link on a phone adds nothing");
  await page.goto("/admin/pagamenti");
  const link = page.getByRole("link", { name: /^Scarica il file Sistema TS \d{4}$/ });
  const year = (await link.textContent())!.trim().slice(-4);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^sistema-ts-${year}(-anteprima)?\\.xml$`));
  const xml = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(xml).toString("utf8")).toContain("<documentoSpesa>");
});
