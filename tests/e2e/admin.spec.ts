import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { openAdminPage } from "./support/fixtures";

/**
 * One sign-in per project, through the Admin Login form (sign-in is rate limited per address),
 * then the tests share the signed-in page in order.
 */
test.describe.configure({ mode: "serial" });

let page: Page;

test.beforeAll(async ({ browser }, testInfo) => {
  page = await openAdminPage(browser, testInfo);
});

test.afterAll(async () => {
  await page?.context().close();
});

const unique = (label: string, testInfo: TestInfo) => `${label} ${testInfo.project.name} ${Date.now().toString(36)}`;

/** Opens an admin tab and waits until it has loaded and hydrated. */
async function openTab(path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
}

/** Opens an admin tab, then the dialog its button or link `opener` opens, and waits until it shows. */
async function openDialog(path: string, heading: string, opener: { role: "button" | "link"; name: string }, dialogName: string) {
  await openTab(path, heading);
  await page.getByRole(opener.role, { name: opener.name }).click();
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Answers the confirmation of a deletion, reading its question first, and waits for the toast. */
async function confirmDeletion(texts: { dialog: string; question: string; button: string; done: string }) {
  const confirm = page.getByRole("alertdialog", { name: texts.dialog });
  await expect(confirm).toContainText(texts.question);
  await confirm.getByRole("button", { name: texts.button }).click();
  await expect(page.getByText(texts.done, { exact: true })).toBeVisible();
}

/** The public page no longer shows what staff deleted. */
async function expectGoneFrom(path: string, text: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);
}

test("adds, edits and deletes a therapist with a photo, and /terapeuti follows", async () => {
  const testInfo = test.info();
  test.setTimeout(90_000);
  const name = unique("Dott.ssa Prova", testInfo);
  const renamed = `${name} Rossi`;
  const dialog = await openDialog("/admin/terapeuti", "Therapists", { role: "button", name: "Add Therapist" }, "Add New Therapist");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Role").fill("Psicologa Psicoterapeuta");
  await dialog.getByLabel("Specialization").fill("Ansia e relazioni");
  await dialog.getByLabel("Experience").fill("6 anni di esperienza");
  await dialog.getByLabel("Registration number (Albo n°)").fill("Albo Psicologi Lazio n. 99999");
  await dialog.getByRole("textbox", { name: "Description", exact: true }).fill("Conduce gruppi per giovani adulti con ansia sociale.");
  const qualifications = dialog.getByRole("textbox", { name: "Qualifications", exact: true });
  await qualifications.fill("Psicoterapeuta");
  await qualifications.press("Enter");
  await qualifications.fill(" psicoterapeuta ");
  await qualifications.press("Enter");
  await expect(dialog.getByRole("list", { name: "Qualifications" }).getByRole("listitem")).toHaveCount(1);

  const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 47, g: 125, b: 109 } } })
    .png()
    .toBuffer();
  await dialog.getByLabel("Photo").setInputFiles({ name: "ritratto.png", mimeType: "image/png", buffer: photo });
  await expect(dialog.getByRole("img", { name: "Photo preview" })).toHaveAttribute("src", /\/storage\/therapist-photos\/therapists\/\d+-[0-9a-f]+_w400\.webp$/);
  await dialog.getByRole("button", { name: "Add Therapist" }).click();
  await expect(page.getByText("Therapist added", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();

  await page.goto("/terapeuti");
  await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  const profile = page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(profile.locator("img")).toHaveAttribute("src", /\/storage\/therapist-photos\/therapists\//);

  await openTab("/admin/terapeuti", "Therapists");
  await page.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit Therapist" });
  await expect(edit.getByLabel("Name")).toHaveValue(name);
  await edit.getByLabel("Name").fill(renamed);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Therapist updated", { exact: true })).toBeVisible();
  await page.goto("/terapeuti");
  await expect(page.getByRole("heading", { name: renamed, exact: true })).toBeVisible();

  await openTab("/admin/terapeuti", "Therapists");
  await page.getByRole("button", { name: `Delete ${renamed}`, exact: true }).click();
  await confirmDeletion({
    dialog: "Delete therapist",
    question: `Are you sure you want to delete ${renamed}? This action cannot be undone.`,
    button: "Delete",
    done: "Therapist deleted",
  });
  await expectGoneFrom("/terapeuti", renamed);
});

test("refuses to add a therapist photo that is not an image", async () => {
  const dialog = await openDialog("/admin/terapeuti", "Therapists", { role: "button", name: "Add Therapist" }, "Add New Therapist");
  await dialog.getByLabel("Photo").setInputFiles({ name: "note.txt", mimeType: "text/plain", buffer: Buffer.from("non un'immagine") });
  // The toast, and the field's own error.
  await expect(page.getByText("Please select an image file", { exact: true })).toHaveCount(2);
  await expect(dialog.getByRole("alert")).toHaveText("Please select an image file");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("creates a blog post that appears on /blog, then deletes it", async () => {
  const testInfo = test.info();
  test.setTimeout(90_000);
  const title = unique("Articolo di prova", testInfo);
  const dialog = await openDialog("/admin/blog", "Blog Admin Dashboard", { role: "link", name: "Nuovo Articolo" }, "Nuovo Articolo");
  await expect(dialog.getByLabel("Testo della call to action")).toHaveValue("Inizia il tuo percorso di crescita con Insieme");
  await expect(dialog.getByLabel("Link della call to action")).toHaveValue("/questionario");
  await expect(dialog.getByLabel(/^Titolo sezione \d$/)).toHaveCount(4);

  await dialog.getByRole("textbox", { name: "Titolo", exact: true }).fill(title);
  await dialog.getByLabel("Estratto").fill("Un articolo scritto durante un test automatico.");
  await dialog.getByLabel("Meta title").fill("x".repeat(66));
  await expect(dialog.getByText("66/65 caratteri")).toHaveClass(/text-danger-600/);
  await dialog.getByLabel("Meta title").fill("Articolo di prova");
  await expect(dialog.getByText("17/65 caratteri")).not.toHaveClass(/text-danger-600/);
  await dialog.getByLabel("Meta description").fill("Una descrizione breve per i motori di ricerca.");
  await expect(dialog.getByRole("group", { name: "Anteprima del risultato di ricerca" })).toContainText("Una descrizione breve per i motori di ricerca.");
  await dialog.getByLabel("Introduzione").fill("Questa è l'introduzione dell'articolo di prova.");
  await dialog.getByLabel("Titolo sezione 1").fill("Una prima sezione");
  await dialog.getByLabel("Contenuto sezione 1").fill("Il testo della prima sezione.");
  await dialog.getByLabel("Conclusione").fill("E questa è la conclusione.");
  await dialog.getByRole("button", { name: /^Calcola dal testo/ }).click();
  await expect(dialog.getByLabel("Tempo di lettura")).toHaveValue("1 min");
  await dialog.getByRole("button", { name: "Crea articolo" }).click();
  await expect(page.getByText("Articolo creato con successo", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  await page.goto("/blog");
  const link = page.getByRole("link", { name: title });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await openTab("/admin/blog", "Blog Admin Dashboard");
  await page.getByRole("button", { name: `Elimina "${title}"` }).click();
  await confirmDeletion({
    dialog: "Elimina articolo",
    question: `Sei sicuro di voler eliminare l'articolo "${title}"? Questa azione non può essere annullata.`,
    button: "Elimina",
    done: "Articolo eliminato con successo",
  });
  await expectGoneFrom("/blog", title);
});

test("the blog form checks its fields before sending: the errors sit under their fields, image rows come and go and take their uploads, nothing is saved", async () => {
  const dialog = await openDialog("/admin/blog", "Blog Admin Dashboard", { role: "link", name: "Nuovo Articolo" }, "Nuovo Articolo");
  const posts: string[] = [];
  const onRequest = (sent: { method: () => string; url: () => string }) => {
    if (sent.method() === "POST" && new URL(sent.url()).pathname.startsWith("/admin/blog")) posts.push(sent.url());
  };
  page.on("request", onRequest);

  await dialog.getByRole("button", { name: "Aggiungi immagine" }).click();
  await dialog.getByRole("button", { name: "Aggiungi immagine" }).click();
  await expect(dialog.getByLabel(/^Indirizzo immagine \d$/)).toHaveCount(2);
  await dialog.getByLabel("Indirizzo immagine 2").fill("/storage/blog-images/paragraphs/x_w640.webp");
  await dialog.getByRole("button", { name: "Rimuovi immagine" }).first().click();
  await expect(dialog.getByLabel(/^Indirizzo immagine \d$/)).toHaveCount(1);
  await expect(dialog.getByLabel("Indirizzo immagine 1")).toHaveValue("/storage/blog-images/paragraphs/x_w640.webp");
  // An upload writes its address into its own row, and the cover's into the cover's field.
  const picture = await sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 200, g: 120, b: 80 } } })
    .png()
    .toBuffer();
  await dialog.getByLabel("Carica", { exact: true }).setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: picture });
  await expect(dialog.getByLabel("Indirizzo immagine 1")).toHaveValue(/^\/storage\/blog-images\/(?!paragraphs\/x_w640).+\.webp$/);
  await dialog.getByLabel("Carica copertina").setInputFiles({ name: "copertina.png", mimeType: "image/png", buffer: picture });
  await expect(dialog.getByLabel("Indirizzo dell'immagine")).toHaveValue(/^\/storage\/blog-images\/.+\.webp$/);

  await dialog.getByRole("button", { name: "Crea articolo" }).click();
  const title = dialog.getByRole("textbox", { name: "Titolo", exact: true });
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Il titolo è obbligatorio", { exact: true })).toBeVisible();
  const alt = dialog.getByLabel("Testo alternativo immagine 1");
  await expect(alt).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Il testo alternativo dell'immagine è obbligatorio", { exact: true })).toHaveAttribute("id", (await alt.getAttribute("aria-describedby"))!);
  // Corrected, the message goes as it is typed.
  await alt.fill("Una persona al tavolo");
  await expect(dialog.getByText("Il testo alternativo dell'immagine è obbligatorio", { exact: true })).toHaveCount(0);
  expect(posts).toEqual([]);
  page.off("request", onRequest);
  await dialog.getByRole("button", { name: "Annulla" }).click();
  await expect(dialog).toBeHidden();
});

test("the group form checks its fields before sending and says what is missing under each", async () => {
  const dialog = await openDialog("/admin/gruppi", "Gruppi", { role: "button", name: "Nuovo gruppo" }, "Nuovo gruppo");
  await dialog.getByRole("button", { name: "Crea gruppo" }).click();
  await expect(dialog.getByLabel(/^Nome/)).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Inserisci il nome del gruppo.", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Scegli il terapeuta.", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Descrivi il tema del gruppo.", { exact: true })).toBeVisible();
  await dialog.getByLabel(/^Nome/).fill("Gruppo di prova");
  await expect(dialog.getByText("Inserisci il nome del gruppo.", { exact: true })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Annulla" }).click();
  await expect(dialog).toBeHidden();
});

test("refuses a document that is not a PDF, whatever its name", async () => {
  await openTab("/admin/documenti", "Documenti");
  await page.getByLabel("Carica il PDF: Privacy policy").setInputFiles({
    name: "privacy-policy.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<!doctype html><title>non un PDF</title>"),
  });
  await expect(page.getByText("Errore upload", { exact: true })).toBeVisible();
  // The toast says why, and so does the row.
  await expect(page.getByText("Solo file PDF: il file non è un PDF.", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Solo file PDF: il file non è un PDF." })).toBeVisible();
  // A PDF header followed by a web page: it does not open as a document.
  await page.getByLabel("Carica il PDF: Privacy policy").setInputFiles({
    name: "privacy-policy.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.7\n<!doctype html><title>non un PDF</title><script>alert(1)</script>"),
  });
  await expect(page.getByRole("alert").filter({ hasText: "Il file non è un PDF valido" })).toBeVisible();
});

test("every admin tab passes an accessibility check", async () => {
  const testInfo = test.info();
  test.skip(testInfo.project.name !== "desktop", "one viewport is enough for axe");
  test.setTimeout(90_000);
  const tabs = [
    ["/admin", "Utenti"],
    ["/admin/questionari", "Questionari"],
    ["/admin/terapeuti", "Therapists"],
    ["/admin/blog", "Blog Admin Dashboard"],
    ["/admin/documenti", "Documenti"],
    ["/admin/gruppi", "Gruppi"],
    ["/admin/prenotazioni", "Prenotazioni"],
    ["/admin/posta", "Posta"],
    ["/admin/sicurezza", "Sicurezza dell'account"],
  ] as const;
  const expectNoViolations = async (where: string) => {
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${where} ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
  };
  for (const [path, heading] of tabs) {
    await openTab(path, heading);
    await expectNoViolations(path);
  }
  await openDialog("/admin/terapeuti", "Therapists", { role: "button", name: "Add Therapist" }, "Add New Therapist");
  await expectNoViolations("Add New Therapist");
  // With the dialog open, the page behind it is hidden from assistive technology: wait for the dialog itself.
  await page.goto("/admin/blog?articolo=nuovo");
  await expect(page.getByRole("dialog", { name: "Nuovo Articolo" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectNoViolations("Nuovo Articolo");
});

test("a page whose record is missing says Not found inside the admin shell, with a way back", async () => {
  await page.goto("/admin/sessioni/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Not found", level: 1 })).toBeVisible();
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  // The layout stays: the error replaces only the page.
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await page.getByRole("link", { name: "Back to admin" }).click();
  await expect(page.getByRole("heading", { name: "Utenti", level: 1 })).toBeVisible();
});
