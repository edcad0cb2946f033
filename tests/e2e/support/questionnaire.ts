import { expect, type Page } from "@playwright/test";
import type { QuestionnaireDraft } from "../../../app/domain/questionnaire";
import { validAnswers } from "../../integration/helpers";
import { acceptGateConsent } from "./fixtures";
import { proofOfWorkHeader } from "./proof-of-work";

/** Sends a questionnaire for `email` through the public endpoint (valid answers, `extra` over them) and returns the address's access token. */
export async function submitQuestionnaire(page: Page, email: string, extra: Partial<typeof validAnswers> = {}) {
  const submitted = await page.request.post("/api/submit-questionnaire", {
    data: { ...validAnswers, ...extra, email },
    headers: { "Idempotency-Key": `e2e-${email.replace(/[^a-z0-9]/g, "")}`, ...(await proofOfWorkHeader()) },
  });
  expect(submitted.status()).toBe(201);
  return ((await submitted.json()) as { token: string }).token;
}

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
