export type PostResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error?: string; fields?: Record<string, string> };

/** POSTs JSON with an Idempotency-Key (reuse the same key when retrying the same submission). */
export async function postJson<T>(url: string, body: unknown, idempotencyKey: string = crypto.randomUUID()): Promise<PostResult<T>> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
      body: JSON.stringify(body),
    });
    const parsed = (await response.json().catch(() => ({}))) as T & { error?: string; fields?: Record<string, string> };
    if (response.ok) return { ok: true, status: response.status, body: parsed };
    return { ok: false, status: response.status, error: parsed.error, fields: parsed.fields };
  } catch {
    return { ok: false, status: 0 };
  }
}
