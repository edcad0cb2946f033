import { getTableColumns, SQL, sql, type SQLWrapper } from "drizzle-orm";
import { PgTransaction, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { drizzle, NodePgSession, NodePgTransaction, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { logger } from "../logger.server";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** How long a request waits for a connection before it is told the service is unavailable. */
export const CONNECT_TIMEOUT_MS = 3000;

/** What runs once a transaction has committed, by its session (a savepoint's transaction shares its parent's). */
const commitHooks = new WeakMap<object, (() => void)[]>();

/**
 * drizzle-orm 0.45's pooled transaction() sends BEGIN before the try whose finally releases the client:
 * when the connection dies between checkout and BEGIN (a PostgreSQL restart under load) the client is
 * never returned and the pool is one connection short for the life of the process (drizzle-orm issues
 * 6023, 6241, open). It also returns a client whose ROLLBACK failed to the pool as healthy. This is the
 * same transaction with BEGIN inside the try and a broken client destroyed. Installed once, at import.
 */
function releaseClientsOfFailedTransactions() {
  type Internals = { client: pg.Pool | pg.PoolClient; dialect: unknown; schema: unknown; options: unknown };
  type Session = ConstructorParameters<typeof NodePgSession>;
  type TransactionArgs = ConstructorParameters<typeof NodePgTransaction>;
  NodePgSession.prototype.transaction = async function transaction(this: NodePgSession<never, never>, work, config) {
    const self = this as unknown as Internals;
    // A single client (the migrator's) has nothing to release.
    const client = self.client instanceof pg.Pool ? await self.client.connect() : undefined;
    const session = client ? new NodePgSession(client, ...([self.dialect, self.schema, self.options] as unknown as Session extends [unknown, ...infer Rest] ? Rest : never)) : this;
    const tx = new NodePgTransaction(...([self.dialect, session, self.schema] as unknown as TransactionArgs));
    let broken: Error | undefined;
    let begun = false;
    const hooks: (() => void)[] = [];
    commitHooks.set(session, hooks);
    try {
      const mode = config ? (tx as unknown as { getTransactionConfigSQL(c: typeof config): ReturnType<typeof sql> }).getTransactionConfigSQL(config) : undefined;
      await tx.execute(sql`begin${mode ? sql` ${mode}` : undefined}`);
      begun = true;
      const result = await work(tx as never);
      await tx.execute(sql`commit`);
      commitHooks.delete(session);
      for (const hook of hooks) {
        try {
          hook();
        } catch (error) {
          logger.error({ err: error }, "a transaction's after-commit hook failed");
        }
      }
      return result;
    } catch (error) {
      if (begun) await tx.execute(sql`rollback`).catch((rollbackError: Error) => (broken = rollbackError));
      else broken = error as Error;
      throw error;
    } finally {
      if (commitHooks.get(session) === hooks) commitHooks.delete(session);
      client?.release(broken);
    }
  };
}
releaseClientsOfFailedTransactions();

/**
 * Runs `hook` once what `db` wrote is committed: right after the COMMIT of the transaction `db` is
 * (or is a savepoint of), before that transaction() call returns; at once when `db` is the pool,
 * whose statements commit as they run. Never after a rollback (a savepoint rolled back inside a
 * committed transaction still runs its hooks). A hook that throws is logged; the commit stands.
 */
export function afterCommit(db: Database | Transaction, hook: () => void) {
  if (!(db instanceof PgTransaction)) return hook();
  const hooks = commitHooks.get(db._.session);
  if (!hooks) throw new Error("afterCommit: the transaction is over, or was not begun by transaction()");
  hooks.push(hook);
}

/** A pool and its Drizzle handle. Opened lazily: the build imports this module without a database. */
export function createDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A client whose server goes away emits 'error': with no listener that ends the process. The pool
  // listens only while a client is idle; a client checked out for a transaction needs its own listener.
  // The query under way fails on its own, and the pool discards the broken client when it is released.
  pool.on("connect", (client) => {
    // Socket errors and the server's FATAL messages: neither quotes a query's values.
    client.on("error", (error: Error & { code?: string }) => logger.warn({ code: error.code, reason: error.message }, "database connection lost"));
  });
  pool.on("error", () => undefined); // already logged by the client's own listener
  return drizzle(pool, { schema }) as Database;
}

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections; class 08 is every connection exception. */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when an error means the database cannot be reached (down, restarting, refusing connections),
 * not that a query was wrong: such a request is answered 503 and can be retried. Drizzle wraps the
 * driver's error in `cause`; a failed connect to several addresses is an AggregateError.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || SERVER_CODES.has(code) || /^08/.test(code))) return true;
  if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * Runs a write that must not be lost to a database restart (marking an e-mail sent once the SMTP
 * server took it), again and again while the database is unreachable, for at most `withinMs`.
 */
export async function retryWhileUnavailable<T>(work: () => Promise<T>, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (let wait = 250; ; wait = Math.min(wait * 2, 4000)) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + wait > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** One round trip that throws when the database does not answer (/healthz, the outage check of a 500). */
export async function pingDatabase(db: Pick<Database, "execute">) {
  await db.execute(sql`select 1`);
}

/** The driver's error inside Drizzle's wrapper (the first one with a code), or the error itself. */
export function driverError(error: unknown) {
  let current = error as { name?: string; code?: string; message?: string; cause?: unknown } | undefined;
  while (current?.cause && !current.code) current = current.cause as typeof current;
  return current;
}

/** A unique constraint refused the write (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown) => driverError(error)?.code === "23505";
/** An exclusion constraint refused the write (SQLSTATE 23P01): e.g. two booked calls of one therapist would overlap. */
export const isExclusionViolation = (error: unknown) => driverError(error)?.code === "23P01";
/** A foreign key refused the write (SQLSTATE 23503): the record it points to is gone. */
export const isForeignKeyViolation = (error: unknown) => driverError(error)?.code === "23503";

/** The kind of a database error without its message: a failed query's message may quote personal values. */
export function describeDatabaseError(error: unknown): { name?: string; code?: string } {
  const inner = driverError(error);
  return { name: inner?.name, code: inner?.code };
}

/**
 * Ends a client or pool, waiting at most `ms`: pg's end() waits for every socket's close, which never
 * comes for a connection PostgreSQL dropped under it (seen after a kill -9 and restart). A shutdown
 * goes on; the process exit closes what is left. Returns false when it gave up.
 */
export async function endWithin(connection: pg.Client | pg.Pool, ms = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const ended = connection.end().then(
    () => true,
    () => true,
  );
  const outcome = await Promise.race([ended, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]);
  clearTimeout(timer);
  return outcome;
}

/**
 * Runs several writes as one statement (data-modifying CTEs): one round trip and one plan instead of
 * one per write, and all of them or none. They see the same snapshot and not each other's rows, so
 * each must stand alone: ids are made beforehand (a foreign key between them is checked at the end).
 */
export async function writeTogether(executor: Pick<Database, "execute">, writes: SQLWrapper[]) {
  if (writes.length === 0) return;
  await executor.execute(sql`with ${sql.join(writeClauses(writes), sql`, `)} select 1`);
}

/** The writes as the clauses of a WITH: `w0 as (…)`, `w1 as (…)`. */
export function writeClauses(writes: SQLWrapper[]) {
  // A query builder is embedded in parentheses by drizzle itself; a plain SQL fragment is not.
  return writes.map((write, index) => sql`${sql.raw(`w${index}`)} as ${write instanceof SQL ? sql`(${write})` : write}`);
}

/** The column list of an `insertRows` statement, per table and set of keys: built once, not per request. */
const insertHeads = new WeakMap<PgTable, Map<string, { columns: PgColumn[]; head: SQL }>>();

function insertHead(table: PgTable, keys: string[], expressions: string[]) {
  let heads = insertHeads.get(table);
  if (!heads) insertHeads.set(table, (heads = new Map()));
  const id = `${keys.join(",")}|${expressions.join(",")}`;
  let head = heads.get(id);
  if (!head) {
    const all = getTableColumns(table) as Record<string, PgColumn>;
    const columnOf = (key: string) => {
      const column = all[key];
      if (!column) throw new Error(`insertRows: ${key} is not a column`);
      return column;
    };
    const columns = keys.map(columnOf);
    const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
    const into = [...columns, ...expressions.map(columnOf)].map((column) => quoted(column.name)).join(", ");
    head = { columns, head: sql.raw(`(${into}) select ${columns.map((column) => quoted(column.name)).join(", ")}`) };
    heads.set(id, head);
  }
  return head;
}

/**
 * An INSERT of rows sent as one JSON parameter (`jsonb_populate_recordset`) instead of one parameter
 * per value, for `writeTogether`: the busiest write (a questionnaire, some seventy values) spent a
 * seventh of the server's time having Drizzle assemble its parameters (docs/decisions/014-questionnaire-one-statement.md). Every row
 * has the same keys (a column left out takes its default); `expressions` are SQL values for every
 * row (`now()`); values are encoded as Drizzle would (dates as ISO text), JSON columns as they are.
 */
export function insertRows<T extends PgTable, E extends keyof T["$inferInsert"] = never>(
  table: T,
  rows: Omit<T["$inferInsert"], E>[],
  options: { expressions?: { [K in E]: SQL }; onConflictDoNothing?: PgColumn } = {},
): SQL {
  const keys = rows[0] ? Object.keys(rows[0]).filter((key) => (rows[0] as Record<string, unknown>)[key] !== undefined) : [];
  if (keys.length === 0) throw new Error("insertRows: no rows, or rows without values");
  const expressions = Object.entries(options.expressions ?? {}) as [string, SQL][];
  const { columns, head } = insertHead(
    table,
    keys,
    expressions.map(([key]) => key),
  );
  const values = rows.map((row) => {
    const record = row as Record<string, unknown>;
    if (Object.keys(record).filter((key) => record[key] !== undefined).length !== keys.length) throw new Error("insertRows: rows with different keys");
    const encoded: Record<string, unknown> = {};
    columns.forEach((column, index) => {
      const value = record[keys[index]!];
      if (value === undefined) throw new Error("insertRows: rows with different keys");
      encoded[column.name] = value === null || column.dataType === "json" ? value : column.mapToDriverValue(value);
    });
    return encoded;
  });
  const selected =
    expressions.length > 0
      ? sql`, ${sql.join(
          expressions.map(([, expression]) => expression),
          sql`, `,
        )}`
      : sql``;
  const conflict = options.onConflictDoNothing ? sql` on conflict (${sql.identifier(options.onConflictDoNothing.name)}) do nothing` : sql``;
  return sql`insert into ${table} ${head}${selected} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(values)}::jsonb)${conflict}`;
}
