import { expect, test } from "@playwright/test";
import type { QuestionnaireDraft } from "../../app/domain/questionnaire";
import { validAnswers } from "../support/valid-answers.mjs";
import { acceptGateConsent } from "./support/fixtures";

/**
 * Groups are for adults (issue 30 point 4): someone who answers "Meno di 18" finishes the
 * questionnaire, is recommended no group, and is told why and where to turn.
 */
test("a person under 18 finishes the questionnaire and is told, kindly, that the groups are for adults", async ({ page }, testInfo) => {
  const email = `minore-${testInfo.project.name}-${Date.now()}@example.com`;
  const answers: QuestionnaireDraft = { ...validAnswers, name: "Luca", age: "Meno di 18", email };
  await page.addInitScript(() => localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false })));
  await acceptGateConsent(page.context(), test.info().project.use.baseURL);
  await page.goto("/questionario");
  await page.evaluate((draft) => sessionStorage.setItem("questionnaireDraft", JSON.stringify({ ...draft, idempotencyKey: crypto.randomUUID(), reachedSteps: [] })), {
    step: 23,
    answers,
  });
  await page.goto("/questionario-interno");
  await page.getByRole("button", { name: "Invia" }).click();

  await expect(page).toHaveURL(/\/gruppi-matching\?.*token=/);
  await expect(page.getByRole("heading", { level: 1, name: "I nostri gruppi sono per persone adulte" })).toBeVisible();
  await expect(page.getByText(/consenso di un genitore o di chi ne fa le veci/).first()).toBeVisible();
  for (const place of ["Il tuo pediatra o medico di famiglia", "Il consultorio familiare della tua ASL", "Telefono Azzurro, 19696"])
    await expect(page.getByText(place)).toBeVisible();
  await expect(page.getByRole("link", { name: "Chiama il 19696" })).toHaveAttribute("href", "tel:19696");
  await expect(page.getByRole("link", { name: "Altri numeri di aiuto" })).toHaveAttribute("href", "/aiuto-subito");
  // No group is offered, so none can be chosen.
  await expect(page.getByText("Consigliato")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Seleziona questo gruppo" })).toHaveCount(0);
});
