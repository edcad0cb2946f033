import { desc, eq, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { CLIENT_AREA, clientAreaMessages } from "~/domain/client-area";
import { THERAPIST_ROLE } from "~/domain/sessions";
import { ADMIN_ROLE, getSession, type SessionInfo } from "../auth.server";
import type { Database } from "../db/client.server";
import { groupBookings, questionnaireResponses, registrations } from "../db/schema";

/**
 * The client's own area (issue 19). A person is known here only by a better-auth session opened
 * from the link e-mailed to their address (magic link), never by an address typed into a form
 * (DESIGN §13); what is theirs is what carries that verified address.
 */

export type BookingStatus = (typeof groupBookings.$inferSelect)["status"];

export interface ClientBooking {
  id: string;
  groupId: string | null;
  therapistId: string | null;
  status: BookingStatus;
  createdAt: Date;
}

export interface ClientIdentity {
  session: SessionInfo;
  user: { id: string; email: string; name: string };
  /** Every booking made with the verified address, newest first (any status). */
  bookings: ClientBooking[];
  /** The questionnaires and registrations sent with it, newest first. */
  responseIds: string[];
  registrationIds: string[];
}

/** Roles that never get client data here, even when their address also booked a group. */
const STAFF_ROLES = new Set<string>([ADMIN_ROLE, THERAPIST_ROLE]);

/** What the verified address holds: bookings, questionnaires, registrations (addresses compared in lower case). */
async function holdings(db: Database, email: string) {
  const [bookings, responses, registrationRows] = await Promise.all([
    db
      .select({
        id: groupBookings.id,
        groupId: groupBookings.groupId,
        therapistId: groupBookings.therapistId,
        status: groupBookings.status,
        createdAt: groupBookings.createdAt,
      })
      .from(groupBookings)
      .where(eq(sql`lower(${groupBookings.email})`, email))
      .orderBy(desc(groupBookings.createdAt)),
    db
      .select({ id: questionnaireResponses.id })
      .from(questionnaireResponses)
      .where(eq(sql`lower(${questionnaireResponses.email})`, email))
      .orderBy(desc(questionnaireResponses.createdAt)),
    db
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(sql`lower(${registrations.email})`, email))
      .orderBy(desc(registrations.createdAt)),
  ]);
  return { bookings, responseIds: responses.map((row) => row.id), registrationIds: registrationRows.map((row) => row.id) };
}

/**
 * The signed-in client of a request, or null without a session. Staff and therapists get 403 (they
 * have their own areas, and no client data is shown on the strength of their address); an account
 * whose address is not confirmed gets 403 too.
 */
export async function currentClient(request: Request, db: Database): Promise<ClientIdentity | null> {
  const session = await getSession(db, request);
  if (!session) return null;
  if (STAFF_ROLES.has(session.user.role ?? "")) throw Response.json({ error: clientAreaMessages.staffOnly }, { status: 403 });
  if (!session.user.emailVerified) throw Response.json({ error: clientAreaMessages.unverified }, { status: 403 });
  const email = session.user.email.trim().toLowerCase();
  return { session, user: { id: session.user.id, email, name: session.user.name }, ...(await holdings(db, email)) };
}

/**
 * The gate of every client-area loader, action and resource route: the signed-in client with what
 * their verified address holds. Without a session a page request goes to the sign-in form at
 * /area-personale (coming back here after the e-mailed link), anything else gets 401; staff and
 * therapists get 403.
 */
export async function requireClient(request: Request, db: Database): Promise<ClientIdentity> {
  const client = await currentClient(request, db);
  if (client) return client;
  if (request.method === "GET" || request.method === "HEAD") {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    throw redirect(back === CLIENT_AREA ? CLIENT_AREA : `${CLIENT_AREA}?${new URLSearchParams({ ritorno: back })}`);
  }
  throw Response.json({ error: "Accedi alla tua area personale per continuare." }, { status: 401 });
}

/** Not among the client's: the same 404 as a missing record, so nobody learns what exists. */
export const notTheirs = () => new Response("Non trovato nella tua area personale.", { status: 404 });

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

