import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { absenceNotice } from "~/content/site";
import { clientPaymentPaths } from "~/domain/client-area";
import { announcedInTime, sessionLabel } from "~/domain/sessions";
import type { Database } from "../db/client.server";
import { attendance, groupBookings, groups, groupSessions, sessionReminders } from "../db/schema";
import { publicBaseUrl } from "../env.server";
import { enqueueJobs, registerJob } from "../jobs.server";
import { logger } from "../logger.server";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { SessionReminderEmail } from "../mail/session-templates";
import { bankTransferOf, practiceAccount } from "./bank-transfer.server";
import { queueOutcomeMeasures } from "./outcome-measures.server";
import { queueCallReminders } from "./therapist-calls.server";
import { escalateSafetyAlerts } from "./safety-alerts.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const REMINDERS_JOB = "session-reminders";
/** A member hears of a meeting this long before it starts. */
const REMINDER_LEAD_HOURS = 24;
/** How often the job looks for meetings entering the window: a reminder leaves 24 h to 23 h 45 before. */
const REMINDER_EVERY_MINUTES = 15;

/**
 * Where the reminder's "Segnala un'assenza" leads: the member's own area, which signs them in
 * (magic link) before anything is recorded; the link alone changes nothing (DESIGN §13).
 */
function absenceUrl(sessionId: string) {
  return `${publicBaseUrl()}/area-personale?${new URLSearchParams({ sessione: sessionId })}`;
}

type DueSession = { id: string; startsAt: Date; endsAt: Date; groupId: string; groupName: string; videoUrl: string | null };

/**
 * One meeting's reminders, in one transaction: the session row is share-locked (a cancellation
 * waits, or has already committed and the status check sees it), the (session, booking) rows are
 * inserted for the members still due one, and only the rows this transaction inserted get an e-mail.
 */
async function remindMembers(tx: Tx, session: DueSession, now: Date) {
  const [current] = await tx.select({ status: groupSessions.status }).from(groupSessions).where(eq(groupSessions.id, session.id)).for("share");
  if (current?.status !== "scheduled") return 0;
  const inserted = await tx.execute<{ booking_id: string }>(sql`
    insert into ${sessionReminders} (session_id, booking_id)
    select ${session.id}, b.id from ${groupBookings} b
    where b.group_id = ${session.groupId} and b.status = 'confirmed'
      and not exists (
        select 1 from ${attendance} a
        where a.session_id = ${session.id} and a.booking_id = b.id and a.status in ('absent_notified', 'absent_unnotified'))
    on conflict (session_id, booking_id) do nothing
    returning booking_id`);
  if (inserted.rows.length === 0) return 0;
  const people = await tx
    .select({ id: groupBookings.id, email: groupBookings.email, name: groupBookings.name })
    .from(groupBookings)
    .where(
      inArray(
        groupBookings.id,
        inserted.rows.map((row) => row.booking_id),
      ),
    );
  const when = sessionLabel(session.startsAt, session.endsAt);
  const absenceFree = announcedInTime(session.startsAt, now, absenceNotice.hours);
  // A member who owes reads how to pay by transfer in the reminder they receive anyway (docs/decisions/065).
  const practice = await practiceAccount(tx);
  const transfers = new Map(await Promise.all(people.map(async (person) => [person.id, await bankTransferOf(tx, practice, person.id)] as const)));
  await enqueueEmails(
    tx,
    people.map((person) => ({
      to: person.email,
      subject: `Promemoria: ${session.groupName}, ${when}`,
      template: "session-reminder",
      body: emailBody(SessionReminderEmail, {
        name: person.name,
        groupName: session.groupName,
        when,
        videoUrl: session.videoUrl,
        absenceUrl: absenceUrl(session.id),
        absenceFree,
        transfer: transfers.get(person.id) ?? null,
        paymentsUrl: `${publicBaseUrl()}${clientPaymentPaths.page}`,
      }),
    })),
  );
  return people.length;
}

/**
 * Queues the reminder of every scheduled meeting starting within the next REMINDER_LEAD_HOURS to
 * each confirmed member of its group who has not had it and has not announced an absence.
 * Safe to run any number of times, on any number of instances. Returns how many e-mails it queued.
 */
export async function queueSessionReminders(db: Database, now: Date = new Date()) {
  const due = await db
    .select({
      id: groupSessions.id,
      startsAt: groupSessions.startsAt,
      endsAt: groupSessions.endsAt,
      groupId: groupSessions.groupId,
      groupName: groups.name,
      videoUrl: groups.videoUrl,
    })
    .from(groupSessions)
    .innerJoin(groups, eq(groups.id, groupSessions.groupId))
    .where(and(eq(groupSessions.status, "scheduled"), gt(groupSessions.startsAt, now), lte(groupSessions.startsAt, new Date(now.getTime() + REMINDER_LEAD_HOURS * 3_600_000))));
  let queued = 0;
  for (const session of due) queued += await db.transaction((tx) => remindMembers(tx, session, now));
  return queued;
}

/**
 * The first quarter of an hour at least half a period after `now`: a run that starts a few
 * milliseconds early by this process's clock (the database's decides when a job is due) still
 * schedules the next quarter, not its own, whose dedupe key is taken.
 */
function nextRun(now: Date) {
  const step = REMINDER_EVERY_MINUTES * 60_000;
  return new Date(Math.ceil((now.getTime() + step / 2) / step) * step);
}

/** Schedules the next run (once per quarter hour, whatever the number of instances: the dedupe key). */
export async function scheduleRemindersJob(db: Database, now: Date = new Date()) {
  const runAt = nextRun(now);
  await enqueueJobs(db, [{ type: REMINDERS_JOB, runAt, dedupeKey: `${REMINDERS_JOB}:${runAt.toISOString()}` }]);
}

registerJob(REMINDERS_JOB, async (db) => {
  // The next run first: a failing run must not end the chain.
  await scheduleRemindersJob(db);
  const queued = await queueSessionReminders(db);
  if (queued > 0) logger.info({ queued }, "session reminders queued");
  // The intake calls' reminders ride on the same quarter-hour job.
  const calls = await queueCallReminders(db);
  if (calls > 0) logger.info({ calls }, "intake call reminders queued");
  // So do the safety alerts' escalations (24 hours unacknowledged: staff hear again, once).
  const escalated = await escalateSafetyAlerts(db);
  if (escalated > 0) logger.warn({ escalated }, "safety alerts escalated");
  // So do the outcome measures' invitations and reminders (docs/features/outcomes.md).
  const measures = await queueOutcomeMeasures(db);
  if (measures > 0) logger.info({ measures }, "outcome questionnaires queued");
});
