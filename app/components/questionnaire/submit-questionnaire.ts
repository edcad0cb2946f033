import { questionnaireSchema, type FieldErrors, type QuestionnaireAnswers } from "~/domain/questionnaire";
import { PROOF_OF_WORK_HEADER } from "~/domain/proof-of-work";
import { takeProofOfWork } from "../proof-of-work";
import type { UtmTags } from "~/domain/questionnaire";

export const SUBMIT_ENDPOINT = "/api/submit-questionnaire";

export type SubmitOutcome =
  | { ok: true; token: string | null }
  | { ok: false; status: number | null; message: string | null; fields: FieldErrors };

function errorOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const error = (body as Record<string, unknown>).error;
  return typeof error === "string" && error.trim() ? error : null;
}

/** Field errors of a 400 answer, limited to fields the questionnaire knows. */
function fieldsOf(body: unknown): FieldErrors {
  const fields: FieldErrors = {};
  if (!body || typeof body !== "object") return fields;
  const raw = (body as Record<string, unknown>).fields;
  if (!raw || typeof raw !== "object") return fields;
  for (const [field, message] of Object.entries(raw)) {
    if (field in questionnaireSchema.shape && typeof message === "string" && message) {
      fields[field as keyof FieldErrors] = message;
    }
  }
  return fields;
}

/**
 * POSTs validated answers. The Idempotency-Key belongs to the draft, so a retry after a lost
 * answer is recognised by the server instead of creating a second response.
 */
export async function submitQuestionnaire(
  answers: QuestionnaireAnswers,
  utm: UtmTags,
  idempotencyKey: string,
): Promise<SubmitOutcome> {
  const proof = await takeProofOfWork();
  let response: Response;
  try {
    response = await fetch(SUBMIT_ENDPOINT, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "Idempotency-Key": idempotencyKey,
        ...(proof ? { [PROOF_OF_WORK_HEADER]: proof } : {}),
      },
      body: JSON.stringify({ ...answers, utm, source: "website" }),
    });
  } catch {
    return {
      ok: false,
      status: null,
      message: "impossibile contattare il server. Controlla la connessione e riprova.",
      fields: {},
    };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const token = body && typeof body === "object" ? (body as { token?: unknown }).token : null;
    return { ok: true, token: typeof token === "string" ? token : null };
  }
  return {
    ok: false,
    status: response.status,
    message: errorOf(body),
    fields: response.status === 400 ? fieldsOf(body) : {},
  };
}
