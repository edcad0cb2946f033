import type { Page } from "@playwright/test";
import type { QuestionnaireDraft } from "../../../app/domain/questionnaire";
import { acceptGateConsent } from "./fixtures";

/** Finishes the questionnaire with `answers` as a visitor would (the draft at the last step, then «Invia»). */
export async function finishQuestionnaire(page: Page, answers: QuestionnaireDraft, baseURL: string | undefined) {
  await page.addInitScript(() => localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false })));
  await acceptGateConsent(page.context(), baseURL);
  await page.goto("/questionario");
  await page.evaluate((draft) => sessionStorage.setItem("questionnaireDraft", JSON.stringify({ ...draft, idempotencyKey: crypto.randomUUID(), reachedSteps: [] })), {
    step: 23,
    answers,
  });
  await page.goto("/questionario-interno");
  await page.getByRole("button", { name: "Invia" }).click();
}
