import { sql, type SQL } from "drizzle-orm";
import { retention } from "~/content/site";
import type { Database } from "./db/client.server";
import { dailyAt, registerDailyJob } from "./jobs.server";
import { env } from "./env.server";
import { logger } from "./logger.server";

export const RETENTION_JOB = "retention-purge";

/**
 * What the privacy policy promises, as code: health data (questionnaires, group bookings) at most
 * 5 years; other personal data at most 24 months; confirmed newsletter subscribers until they
 * unsubscribe; operational records (rate limits, idempotency keys, used anti-spam challenges, finished jobs) briefly.
 */
function retentionRules(now: Date): { table: string; where: SQL }[] {
  const at = now.toISOString();
  const health = sql`${at}::timestamptz - make_interval(years => ${retention.healthDataYears})`;
  const other = sql`${at}::timestamptz - make_interval(months => ${retention.otherDataMonths})`;
  return [
    { table: "internal_questionnaire_responses", where: sql`created_at < ${health}` },
    // A booking with clinical notes stays until its notes' period is over (CARE_NOTES_RETENTION_YEARS after its last noted meeting); its notes go with it.
    {
      table: "group_bookings",
      where: sql`created_at < ${health} and not exists (select 1 from care_notes n join group_sessions s on s.id = n.session_id where n.booking_id = group_bookings.id and s.ends_at >= ${at}::timestamptz - make_interval(years => ${env().CARE_NOTES_RETENTION_YEARS}))`,
    },
    { table: "consent_records", where: sql`given_at < ${health}` },
    { table: "audit_log", where: sql`created_at < ${health}` },
    { table: "contacts", where: sql`created_at < ${other}` },
    { table: "registrations", where: sql`created_at < ${other}` },
    { table: "intake_calls", where: sql`created_at < ${other}` },
    { table: "group_waitlist", where: sql`created_at < ${other}` },
    { table: "email_outbox", where: sql`created_at < ${other} and status in ('sent', 'failed')` },
    {
      table: "newsletter_subscribers",
      where: sql`(status = 'pending' and created_at < ${other}) or (status = 'unsubscribed' and coalesce(unsubscribed_at, created_at) < ${other})`,
    },
    { table: "privacy_requests", where: sql`status = 'completed' and completed_at < ${other}` },
    { table: "access_tokens", where: sql`expires_at < ${at}::timestamptz` },
    { table: "pending_actions", where: sql`expires_at < ${at}::timestamptz - interval '7 days'` },
    { table: "idempotency_keys", where: sql`created_at < ${at}::timestamptz - interval '7 days'` },
    { table: "rate_limits", where: sql`window_start < ${at}::timestamptz - interval '1 day'` },
    { table: "sign_in_lockouts", where: sql`last_failure_at < ${at}::timestamptz - interval '1 day'` },
    { table: "used_challenges", where: sql`expires_at < ${at}::timestamptz` },
    { table: "jobs", where: sql`status in ('done', 'cancelled') and finished_at < ${at}::timestamptz - interval '30 days'` },
    { table: "session", where: sql`expires_at < ${at}::timestamptz` },
    { table: "verification", where: sql`expires_at < ${at}::timestamptz` },
  ];
}

/** Deletes everything past its retention at `now`; returns the rows removed per table. */
export async function purgeExpiredData(db: Database, now: Date = new Date()): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('insieme.erasure', 'on', true)`);
    for (const rule of retentionRules(now)) {
      const result = await tx.execute(sql`delete from ${sql.identifier(rule.table)} where ${rule.where}`);
      removed[rule.table] = result.rowCount ?? 0;
    }
  });
  return removed;
}

/** The next 03:00 in Italy after `now` (02:00 UTC). */
export const nextRunAt = dailyAt(2, 0);

export const scheduleRetention = registerDailyJob(RETENTION_JOB, nextRunAt, async (db) => {
  const removed = await purgeExpiredData(db);
  logger.info({ removed }, "retention purge done");
});
