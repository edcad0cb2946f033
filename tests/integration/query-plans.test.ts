import { eq, type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/server/db/client.server";
import { PER_WEEK_SQL, SOURCES_SQL } from "../../app/server/services/admin-overview.server";
import { questionnaireResponses } from "../../app/server/db/schema";
import { responseStatuses, STATUSES_SQL } from "../../app/server/services/admin-questionnaires.server";
import { monthFiguresSql } from "../../app/server/services/books-exports.server";
import { testDatabase } from "./database";

/**
 * The queries issue 32 found reading whole tables use an index: each is planned with sequential
 * scans priced out (`enable_seqscan = off`), so a plan that still holds a Seq Scan of the table has
 * no index matching its condition or order. The e-mail comparisons are written as the services
 * write them (`lower(column) = $email`: client area, gates, privacy export and erasure), the
 * mailbox's page as /admin/posta asks it, the dashboard's weekly counts and sources as loadOverview runs them,
 * the books' monthly figures per therapist as /admin/contabilita asks them, the questionnaires' statuses for their filter.
 */

let db: Database;

beforeAll(async () => {
  db = await testDatabase();
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

/** Every node of the query's plan, planned as if each table were large. */
async function planOf(query: string | SQL): Promise<PlanNode[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const { rows } = await tx.execute<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      typeof query === "string" ? sql.raw(`explain (format json) ${query}`) : sql`explain (format json) ${query}`,
    );
    const nodes: PlanNode[] = [];
    const walk = (node: PlanNode) => {
      nodes.push(node);
      node.Plans?.forEach(walk);
    };
    walk(rows[0]!["QUERY PLAN"][0].Plan);
    return nodes;
  });
}

const email = "'persona@example.it'";
const byEmail: [string, string][] = [
  ["group_bookings", `select id from group_bookings where lower(email) = ${email}`],
  ["internal_questionnaire_responses", `select id from internal_questionnaire_responses where lower(email) = ${email}`],
  ["registrations", `select id from registrations where lower(email) = ${email}`],
  ["consent_records", `select id from consent_records where lower(email) = ${email}`],
  ["intake_calls", `select id from intake_calls where lower(email) = ${email}`],
  ["group_waitlist", `select id from group_waitlist where lower(email) = ${email}`],
  ["contacts", `select id from contacts where lower(email) = ${email}`],
  ["email_outbox", `select id from email_outbox where lower("to") = ${email}`],
  ["email_outbox", `delete from email_outbox where lower("to") = ${email}`],
];

describe("queries that use indexes", () => {
  it.each(byEmail)("an e-mail address compared in lower case finds its %s rows through an index: %s", async (table, query) => {
    const nodes = await planOf(query);
    expect(nodes.filter((node) => node["Relation Name"] === table && node["Node Type"] === "Seq Scan")).toEqual([]);
    expect(nodes.some((node) => node["Relation Name"] === table && /Index|Bitmap Heap/.test(node["Node Type"]))).toBe(true);
  });

  it("the mailbox's page (newest first) reads email_outbox in its index's order, without sorting the table", async () => {
    const nodes = await planOf(`select id, "to", subject from email_outbox order by created_at desc, id desc limit 50 offset 100`);
    expect(nodes.map((node) => node["Node Type"])).not.toContain("Seq Scan");
    expect(nodes.map((node) => node["Node Type"])).not.toContain("Sort");
    expect(nodes.find((node) => node["Relation Name"] === "email_outbox")?.["Index Name"]).toBe("outbox_created_at_idx");
  });

  it("the dashboard's questionnaires per week count the last twelve weeks' ranges from the created_at index alone", async () => {
    const nodes = await planOf(PER_WEEK_SQL);
    const read = nodes.filter((node) => node["Relation Name"] === "internal_questionnaire_responses");
    expect(read.map((node) => [node["Node Type"], node["Index Name"]])).toEqual([["Index Only Scan", "responses_created_at_idx"]]);
  });

  it("the books' month per therapist reads the month's meetings by start and counts each one's charged marks from the index alone", async () => {
    const nodes = await planOf(monthFiguresSql(new Date("2026-10-31T23:00:00Z"), new Date("2026-11-30T23:00:00Z")));
    const read = (table: string) => nodes.filter((node) => node["Relation Name"] === table).map((node) => [node["Node Type"], node["Index Name"]]);
    expect(read("attendance")).toEqual([["Index Only Scan", "attendance_session_status_idx"]]);
    expect(read("group_sessions").flat()).not.toContain("Seq Scan");
    expect(nodes.map((node) => node["Index Name"])).toContain("group_sessions_starts_at_idx");
  });

  it("the questionnaires' status filter offers the known statuses first, then each other status present once", async () => {
    await db.execute(sql`
      insert into internal_questionnaire_responses (name, email, age, gender, city, answers, time_preference, source_discovery, newsletter_subscription, privacy_consent, consent_at, status)
      select 'X', 'stati@example.it', '26-35', 'Donna', 'Roma', '{}', 'Sera', 'Instagram', 'no', true, now(), status
      from unnest(array['completed', 'archiviato', 'archiviato', 'bozza', 'completed']) as status`);
    expect(await responseStatuses(db)).toEqual(["completed", "archiviato", "bozza"]);
    await db.delete(questionnaireResponses).where(eq(questionnaireResponses.email, "stati@example.it"));
  });

  it("the questionnaires' status filter finds the statuses present by probing the status index, not reading the table", async () => {
    const nodes = await planOf(STATUSES_SQL);
    const read = nodes.filter((node) => node["Relation Name"] === "internal_questionnaire_responses");
    expect(read.length).toBeGreaterThan(0);
    for (const node of read) expect([node["Node Type"], node["Index Name"]]).toEqual(["Index Only Scan", "responses_status_idx"]);
  });

  it("the dashboard's sources (how people found the practice) count from the source index alone", async () => {
    const nodes = await planOf(SOURCES_SQL);
    const read = nodes.filter((node) => node["Relation Name"] === "internal_questionnaire_responses");
    expect(read.map((node) => [node["Node Type"], node["Index Name"]])).toEqual([["Index Only Scan", "responses_source_idx"]]);
  });
});
