import { and, count, eq, ilike, or, type Column, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { audit } from "../audit.server";
import type { SessionInfo } from "../auth.server";
import type { Database } from "../db/client.server";

/** The admin tables: their URL's search, filter and page, their WHERE, one page of rows with the total. */

/** Rows per page of every admin table. */
export const ADMIN_PAGE_SIZE = 20;
/** Rows in one CSV export at most: more means the filter is too wide to be useful. */
export const CSV_EXPORT_LIMIT = 10_000;

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

/** The WHERE of an admin list: the search (any of `searched` contains it) and the status filter. */
export function listFilter(query: { q: string; status: string }, searched: Column[], status: Column): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(...searched.map((column) => ilike(column, pattern)))!);
  }
  if (query.status) conditions.push(eq(status, query.status));
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
 */
export async function pageOf<R>(db: Database, table: PgTable, filter: SQL | undefined, requested: number, rows: (limit: number, offset: number) => Promise<R[]>) {
  const [counted] = await db.select({ value: count() }).from(table).where(filter);
  const total = counted?.value ?? 0;
  const page = clampPage(requested, total);
  return { rows: await rows(ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE), total, page };
}
