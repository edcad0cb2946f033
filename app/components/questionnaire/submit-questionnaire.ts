import { answerFields, UNREACHABLE_SERVER, type FieldErrors, type QuestionnaireAnswers } from "~/domain/questionnaire";
import { isMinor } from "~/domain/minors";
import { postJson } from "../post-json";
import type { UtmTags } from "~/domain/questionnaire";

const SUBMIT_ENDPOINT = "/api/submit-questionnaire";

/** `minor`: the answers say "Meno di 18" (no group is recommended; the page says why). */
export type SubmitOutcome = { ok: true; token: string | null; minor: boolean } | { ok: false; status: number | null; message: string | null; fields: FieldErrors };

/** Field errors of a 400 answer, limited to fields the questionnaire knows. */
function questionnaireFields(raw: Record<string, string>): FieldErrors {
  const fields: FieldErrors = {};
  for (const [field, message] of Object.entries(raw)) {
    if ((answerFields as readonly string[]).includes(field) && typeof message === "string" && message) fields[field as keyof FieldErrors] = message;
  }
  return fields;
}

/**
 * POSTs validated answers. The Idempotency-Key belongs to the draft, so a retry after a lost
 * answer is recognised by the server instead of creating a second response.
 */
export async function submitQuestionnaire(answers: QuestionnaireAnswers, utm: UtmTags, idempotencyKey: string): Promise<SubmitOutcome> {
  const outcome = await postJson<{ token?: unknown }>(SUBMIT_ENDPOINT, { ...answers, utm, source: "website" }, idempotencyKey);
  if (outcome.ok) return { ok: true, token: typeof outcome.body?.token === "string" ? outcome.body.token : null, minor: isMinor(answers.age) };
  if (outcome.status === null) {
    return { ok: false, status: null, message: UNREACHABLE_SERVER, fields: {} };
  }
  const message = outcome.error?.trim() ? outcome.error : null;
  return { ok: false, status: outcome.status, message, fields: outcome.status === 400 ? questionnaireFields(outcome.fields) : {} };
}
