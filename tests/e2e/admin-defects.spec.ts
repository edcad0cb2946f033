import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { openAdminPage } from "./support/fixtures";
import { proofOfWorkHeader } from "./support/proof-of-work";

/**
 * The staff defects of issue 15 (points 13-21) tried as staff would, at 1280 px (desktop) and 390 px
 * (mobile): one sign-in per project, then the tests share the signed-in context in order.
 */
test.describe.configure({ mode: "serial" });

let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }, testInfo) => {
  page = await openAdminPage(browser, testInfo);
  context = page.context();
});

test.afterAll(async () => {
  await context?.close();
});

const isMobile = () => test.info().project.name === "mobile";
const unique = (label: string) => `${label} ${test.info().project.name} ${Date.now().toString(36)}`;

/** Opens an admin tab and waits until it has loaded and hydrated. */
async function openTab(target: Page, path: string, heading: string) {
  await target.goto(path);
  await expect(target.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await target.waitForLoadState("networkidle");
}

async function onePagePdf(note: string) {
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText(note, { x: 20, y: 100, size: 12 });
  return Buffer.from(await document.save());
}

/** True when the element lies within the viewport's width (nothing cut off to the right). */
async function withinWidth(target: Page, locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  const width = target.viewportSize()!.width;
  return Boolean(box && box.x >= 0 && box.x + box.width <= width);
}

test("13/16. a PDF over 5 MB or not a PDF is refused beside its field, the page and the other rows stay; a good PDF clears the error", async () => {
  await openTab(page, "/admin/documenti", "Documenti");
  const input = page.getByLabel("Carica il PDF: Termini e condizioni");
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Termini e condizioni" }) });
  const big = Buffer.concat([await onePagePdf("grande"), Buffer.alloc(6 * 1024 * 1024, 32)]);
  await input.setInputFiles({ name: "termini.pdf", mimeType: "application/pdf", buffer: big });
  await expect(row.getByRole("alert")).toHaveText("Il file è troppo grande. Massimo 5MB.");
  await expect(page.getByRole("heading", { name: "Documenti", level: 1 })).toBeVisible();
  await expect(page.getByText("Errore upload", { exact: true })).toHaveCount(1);

  await input.setInputFiles({ name: "termini.txt", mimeType: "text/plain", buffer: Buffer.from("non un PDF") });
  await expect(row.getByRole("alert")).toHaveText("Solo file PDF.");

  await input.setInputFiles({ name: "termini.pdf", mimeType: "application/pdf", buffer: await onePagePdf("termini e2e") });
  await expect(page.getByText("Upload completato", { exact: true })).toBeVisible();
  await expect(row.getByRole("alert")).toHaveCount(0);
});

test("13. a 413 answered by the server (JSON, not the app's format) is a field error, not the error page", async () => {
  await openTab(page, "/admin/documenti", "Documenti");
  await page.route("**/admin/documenti.data**", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 413, contentType: "application/json", body: JSON.stringify({ error: "Richiesta troppo grande." }) })
      : route.fallback(),
  );
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Privacy policy" }) });
  await page.getByLabel("Carica il PDF: Privacy policy").setInputFiles({
    name: "privacy.pdf",
    mimeType: "application/pdf",
    buffer: await onePagePdf("privacy e2e"),
  });
  await expect(row.getByRole("alert")).toHaveText("Il file è troppo grande. Massimo 5MB.");
  await expect(page.getByRole("heading", { name: "Documenti", level: 1 })).toBeVisible();
  await page.unrouteAll();
});

test("15. staff open and download the live file of each of the three documents", async () => {
  await openTab(page, "/admin/documenti", "Documenti");
  for (const label of ["Accordo di servizio", "Termini e condizioni", "Privacy policy"]) {
    const open = page.getByRole("link", { name: `Apri il PDF in uso: ${label}` });
    const href = await open.getAttribute("href");
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const download = page.getByRole("link", { name: `Scarica il PDF in uso: ${label}` });
    const attachment = await page.request.get((await download.getAttribute("href"))!);
    expect(attachment.headers()["content-disposition"]).toMatch(/^attachment; filename="[a-z-]+\.pdf"$/);
  }
});

test("14. two tabs edit the same therapist: the second save says 'Modificato da un altro utente', keeps what was typed, and Ricarica shows the saved one", async () => {
  test.setTimeout(90_000);
  const name = unique("Dott.ssa Concorrenza");
  await openTab(page, "/admin/terapeuti", "Therapists");
  await page.getByRole("button", { name: "Add Therapist" }).click();
  const add = page.getByRole("dialog", { name: "Add New Therapist" });
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Role").fill("Psicologa");
  await add.getByLabel("Specialization").fill("Ansia");
  await add.getByLabel("Experience").fill("10 anni");
  await add.getByRole("textbox", { name: "Description", exact: true }).fill("Conduce gruppi.");
  await add.getByRole("button", { name: "Add Therapist" }).click();
  await expect(add).toBeHidden();

  const second = await context.newPage();
  await openTab(second, "/admin/terapeuti", "Therapists");
  await second.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
  await page.getByRole("button", { name: `Edit ${name}`, exact: true }).click();

  const tabA = page.getByRole("dialog", { name: "Edit Therapist" });
  await tabA.getByLabel("Experience").fill("EDIT-A 11 anni");
  await tabA.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Therapist updated", { exact: true })).toBeVisible();

  const tabB = second.getByRole("dialog", { name: "Edit Therapist" });
  await tabB.getByLabel("Experience").fill("EDIT-B 12 anni");
  await tabB.getByRole("button", { name: "Save Changes" }).click();
  const notice = tabB.getByRole("alert").filter({ hasText: "Modificato da un altro utente" });
  await expect(notice).toBeVisible();
  await expect(tabB.getByLabel("Experience")).toHaveValue("EDIT-B 12 anni");
  await notice.getByRole("button", { name: "Ricarica" }).click();
  await expect(tabB.getByLabel("Experience")).toHaveValue("EDIT-A 11 anni");
  await expect(tabB.getByRole("alert").filter({ hasText: "Modificato da un altro utente" })).toHaveCount(0);
  await tabB.getByLabel("Experience").fill("EDIT-B 12 anni");
  await tabB.getByRole("button", { name: "Save Changes" }).click();
  await expect(second.getByText("Therapist updated", { exact: true })).toBeVisible();
  await second.close();

  await openTab(page, "/admin/terapeuti", "Therapists");
  await page.getByRole("button", { name: `Delete ${name}`, exact: true }).click();
  await page.getByRole("alertdialog", { name: "Delete therapist" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Therapist deleted", { exact: true })).toBeVisible();
});

test("17. a 4,800-character message stays one line in the list and is read whole in its dialog", async () => {
  const author = unique("Marta Lunga").replace(/\s+/g, " ");
  const message = `${"Vorrei capire come funzionano i gruppi e quanto durano. ".repeat(85)}FINE`.slice(0, 4_800);
  const sent = await page.request.post("/api/send-contact-email", {
    headers: { "Content-Type": "application/json", ...(await proofOfWorkHeader()) },
    data: { name: author, email: "marta.lunga@example.com", subject: "Domanda lunga", message },
  });
  expect(sent.ok()).toBe(true);
  await openTab(page, `/admin?q=${encodeURIComponent(author)}`, "Utenti");
  const row = page.getByRole("row").filter({ hasText: author });
  const box = await row.boundingBox();
  expect(box!.height).toBeLessThan(isMobile() ? 600 : 160);
  await row.getByRole("link", { name: `Leggi il messaggio di ${author}` }).click();
  const dialog = page.getByRole("dialog", { name: "Domanda lunga" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(message)).toBeVisible();
  expect(await withinWidth(page, dialog)).toBe(true);
  await dialog.getByRole("button", { name: "Chiudi", exact: true }).click();
  await expect(dialog).toBeHidden();
});

test("18. at 390 px the lists show Stato and Azioni on screen, and the tab bar shows there are more sections", async () => {
  test.skip(!isMobile(), "the phone layout");
  await openTab(page, "/admin/prenotazioni", "Prenotazioni");
  const first = page
    .getByRole("row")
    .filter({ has: page.getByRole("button", { name: /^Sposta / }) })
    .first();
  await expect(first).toBeVisible();
  expect(await withinWidth(page, first.getByText(/^(Richiesta|Confermata)$/))).toBe(true);
  expect(await withinWidth(page, first.getByRole("button", { name: /^Annulla la prenotazione/ }))).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  for (const path of ["/admin/gruppi", "/admin/posta", "/admin/registro"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }

  await openTab(page, "/admin", "Utenti");
  const tabs = page.getByRole("navigation", { name: "Sezioni admin" });
  const more = tabs.getByRole("button", { name: "Altre sezioni" });
  await expect(more).toBeVisible();
  const privacy = tabs.getByRole("link", { name: "Privacy" });
  expect(await withinWidth(page, privacy)).toBe(false);
  for (let step = 0; step < 6 && !(await withinWidth(page, privacy)); step++) {
    await more.click();
    await page.waitForTimeout(400);
  }
  expect(await withinWidth(page, privacy)).toBe(true);
  await expect(tabs.getByRole("button", { name: "Sezioni precedenti" })).toBeVisible();
});

test("19. a page past the last one shows the last page; an empty list says why", async () => {
  await openTab(page, "/admin/prenotazioni?page=999", "Prenotazioni");
  await expect(page.getByText("Nessuna prenotazione finora.")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Paginazione" })).toContainText(/Pagina (\d+) di \1 · \d+ risultati/);
  await openTab(page, "/admin/registro?page=2", "Registro accessi");
  await expect(page.getByText("Pagina 2 di 1")).toHaveCount(0);
  await openTab(page, "/admin/prenotazioni?q=nessuno-ha-questo-nome", "Prenotazioni");
  await expect(page.getByText("Nessun risultato per questi filtri.")).toBeVisible();
});

test("20. statuses in Italian on screen and in the CSV, with the screens' dates in Italian time", async () => {
  await openTab(page, "/admin/panoramica", "Panoramica");
  const occupancy = page.getByText(/\d+\/\d+ posti · /);
  await expect(occupancy.first()).toBeVisible();
  for (const text of await occupancy.allTextContents()) expect(text).toMatch(/posti · (Aperto|Completo|Chiuso)$/);
  const csv = await page.request.get("/admin/esporta/prenotazioni");
  const lines = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe("Data,Nome,Email,Fascia d'età,Gruppo,Terapeuta,Stato,Chiamata richiesta,Telefono");
  expect(lines[1]).toMatch(/^"\d{2}\/\d{2}\/\d{2}, \d{2}:\d{2}",.*,(Richiesta|Confermata|Spostata|Annullata),(Sì|No),/);
});

test("21. opening Posta is in the audit log, in words", async () => {
  await openTab(page, "/admin/posta", "Posta");
  await openTab(page, "/admin/registro", "Registro accessi");
  await expect(page.getByRole("row").filter({ hasText: "Elenco consultato" }).filter({ hasText: "Posta" }).first()).toBeVisible();
});
