import { and, count, eq, ilike, or, sql, type Column, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { z } from "zod";
import { conflictMessages, VERSION_FIELD } from "~/domain/version";
import { handleErrors, HttpError, orFallback, type ErrorScope } from "../http/errors.server";
import { replyWith, parseSubmission } from "../form-submission.server";
import { audit } from "../audit.server";
import type { SessionInfo } from "../auth.server";
import type { Database } from "../db/client.server";
import { requireAdmin } from "../gates.server";

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
export async function auditListRead(
  db: Pick<Database, "insert">,
  session: SessionInfo,
  entity: { list: string; row: string },
  query: ListQuery,
  page: number,
  openedId?: string,
) {
  await audit(db, session, { action: "list", entity: entity.list, detail: { q: query.q || undefined, status: query.status || undefined, page } });
  if (openedId) await audit(db, session, { action: "read", entity: entity.row, entityId: openedId });
}

/** The search (`q`), status filter (`status`) and page (`page`) of an admin table's URL. */
export function parseListQuery<S extends string>(url: URL, statuses: readonly S[]): ListQuery<S> {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const rawStatus = url.searchParams.get("status") ?? "";
  const status = (statuses as readonly string[]).includes(rawStatus) ? (rawStatus as S) : "";
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  return { q, status, page };
}

/** The page actually shown: `requested` clamped to the last page of `total` rows (page 1 when there are none). */
export function clampPage(requested: number, total: number, pageSize = ADMIN_PAGE_SIZE) {
  return Math.min(requested, Math.max(1, Math.ceil(total / pageSize)));
}

/**
 * A record's version for optimistic concurrency: its updated_at in microseconds since the epoch, as
 * text (exact, where a JavaScript Date would drop the microseconds).
 */
export const versionOf = (column: Column) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** True when the record still has the version the form was loaded from. */
export const hasVersion = (column: Column, version: string): SQL => sql`(extract(epoch from ${column}) * 1000000)::bigint = ${version}::bigint`;

/** The version a form sends back (hidden field `version`). */
export const versionSchema = z.string({ error: "Versione mancante: ricarica la pagina." }).regex(/^\d{1,20}$/, "Versione mancante: ricarica la pagina.");

/** Someone saved the record after this form was loaded: nothing is written (409). */
export class VersionConflict extends HttpError {
  constructor() {
    super(409, conflictMessages.title);
  }
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

export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  // Drizzle wraps the driver's error in `cause`.
  for (let depth = 0; depth < 3 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === "23505";
export const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === "23503";

/** Runs a page loader's query; on failure logs it and gives `fallback` plus the spec's error text. */
export async function loadOr<T extends object, F extends object>(scope: string, fallback: F, message: string, work: () => Promise<T>) {
  const loaded = await orFallback(scope, null, work);
  return loaded ? { ...loaded, loadError: null as string | null } : { ...fallback, loadError: message as string | null };
}

/** A successful admin action: the component shows `message` as a toast. */
export function actionOk(intent: string, message: string, id?: string) {
  return { ok: true as const, intent, message, ...(id ? { id } : {}) };
}

/** A refused admin action with its HTTP status; field errors sit beside their fields. */
export function actionFail(
  intent: string,
  status: number,
  error: string,
  options: { description?: string; result?: SubmissionResult<string[]>; conflict?: boolean } = {},
) {
  return data({ ok: false as const, intent, error, ...options }, { status });
}

/** The toast's description when a staff form is refused for its fields. */
export const checkFields = "Controlla i campi evidenziati.";

/**
 * A staff form refused (Conform, see `parseSubmission`): the toast's title and description (such
 * as "check the fields"), the messages on their fields; `fieldErrors`/`formError` add what only the server knows.
 */
export function submissionRefused(
  intent: string,
  title: string,
  submission: Submission<unknown>,
  { status = 400, description, fieldErrors, formError }: { status?: number; description?: string; fieldErrors?: Record<string, string>; formError?: string } = {},
) {
  return actionFail(intent, status, title, { description, result: replyWith(submission, { fieldErrors, formError }) });
}

export interface StaffRefusal {
  /** The toast's title, with the error's message as its description; without one the message is the title. */
  title?: string;
  /** The staff form that was read (Conform, `parseSubmission`): its reply carries the messages on their fields. */
  submission?: Submission<unknown>;
  /** The toast's description when someone saved the record after the form was loaded (VersionConflict). */
  conflictDescription?: string;
}

/**
 * An admin action refused (an HttpError, see `handleErrors`), as its toast: `title` and the error's
 * message (none when it only repeats the title); a version conflict as "reload" (409, `conflict`);
 * when a staff form was read, its reply, with what only the database knows about a field (HttpError's
 * `fields`, such as a capacity below the confirmed people) on that field.
 */
export function actionFailure(intent: string, error: HttpError, { title, submission, conflictDescription }: StaffRefusal = {}) {
  if (error instanceof VersionConflict) return actionFail(intent, 409, conflictMessages.title, { ...(conflictDescription ? { description: conflictDescription } : {}), conflict: true });
  if (title === undefined) return actionFail(intent, error.status, error.message);
  const description = error.message === title ? undefined : error.message;
  if (submission) return submissionRefused(intent, title, submission, { status: error.status, description, fieldErrors: error.fields });
  return actionFail(intent, error.status, title, { description });
}

/** An admin action's work; what it throws is refused as `actionFailure` shows it (a fault: logged, then a 500 with `fallback`). */
export function staffAction<T>(intent: string, work: () => Promise<T>, { scope, fallback, ...refusal }: StaffRefusal & ErrorScope) {
  return handleErrors(work, (error) => actionFailure(intent, error, refusal), { scope, fallback });
}

/** A record id as the admin forms post it (a UUID). */
export const isRecordId = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f-]{36}$/i.test(value);

/** A record id as posted, or the 404 of a missing record (`notFound`): a malformed id names nothing. */
export function recordId(value: unknown, notFound: string): string {
  if (!isRecordId(value)) throw new HttpError(404, notFound);
  return value;
}

export interface RecordActionOptions<Schema extends z.ZodType, Row extends { id: string }> {
  /** The log scope ("admin-blog") and the audit log's entity ("blog_post"). */
  scope: string;
  entity: string;
  /** The record's form schema, the one its dialog validates with (`useRecordForm`). */
  schema: Schema;
  create: (db: Database, input: z.output<Schema>) => Promise<Row>;
  /** Refuses with VersionConflict when the record changed since `version` was read. */
  update: (db: Database, id: string, version: string, input: z.output<Schema>) => Promise<Row>;
  /** Runs after a create or an update (groups re-plan their sessions). */
  afterSave?: (db: Database, id: string) => Promise<unknown>;
  /** What the audit log keeps of a saved row beside its id. */
  auditDetail?: (row: Row) => Record<string, unknown>;
  /** The page's words: toast titles, the field-errors description, the not-found and unknown-action texts. */
  messages: { saveFailed: string; checkFields: string; notFound: string; created: string; updated: string; unknown: string };
  /** The page's other intents (delete, close) on one existing record: the toast on success, the audit detail. */
  intents?: Record<string, { failed: string; run: (db: Database, id: string) => Promise<{ message: string; detail?: Record<string, unknown> }> }>;
}

/**
 * The one action of an admin page that creates, updates and otherwise acts on records (blog posts,
 * therapists, groups): staff only, the form parsed with its dialog's schema and refused as Conform's
 * result (the messages on their fields, and there too what only the database knows), the
 * optimistic version check (409 with "Ricarica"), an audit entry per change, and a toast's title and
 * description for every refusal (HttpError's status and message; anything else a logged 500).
 */
export function recordAction<Schema extends z.ZodType, Row extends { id: string }>(options: RecordActionOptions<Schema, Row>) {
  const { messages } = options;
  return async ({ request, context }: { request: Request; context: { db: Database } }) => {
    const session = await requireAdmin(context.db, request);
    const db = context.db;
    const form = await request.formData();
    const intent = String(form.get("intent") ?? "");
    const id = form.get("id");
    const other = options.intents?.[intent];
    const refusal = { scope: options.scope, conflictDescription: conflictMessages.form };
    if (other) {
      return staffAction(
        intent,
        async () => {
          if (!isRecordId(id)) throw new HttpError(404, messages.notFound);
          const { message, detail } = await other.run(db, id);
          await audit(db, session, { action: intent, entity: options.entity, entityId: id, ...(detail ? { detail } : {}) });
          return actionOk(intent, message);
        },
        { ...refusal, title: other.failed, fallback: other.failed },
      );
    }
    if (intent !== "create" && intent !== "update") return actionFail(intent, 400, messages.unknown);
    const submission = parseSubmission(form, options.schema);
    if (submission.status !== "success") return submissionRefused(intent, messages.saveFailed, submission, { description: messages.checkFields });
    return staffAction(
      intent,
      async () => {
        let row: Row;
        if (intent === "create") {
          row = await options.create(db, submission.value);
        } else {
          if (!isRecordId(id)) throw new HttpError(404, messages.notFound);
          const version = versionSchema.safeParse(form.get(VERSION_FIELD));
          if (!version.success) throw new HttpError(400, version.error.issues[0]!.message);
          row = await options.update(db, id, version.data, submission.value);
        }
        await options.afterSave?.(db, row.id);
        const detail = options.auditDetail?.(row);
        await audit(db, session, { action: intent, entity: options.entity, entityId: row.id, ...(detail ? { detail } : {}) });
        return actionOk(intent, intent === "create" ? messages.created : messages.updated, row.id);
      },
      { ...refusal, title: messages.saveFailed, fallback: messages.saveFailed, submission },
    );
  };
}
