import type { z } from "zod";
import type { Database } from "../db/client.server";
import "~/domain/zod";
import { formErrors } from "~/domain/form-fields";
import { PROOF_OF_WORK_FIELD, proofOfWorkMessages } from "~/domain/proof-of-work";
import type { Flash } from "~/domain/flash";
import { setFlash } from "../flash.server";
import { proofOfWorkOf, spendStatement, verifyProofOfWork, type SolvedChallenge } from "../proof-of-work.server";
import { hasNulCharacter, jsonDepth, MAX_JSON_DEPTH, readForm, readJson } from "./body.server";
import { errors, handleErrors, HttpError } from "./errors.server";
import { runIdempotent, storeComposed, type HandlerResult, type Transaction } from "./idempotency.server";
import { clientKey, hitRateLimit } from "./rate-limit.server";

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  // After a 413 the unread body would be taken for the next request on a kept-alive connection.
  const close: Record<string, string> = status === 413 ? { Connection: "close" } : {};
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...close, ...headers } });
}

/** An HttpError as a JSON answer: its status, `{ error }`, and `fields` when it names them. */
export function jsonError(error: HttpError) {
  return jsonResponse(error.status, error.fields ? { error: error.message, fields: error.fields } : { error: error.message });
}

/**
 * A path on this site, never another origin: only the path of the given URL is kept, and leading
 * slashes or backslashes are collapsed to one (`//evil.example` would be protocol-relative).
 */
export function sameOriginPath(url: string | null | undefined, fallback = "/") {
  try {
    const { pathname } = new URL(url ?? fallback, "http://localhost");
    return pathname.replace(/^[/\\]+/, "/");
  } catch {
    return fallback;
  }
}

function isFormPost(request: Request) {
  return (request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded");
}

/**
 * A plain form post (the content pages' forms) is answered with a page, never JSON: the browser goes
 * back to the form's page and scrolls to the form (its section's id is the scope); the page shows
 * the outcome, and the first field the server refused with what was typed in it, from a flash cookie (`readFlash`).
 */
function formRedirect(request: Request, scope: string, outcome: Flash["outcome"], error?: HttpError, body?: Record<string, unknown>) {
  const target = sameOriginPath(request.headers.get("referer"));
  const field = error?.fields ? Object.keys(error.fields)[0] : undefined;
  const typed = field ? body?.[field] : undefined;
  const flash = { form: scope, outcome, ...(field ? { field } : {}), ...(typeof typed === "string" ? { value: typed } : {}) };
  return new Response(null, { status: 303, headers: { Location: `${target}#${scope}`, "Set-Cookie": setFlash(request, flash) } });
}

interface EndpointOptions<S extends z.ZodType> {
  scope: string;
  schema: S;
  /** Requests per window per client address. */
  rateLimit?: { limit: number; windowSeconds: number };
  /** `verified`: the post carried a solved anti-spam challenge (always, unless `proofOfWork` is "optional"). */
  handle: (tx: Transaction, data: z.infer<S>, request: Request, verified: boolean) => Promise<HandlerResult>;
  /**
   * The answer and its writes composed without reading the database, or undefined for `handle`:
   * sent with the Idempotency-Key and the spent proof as one statement (`storeComposed`).
   */
  compose?: (data: z.infer<S>) => Promise<HandlerResult> | undefined;
  /**
   * A solved anti-spam challenge (header X-Altcha or field `altcha`) is required unless false. "optional": a
   * plain form post with none at all (a browser without JavaScript) is handled as unverified, under `unverifiedRateLimit`;
   * one that carries a wrong or spent challenge is still refused.
   */
  proofOfWork?: boolean | "optional";
  /** Unverified posts per window per client address, on top of `rateLimit`. */
  unverifiedRateLimit?: { limit: number; windowSeconds: number };
  /** Turns the stored answer into the one sent (e.g. a token derived from a stored id), on every retry too. */
  present?: (body: unknown) => unknown;
}

/**
 * The one pattern of the spec's JSON endpoints: POST only, size cap, rate limit, honeypot,
 * anti-spam proof of work, Zod validation (400 with Italian field messages), idempotency, one transaction, no leaks.
 */
export function publicEndpoint<S extends z.ZodType>(options: EndpointOptions<S>) {
  return async ({ request, context }: { request: Request; context: { db: Database; clientIp: string } }) => {
    if (request.method !== "POST") return jsonResponse(405, { error: errors.method }, { Allow: "POST, OPTIONS" });
    const isForm = isFormPost(request);
    const limit = options.rateLimit ?? { limit: 30, windowSeconds: 60 };
    // A refused plain form post gives back what was typed in the refused field.
    let form: Record<string, string> | undefined;
    // A database outage goes on to the outage guard: 503 with Retry-After, and the client retries with the same Idempotency-Key.
    return handleErrors(
      async () => {
        if (!(await hitRateLimit(context.db, `${options.scope}:${clientKey(context.clientIp)}`, limit.limit, limit.windowSeconds))) {
          if (isForm) return formRedirect(request, options.scope, "error");
          return jsonResponse(429, { error: errors.rateLimited }, { "Retry-After": String(limit.windowSeconds) });
        }
        const body = isForm ? (form = await readForm(request)) : await readJson(request);
        if (!body || typeof body !== "object" || Array.isArray(body)) throw new HttpError(400, errors.notAnObject);
        if (jsonDepth(body) > MAX_JSON_DEPTH) throw new HttpError(400, errors.notAnObject);
        if (hasNulCharacter(body)) throw new HttpError(400, errors.invalidCharacters);
        if ("website" in body && (body as { website?: unknown }).website) throw new HttpError(400, errors.spam);
        let solved: SolvedChallenge | null = null;
        const proof = proofOfWorkOf(request, body);
        const unverified = options.proofOfWork === "optional" && isForm && proof === null;
        if (unverified) {
          const strict = options.unverifiedRateLimit ?? limit;
          if (!(await hitRateLimit(context.db, `${options.scope}:unverified:${clientKey(context.clientIp)}`, strict.limit, strict.windowSeconds))) {
            throw new HttpError(429, errors.rateLimited);
          }
        } else if (options.proofOfWork !== false) {
          solved = await verifyProofOfWork(proof);
          if (!solved) throw new HttpError(400, proofOfWorkMessages.failed);
        }
        delete (body as Record<string, unknown>)[PROOF_OF_WORK_FIELD];
        const parsed = options.schema.safeParse(body);
        if (!parsed.success) throw new HttpError(400, errors.invalid, formErrors(parsed.error));
        const spend = solved ? { statement: spendStatement(solved), refusal: proofOfWorkMessages.failed } : undefined;
        const key = request.headers.get("idempotency-key");
        const composed = await options.compose?.(parsed.data);
        const result = composed
          ? await storeComposed(context.db, options.scope, key, parsed.data, composed, spend)
          : await runIdempotent(context.db, options.scope, key, parsed.data, (tx) => options.handle(tx, parsed.data, request, !unverified), spend);
        if (isForm) return formRedirect(request, options.scope, unverified ? "held" : "ok");
        return jsonResponse(result.status, options.present ? options.present(result.body) : result.body);
      },
      // A plain form post is answered with its page (the flash names the field refused), anything else with JSON.
      (error) => (isForm ? formRedirect(request, options.scope, "error", error, form) : jsonError(error)),
      { scope: options.scope },
    );
  };
}
