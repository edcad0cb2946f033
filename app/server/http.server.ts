import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { data } from "react-router";
import type { z } from "zod";
import type { Database } from "./db/client.server";
import "~/domain/zod";
import { formErrors } from "~/domain/form-fields";
import { PROOF_OF_WORK_FIELD, proofOfWorkMessages } from "~/domain/proof-of-work";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { driverError, isDatabaseUnavailable, writeClauses, writeTogether } from "./db/client.server";
import { outageResponse } from "./outage.server";
import { setFlash } from "./flash.server";
import { acceptProofOfWork, proofOfWorkOf, spendStatement, verifyProofOfWork, type SolvedChallenge } from "./proof-of-work.server";

export const MAX_JSON_BYTES = 64 * 1024;

export const errors = {
  invalid: "Alcuni campi non sono compilati correttamente.",
  badJson: "Richiesta non valida: il contenuto non è JSON valido.",
  tooLarge: "Richiesta troppo grande.",
  rateLimited: "Troppe richieste. Riprova tra qualche minuto.",
  internal: "Si è verificato un errore interno. Riprova più tardi.",
  method: "Metodo non consentito.",
  idempotencyMismatch: "Questa chiave di idempotenza è già stata usata per una richiesta diversa.",
  idempotencyKey: "Intestazione Idempotency-Key non valida.",
  spam: "Richiesta non valida.",
  invalidCharacters: "La richiesta contiene caratteri non validi.",
  idempotencyInFlight: "Questa richiesta è ancora in corso: riprova tra qualche istante.",
  notAnObject: "Richiesta non valida: il contenuto deve essere un oggetto JSON con i campi del modulo.",
} as const;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Runs a loader's work; a 404 it throws (not found, or not this person's) becomes the route's 404 response. */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw new Response(error.message, { status: 404 });
    throw error;
  }
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  // After a 413 the unread body would be taken for the next request on a kept-alive connection.
  const close: Record<string, string> = status === 413 ? { Connection: "close" } : {};
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...close, ...headers } });
}

export const MAX_JSON_DEPTH = 20;

/** How deeply a parsed JSON value nests (iteratively: a hostile body cannot exhaust the stack). */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** PostgreSQL text cannot hold NUL: such input is refused as a 400, never a 500. */
export function hasNulCharacter(value: unknown): boolean {
  return JSON.stringify(value ?? null).includes("\\u0000");
}

/**
 * A request's body, counted as it streams in and refused with 413 once it passes `maxBytes`, whatever
 * Content-Length says (or does not say); 400 when there is no body.
 */
export async function readBodyCapped(request: Request, maxBytes: number, messages: { tooLarge: string; missing: string }): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new HttpError(413, messages.tooLarge);
  const reader = request.body?.getReader();
  if (!reader) throw new HttpError(400, messages.missing);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, messages.tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON body with a size cap; anything else is a clear 4xx, never a 500. */
export async function readJson(request: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const body = await readBodyCapped(request, maxBytes, { tooLarge: errors.tooLarge, missing: errors.badJson });
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    throw new HttpError(400, errors.badJson);
  }
}

/** A plain HTML form post (no JavaScript): the same fields as the JSON body. */
async function readForm(request: Request): Promise<Record<string, string>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_JSON_BYTES) throw new HttpError(413, errors.tooLarge);
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  return fields;
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
 * the outcome, and the first field the server refused, from a flash cookie (`readFlash`).
 */
function formRedirect(request: Request, scope: string, outcome: "ok" | "error", error?: unknown) {
  const target = sameOriginPath(request.headers.get("referer"));
  const field = error instanceof HttpError && error.fields ? Object.keys(error.fields)[0] : undefined;
  return new Response(null, {
    status: 303,
    headers: { Location: `${target}#${scope}`, "Set-Cookie": setFlash(request, { form: scope, outcome, ...(field ? { field } : {}) }) },
  });
}

/** The eight 16-bit groups of a valid IPv6 address ("::" expanded, an IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  const toGroups = (part: string) =>
    part
      .split(":")
      .filter(Boolean)
      .flatMap((group) => {
        if (!group.includes(".")) return [parseInt(group, 16)];
        const [a, b, c, d] = group.split(".").map(Number) as [number, number, number, number];
        return [(a << 8) | b, (c << 8) | d];
      });
  const [head = "", tail] = address.split("::");
  const left = toGroups(head);
  const right = tail === undefined ? [] : toGroups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * Who a rate limit counts: an IPv4 address, or an IPv6 client's /64 (one subscriber's network,
 * inside which an attacker can rotate addresses for free). IPv4-mapped IPv6 counts as IPv4.
 */
export function rateLimitAddress(clientIp: string) {
  const address = clientIp.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The key a rate limit stores for a client: its address (IPv6: the /64) hashed, so the counter table never holds an identifier. */
export function clientKey(clientIp: string) {
  return createHash("sha256").update(rateLimitAddress(clientIp)).digest("base64url").slice(0, 16);
}

/** Fixed-window counter in the database, shared by every instance. Returns true when allowed. */
export async function hitRateLimit(db: Database, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  // Only for load benchmarks on loopback (npm run bench), never in production.
  if (env().rateLimitsOff) return true;
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count`);
  return Number(result.rows[0]?.count ?? 0) <= limit;
}

export interface HandlerResult {
  status: number;
  body: unknown;
  /**
   * Writes that commit with the answer, not yet run: the endpoint sends them as one statement
   * together with the answer stored for retries (`writeTogether` in `handle`'s transaction, or
   * `storeComposed` without one). For the busiest write, a questionnaire submission; a handler may
   * as well run its writes itself.
   */
  writes?: SQLWrapper[];
}

/** Something single-use the write consumes (the anti-spam proof): marked with the Idempotency-Key, refused when already used. */
export interface SpendOnce {
  /** Inserts the mark; returns a row only when it was not there. */
  statement: SQL;
  /** The 400's message when it was used. */
  refusal: string;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

function checkedKey(key: string | null) {
  if (key !== null && !/^[A-Za-z0-9_.:-]{8,128}$/.test(key)) throw new HttpError(400, errors.idempotencyKey);
  return key;
}

const requestHashOf = (payload: unknown) => createHash("sha256").update(JSON.stringify(payload ?? null)).digest("hex");

/** The answer stored with an Idempotency-Key (null while it has none); 422 when the key came with another payload. */
async function storedAnswer(executor: Pick<Database, "execute">, stored: string, requestHash: string): Promise<HandlerResult | null> {
  const [row] = (await executor.execute<{ status: number | null; body: unknown; request_hash: string }>(sql`select status, body, request_hash from idempotency_keys where key = ${stored}`)).rows;
  if (row && row.request_hash !== requestHash) throw new HttpError(422, errors.idempotencyMismatch);
  return row && row.status !== null ? { status: row.status, body: row.body } : null;
}

/**
 * Runs `work` in one transaction. With an Idempotency-Key, the key is inserted first in the same
 * transaction: a parallel retry waits on it and then returns the stored answer; a later retry
 * returns it too; nothing is written twice. `spend` is marked in the same statement as the key.
 * The work's own `writes` and the stored answer go as one statement: four round trips (BEGIN, key,
 * writes, COMMIT). An answer composed without reading the database takes one (`storeComposed`).
 */
export async function runIdempotent(
  db: Database,
  scope: string,
  key: string | null,
  payload: unknown,
  work: (tx: Transaction) => Promise<HandlerResult>,
  spend?: SpendOnce,
): Promise<HandlerResult> {
  checkedKey(key);
  const requestHash = requestHashOf(payload);
  const spent = sql`${spend ? sql`exists (select 1 from spent)` : sql`true`} as spent`;
  return db.transaction(async (tx) => {
    const finish = async (result: HandlerResult, store: SQLWrapper[]) => {
      await writeTogether(tx, [...(result.writes ?? []), ...store]);
      return { status: result.status, body: result.body };
    };
    if (key === null) {
      if (spend && (await tx.execute(spend.statement)).rows.length === 0) throw new HttpError(400, spend.refusal);
      return finish(await work(tx), []);
    }
    const stored = `${scope}:${key}`;
    const [first] = (
      await tx.execute<{ inserted: boolean; spent: boolean }>(sql`
        with inserted as (
          insert into idempotency_keys (key, scope, request_hash) values (${stored}, ${scope}, ${requestHash})
          on conflict (key) do nothing returning key
        )${spend ? sql`, spent as (${spend.statement})` : sql``}
        select exists (select 1 from inserted) as inserted, ${spent}`)
    ).rows;
    if (!first?.inserted) {
      const answer = await storedAnswer(tx, stored, requestHash);
      if (answer) return answer;
    }
    // Spent with the write it allows: a refused or failed write leaves it unused; a replayed one is refused.
    if (!first?.spent) throw new HttpError(400, spend!.refusal);
    const result = await work(tx);
    return finish(result, [sql`update idempotency_keys set status = ${result.status}, body = ${JSON.stringify(result.body)}::jsonb where key = ${stored}`]);
  });
}

/** The reasons `insieme_refuse` (migration 0020) aborts a statement written by `storeComposed`. */
const REFUSED_STORED = "idempotency-key-stored";
const REFUSED_SPENT = "proof-spent";

function refusalOf(error: unknown) {
  const { code, message } = driverError(error) ?? {};
  return code === "P0001" && (message === REFUSED_STORED || message === REFUSED_SPENT) ? message : null;
}

/**
 * What runIdempotent guarantees, in one statement and without a transaction's round trips, for an
 * answer composed without reading the database (`EndpointOptions.compose`): the Idempotency-Key with
 * the stored answer, the spent proof and the writes go together or not at all. A key already stored
 * or a proof already spent aborts the statement (insieme_refuse), so nothing of it stays; then the
 * stored answer is read, as a retry expects. The writes must not fail on a retry's behalf: fresh ids.
 */
async function storeComposed(db: Database, scope: string, key: string | null, requestHash: string, result: HandlerResult, spend?: SpendOnce): Promise<HandlerResult> {
  const stored = key === null ? null : `${scope}:${key}`;
  const checks: SQL[] = [];
  const parts: SQL[] = [];
  if (stored !== null) {
    parts.push(sql`inserted as (insert into idempotency_keys (key, scope, request_hash, status, body)
      values (${stored}, ${scope}, ${requestHash}, ${result.status}, ${JSON.stringify(result.body)}::jsonb) on conflict (key) do nothing returning key)`);
    checks.push(sql`when not exists (select 1 from inserted) then insieme_refuse(${REFUSED_STORED})`);
  }
  if (spend) {
    parts.push(sql`spent as (${spend.statement})`);
    checks.push(sql`when not exists (select 1 from spent) then insieme_refuse(${REFUSED_SPENT})`);
  }
  parts.push(...writeClauses(result.writes ?? []));
  try {
    if (parts.length > 0) await db.execute(sql`with ${sql.join(parts, sql`, `)} select ${checks.length > 0 ? sql`case ${sql.join(checks, sql` `)} end` : sql`1`}`);
    return { status: result.status, body: result.body };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal === REFUSED_SPENT) throw new HttpError(400, spend!.refusal);
    if (refusal !== REFUSED_STORED) throw error;
    // A key is committed with its answer (here, or at the end of `runIdempotent`'s transaction).
    const answer = await storedAnswer(db, stored!, requestHash);
    if (answer) return answer;
    throw new HttpError(409, errors.idempotencyInFlight);
  }
}

/** The fields of a schema's input, first message per field, or a 400 carrying the first message. */
export function parseFields<S extends z.ZodType>(schema: S, values: unknown): z.infer<S> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new HttpError(400, Object.values(formErrors(parsed.error))[0] ?? errors.invalid);
  return parsed.data;
}

export interface FormActionOptions<Failure extends object, Result> {
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
    try {
      return await options.handle(values, context.db);
    } catch (error) {
      if (error instanceof HttpError) return fail(error.status, error.message);
      // The outage page (503 with Retry-After), as for every route.
      if (isDatabaseUnavailable(error)) throw error;
      logger.error({ scope: options.scope, name: (error as Error)?.name, code: (error as { code?: string })?.code }, "form action failed");
      return fail(500, errors.internal);
    }
  };
}

export interface EndpointOptions<S extends z.ZodType> {
  scope: string;
  schema: S;
  /** Requests per window per client address. */
  rateLimit?: { limit: number; windowSeconds: number };
  handle: (tx: Transaction, data: z.infer<S>, request: Request) => Promise<HandlerResult>;
  /**
   * The answer and its writes composed without reading the database, or undefined for `handle`:
   * sent with the Idempotency-Key and the spent proof as one statement (`storeComposed`).
   */
  compose?: (data: z.infer<S>) => Promise<HandlerResult> | undefined;
  /** A solved anti-spam challenge (header X-Altcha or field `altcha`) is required unless false. */
  proofOfWork?: boolean;
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
    try {
      const limit = options.rateLimit ?? { limit: 30, windowSeconds: 60 };
      const isForm = isFormPost(request);
      if (!(await hitRateLimit(context.db, `${options.scope}:${clientKey(context.clientIp)}`, limit.limit, limit.windowSeconds))) {
        if (isForm) return formRedirect(request, options.scope, "error");
        return jsonResponse(429, { error: errors.rateLimited }, { "Retry-After": String(limit.windowSeconds) });
      }
      const body = isForm ? await readForm(request) : await readJson(request);
      if (!body || typeof body !== "object" || Array.isArray(body)) throw new HttpError(400, errors.notAnObject);
      if (jsonDepth(body) > MAX_JSON_DEPTH) throw new HttpError(400, errors.notAnObject);
      if (hasNulCharacter(body)) throw new HttpError(400, errors.invalidCharacters);
      if (body && typeof body === "object" && "website" in body && (body as { website?: unknown }).website) {
        throw new HttpError(400, errors.spam);
      }
      let solved: SolvedChallenge | null = null;
      if (options.proofOfWork !== false) {
        solved = await verifyProofOfWork(proofOfWorkOf(request, body));
        if (!solved) throw new HttpError(400, proofOfWorkMessages.failed);
        delete (body as Record<string, unknown>)[PROOF_OF_WORK_FIELD];
      }
      const parsed = options.schema.safeParse(body);
      if (!parsed.success) throw new HttpError(400, errors.invalid, formErrors(parsed.error));
      const spend = solved ? { statement: spendStatement(solved), refusal: proofOfWorkMessages.failed } : undefined;
      const key = request.headers.get("idempotency-key");
      const composed = await options.compose?.(parsed.data);
      const result = composed
        ? await storeComposed(context.db, options.scope, checkedKey(key), requestHashOf(parsed.data), composed, spend)
        : await runIdempotent(context.db, options.scope, key, parsed.data, (tx) => options.handle(tx, parsed.data, request), spend);
      if (isForm) return formRedirect(request, options.scope, "ok");
      return jsonResponse(result.status, options.present ? options.present(result.body) : result.body);
    } catch (error) {
      // The database is down or restarting: 503 with Retry-After, and the client retries with the same Idempotency-Key.
      if (isDatabaseUnavailable(error)) return outageResponse(request, options.scope, error);
      if (isFormPost(request)) {
        if (!(error instanceof HttpError)) logger.error({ scope: options.scope, name: (error as Error)?.name, code: (error as { code?: string })?.code }, "endpoint failed");
        return formRedirect(request, options.scope, "error", error);
      }
      if (error instanceof HttpError) {
        return jsonResponse(error.status, error.fields ? { error: error.message, fields: error.fields } : { error: error.message });
      }
      // Only the kind of error: a failed query's message would carry the submitted (personal) values.
      logger.error({ scope: options.scope, name: (error as Error)?.name, code: (error as { code?: string })?.code }, "endpoint failed");
      return jsonResponse(500, { error: errors.internal });
    }
  };
}
