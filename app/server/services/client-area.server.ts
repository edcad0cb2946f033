import { and, asc, eq, gt } from "drizzle-orm";
import { absenceNotice } from "~/content/site";
import { CLIENT_AREA } from "~/domain/client-area";
import { announcedInTime, type AttendanceStatus, type SessionStatus } from "~/domain/sessions";
import { auth } from "../auth.server";
import type { Database } from "../db/client.server";
import { attendance, groups, groupSessions, therapists } from "../db/schema";
import { publicBaseUrl } from "../env.server";
import type { BookingStatus, ClientBooking, ClientIdentity } from "../gates.server";
import { HttpError } from "../http/errors.server";

type Executor = Pick<Database, "select">;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The client's own area (issue 19): what is the signed-in client's (`requireClient`, gates.server.ts),
 * their path on the area's first page, and the sign-in link. Absences, calendars and their data are
 * in client-absences, client-calendar and client-data.server.ts.
 */

/** Not among the client's: the same 404 as a missing record, so nobody learns what exists. */
export const notTheirs = () => new HttpError(404, "Non trovato nella tua area personale.");

/** One of the client's own bookings, by id; 404 for anyone else's (or a missing one). */
export function ownBooking(client: ClientIdentity, bookingId: string): ClientBooking {
  const booking = client.bookings.find((row) => row.id === bookingId);
  if (!booking) throw notTheirs();
  return booking;
}

/** The client's confirmed booking in a group (a member), or undefined. */
export function membershipIn(client: ClientIdentity, groupId: string) {
  return client.bookings.find((row) => row.groupId === groupId && row.status === "confirmed");
}

/**
 * E-mails a sign-in link (better-auth magic link) that comes back to `returnPath` in the area. The
 * caller answers the same words whatever happens here: the address may be unknown (the link then
 * opens an empty area once followed), or have had its links for now (the limit per address is
 * counted where every link is sent, in auth.server.ts).
 */
export async function sendClientSignInLink(db: Database, request: Request, email: string, returnPath: string) {
  await auth(db, request).api.signInMagicLink({
    body: { email, callbackURL: returnPath, errorCallbackURL: `${CLIENT_AREA}?link=non-valido` },
    headers: request.headers,
  });
}

/* ------------------------------------------------------------------------------------------------
 * My path: the chosen groups, their therapist, the next meetings, the video link (members only)
 * ---------------------------------------------------------------------------------------------- */

/** How many of the coming meetings the page lists (the calendar feed has them all). */
export const NEXT_SESSIONS_SHOWN = 6;

export interface PathSession {
  id: string;
  startsAt: Date;
  endsAt: Date;
  status: SessionStatus;
  /** The member's own record for it: an announced absence, or staff's mark. */
  attendance: AttendanceStatus | null;
  /** An absence announced now would be free (at least the notice period ahead). */
  absenceFree: boolean;
  /** Under way: too late to announce an absence. */
  started: boolean;
}

export interface PathGroup {
  bookingId: string;
  bookingStatus: BookingStatus;
  group: { id: string; name: string; topic: string; weekday: number; startTime: string; startsOn: string; status: string };
  therapist: { name: string; role: string; image: string | null; registrationNumber: string | null };
  /** Only for a confirmed member; null otherwise (also when staff have not set it yet). */
  videoUrl: string | null;
  sessions: PathSession[];
}

/** The groups the client chose (confirmed or waiting for confirmation), with what a member needs. */
export async function clientPath(db: Database, client: ClientIdentity, now: Date = new Date()): Promise<PathGroup[]> {
  const chosen = client.bookings.filter((row) => row.groupId && (row.status === "confirmed" || row.status === "requested"));
  const result: PathGroup[] = [];
  for (const booking of chosen) {
    const [row] = await db
      .select({
        group: {
          id: groups.id,
          name: groups.name,
          topic: groups.topic,
          weekday: groups.weekday,
          startTime: groups.startTime,
          startsOn: groups.startsOn,
          status: groups.status,
        },
        therapist: { name: therapists.name, role: therapists.role, image: therapists.image, registrationNumber: therapists.registrationNumber },
        videoUrl: groups.videoUrl,
      })
      .from(groups)
      .innerJoin(therapists, eq(therapists.id, groups.therapistId))
      .where(eq(groups.id, booking.groupId!));
    if (!row) continue;
    const member = booking.status === "confirmed";
    const sessions = member
      ? await db
          .select({ id: groupSessions.id, startsAt: groupSessions.startsAt, endsAt: groupSessions.endsAt, status: groupSessions.status, attendance: attendance.status })
          .from(groupSessions)
          .leftJoin(attendance, and(eq(attendance.sessionId, groupSessions.id), eq(attendance.bookingId, booking.id)))
          .where(and(eq(groupSessions.groupId, row.group.id), gt(groupSessions.endsAt, now)))
          .orderBy(asc(groupSessions.startsAt))
          .limit(NEXT_SESSIONS_SHOWN)
      : [];
    result.push({
      bookingId: booking.id,
      bookingStatus: booking.status,
      group: row.group,
      therapist: row.therapist,
      videoUrl: member ? row.videoUrl : null,
      sessions: sessions.map((session) => ({ ...session, absenceFree: announcedInTime(session.startsAt, now, absenceNotice.hours), started: session.startsAt <= now })),
    });
  }
  return result;
}

/* ------------------------------------------------------------------------------------------------
 * One meeting of the client's: its page (absences) and its calendar event
 * ---------------------------------------------------------------------------------------------- */

/** What a meeting's page and calendar event show (the group's and therapist's names joined). */
export const eventColumns = {
  id: groupSessions.id,
  startsAt: groupSessions.startsAt,
  endsAt: groupSessions.endsAt,
  status: groupSessions.status,
  groupName: groups.name,
  therapistName: therapists.name,
};

/** A meeting of a group the client is a confirmed member of, with their record for it; 404 otherwise. */
export async function ownSession(db: Executor, client: ClientIdentity, sessionId: string, now: Date = new Date()) {
  if (!UUID.test(sessionId)) throw notTheirs();
  const [row] = await db
    .select({ ...eventColumns, groupId: groupSessions.groupId })
    .from(groupSessions)
    .innerJoin(groups, eq(groups.id, groupSessions.groupId))
    .innerJoin(therapists, eq(therapists.id, groups.therapistId))
    .where(eq(groupSessions.id, sessionId));
  const booking = row ? membershipIn(client, row.groupId) : undefined;
  if (!row || !booking) throw notTheirs();
  const [record] = await db
    .select({ status: attendance.status, announcedAt: attendance.announcedAt })
    .from(attendance)
    .where(and(eq(attendance.sessionId, sessionId), eq(attendance.bookingId, booking.id)));
  return {
    ...row,
    bookingId: booking.id,
    attendance: record?.status ?? null,
    announcedAt: record?.announcedAt ?? null,
    started: row.startsAt <= now,
    absenceFree: announcedInTime(row.startsAt, now, absenceNotice.hours),
  };
}

/** The name the person gave in their newest booking, for greetings (the account's name may be the address). */
export const bookingName = (client: ClientIdentity) => (client.user.name && !client.user.name.includes("@") ? client.user.name : null);

/** The area's address, for the links in its e-mails. */
export const areaUrl = () => `${publicBaseUrl()}${CLIENT_AREA}`;
