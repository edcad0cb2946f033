import { expect, type Page } from "@playwright/test";
import { answerCookieBanner, openAdminPage, runningGroupAccounts, signInClient, test } from "./support/fixtures";

/**
 * Paying by bank transfer (issue 29, point 5) on a phone: a member of the demo's running group who owes
 * money opens Pagamenti, reads the practice's IBAN (in groups of four), the holder, the amount and the
 * causale beside the EPC code their banking app scans, and copies the IBAN with the keyboard.
 */

test.beforeEach(({ context }) => answerCookieBanner(context));

/** The address of a member of "Ritmi propri" who owes something, from staff's list filtered to who owes (the last one: other specs take the first ones). */
async function owingMember(admin: Page) {
  await admin.goto("/admin/pagamenti?status=deve");
  const row = runningGroupAccounts(admin).last();
  return (await row.getByText(/@example\.invalid$/).textContent())!.trim();
}

test("a member who owes sees how to pay by transfer, with the EPC code, and copies the IBAN by keyboard", async ({ page, browser, context, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "a phone-sized journey");
  test.setTimeout(90_000);
  const admin = await openAdminPage(browser, testInfo);
  const email = await owingMember(admin);
  await admin.context().close();
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });

  await signInClient(page, email);
  await expect(page).toHaveURL(/\/area-personale\/pagamenti$/);
  const transfer = page.getByRole("region", { name: "Paga con bonifico" });
  await expect(transfer.getByText("IT60 X054 2811 1010 0000 0123 456", { exact: true })).toBeVisible();
  await expect(transfer.getByText("Studio Insieme – dati di prova", { exact: true })).toBeVisible();
  await expect(transfer.getByText(/^\d+,\d\d\u00a0€$/)).toBeVisible();
  const reference = (await transfer.getByText(/^INSIEME [0-9A-Z]{8}( seduta del| \d+ sedute fino al) \d\d\/\d\d\/\d{4}$/).textContent())!;
  await expect(transfer.getByRole("img", { name: new RegExp(`^Codice QR per pagare .+ con bonifico a Studio Insieme – dati di prova, causale «${reference}»$`) })).toBeVisible();
  await expect(transfer.getByText("Inquadra il codice con l'app della tua banca", { exact: false })).toBeVisible();

  const copyIban = transfer.getByRole("button", { name: "Copia l'IBAN" });
  await copyIban.focus();
  await page.keyboard.press("Enter");
  await expect(transfer.getByRole("status").filter({ hasText: "IBAN copiato" })).toBeAttached();
  await expect(copyIban).toHaveText("Copiato");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("IT60X0542811101000000123456");

  await transfer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("bonifico-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("bonifico-1280.png"), fullPage: true });
});
