/**
 * What the outcome questionnaires' totals show (issue 33, docs/features/outcomes.md): a person's own
 * scores, each member's trend for their group's therapist, the practice's figures for staff and for
 * the public page. Reads only the completed questionnaires' totals and dates, never the answers.
 * Callers check who may see what (the routes' gates; `memberTrends` takes a group the therapist owns).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  figuresByGroup,
  figuresByMonth,
  figuresByTherapist,
  outcomeFigures,
  personOutcome,
  PUBLIC_MINIMUM_PAIRED,
  type OutcomePath,
  type ScorePoint,
} from "../../domain/outcome-metrics";
import { romeTimeToUtc, todayInRome } from "../../domain/calendar";
import { dailyAt, registerDailyJob } from "../jobs.server";
import { publicPagesChanged } from "../public-pages.server";
import type { Database } from "../db/client.server";
import { attendance, groupBookings, groups, outcomeAdministrations, therapists } from "../db/schema";

/** Completed questionnaires of these bookings, oldest first, by booking. */
async function scoresOf(db: Database, bookingIds: string[]) {
  const byBooking = new Map<string, ScorePoint[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select({
      bookingId: outcomeAdministrations.bookingId,
      takenAt: outcomeAdministrations.completedAt,
      phq9: outcomeAdministrations.phq9Total,
      gad7: outcomeAdministrations.gad7Total,
    })
    .from(outcomeAdministrations)
    .where(and(inArray(outcomeAdministrations.bookingId, bookingIds), eq(outcomeAdministrations.status, "completed")))
    .orderBy(asc(outcomeAdministrations.completedAt));
  for (const row of rows) {
    const list = byBooking.get(row.bookingId) ?? [];
    list.push({ takenAt: row.takenAt!, phq9: row.phq9!, gad7: row.gad7! });
    byBooking.set(row.bookingId, list);
  }
  return byBooking;
}

/** Meetings each booking attended. */
async function attendedOf(db: Database, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ bookingId: attendance.bookingId, count: sql<number>`count(*)::int` })
    .from(attendance)
    .where(and(inArray(attendance.bookingId, bookingIds), eq(attendance.status, "present")))
    .groupBy(attendance.bookingId);
  return new Map(rows.map((row) => [row.bookingId, row.count]));
}

/** The signed-in person's own scores, over all their bookings (matched by their verified address), oldest first. */
export async function ownScores(db: Database, email: string): Promise<ScorePoint[]> {
  const bookings = await db
    .select({ id: groupBookings.id })
    .from(groupBookings)
    .where(sql`lower(${groupBookings.email}) = ${email.trim().toLowerCase()}`);
  const byBooking = await scoresOf(
    db,
    bookings.map((row) => row.id),
  );
  return [...byBooking.values()].flat().sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
}

/** Each member's scores and flags, for the group page of its therapist (the caller has checked the group is theirs). */
export async function memberTrends(db: Database, bookingIds: string[]) {
  const [byBooking, attended] = await Promise.all([scoresOf(db, bookingIds), attendedOf(db, bookingIds)]);
  return new Map(
    bookingIds.map((bookingId) => {
      const scores = byBooking.get(bookingId) ?? [];
      const attendedMeetings = attended.get(bookingId) ?? 0;
      return [bookingId, { scores, attendedMeetings, outcome: personOutcome({ scores, attendedMeetings }) }];
    }),
  );
}

/**
 * Every path that entered the measures (a booking with at least one questionnaire asked), for the
 * practice's figures. A path has ended when its end-of-path questionnaire was asked, or its booking
 * was cancelled; it ended at its last questionnaire's date (docs/decisions: "outcome paths and their end").
 */
export async function practicePaths(db: Database): Promise<OutcomePath[]> {
  const rows = await db
    .select({
      bookingId: groupBookings.id,
      bookingStatus: groupBookings.status,
      groupId: groups.id,
      groupName: groups.name,
      therapistId: therapists.id,
      therapistName: therapists.name,
      hasEnd: sql<boolean>`bool_or(${outcomeAdministrations.occasion} = 'end' and ${outcomeAdministrations.status} <> 'cancelled')`,
      lastAt: sql<Date>`max(coalesce(${outcomeAdministrations.completedAt}, ${outcomeAdministrations.dueAt}))`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(outcomeAdministrations)
    .innerJoin(groupBookings, eq(groupBookings.id, outcomeAdministrations.bookingId))
    .leftJoin(groups, eq(groups.id, sql`coalesce(${outcomeAdministrations.groupId}, ${groupBookings.groupId})`))
    .leftJoin(therapists, eq(therapists.id, groups.therapistId))
    .groupBy(groupBookings.id, groups.id, therapists.id);
  // One row per booking (a booking whose questionnaires span two groups keeps the latest's group).
  const byBooking = new Map(rows.map((row) => [row.bookingId, row]));
  const ids = [...byBooking.keys()];
  const [scores, attended] = await Promise.all([scoresOf(db, ids), attendedOf(db, ids)]);
  return [...byBooking.values()].map((row) => ({
    personId: row.bookingId,
    groupId: row.groupId,
    groupLabel: row.groupName ?? undefined,
    therapistId: row.therapistId,
    therapistLabel: row.therapistName ?? undefined,
    endedAt: row.hasEnd || row.bookingStatus === "cancelled" ? row.lastAt : null,
    attendedMeetings: attended.get(row.bookingId) ?? 0,
    scores: scores.get(row.bookingId) ?? [],
  }));
}

/** Midnight in Italy at the start of `now`'s day: the public figures count what ended before it, so they change once a day. */
export function startOfItalianDay(now: Date) {
  return romeTimeToUtc(todayInRome(now), "00:00");
}

/** The practice's figures for staff: in all, by month, by therapist, by group (paths ended up to now). */
export async function staffOutcomes(db: Database) {
  const paths = await practicePaths(db);
  return { total: outcomeFigures(paths), byMonth: figuresByMonth(paths).reverse(), byTherapist: figuresByTherapist(paths), byGroup: figuresByGroup(paths) };
}

/**
 * The public page's figures: the paths that ended before today in Italy (so the page is the same all
 * day and the daily job only clears it), the period they span, and whether there are enough of them.
 */
export async function publicOutcomes(db: Database, now: Date = new Date()) {
  const asOf = startOfItalianDay(now);
  const ended = (await practicePaths(db)).filter((path) => path.endedAt && path.endedAt < asOf);
  const total = outcomeFigures(ended);
  const dates = ended.map((path) => path.endedAt!.getTime());
  return {
    asOf,
    enough: total.paired >= PUBLIC_MINIMUM_PAIRED,
    total,
    period: dates.length ? { from: new Date(Math.min(...dates)), to: new Date(Math.max(...dates)) } : null,
  };
}

/** The public results page, cleared from every page cache by the daily job. */
export const RESULTS_PAGES = ["/risultati"] as const;
export const RESULTS_JOB = "outcome-results-daily";

/** Every night just after midnight in Italy: the figures of the new day replace the cached page. */
export const scheduleResultsJob = registerDailyJob(RESULTS_JOB, dailyAt(23, 5), async (db) => {
  await publicPagesChanged(db, RESULTS_PAGES);
});
