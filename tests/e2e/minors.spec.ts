import { expect, test } from "@playwright/test";
import { validAnswers } from "../support/valid-answers.mjs";
import { finishQuestionnaire } from "./support/questionnaire";

/**
 * Groups are for adults (issue 30 point 4): someone who answers "Meno di 18" finishes the
 * questionnaire, is recommended no group, and is told why and where to turn.
 */
test("a person under 18 finishes the questionnaire and is told, kindly, that the groups are for adults", async ({ page }, testInfo) => {
  const email = `minore-${testInfo.project.name}-${Date.now()}@example.com`;
  await finishQuestionnaire(page, { ...validAnswers, name: "Luca", age: "Meno di 18", email }, testInfo.project.use.baseURL);

  await expect(page).toHaveURL(/\/gruppi-matching\?.*token=/);
  await expect(page.getByRole("heading", { level: 1, name: "I nostri gruppi sono per persone adulte" })).toBeVisible();
  // The toast promises no e-mail with groups: there are none.
  await expect(page.getByRole("region", { name: "Notifica" }).getByText("Qui sotto trovi a chi puoi rivolgerti.")).toBeVisible();
  await expect(page.getByText("Riceverai presto una email con i tuoi gruppi consigliati.")).toHaveCount(0);
  await expect(page.getByText(/consenso di un genitore o di chi ne fa le veci/).first()).toBeVisible();
  for (const place of ["Il tuo pediatra o medico di famiglia", "Il consultorio familiare della tua ASL", "Telefono Azzurro, 19696"])
    await expect(page.getByText(place)).toBeVisible();
  await expect(page.getByRole("link", { name: "Chiama il 19696" })).toHaveAttribute("href", "tel:19696");
  await expect(page.getByRole("link", { name: "Altri numeri di aiuto" })).toHaveAttribute("href", "/aiuto-subito");
  // No group is offered, so none can be chosen.
  await expect(page.getByText("Consigliato")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Seleziona questo gruppo" })).toHaveCount(0);
});

test("the «Questionario inviato!» toast leaves the first group card uncovered on a wide screen, the navigation bar and the title on a phone", async ({ page }, testInfo) => {
  const email = `toast-${testInfo.project.name}-${Date.now()}@example.com`;
  await finishQuestionnaire(page, { ...validAnswers, name: "Sara", email }, testInfo.project.use.baseURL);
  await expect(page).toHaveURL(/\/gruppi-matching\?.*token=/);
  const toast = page.getByRole("region", { name: "Notifica" }).getByText("Questionario inviato!");
  await expect(toast).toBeVisible();
  const card = page.locator('[aria-roledescription="gruppo"]:not([inert])');
  await expect(card).toBeVisible();
  const [toastBox, cardBox] = [await toast.locator("xpath=../..").boundingBox(), await card.boundingBox()];
  const overlaps = (a: NonNullable<typeof toastBox>, b: NonNullable<typeof cardBox>) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  if (testInfo.project.name === "mobile") {
    // On a phone the first card is taller than the screen, so a toast lies over some of it wherever it is: at the
    // bottom, over its description, not over the bar and the title the person reads first.
    for (const first of [page.locator("header").first(), page.getByRole("heading", { level: 1 })]) expect(overlaps(toastBox!, (await first.boundingBox())!)).toBe(false);
    return;
  }
  expect(overlaps(toastBox!, cardBox!)).toBe(false);
});
