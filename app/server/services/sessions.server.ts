import { and, asc, count, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { absenceNotice, SESSION_WINDOW_WEEKS } from "~/content/site";
import { ATTENDANCE_FIELD_PREFIX, marksAllowed, NOT_STARTED_MARK } from "~/domain/attendance";
import { addDays, romeTimeToUtc, todayInRome } from "~/domain/calendar";
import { announcedInTime, isClosedOn, meetingDates, meetingInstants, meetingLabel, rosterRows, sessionLabel, type AttendanceStatus, type Closure } from "~/domain/sessions";
import { audit } from "../audit.server";
import type { SessionInfo } from "../auth.server";
import type { Database } from "../db/client.server";
import { attendance, groupBookings, groupClosures, groups, groupSessions, therapists, user } from "../db/schema";
import { HttpError } from "../http/errors.server";
import { pageFrom } from "./admin-lists.server";
import { dailyAt, registerDailyJob } from "../jobs.server";
import { logger } from "../logger.server";
import { emailBody, enqueueEmails, type OutgoingEmail } from "../mail/outbox.server";
import { SessionCancelledEmail, SessionMovedEmail } from "../mail/session-templates";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

const SESSIONS_JOB = "sessions-materialise";

/** Limits a query to one therapist's groups; staff pass no therapist. */
interface Scope {
  therapistId?: string;
}

const scoped = (scope: Scope): SQL | undefined => (scope.therapistId ? eq(groups.therapistId, scope.therapistId) : undefined);

/* ------------------------------------------------------------------------------------------------
 * Materialisation: the rolling window of weekly meetings
 * ---------------------------------------------------------------------------------------------- */

async function closuresOf(db: Executor, groupIds: string[]): Promise<Closure[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: groupClosures.groupId, startsOn: groupClosures.startsOn, endsOn: groupClosures.endsOn })
    .from(groupClosures)
    .where(or(isNull(groupClosures.groupId), inArray(groupClosures.groupId, groupIds)));
}

interface MaterialiseOptions {
  /** One group only (after it was created or edited); otherwise every group that is not closed. */
  groupId?: string;
  /** First Italian date to fill (default today); the demo seed passes a past date. */
  from?: string;
  now?: Date;
}

/**
 * Creates the meetings missing from `from` to SESSION_WINDOW_WEEKS ahead, on each group's weekday at
 * its start time in Italy, from its start date on, skipping closures. Existing rows (cancelled and
 * moved ones too) are never touched: the unique (group, start) makes this safe to run any time.
 * Returns how many meetings it created.
 */
export async function materialiseSessions(db: Executor, options: MaterialiseOptions = {}) {
  const today = todayInRome(options.now);
  const from = options.from ?? today;
  const until = addDays(today, SESSION_WINDOW_WEEKS * 7);
  const rows = await db
    .select({ id: groups.id, weekday: groups.weekday, startTime: groups.startTime, startsOn: groups.startsOn })
    .from(groups)
    .where(options.groupId ? eq(groups.id, options.groupId) : ne(groups.status, "closed"));
  const closures = await closuresOf(
    db,
    rows.map((row) => row.id),
  );
  const values = rows.flatMap((group) =>
    meetingDates(group, from, until)
      .filter((date) => !isClosedOn(date, group.id, closures))
      .map((date) => ({ groupId: group.id, ...meetingInstants(date, group.startTime) })),
  );
  if (values.length === 0) return 0;
  const inserted = await db
    .insert(groupSessions)
    .values(values)
    .onConflictDoNothing({ target: [groupSessions.groupId, groupSessions.startsAt] })
    .returning({ id: groupSessions.id });
  return inserted.length;
}

/**
 * After a group's weekday, time or start date changed: its future meetings that no longer fit the
 * pattern go (unless someone already recorded an absence for them or a move points at them), then
 * the window is filled again. A closed group has ended: its future meetings go (same exceptions) and
 * no new ones come.
 */
export async function resyncGroupSessions(db: Executor, groupId: string, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(groups).where(eq(groups.id, groupId));
    if (!group) return 0;
    const future = await tx
      .select({ id: groupSessions.id, startsAt: groupSessions.startsAt })
      .from(groupSessions)
      .where(
        and(
          eq(groupSessions.groupId, groupId),
          gte(groupSessions.startsAt, now),
          inArray(groupSessions.status, ["scheduled", "cancelled"]),
          sql`not exists (select 1 from ${attendance} a where a.session_id = ${groupSessions.id})`,
          sql`not exists (select 1 from ${groupSessions} m where m.moved_to = ${groupSessions.id})`,
        ),
      );
    const closures = await closuresOf(tx, [groupId]);
    const fits = new Set(
      group.status === "closed"
        ? []
        : meetingDates(group, todayInRome(now), addDays(todayInRome(now), SESSION_WINDOW_WEEKS * 7))
            .filter((date) => !isClosedOn(date, groupId, closures))
            .map((date) => meetingInstants(date, group.startTime).startsAt.getTime()),
    );
    const stale = future.filter((row) => !fits.has(row.startsAt.getTime())).map((row) => row.id);
    if (stale.length) await tx.delete(groupSessions).where(inArray(groupSessions.id, stale));
    return group.status === "closed" ? 0 : materialiseSessions(tx, { groupId, now });
  });
}

/** Every night at 03:30 in Italy (02:30 UTC), after the retention purge: the weeks ahead filled in. */
export const scheduleSessionsJob = registerDailyJob(SESSIONS_JOB, dailyAt(2, 30), async (db) => {
  const created = await materialiseSessions(db);
  logger.info({ created }, "weekly sessions materialised");
});

/* ------------------------------------------------------------------------------------------------
 * Reading: week view, list, one meeting with its roster
 * ---------------------------------------------------------------------------------------------- */

interface SessionFilters extends Scope {
  groupId?: string;
}

/**
 * When a moved meeting now takes place: the start of the meeting it points to. Spelled out: in a
 * one-table select Drizzle leaves columns unqualified, and "moved_to" would be the subquery's.
 */
export const movedToStartsAt = sql<Date | null>`(select m.starts_at from group_sessions m where m.id = "group_sessions"."moved_to")`.mapWith(groupSessions.startsAt);

/** A moved meeting's new date, as the pages link to it; null for any other. */
export const movedToOf = (row: { movedTo: string | null; movedToStartsAt: Date | null }) =>
  row.movedTo && row.movedToStartsAt ? { id: row.movedTo, startsAt: row.movedToStartsAt } : null;

const sessionColumns = {
  id: groupSessions.id,
  groupId: groupSessions.groupId,
  startsAt: groupSessions.startsAt,
  endsAt: groupSessions.endsAt,
  status: groupSessions.status,
  movedTo: groupSessions.movedTo,
  movedToStartsAt,
  note: groupSessions.note,
  groupName: groups.name,
  therapistId: groups.therapistId,
  therapistName: therapists.name,
  members: sql<number>`(select count(*)::int from ${groupBookings} b where b.group_id = ${groupSessions.groupId} and b.status = 'confirmed')`,
  marked: sql<number>`(select count(*)::int from ${attendance} a where a.session_id = ${groupSessions.id})`,
};

function filtersWhere(filters: SessionFilters) {
  return [scoped(filters), filters.groupId ? eq(groupSessions.groupId, filters.groupId) : undefined, filters.therapistId ? eq(groups.therapistId, filters.therapistId) : undefined];
}

/** The meetings between two instants that `filters` keep. */
const sessionsBetween = (filters: SessionFilters, from: Date, until: Date) => and(gte(groupSessions.startsAt, from), lt(groupSessions.startsAt, until), ...filtersWhere(filters));

/** Meetings between two instants, in time order: all of them, so callers keep the span short (a week, a therapist's window). */
export function listSessions(db: Database, filters: SessionFilters, from: Date, until: Date) {
  return db
    .select(sessionColumns)
    .from(groupSessions)
    .innerJoin(groups, eq(groups.id, groupSessions.groupId))
    .innerJoin(therapists, eq(therapists.id, groups.therapistId))
    .where(sessionsBetween(filters, from, until))
    .orderBy(asc(groupSessions.startsAt), asc(groups.name), asc(groupSessions.id));
}

/** Meetings of the staff list per page. */
export const SESSION_PAGE_SIZE = 50;

/** One page of the meetings between two instants, in time order, with the total (a page past the last one shows the last one). */
export async function pageSessions(db: Database, filters: SessionFilters, from: Date, until: Date, requested: number) {
  const [counted] = await db
    .select({ value: count() })
    .from(groupSessions)
    .innerJoin(groups, eq(groups.id, groupSessions.groupId))
    .where(sessionsBetween(filters, from, until));
  return pageFrom(counted?.value ?? 0, requested, (limit, offset) => listSessions(db, filters, from, until).limit(limit).offset(offset), SESSION_PAGE_SIZE);
}

/** Up to this many meetings a week, the week view shows them all; past it, one day at a time. */
export const WEEK_VIEW_ALL_UP_TO = 60;

/** A day of the week view: its meetings, and how many of them are not going ahead (cancelled or moved). */
export interface WeekDay {
  day: string;
  count: number;
  cancelled: number;
}

/**
 * The week view of the Italian week starting on Monday `monday`: how many meetings each day holds and,
 * up to WEEK_VIEW_ALL_UP_TO in the week, all of them (`openDay` null). A larger practice's week (300
 * groups: 300 cards, 370 KB) gets the meetings of one day only: `wanted` when it is in the week, else
 * today when it is, else the first day with meetings.
 */
export async function weekView(db: Database, filters: SessionFilters, monday: string, wanted: string | null, today: string) {
  const from = romeTimeToUtc(monday, "00:00");
  const until = romeTimeToUtc(addDays(monday, 7), "00:00");
  const counted = await db
    .select({
      day: sql<string>`to_char(${groupSessions.startsAt} at time zone 'Europe/Rome', 'YYYY-MM-DD')`,
      count: count(),
      cancelled: sql<number>`(count(*) filter (where ${groupSessions.status} <> 'scheduled'))::int`,
    })
    .from(groupSessions)
    .innerJoin(groups, eq(groups.id, groupSessions.groupId))
    .where(sessionsBetween(filters, from, until))
    .groupBy(sql`1`);
  const days: WeekDay[] = Array.from({ length: 7 }, (_, index) => {
    const day = addDays(monday, index);
    return counted.find((row) => row.day === day) ?? { day, count: 0, cancelled: 0 };
  });
  const total = days.reduce((sum, day) => sum + day.count, 0);
  if (total <= WEEK_VIEW_ALL_UP_TO) return { days, openDay: null, sessions: total === 0 ? [] : await listSessions(db, filters, from, until) };
  const inWeek = (day: string | null): day is string => Boolean(day && days.some((entry) => entry.day === day));
  const openDay = inWeek(wanted) ? wanted : inWeek(today) ? today : days.find((day) => day.count > 0)!.day;
  return { days, openDay, sessions: await listSessions(db, filters, romeTimeToUtc(openDay, "00:00"), romeTimeToUtc(addDays(openDay, 1), "00:00")) };
}

export function groupOptions(db: Database, scope: Scope = {}) {
  return db.select({ id: groups.id, name: groups.name, therapistId: groups.therapistId }).from(groups).where(scoped(scope)).orderBy(asc(groups.name));
}

const notFound = () => new HttpError(404, "Incontro non trovato.");

/** One meeting with its group; 404 when it does not exist or is outside the scope (another therapist's). */
/** A meeting with its attendance sheet (members' short names): what staff and its therapist open. `label` is its badge: «Svolto» once it has started. */
export async function attendanceSheet(db: Executor, sessionId: string, scope: Scope = {}) {
  const session = await getSession(db, sessionId, scope);
  const roster = await sessionRoster(db, session.id, session.groupId);
  const now = new Date();
  const started = new Date(session.startsAt) <= now;
  return { session, started, label: meetingLabel(session.status, session.startsAt, now), marks: marksAllowed(started), roster: rosterRows(roster), movedTo: movedToOf(session) };
}

export async function getSession(db: Executor, sessionId: string, scope: Scope = {}) {
  const [row] = await db
    .select({ ...sessionColumns, videoUrl: groups.videoUrl, groupStatus: groups.status })
    .from(groupSessions)
    .innerJoin(groups, eq(groups.id, groupSessions.groupId))
    .innerJoin(therapists, eq(therapists.id, groups.therapistId))
    .where(and(eq(groupSessions.id, sessionId), scoped(scope)));
  if (!row) throw notFound();
  return row;
}

/**
 * The people a meeting is for: the group's confirmed members, plus anyone already marked for it
 * (also a member moved to another group since: their past attendance stays here).
 */
export async function sessionRoster(db: Executor, sessionId: string, groupId: string) {
  return db
    .select({
      bookingId: groupBookings.id,
      name: groupBookings.name,
      ageBracket: groupBookings.ageBracket,
      bookingStatus: groupBookings.status,
      status: attendance.status,
      announcedAt: attendance.announcedAt,
      recordedBy: attendance.recordedBy,
      recordedAt: attendance.recordedAt,
    })
    .from(groupBookings)
    .leftJoin(attendance, and(eq(attendance.bookingId, groupBookings.id), eq(attendance.sessionId, sessionId)))
    .where(or(and(eq(groupBookings.groupId, groupId), eq(groupBookings.status, "confirmed")), sql`${attendance.id} is not null`))
    .orderBy(asc(groupBookings.name), asc(groupBookings.createdAt));
}

/* ------------------------------------------------------------------------------------------------
 * Staff changes: cancel, move, close dates. Members and the therapist are e-mailed through the outbox.
 * ---------------------------------------------------------------------------------------------- */

/**
 * Who hears about a change to a group's meetings: its confirmed members and its therapist (at the
 * therapist's own e-mail, or their account's when the record has none).
 */
async function groupRecipients(tx: Executor, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  const people = await tx
    .select({ groupId: groupBookings.groupId, email: groupBookings.email, name: groupBookings.name })
    .from(groupBookings)
    .where(and(inArray(groupBookings.groupId, groupIds), eq(groupBookings.status, "confirmed")));
  const leaders = await tx
    .select({ groupId: groups.id, email: sql<string | null>`coalesce(nullif(trim(${therapists.email}), ''), ${user.email})`, name: therapists.name })
    .from(groups)
    .innerJoin(therapists, eq(therapists.id, groups.therapistId))
    .leftJoin(user, eq(user.id, therapists.userId))
    .where(inArray(groups.id, groupIds));
  return [
    ...people.flatMap(({ groupId, ...person }) => (groupId ? [{ groupId, ...person, therapist: false }] : [])),
    ...leaders.flatMap((leader) => (leader.email ? [{ groupId: leader.groupId, email: leader.email, name: leader.name, therapist: true }] : [])),
  ];
}

interface Recipient {
  email: string;
  name: string | null;
  therapist: boolean;
}

/**
 * Queues one e-mail to each person the change concerns (members and therapists of the groups): one
 * message per address, whatever number of its meetings the change touches. Returns how many.
 */
async function emailGroups<M extends { groupId: string }>(tx: Tx, meetings: readonly M[], message: (recipient: Recipient, meetings: M[]) => Omit<OutgoingEmail, "to">) {
  const recipients = await groupRecipients(tx, [...new Set(meetings.map((meeting) => meeting.groupId))]);
  const byAddress = new Map<string, { recipient: Recipient; groupIds: Set<string> }>();
  for (const { groupId, ...recipient } of recipients) {
    const key = recipient.email.trim().toLowerCase();
    const entry = byAddress.get(key) ?? { recipient, groupIds: new Set<string>() };
    if (recipient.therapist) entry.recipient = recipient;
    entry.groupIds.add(groupId);
    byAddress.set(key, entry);
  }
  const emails = [...byAddress.values()].map(({ recipient, groupIds }) => ({
    to: recipient.email,
    ...message(
      recipient,
      meetings.filter((meeting) => groupIds.has(meeting.groupId)),
    ),
  }));
  await enqueueEmails(tx, emails);
  return emails.length;
}

async function lockSession(tx: Tx, sessionId: string) {
  const [row] = await tx.select().from(groupSessions).where(eq(groupSessions.id, sessionId)).for("update");
  if (!row) throw notFound();
  const [group] = await tx.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.id, row.groupId));
  return { session: row, group: group! };
}

function assertChangeable(session: typeof groupSessions.$inferSelect, now: Date) {
  if (session.status !== "scheduled") throw new HttpError(409, "Questo incontro è già stato annullato o spostato.");
  if (session.startsAt <= now) throw new HttpError(409, "L'incontro è già iniziato o passato: non si può più annullare né spostare.");
}

interface CancelledMeeting {
  session: typeof groupSessions.$inferSelect;
  groupName: string;
}

/** Cancels meetings already locked, and tells each person once, naming every meeting of theirs it cancels. */
async function cancelLocked(tx: Tx, cancelled: readonly CancelledMeeting[], note: string | null) {
  if (cancelled.length === 0) return 0;
  await tx
    .update(groupSessions)
    .set({ status: "cancelled", note, updatedAt: new Date() })
    .where(
      inArray(
        groupSessions.id,
        cancelled.map((row) => row.session.id),
      ),
    );
  const meetings = cancelled.map((row) => ({ groupId: row.session.groupId, groupName: row.groupName, when: sessionLabel(row.session.startsAt, row.session.endsAt) }));
  return emailGroups(tx, meetings, (recipient, theirs) => {
    const names = [...new Set(theirs.map((meeting) => meeting.groupName))].join(", ");
    return {
      subject: theirs.length === 1 ? `Incontro annullato: ${names}` : `Incontri annullati: ${names}`,
      template: "session-cancelled",
      body: emailBody(SessionCancelledEmail, { name: recipient.name, meetings: theirs, note, therapist: recipient.therapist }),
    };
  });
}

/** Cancels one future meeting: nobody owes anything for it (see owesFee); every member and the therapist are e-mailed. */
export async function cancelSession(db: Database, actor: SessionInfo, sessionId: string, note: string | null, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const { session, group } = await lockSession(tx, sessionId);
    assertChangeable(session, now);
    const emailed = await cancelLocked(tx, [{ session, groupName: group.name }], note);
    await audit(tx, actor, { action: "cancel", entity: "group_session", entityId: sessionId, detail: { emailed } });
    return { groupName: group.name, emailed };
  });
}

/**
 * Moves one future meeting to another Italian date and time: the old row stays (status moved,
 * pointing at the new one) so the weekly window never recreates it; every member and the therapist are e-mailed.
 */
export async function moveSession(db: Database, actor: SessionInfo, sessionId: string, target: { date: string; time: string; note: string | null }, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const { session, group } = await lockSession(tx, sessionId);
    assertChangeable(session, now);
    const instants = meetingInstants(target.date, target.time);
    if (instants.startsAt <= now) throw new HttpError(400, "Scegli una data e un orario futuri.", { date: "Scegli una data e un orario futuri." });
    const [created] = await tx
      .insert(groupSessions)
      .values({ groupId: session.groupId, ...instants, note: target.note })
      .onConflictDoNothing({ target: [groupSessions.groupId, groupSessions.startsAt] })
      .returning({ id: groupSessions.id });
    if (!created) throw new HttpError(409, "Il gruppo ha già un incontro a quell'ora.", { date: "Il gruppo ha già un incontro a quell'ora." });
    await tx.update(groupSessions).set({ status: "moved", movedTo: created.id, note: target.note, updatedAt: new Date() }).where(eq(groupSessions.id, sessionId));
    const from = sessionLabel(session.startsAt, session.endsAt);
    const to = sessionLabel(instants.startsAt, instants.endsAt);
    const emailed = await emailGroups(tx, [{ groupId: session.groupId }], (recipient) => ({
      subject: `Incontro spostato: ${group.name}`,
      template: "session-moved",
      body: emailBody(SessionMovedEmail, { name: recipient.name, groupName: group.name, from, to, note: target.note, therapist: recipient.therapist }),
    }));
    await audit(tx, actor, { action: "move", entity: "group_session", entityId: sessionId, detail: { to: created.id, emailed } });
    return { id: created.id, groupName: group.name, emailed };
  });
}

/**
 * Closes dates (holidays) for one group or all: the scheduled future meetings in them are cancelled
 * (each member and therapist gets one e-mail naming them all), and no meeting is created in them again.
 */
export async function addClosure(db: Database, actor: SessionInfo, input: { group_id: string | null; starts_on: string; ends_on: string; reason: string }, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    if (input.group_id) {
      const [exists] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, input.group_id));
      if (!exists) throw new HttpError(400, "Il gruppo scelto non esiste più.", { group_id: "Il gruppo scelto non esiste più." });
    }
    const [closure] = await tx
      .insert(groupClosures)
      .values({ groupId: input.group_id, startsOn: input.starts_on, endsOn: input.ends_on, reason: input.reason, createdBy: actor.user.id })
      .returning({ id: groupClosures.id });
    const affected = await tx
      .select({ session: groupSessions, groupName: groups.name })
      .from(groupSessions)
      .innerJoin(groups, eq(groups.id, groupSessions.groupId))
      .where(
        and(
          eq(groupSessions.status, "scheduled"),
          gte(groupSessions.startsAt, now),
          gte(groupSessions.startsAt, romeTimeToUtc(input.starts_on, "00:00")),
          lt(groupSessions.startsAt, romeTimeToUtc(addDays(input.ends_on, 1), "00:00")),
          input.group_id ? eq(groupSessions.groupId, input.group_id) : undefined,
        ),
      )
      .orderBy(asc(groupSessions.startsAt), asc(groups.name))
      .for("update", { of: groupSessions });
    const emailed = await cancelLocked(tx, affected, `Chiusura: ${input.reason}.`);
    await audit(tx, actor, { action: "create", entity: "group_closure", entityId: closure!.id, detail: { cancelled: affected.length, emailed } });
    return { id: closure!.id, cancelled: affected.length };
  });
}

export function listClosures(db: Database, today: string = todayInRome()) {
  return db
    .select({
      id: groupClosures.id,
      groupId: groupClosures.groupId,
      groupName: groups.name,
      startsOn: groupClosures.startsOn,
      endsOn: groupClosures.endsOn,
      reason: groupClosures.reason,
    })
    .from(groupClosures)
    .leftJoin(groups, eq(groups.id, groupClosures.groupId))
    .where(gte(groupClosures.endsOn, today))
    .orderBy(asc(groupClosures.startsOn));
}

/** Removes a closure: the window fills its dates again; meetings it cancelled stay cancelled (members were told). */
export async function deleteClosure(db: Database, actor: SessionInfo, id: string) {
  const [row] = await db.delete(groupClosures).where(eq(groupClosures.id, id)).returning({ id: groupClosures.id });
  if (!row) throw new HttpError(404, "Chiusura non trovata.");
  await audit(db, actor, { action: "delete", entity: "group_closure", entityId: id });
  await materialiseSessions(db);
}

/* ------------------------------------------------------------------------------------------------
 * Attendance
 * ---------------------------------------------------------------------------------------------- */

/**
 * Marks the members of one meeting (therapist of the group or staff, the scope says which). Only a
 * scheduled meeting has attendance; before it starts only a free "absent_notified" (marksAllowed:
 * nothing is charged for a meeting ahead), every mark once it has; only the meeting's own members. Returns how many marks were saved.
 */
export async function recordAttendance(db: Database, actor: SessionInfo, sessionId: string, marks: Record<string, AttendanceStatus>, scope: Scope = {}, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const session = await getSession(tx, sessionId, scope);
    if (session.status !== "scheduled") throw new HttpError(409, "L'incontro è annullato o spostato: non ci sono presenze da segnare.");
    const roster = await sessionRoster(tx, sessionId, session.groupId);
    const allowed = new Set(roster.map((row) => row.bookingId));
    const entries = Object.entries(marks);
    if (entries.length === 0) throw new HttpError(400, "Segna almeno una persona.");
    for (const [bookingId, status] of entries) {
      if (!allowed.has(bookingId)) throw new HttpError(400, "Una delle persone indicate non fa parte di questo gruppo.");
      if (!marksAllowed(new Date(session.startsAt) <= now).includes(status))
        throw new HttpError(409, NOT_STARTED_MARK, { [`${ATTENDANCE_FIELD_PREFIX}${bookingId}`]: NOT_STARTED_MARK });
    }
    await tx
      .insert(attendance)
      .values(entries.map(([bookingId, status]) => ({ sessionId, bookingId, status, recordedBy: actor.user.id, recordedAt: now })))
      .onConflictDoUpdate({
        target: [attendance.sessionId, attendance.bookingId],
        set: { status: sql`excluded.status`, recordedBy: sql`excluded.recorded_by`, recordedAt: sql`excluded.recorded_at` },
      });
    await audit(tx, actor, { action: "attendance", entity: "group_session", entityId: sessionId, detail: { marked: entries.length } });
    return entries.length;
  });
}

/**
 * A member announces they will miss a meeting (the client area calls this). Announced at least the
 * notice period before the start (absenceNotice: 48 hours by default, from the terms) it is
 * absent_notified and free; later it is absent_unnotified and owes the fee. A repeated announcement
 * never turns a timely one into a late one.
 */
export async function announceAbsence(tx: Executor, bookingId: string, sessionId: string, now: Date = new Date()) {
  const [row] = await tx
    .select({ startsAt: groupSessions.startsAt, status: groupSessions.status, bookingStatus: groupBookings.status })
    .from(groupSessions)
    .innerJoin(groupBookings, and(eq(groupBookings.id, bookingId), eq(groupBookings.groupId, groupSessions.groupId)))
    .where(eq(groupSessions.id, sessionId));
  if (!row || row.bookingStatus !== "confirmed") throw notFound();
  if (row.status !== "scheduled") throw new HttpError(409, "Questo incontro è annullato o spostato: non serve avvisare.");
  if (row.startsAt <= now) throw new HttpError(409, "L'incontro è già iniziato.");
  const status: AttendanceStatus = announcedInTime(row.startsAt, now, absenceNotice.hours) ? "absent_notified" : "absent_unnotified";
  const [saved] = await tx
    .insert(attendance)
    .values({ sessionId, bookingId, status, announcedAt: now, recordedBy: null, recordedAt: now })
    .onConflictDoUpdate({
      target: [attendance.sessionId, attendance.bookingId],
      set: { status, announcedAt: now, recordedBy: null, recordedAt: now },
      setWhere: sql`${attendance.status} <> 'absent_notified'`,
    })
    .returning({ status: attendance.status });
  return { status: saved?.status ?? "absent_notified", notified: (saved?.status ?? "absent_notified") === "absent_notified" };
}
