import { expect, test, type Page } from "@playwright/test";
import { openAdminPage, runningGroupAccounts, signInClient } from "./support/fixtures";

/**
 * Issue 33 point 3 in a browser: a member with consent answers the questionnaire waiting for them
 * (the demo seeds one for the third member of "Ritmi propri", by address), and an answer above 0 to
 * PHQ-9 item 9 shows the help of /aiuto-subito at once, on the same screen, before anything is sent;
 * sending the answers raises one safety alert that staff see at /admin/segnalazioni.
 */

/** The addresses of the demo's running group ("Ritmi propri"), from staff's balances, sorted as the demo seed sorts them. */
async function runningGroupAddresses(adminPage: Page) {
  // A page number past the last shows the last page again: a Set keeps each address once.
  const addresses = new Set<string>();
  for (let number = 1; number <= 10; number++) {
    await adminPage.goto(`/admin/pagamenti?page=${number}`);
    await adminPage.getByRole("region", { name: "Saldo per persona" }).getByRole("table").waitFor();
    const rows = runningGroupAccounts(adminPage);
    for (let index = 0; index < (await rows.count()); index++) {
      addresses.add((await rows.nth(index).getByRole("cell").first().locator("span").last().textContent())!.trim());
    }
    if (addresses.size > 0 && (await rows.count()) === 0) break;
  }
  return [...addresses].filter((address) => address.startsWith("partecipante-")).sort();
}

/** The open PHQ-9 item 9 alerts staff see. */
const openItem9Alerts = async (adminPage: Page) => {
  await adminPage.goto("/admin/segnalazioni");
  return adminPage
    .getByRole("region", { name: /Aperte/ })
    .getByRole("listitem")
    .filter({ hasText: "Questionario PHQ-9: risposta alla domanda 9" });
};

test("an answer above 0 to PHQ-9 item 9 shows the help at once, and sending raises one alert staff see", async ({ page, browser }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the same path on a phone adds nothing");
  test.setTimeout(120_000);
  const adminPage = await openAdminPage(browser, testInfo);
  const addresses = await runningGroupAddresses(adminPage);
  expect(addresses.length).toBeGreaterThanOrEqual(3);
  const member = addresses[2]!;
  const alertsBefore = await (await openItem9Alerts(adminPage)).count();

  await signInClient(page, member, "/area-personale/monitoraggio");
  await expect(page.getByRole("heading", { name: "Questionario di monitoraggio", level: 1 })).toBeVisible();
  await page
    .getByRole("link", { name: /^(Inizia|Riprendi)$/ })
    .first()
    .click();

  const help = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Hai bisogno di aiuto subito?" }) });
  for (let question = 1; question <= 16; question++) {
    await expect(page.getByText(`Domanda ${question} di 16`)).toBeVisible();
    if (question < 9) {
      await page.getByRole("radio", { name: "Mai" }).check();
    } else if (question === 9) {
      await expect(page.getByRole("heading", { name: "Pensare che sarebbe meglio morire o farsi del male in un modo o nell'altro" })).toBeVisible();
      await expect(help).toHaveCount(0);
      await page.getByRole("radio", { name: "Alcuni giorni" }).check();
      // At once, on the same screen, before «Avanti» sends anything: 112 first, the helplines as tap-to-call links.
      await expect(help).toBeVisible();
      await expect(help.getByRole("link", { name: "Chiama il 112" })).toHaveAttribute("href", "tel:112");
    } else {
      await page.getByRole("radio", { name: "Mai" }).check();
    }
    await page.getByRole("button", { name: question === 16 ? "Invia le risposte" : "Avanti" }).click();
  }
  await expect(page.getByText("Grazie: le tue risposte sono salvate.")).toBeVisible();

  await expect.poll(async () => (await openItem9Alerts(adminPage)).count()).toBe(alertsBefore + 1);
  await adminPage.context().close();
});
