import { expect } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { test, answerCookieBanner } from "./support/fixtures";

/**
 * Staff record a bank transfer on /admin/pagamenti for a member of the demo's running group, see the
 * member's balance go down by the amount, and download the numbered PDF receipt (desktop and phone).
 */

test.beforeEach(({ context }) => answerCookieBanner(context));

// The payments screen was reworked for the books (paged accounts, invoices instead of receipts, the credit
// confirmation): these steps still follow the old receipt flow and are to be rewritten with it (issue 29).
test.fixme(true, "to be rewritten for the paged accounts list and the invoices (issue 29)");

/** "35,00 €", "-5,00 €", "1.035,00 €" → cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d,-]/g, "").replace(",", ".")) * 100);

test("staff record a bank transfer, see the balance change and download the receipt PDF", async ({ adminPage: page }) => {
  await page.goto("/admin/pagamenti");
  await expect(page.getByRole("heading", { name: "Pagamenti", level: 1 })).toBeVisible();

  // The balances table and the member list of the form list the members in the same order.
  const balances = page.getByRole("region", { name: "Saldo per persona" }).getByRole("table");
  const member = balances.getByRole("row").nth(1);
  const email = (await member.getByRole("cell").first().locator("span").last().textContent())!.trim();
  expect(email).toMatch(/@/);
  const owed = member.getByRole("cell").nth(4);
  const owedBefore = cents((await owed.textContent())!);

  const form = page.getByRole("form", { name: "Registra un pagamento" });
  await form.getByLabel("Persona").selectOption({ index: 1 });
  await form.getByLabel("Importo (€)").fill("12,50");
  await expect(form.getByLabel("Metodo")).toHaveValue("bank_transfer");
  await form.getByLabel("Nota").fill("Bonifico e2e");
  await form.getByRole("button", { name: "Registra e crea la ricevuta" }).click();

  const toast = page.getByText(/^Pagamento registrato: ricevuta \d{4}-\d{4}$/);
  await expect(toast).toBeVisible();
  const receiptNumber = (await toast.textContent())!.match(/\d{4}-\d{4}/)![0];

  // The same member's row now owes 12,50 € less.
  const row = balances.getByRole("row").filter({ hasText: email });
  await expect.poll(async () => cents((await row.getByRole("cell").nth(4).textContent())!)).toBe(owedBefore - 1250);

  const listed = page.getByRole("region", { name: "Ultimi pagamenti" }).getByRole("listitem").filter({ hasText: receiptNumber });
  await expect(listed).toContainText("12,50");
  await expect(listed).toContainText("Bonifico");
  const href = await listed.getByRole("link", { name: "Ricevuta PDF" }).getAttribute("href");
  expect(href).toMatch(/^\/admin\/pagamenti\/ricevuta\/[0-9a-f-]{36}$/);

  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toContain(`ricevuta-${receiptNumber}.pdf`);
  const body = await response.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const pdf = await PDFDocument.load(body);
  expect(pdf.getTitle()).toBe(`Ricevuta n. ${receiptNumber}`);
  expect(pdf.getPageCount()).toBe(1);
});

test("the payment form says what is wrong under each field before anything is sent", async ({ adminPage: page }) => {
  await page.goto("/admin/pagamenti");
  const form = page.getByRole("form", { name: "Registra un pagamento" });
  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posted++;
  });
  await form.getByRole("button", { name: "Registra e crea la ricevuta" }).click();
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
