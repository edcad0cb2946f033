import { PROOF_OF_WORK_HEADER } from "~/domain/proof-of-work";
import { newIdempotencyKey } from "./idempotency-key";
import { takeProofOfWork } from "./proof-of-work";

/**
 * JSON POSTs from the site's forms: every request carries an Idempotency-Key (reuse it to retry the
 * same submission) and a freshly solved anti-spam challenge.
 */

type PostOutcome<T> = { ok: true; status: number; body: T } | { ok: false; status: number | null; error: string | null; fields: Record<string, string> };

export async function postJson<T = Record<string, unknown>>(url: string, payload: unknown, idempotencyKey = newIdempotencyKey()): Promise<PostOutcome<T>> {
  const proof = await takeProofOfWork();
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "Idempotency-Key": idempotencyKey,
        ...(proof ? { [PROOF_OF_WORK_HEADER]: proof } : {}),
      },
      body: JSON.stringify(payload),
    });
  } catch {
    return { ok: false, status: null, error: null, fields: {} };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, body: body as T };
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const fields = record.fields && typeof record.fields === "object" ? (record.fields as Record<string, string>) : {};
  return { ok: false, status: response.status, error: typeof record.error === "string" ? record.error : null, fields };
}

/** The first field message of a 400 answer, for a toast. */
export function firstFieldError(outcome: { fields: Record<string, string> }) {
  return Object.values(outcome.fields).find((message) => typeof message === "string" && message.length > 0);
}
