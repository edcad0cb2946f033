import { desc, eq, sql } from "drizzle-orm";
import { readAnswers } from "../crypto.server";
import type { Database } from "../db/client.server";
import { questionnaireResponses } from "../db/schema";
import { cursorAt, type ListQuery, newestFirstBatches, peopleFilter, personColumns, pageOf } from "./admin-lists.server";

/** "completed" is the status the questionnaire sets; anything else is shown as secondary. */
const questionnaireStatuses = ["completed"] as const;

const where = (query: Omit<ListQuery, "page">) => peopleFilter(questionnaireResponses, query);

/** The table's columns: no health data (the answers) in the list, only in the one response opened. */
const summaryColumns = {
  ...personColumns(questionnaireResponses),
  age: questionnaireResponses.age,
  gender: questionnaireResponses.gender,
  city: questionnaireResponses.city,
  timePreference: questionnaireResponses.timePreference,
  selectedGroupTherapist: questionnaireResponses.selectedGroupTherapist,
  status: questionnaireResponses.status,
};

/** One page of responses, newest first, with the total; a page past the last one shows the last one. */
export async function listResponses(db: Database, query: ListQuery) {
  const filter = where(query);
  return pageOf(db, questionnaireResponses, filter, query.page, (limit, offset) =>
    db
      .select(summaryColumns)
      .from(questionnaireResponses)
      .where(filter)
      .orderBy(desc(questionnaireResponses.createdAt), desc(questionnaireResponses.id))
      .limit(limit)
      .offset(offset),
  );
}

/**
 * The statuses present, one index probe each (a loose index scan of `responses_status_idx`, migration
 * 0034): `select distinct status` read all 50,000 questionnaires of a large practice (90-190 ms).
 */
export const STATUSES_SQL = `
  with recursive present as (
    (select status from internal_questionnaire_responses order by status limit 1)
    union all
    select (select r.status from internal_questionnaire_responses r where r.status > present.status order by r.status limit 1)
    from present where present.status is not null)
  select status from present where status is not null`;

/** Every status present, for the filter (the known ones first). */
export async function responseStatuses(db: Database) {
  const { rows } = await db.execute<{ status: string }>(sql.raw(STATUSES_SQL));
  const present = rows.map((row) => row.status);
  return [...new Set<string>([...questionnaireStatuses, ...present])];
}

/** The CSV holds the same summary as the table: health answers stay in the admin area. */
export function exportResponses(db: Database, query: Omit<ListQuery, "page">) {
  return newestFirstBatches(questionnaireResponses, where(query), (filter, limit) =>
    db
      .select({ ...summaryColumns, cursorAt: cursorAt(questionnaireResponses.createdAt) })
      .from(questionnaireResponses)
      .where(filter)
      .orderBy(desc(questionnaireResponses.createdAt), desc(questionnaireResponses.id))
      .limit(limit),
  );
}

/** One full response, its answers decrypted for the admin dialog. */
export async function findResponse(db: Database, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(questionnaireResponses).where(eq(questionnaireResponses.id, id));
  return row ? { ...row, answers: readAnswers(row.answers) } : undefined;
}
