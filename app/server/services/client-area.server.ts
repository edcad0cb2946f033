import { and, asc, desc, eq, gt, ne, sql } from "drizzle-orm";
import { createHash, createHmac } from "node:crypto";
import { absenceNotice, site } from "~/content/site";
import { CLIENT_AREA } from "~/domain/client-area";
import { announcedInTime, sessionLabel, type AttendanceStatus, type SessionStatus } from "~/domain/sessions";
import { todayInRome } from "~/domain/calendar";
import { formatDate } from "~/domain/format";
import { audit } from "../audit.server";
import { auth, authSecret } from "../auth.server";
import type { Database } from "../db/client.server";
import {
  attendance,
  calendarFeeds,
  consentRecords,
  groupBookings,
  groups,
  groupSessions,
  newsletterSubscribers,
  privacyRequests,
  therapists,
  user,
} from "../db/schema";
import { env, publicBaseUrl } from "../env.server";
import { STAFF_ROLES, type BookingStatus, type ClientBooking, type ClientIdentity } from "../gates.server";
import { hitRateLimit } from "../http/rate-limit.server";
import { HttpError } from "../http/errors.server";
import { calendarFile, escapeText, romeTimes, utcStamp } from "../icalendar.server";
import { ClientAreaNoticeEmail } from "../mail/client-area-templates";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { StaffNotification } from "../mail/templates";
import { subscribe } from "./newsletter.server";
import { collectPersonalData, openPrivacyRequest } from "./privacy-requests.server";
import { announceAbsence } from "./sessions.server";

type Executor = Pick<Database, "select">;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The client's own area (issue 19): what the signed-in client (`requireClient`, gates.server.ts)
 * reads and does with what carries their verified address.
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


/** Links e-mailed to one address per window, whoever asks: more are not sent, and the answer stays the same. */
const LINKS_PER_ADDRESS = { limit: 3, windowSeconds: 15 * 60 };

/**
 * E-mails a sign-in link (better-auth magic link) that comes back to `returnPath` in the area. The
 * caller answers the same words whatever happens here: the address may be unknown (the link then
 * opens an empty area once followed), or have had its links for now.
 */
export async function sendClientSignInLink(db: Database, request: Request, email: string, returnPath: string) {
  const addressKey = `client-area-link:${createHash("sha256").update(email).digest("base64url").slice(0, 22)}`;
  if (!(await hitRateLimit(db, addressKey, LINKS_PER_ADDRESS.limit, LINKS_PER_ADDRESS.windowSeconds))) return;
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
 * Absences: announced by the member for a coming meeting of their own group
 * ---------------------------------------------------------------------------------------------- */

/** What a meeting's page and calendar event show (the group's and therapist's names joined). */
const eventColumns = {
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

/** What the person saw before confirming: a free absence, or one that is charged. */
export type ExpectedCharge = "free" | "fee";

/**
 * The member's own announcement of an absence, once: before the notice period it is recorded as
 * absent_notified (free), after it as absent_unnotified (charged, as the page said before the
 * person confirmed). If the cut-off passed between showing the page and confirming a free absence,
 * nothing is recorded and the person is asked again. A repeated confirmation changes nothing and
 * e-mails nothing; the first one is confirmed by e-mail.
 */
export async function announceClientAbsence(db: Database, client: ClientIdentity, sessionId: string, expected: ExpectedCharge, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const before = await ownSession(tx, client, sessionId, now);
    // One announcement at a time per member: a double submit waits here and then finds the first one.
    await tx.select({ id: groupBookings.id }).from(groupBookings).where(eq(groupBookings.id, before.bookingId)).for("update");
    const [existing] = await tx
      .select({ status: attendance.status })
      .from(attendance)
      .where(and(eq(attendance.sessionId, sessionId), eq(attendance.bookingId, before.bookingId)));
    if (existing && existing.status !== "present") return { status: existing.status, changed: false };
    if (expected === "free" && !before.absenceFree) {
      throw new HttpError(409, `Nel frattempo è passato il limite del ${absenceNotice.rule}: ora l'assenza è addebitata. Leggi di nuovo e conferma se vuoi.`);
    }
    const saved = await announceAbsence(tx, before.bookingId, sessionId, now);
    const when = sessionLabel(before.startsAt, before.endsAt);
    await enqueueEmails(tx, [
      {
        to: client.user.email,
        subject: `Assenza registrata: ${before.groupName}`,
        template: "client-absence",
        body: emailBody(ClientAreaNoticeEmail, {
          name: bookingName(client),
          preview: `Assenza registrata per ${when}`,
          paragraphs: [
            `abbiamo registrato la tua assenza all'incontro del gruppo ${before.groupName} di ${when} (ora italiana).`,
            saved.notified
              ? `L'hai segnalata con il ${absenceNotice.rule}: l'incontro non ti sarà addebitato.`
              : `L'hai segnalata dopo il limite del ${absenceNotice.rule}: l'incontro resta dovuto.`,
          ],
          areaUrl: `${publicBaseUrl()}${CLIENT_AREA}`,
        }),
      },
    ]);
    return { status: saved.status, changed: true };
  });
}

/** The name the person gave in their newest booking, for greetings (the account's name may be the address). */
export const bookingName = (client: ClientIdentity) => (client.user.name && !client.user.name.includes("@") ? client.user.name : null);

/* ------------------------------------------------------------------------------------------------
 * Calendars: one meeting as .ics, and a private feed of every meeting of the client's groups
 * ---------------------------------------------------------------------------------------------- */

type SessionEvent = { id: string; startsAt: Date; endsAt: Date; status: SessionStatus; groupName: string; therapistName: string };

/**
 * A meeting as a calendar event. The video link stays out of calendar files (calendar services
 * keep copies); the description points to the area, where members find it.
 */
function sessionEvent(session: SessionEvent, now: Date) {
  const area = `${publicBaseUrl()}${CLIENT_AREA}`;
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
  return calendarFile({ prodId: PROD_ID, name: `${site.brand}: i miei incontri` }, sessions.map((session) => sessionEvent(session, now)));
}

/* ------------------------------------------------------------------------------------------------
 * My data: the export staff can make (art. 15/20), erasure requests (art. 17), consents, newsletter
 * ---------------------------------------------------------------------------------------------- */

/** Everything held about the client's address, as staff's export has it; the download is in the audit log. */
export async function exportClientData(db: Database, client: ClientIdentity) {
  const data = await collectPersonalData(db, client.user.email);
  await audit(db, client.session, { action: "export", entity: "person", detail: { format: "json", by: "self" } });
  return data;
}

export async function clientConsents(db: Database, client: ClientIdentity) {
  return db
    .select({ id: consentRecords.id, form: consentRecords.form, consent: consentRecords.consent, textVersion: consentRecords.textVersion, givenAt: consentRecords.givenAt })
    .from(consentRecords)
    .where(eq(sql`lower(${consentRecords.email})`, client.user.email))
    .orderBy(desc(consentRecords.givenAt));
}

export async function clientPrivacyRequests(db: Database, client: ClientIdentity) {
  return db
    .select({ id: privacyRequests.id, type: privacyRequests.type, status: privacyRequests.status, receivedAt: privacyRequests.receivedAt, dueAt: privacyRequests.dueAt, completedAt: privacyRequests.completedAt })
    .from(privacyRequests)
    .where(eq(privacyRequests.email, client.user.email))
    .orderBy(desc(privacyRequests.receivedAt));
}

export async function clientNewsletterStatus(db: Database, client: ClientIdentity) {
  const [row] = await db.select({ status: newsletterSubscribers.status }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, client.user.email));
  return row?.status ?? null;
}

const areaUrl = () => `${publicBaseUrl()}${CLIENT_AREA}`;

/**
 * Art. 17: an erasure request on staff's register (admin → Privacy) with its 30-day due date, once:
 * while one is open, asking again returns it. Staff and the person are e-mailed the first time.
 */
export async function requestErasure(db: Database, client: ClientIdentity) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`erasure:${client.user.email}`}))`);
    const [open] = await tx
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.email, client.user.email), eq(privacyRequests.type, "erasure"), eq(privacyRequests.status, "open")));
    if (open) return { request: open, created: false };
    const request = await openPrivacyRequest(tx, client.session, client.user.email, "erasure", "Chiesta dalla persona nella sua area personale.");
    const due = formatDate(todayInRome(request.dueAt));
    await enqueueEmails(tx, [
      {
        to: client.user.email,
        subject: "Abbiamo ricevuto la tua richiesta di cancellazione",
        template: "client-erasure-request",
        body: emailBody(ClientAreaNoticeEmail, {
          name: bookingName(client),
          preview: "Richiesta di cancellazione ricevuta",
          paragraphs: [
            `abbiamo ricevuto la tua richiesta di cancellare i tuoi dati (art. 17 GDPR). Ti risponderemo entro il ${due}.`,
            "Conserveremo solo ciò che la legge ci chiede di tenere: i consensi che hai dato, l'accordo di servizio firmato e le ricevute dei pagamenti.",
          ],
          areaUrl: areaUrl(),
        }),
      },
      {
        to: env().STAFF_EMAIL,
        subject: "Nuova richiesta di cancellazione (art. 17)",
        template: "staff-erasure-request",
        body: emailBody(StaffNotification, {
          title: "Una persona ha chiesto la cancellazione dei suoi dati dalla sua area personale",
          rows: [
            ["Email", client.user.email],
            ["Scadenza", due],
            ["Dove", "Admin → Privacy"],
          ],
        }),
      },
    ]);
    return { request, created: true };
  });
}

/**
 * Joins the newsletter from the area: the same double opt-in as the public form (a confirmation
 * link by e-mail, the consent recorded on confirmation).
 */
export async function joinNewsletter(db: Database, client: ClientIdentity) {
  return db.transaction((tx) => subscribe(tx, client.user.email, "area-personale"));
}

/** Leaves the newsletter; idempotent (only the first time is confirmed by e-mail). */
export async function leaveNewsletter(db: Database, client: ClientIdentity) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: sql`now()` })
      .where(and(eq(newsletterSubscribers.email, client.user.email), ne(newsletterSubscribers.status, "unsubscribed")))
      .returning({ id: newsletterSubscribers.id });
    if (!row) return { changed: false };
    await enqueueEmails(tx, [
      {
        to: client.user.email,
        subject: "Non riceverai più la newsletter",
        template: "client-newsletter-left",
        body: emailBody(ClientAreaNoticeEmail, {
          name: bookingName(client),
          preview: "Disiscrizione dalla newsletter",
          paragraphs: ["come hai chiesto dalla tua area personale, non riceverai più la nostra newsletter. Puoi iscriverti di nuovo quando vuoi."],
          areaUrl: areaUrl(),
        }),
      },
    ]);
    return { changed: true };
  });
}

/** After every session of the account was ended: a note to the address, in case it was not them. */
export async function confirmSignedOutEverywhere(db: Database, client: ClientIdentity) {
  await enqueueEmails(db, [
    {
      to: client.user.email,
      subject: "Sei uscito da tutti i dispositivi",
      template: "client-signed-out-everywhere",
      body: emailBody(ClientAreaNoticeEmail, {
        name: bookingName(client),
        preview: "Accesso chiuso su tutti i dispositivi",
        paragraphs: ["hai chiuso l'accesso alla tua area personale su tutti i dispositivi. Per rientrare, chiedi un nuovo link dalla pagina di accesso."],
        areaUrl: areaUrl(),
      }),
    },
  ]);
}
