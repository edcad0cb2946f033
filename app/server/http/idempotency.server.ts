import { createHash } from "node:crypto";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { driverError, writeClauses, writeTogether } from "../db/client.server";
import { errors, HttpError } from "./errors.server";

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
interface SpendOnce {
  /** Inserts the mark; returns a row only when it was not there. */
  statement: SQL;
  /** The 400's message when it was used. */
  refusal: string;
}

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

function checkedKey(key: string | null) {
  if (key !== null && !/^[A-Za-z0-9_.:-]{8,128}$/.test(key)) throw new HttpError(400, errors.idempotencyKey);
  return key;
}

const requestHashOf = (payload: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(payload ?? null))
    .digest("hex");

/** The answer stored with an Idempotency-Key (null while it has none); 422 when the key came with another payload. */
async function storedAnswer(executor: Pick<Database, "execute">, stored: string, requestHash: string): Promise<HandlerResult | null> {
  const [row] = (
    await executor.execute<{ status: number | null; body: unknown; request_hash: string }>(sql`select status, body, request_hash from idempotency_keys where key = ${stored}`)
  ).rows;
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
export async function storeComposed(db: Database, scope: string, key: string | null, payload: unknown, result: HandlerResult, spend?: SpendOnce): Promise<HandlerResult> {
  const requestHash = requestHashOf(payload);
  const stored = checkedKey(key) === null ? null : `${scope}:${key}`;
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
