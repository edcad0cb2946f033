import { and, asc, eq, gt, sql } from "drizzle-orm";
import { createHash, createHmac } from "node:crypto";
import { site } from "~/content/site";
import type { SessionStatus } from "~/domain/sessions";
import { authSecret } from "../auth.server";
import type { Database } from "../db/client.server";
import { calendarFeeds, groupBookings, groups, groupSessions, therapists, user } from "../db/schema";
import { STAFF_ROLES, type ClientIdentity } from "../gates.server";
import { calendarFile, escapeText, romeTimes, utcStamp } from "../icalendar.server";
import { areaUrl, eventColumns, ownSession } from "./client-area.server";

/** Calendars: one meeting as .ics, and a private feed of every meeting of the client's groups. */

type SessionEvent = { id: string; startsAt: Date; endsAt: Date; status: SessionStatus; groupName: string; therapistName: string };

/**
 * A meeting as a calendar event. The video link stays out of calendar files (calendar services
 * keep copies); the description points to the area, where members find it.
 */
function sessionEvent(session: SessionEvent, now: Date) {
  const area = areaUrl();
  return [
    `UID:${session.id}@insieme-terapia.it`,
    `DTSTAMP:${utcStamp(now)}`,
    ...romeTimes(session.startsAt, session.endsAt),
    `SUMMARY:${escapeText(`${session.groupName} · ${site.brand}`)}`,
    `DESCRIPTION:${escapeText(`Incontro di gruppo online con ${session.therapistName}. Il link della videochiamata e le assenze sono nella tua area personale: ${area}`)}`,
    `URL:${area}`,
    `STATUS:${session.status === "scheduled" ? "CONFIRMED" : "CANCELLED"}`,
    `SEQUENCE:${session.status === "scheduled" ? 0 : 1}`,
  ];
}

const PROD_ID = `-//${site.brand}//Area personale//IT`;

/** One of the client's meetings as an .ics file; 404 for a meeting of a group they are not a member of. */
export async function sessionCalendar(db: Database, client: ClientIdentity, sessionId: string, now: Date = new Date()) {
  const session = await ownSession(db, client, sessionId, now);
  return calendarFile({ prodId: PROD_ID, method: "PUBLISH" }, [sessionEvent(session, now)]);
}

const feedKey = () => createHmac("sha256", authSecret()).update("insieme:calendar-feed").digest();
/** The feed's URL secret: an HMAC of its row id (so the area can show it again); only its SHA-256 is stored. */
const feedToken = (id: string) => createHmac("sha256", feedKey()).update(id).digest("base64url");
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const FEED_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The client's calendar feed: its token and since when, or null when there is none (never made, or revoked). */
export async function calendarFeedOf(db: Database, client: ClientIdentity) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, client.user.id));
  return row ? { token: feedToken(row.id), createdAt: row.createdAt } : null;
}

/** A new feed URL for the client; the previous one (if any) stops working at once. */
export async function renewCalendarFeed(db: Database, client: ClientIdentity) {
  return db.transaction(async (tx) => {
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, client.user.id));
    const id = crypto.randomUUID();
    await tx.insert(calendarFeeds).values({ id, userId: client.user.id, tokenHash: sha256(feedToken(id)) });
    return feedToken(id);
  });
}

/** Revokes the client's feed: its URL answers 404 from now on. */
export async function revokeCalendarFeed(db: Database, client: ClientIdentity) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, client.user.id));
}

/** How far back the feed keeps past meetings, so a calendar does not drop last week's. */
const FEED_PAST_DAYS = 28;

/**
 * The feed behind a token, or null (unknown, revoked, malformed: all the same null). It lists the
 * meetings of the groups the account's address is a confirmed member of now: leaving a group, or
 * an account turned staff, empties it.
 */
export async function feedCalendar(db: Database, token: string, now: Date = new Date()) {
  if (!FEED_TOKEN_SHAPE.test(token)) return null;
  const [owner] = await db
    .select({ email: user.email, role: user.role })
    .from(calendarFeeds)
    .innerJoin(user, eq(user.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, sha256(token)));
  if (!owner) return null;
  const sessions = STAFF_ROLES.has(owner.role)
    ? []
    : await db
        .select(eventColumns)
        .from(groupSessions)
        .innerJoin(groups, eq(groups.id, groupSessions.groupId))
        .innerJoin(therapists, eq(therapists.id, groups.therapistId))
        .innerJoin(groupBookings, and(eq(groupBookings.groupId, groups.id), eq(groupBookings.status, "confirmed")))
        .where(and(eq(sql`lower(${groupBookings.email})`, owner.email.toLowerCase()), gt(groupSessions.startsAt, new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000))))
        .orderBy(asc(groupSessions.startsAt));
  return calendarFile(
    { prodId: PROD_ID, name: `${site.brand}: i miei incontri` },
    sessions.map((session) => sessionEvent(session, now)),
  );
}
