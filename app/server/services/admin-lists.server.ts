import { and, count, eq, ilike, or, sql, type Column, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { audit } from "../audit.server";
import { loadOr } from "../http/staff-action.server";
import type { SessionInfo } from "../auth.server";
import type { Database } from "../db/client.server";

/** The admin tables: their URL's search, filter and page, their WHERE, one page of rows with the total. */

/** Rows per page of every admin table. */
export const ADMIN_PAGE_SIZE = 20;

export interface ListQuery<S extends string = string> {
  q: string;
  status: S | "";
  page: number;
}

/**
 * Audits a staff member reading a page of an admin table (its search, filter and page) and, when
 * one row is open in its dialog, reading that row.
 */
export async function auditListRead(db: Pick<Database, "insert">, session: SessionInfo, entity: { list: string; row: string }, query: ListQuery, page: number, openedId?: string) {
  await audit(db, session, { action: "list", entity: entity.list, detail: { q: query.q || undefined, status: query.status || undefined, page } });
  if (openedId) await audit(db, session, { action: "read", entity: entity.row, entityId: openedId });
}

/** The search (`q`), status filter (`status`) and page (`page`) of an admin table's URL. */
export function parseListQuery<S extends string>(url: URL, statuses: readonly S[]): ListQuery<S> {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const rawStatus = url.searchParams.get("status") ?? "";
  const status = (statuses as readonly string[]).includes(rawStatus) ? (rawStatus as S) : "";
  return { q, status, page: pageParam(url) };
}

/** A page number from the URL (`name`, "page" by default): 1 when absent or not a number. */
export function pageParam(url: URL, name = "page") {
  return Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get(name) ?? "1", 10) || 1));
}

/** The page actually shown: `requested` clamped to the last page of `total` rows (page 1 when there are none). */
export function clampPage(requested: number, total: number, pageSize = ADMIN_PAGE_SIZE) {
  return Math.min(requested, Math.max(1, Math.ceil(total / pageSize)));
}

/** An ILIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The WHERE of an admin list: the search (any of `searched` contains it) and the status filter (a list without statuses has none). */
export function listFilter(query: { q: string; status?: string }, searched: Column[], status?: Column): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(...searched.map((column) => ilike(column, pattern)))!);
  }
  if (query.status && status) conditions.push(eq(status, query.status));
  return conditions.length ? and(...conditions) : undefined;
}

/** A table of people staff list: who, when, and in which state. */
interface PeopleTable {
  id: Column;
  createdAt: Column;
  name: Column;
  email: Column;
  status: Column;
}

/** The columns every admin list of people starts with: the id, when it came, the name and the e-mail. */
export function personColumns<T extends PeopleTable>(table: T): Pick<T, "id" | "createdAt" | "name" | "email"> {
  return { id: table.id, createdAt: table.createdAt, name: table.name, email: table.email };
}

/** The WHERE of an admin list of people: the search in the name and the e-mail, and the status filter. */
export const peopleFilter = (table: PeopleTable, query: { q: string; status: string }) => listFilter(query, [table.name, table.email], table.status);

/**
 * One page of an admin list, with the total: counts the rows of `table` that `filter` keeps, clamps
 * the requested page to the last one, and has `rows` read that page (the limit and the offset).
 * A list whose search reads a joined table counts through `counted` instead (the same FROM and JOINs).
 */
export async function pageOf<R>(
  db: Database,
  table: PgTable,
  filter: SQL | undefined,
  requested: number,
  rows: (limit: number, offset: number) => Promise<R[]>,
  counted?: () => Promise<{ value: number }[]>,
) {
  const [total] = await (counted ? counted() : db.select({ value: count() }).from(table).where(filter));
  return pageFrom(total?.value ?? 0, requested, rows);
}

/** The page `requested` of `total` rows, clamped to the last one, read by `rows`. */
export async function pageFrom<R>(total: number, requested: number, rows: (limit: number, offset: number) => Promise<R[]>, pageSize = ADMIN_PAGE_SIZE) {
  const page = clampPage(requested, total, pageSize);
  return { rows: await rows(pageSize, (page - 1) * pageSize), total, page };
}

/** Rows an export reads per query. */
export const EXPORT_BATCH = 500;

/** A row of an export read newest first: its id and its `created_at` as PostgreSQL wrote it (a Date would drop the microseconds). */
export interface NewestFirstRow {
  id: string;
  cursorAt: string;
}

/** The cursor column of an export's rows: `created_at` as text. */
export const cursorAt = (createdAt: Column) => sql<string>`${createdAt}::text`;

/**
 * The rows `filter` keeps, newest first by (created_at, id), in keyset batches of EXPORT_BATCH: one
 * batch in memory at a time, no row limit, each query on the created_at index. `read` runs the list's
 * query with the WHERE and the LIMIT it is given, ordered by created_at desc, id desc.
 */
export async function* newestFirstBatches<R extends NewestFirstRow>(
  table: { createdAt: Column; id: Column },
  filter: SQL | undefined,
  read: (where: SQL | undefined, limit: number) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after: NewestFirstRow | undefined;
  for (;;) {
    const before = after
      ? sql`${table.createdAt} <= ${after.cursorAt}::timestamptz and (${table.createdAt} < ${after.cursorAt}::timestamptz or ${table.id} < ${after.id}::uuid)`
      : undefined;
    const rows = await read(and(filter, before), EXPORT_BATCH);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    after = rows.at(-1);
  }
}

/**
 * An admin table's loader data: its query from the URL (search, status filter, page), one page loaded by
 * `work` (or `fallback` with the load error, see `loadOr`), and the query with the page actually shown.
 */
export async function listPageData<S extends string, T extends { page: number }, F extends { page: number }>(
  url: URL,
  statuses: readonly S[],
  load: { scope: string; fallback: F; message: string },
  work: (query: ListQuery<S>) => Promise<T>,
) {
  const query = parseListQuery(url, statuses);
  const result = await loadOr(load.scope, load.fallback, load.message, () => work(query));
  return { ...result, query: { ...query, page: result.page }, pageSize: ADMIN_PAGE_SIZE };
}

/**
 * One page of an admin table and the row open in its dialog (the URL's `viewParam`), both audited as
 * read; `viewMissing` when the URL names a row that is not there.
 */
export async function pageWithOpenRow<Page extends { page: number }, Row extends { id: string }>(
  db: Pick<Database, "insert">,
  session: SessionInfo,
  open: { url: URL; viewParam: string; entity: { list: string; row: string }; query: ListQuery },
  load: { page: () => Promise<Page>; row: (id: string) => Promise<Row | null | undefined> },
) {
  const viewId = open.url.searchParams.get(open.viewParam);
  const [page, viewing] = await Promise.all([load.page(), viewId ? load.row(viewId) : undefined]);
  await auditListRead(db, session, open.entity, open.query, page.page, viewing?.id);
  return { ...page, viewing: viewing ?? null, viewMissing: Boolean(viewId && !viewing) };
}
