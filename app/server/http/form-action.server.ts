import { data } from "react-router";
import type { Database } from "../db/client.server";
import { PROOF_OF_WORK_FIELD, proofOfWorkMessages } from "~/domain/proof-of-work";
import { acceptProofOfWork } from "../proof-of-work.server";
import { errors, handleErrors, type HttpError } from "./errors.server";
import { clientKey, hitRateLimit } from "./rate-limit.server";

interface FormActionOptions<Failure extends object, Result> {
  scope: string;
  /** Posts per window per client address (hashed, like the JSON endpoints). */
  rateLimit: { limit: number; windowSeconds: number };
  /** The rest of the page's action data when the post fails (`{ error }` is added). */
  failure: Failure;
  /** A solved anti-spam challenge in the `altcha` field is required unless false. */
  proofOfWork?: boolean;
  /** Refuses before anything else is read (e.g. staff only): the status and message shown. */
  refuse?: (request: Request, db: Database) => Promise<HttpError | null>;
  /** The form's non-empty fields; throws HttpError for what the person must correct. */
  handle: (values: Record<string, string>, db: Database) => Promise<Result>;
}

/**
 * The one pattern of a page's own action (a form posted to its page): the same refusals as the JSON
 * endpoints (rate limit, anti-spam proof of work, Zod messages through `parseFields`, 503 while the
 * database is down), and an error the page shows as `{ error, ...failure }` with its status.
 */
export function formAction<Failure extends object, Result>(options: FormActionOptions<Failure, Result>) {
  const fail = (status: number, error: string) => data({ ...options.failure, error }, { status });
  return async ({ request, context }: { request: Request; context: { db: Database; clientIp: string } }) => {
    const refusal = await options.refuse?.(request, context.db);
    if (refusal) return fail(refusal.status, refusal.message);
    const { limit, windowSeconds } = options.rateLimit;
    if (!(await hitRateLimit(context.db, `${options.scope}:${clientKey(context.clientIp)}`, limit, windowSeconds))) return fail(429, errors.rateLimited);
    const values: Record<string, string> = {};
    for (const [key, value] of await request.formData()) if (typeof value === "string" && value.trim() !== "") values[key] = value;
    // With JavaScript the pages post to the JSON endpoints; a plain form post carries no solved challenge.
    if (options.proofOfWork !== false && !(await acceptProofOfWork(context.db, values[PROOF_OF_WORK_FIELD] ?? null))) {
      return fail(400, proofOfWorkMessages.noJavaScript);
    }
    delete values[PROOF_OF_WORK_FIELD];
    // An outage goes on to the outage page (503 with Retry-After), as for every route.
    return handleErrors(
      () => options.handle(values, context.db),
      (error) => fail(error.status, error.message),
      { scope: options.scope },
    );
  };
}
