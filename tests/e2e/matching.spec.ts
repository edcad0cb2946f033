import { expect, test, type Page } from "@playwright/test";
import { waitForMail } from "./support/mail";
import { proofOfWorkHeader } from "./support/proof-of-work";
import { submitQuestionnaire } from "./support/questionnaire";

/**
 * From a completed questionnaire to a call request, against the demo data: four groups, of
 * which "Legami" (Monday evening, loneliness) fits a "Sera" person best and "Ritmi propri" is full.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false }));
  });
});

interface Person {
  email: string;
  /** The access token the submission answered with: it proves the address (DESIGN §13). */
  token: string;
}

const people = new Map<string, Person>();

/**
 * One "Sera" person per project, whose questionnaire is submitted through the public endpoint
 * (once: the endpoint is rate-limited per address, as it should be).
 */
async function submittedPerson(page: Page, project: string) {
  const known = people.get(project);
  if (known) return known;
  const email = `sera-${project}-${Date.now()}@example.com`;
  const person = { email, token: await submitQuestionnaire(page, email, { time_preference: "Sera" }) };
  people.set(project, person);
  return person;
}

/** Waits until the page's script listens: a tap on server-rendered markup before that is lost. */
const interactive = (page: Page) => expect(page.locator('[data-ready="true"]').first()).toBeAttached();

const groupsUrl = (person: Person, extra = "") => `/gruppi-matching?email=${encodeURIComponent(person.email)}&name=Giulia&token=${person.token}${extra}`;
const activeSlide = (page: Page) => page.locator('[aria-roledescription="gruppo"]:not([inert])');
const dot = (page: Page, position: number, count: number) => page.getByRole("button", { name: `Gruppo ${position} di ${count}`, exact: true });

test("a 'Sera' person sees the evening group first, recommended, and never the full group", async ({ page }, info) => {
  const person = await submittedPerson(page, info.project.name);
  await page.goto(groupsUrl(person));

  await expect(page.getByRole("heading", { level: 1, name: "Giulia, ecco i gruppi più adatti a te" })).toBeVisible();
  const first = activeSlide(page);
  await expect(first.getByRole("heading", { level: 2 })).toHaveText("Legami");
  await expect(first.getByText("Consigliato", { exact: true })).toBeVisible();
  await expect(first.getByText(/Stesso orario: Sera/)).toBeVisible();
  await expect(first.getByText("5/8 posti occupati")).toBeVisible();
  await expect(first.getByText("3 posti liberi")).toBeVisible();
  await expect(first.getByRole("listitem").filter({ hasText: /^[A-Z]\. · \d/ })).toHaveCount(5);
  await expect(first.getByRole("link", { name: "Forse più tardi" })).toHaveAttribute("href", "/");

  await expect(page.locator("h2", { hasText: "Ritmi propri" })).toHaveCount(0);
  await expect(page.locator("text=Consigliato")).toHaveCount(1);
});

test("the carousel wraps around with arrows, dots, keys and a swipe", async ({ page }, info) => {
  const person = await submittedPerson(page, info.project.name);
  await page.goto(groupsUrl(person));
  await interactive(page);
  const dots = page.getByRole("button", { name: /^Gruppo \d+ di \d+$/ });
  const count = await dots.count();
  expect(count).toBeGreaterThan(1);
  await expect(dot(page, 1, count)).toHaveAttribute("aria-current", "true");

  await page.getByRole("button", { name: "Gruppo precedente" }).click();
  await expect(dot(page, count, count)).toHaveAttribute("aria-current", "true");
  await expect(dot(page, 1, count)).not.toHaveAttribute("aria-current", "true");
  await page.getByRole("button", { name: "Gruppo successivo" }).click();
  await expect(dot(page, 1, count)).toHaveAttribute("aria-current", "true");
  await expect(activeSlide(page).getByRole("heading", { level: 2 })).toHaveText("Legami");

  await dot(page, 2, count).click();
  await expect(activeSlide(page).getByRole("heading", { level: 2 })).not.toHaveText("Legami");
  await page.keyboard.press("ArrowLeft");
  await expect(dot(page, 1, count)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(dot(page, count, count)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("ArrowRight");
  await expect(dot(page, 1, count)).toHaveAttribute("aria-current", "true");

  // A finger moving right to left shows the next group.
  const track = page.getByTestId("carousel-track");
  const box = (await track.boundingBox())!;
  const y = box.y + 200;
  const touch = { pointerId: 7, pointerType: "touch", isPrimary: true, bubbles: true };
  await track.dispatchEvent("pointerdown", { ...touch, clientX: box.x + 300, clientY: y });
  await track.dispatchEvent("pointermove", { ...touch, clientX: box.x + 250, clientY: y + 2 });
  await track.dispatchEvent("pointermove", { ...touch, clientX: box.x + 150, clientY: y + 4 });
  await track.dispatchEvent("pointerup", { ...touch, clientX: box.x + 150, clientY: y + 4 });
  await expect(dot(page, 2, count)).toHaveAttribute("aria-current", "true");
});

test("select → call request → thank-you, stored once", async ({ page }, info) => {
  const person = await submittedPerson(page, info.project.name);
  await page.goto(groupsUrl(person));
  await interactive(page);

  const selection = page.waitForResponse((response) => response.url().endsWith("/api/update-group-selection") && response.request().method() === "POST");
  await activeSlide(page).getByRole("button", { name: "Seleziona questo gruppo" }).click();
  const selected = await selection;
  expect(selected.status()).toBe(201);
  expect(selected.request().headers()["idempotency-key"]).toMatch(/^[0-9a-f]{32}$/);
  const { bookingId, groupId, therapist } = (await selected.json()) as { bookingId: string; groupId: string; therapist: string };
  await expect(page.getByText("Gruppo selezionato!").first()).toBeVisible();

  await expect(page.getByRole("heading", { level: 1, name: "Richiedi la chiamata conoscitiva" })).toBeVisible();
  // Focus follows the new screen instead of falling to <body>.
  await expect(page.getByRole("heading", { level: 1, name: "Richiedi la chiamata conoscitiva" })).toBeFocused();
  const phone = page.getByLabel("Numero di telefono");
  const send = page.getByRole("button", { name: "Richiedi la chiamata gratuita" });
  await expect(send).toBeDisabled();
  await phone.fill("   ");
  await expect(send).toBeDisabled();
  await phone.fill("333 123 4567");
  // The call is for adults: without "Confermo di avere almeno 18 anni" nothing is sent.
  await send.click();
  await expect(page.locator("form").getByText("Conferma di avere almeno 18 anni: i nostri gruppi sono per persone adulte.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /almeno 18 anni/ })).toBeFocused();
  await page.getByRole("checkbox", { name: /almeno 18 anni/ }).check();
  const call = page.waitForResponse((response) => response.url().endsWith("/api/update-group-selection") && response.request().method() === "POST");
  await send.click();
  const callResponse = await call;
  expect(callResponse.status()).toBe(200);
  expect(callResponse.request().postDataJSON()).toMatchObject({
    email: person.email,
    selectedTherapist: therapist,
    GiuliaCallRequested: true,
    GiuliaPhone: "333 123 4567",
    adult: true,
  });
  expect(((await callResponse.json()) as { bookingId: string }).bookingId).toBe(bookingId);
  await expect(page.getByText("Richiesta inviata!").first()).toBeVisible();

  await expect(page.getByRole("heading", { name: "Grazie, Giulia!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Torna alla home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Conosci i terapeuti" })).toHaveAttribute("href", "/terapeuti");

  // Stored once: choosing the same group again answers with the request already stored.
  const again = await page.request.post("/api/update-group-selection", {
    data: { email: person.email, selectedTherapist: therapist, groupId, token: person.token },
    headers: await proofOfWorkHeader(),
  });
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ bookingId, created: false });
});

test("show_call=true opens the call request directly; selecting without an e-mail is refused", async ({ page }, info) => {
  const person = await submittedPerson(page, info.project.name);
  await page.goto(groupsUrl(person, "&show_call=true"));
  await expect(page.getByRole("heading", { level: 1, name: "Richiedi la chiamata conoscitiva" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Seleziona questo gruppo" })).toHaveCount(0);

  await page.goto("/gruppi-matching");
  await interactive(page);
  await activeSlide(page).getByRole("button", { name: "Seleziona questo gruppo" }).click();
  await expect(page.getByText("Email necessaria per selezionare il gruppo.").first()).toBeVisible();
});

test("/call-{name} with the e-mailed token books a free slot of the introductory call", async ({ page }, info) => {
  const person = await submittedPerson(page, info.project.name);
  const url = `/call-mario?name=Mario&email=${encodeURIComponent(person.email)}&token=${person.token}`;
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name: "Mario, ci sentiamo?" })).toBeVisible();
  await interactive(page);
  const free = page.locator('input[name="callSlot"]:not([disabled])').first();
  const label = await free.getAttribute("aria-label");
  await free.check({ force: true });
  await expect(page.getByText(/^Hai scelto/)).toBeVisible();
  await page.getByLabel("Numero di telefono").fill("+39 333 765 4321");
  await page.getByRole("checkbox", { name: /almeno 18 anni/ }).check();
  const request = page.waitForResponse((response) => response.url().endsWith("/api/update-group-selection"));
  await page.getByRole("button", { name: "Richiedi la chiamata gratuita" }).click();
  const response = await request;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ selectedTherapist: "Chiamata conoscitiva", MarioCallRequested: true, MarioPhone: "+39 333 765 4321" });
  await expect(page.getByRole("heading", { name: "Grazie, Mario!" })).toBeVisible();
  await expect(page.getByText(label!).first()).toBeVisible();

  await page.goto(url);
  await expect(page.getByRole("radio", { name: `${label}, già prenotato` })).toBeDisabled();
});

test("an address alone shows no personal data; a selection for it waits for the link e-mailed to that address", async ({ page }, info) => {
  const person = await submittedPerson(page, info.project.name);
  // Someone who only knows the address: the same generic page as for an unknown one.
  await page.goto(`/gruppi-matching?email=${encodeURIComponent(person.email)}&name=Giulia`);
  await expect(page.getByText("Consigliato", { exact: true })).toHaveCount(0);
  await expect(page.getByText(/Stesso orario|Temi in comune|Fascia d'età adatta/)).toHaveCount(0);
  await expect(page.getByText("Ecco i gruppi che hanno ancora posti liberi.", { exact: false })).toBeVisible();

  const email = `conferma-${info.project.name}-${Date.now()}@example.com`;
  await page.goto(`/gruppi-matching?email=${encodeURIComponent(email)}&name=Giulia`);
  await interactive(page);
  const groupName = await activeSlide(page).getByRole("heading", { level: 2 }).textContent();
  const selection = page.waitForResponse((response) => response.url().endsWith("/api/update-group-selection") && response.request().method() === "POST");
  await activeSlide(page).getByRole("button", { name: "Seleziona questo gruppo" }).click();
  expect((await selection).status()).toBe(202);
  await expect(page.getByRole("heading", { level: 1, name: "Controlla la tua email" })).toBeVisible();

  const mail = await waitForMail(email, "Conferma la tua richiesta");
  expect(mail.text).toContain(`la scelta del gruppo ${groupName}`);
  const link = /https?:\/\/[^\s"]+\/conferma-richiesta\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Conferma la tua richiesta" })).toBeVisible();
  await page.getByRole("button", { name: "Conferma la richiesta" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Scelta confermata" })).toBeVisible();
  await waitForMail(email, `Hai scelto il gruppo ${groupName}`);

  await page.getByRole("link", { name: "Richiedi la chiamata conoscitiva" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Richiedi la chiamata conoscitiva" })).toBeVisible();
  await expect(page).toHaveURL(/token=[A-Za-z0-9_-]{43}/);
});
