import { desc, eq, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { CLIENT_AREA, clientAreaMessages } from "~/domain/client-area";
import { THERAPIST_ROLE } from "~/domain/sessions";
import { GATE_CONSENT_COOKIE, GATE_CONSENT_PARAM, GATE_CONSENT_VALUE, GATE_PATH, QUESTIONNAIRE_PATH } from "~/domain/questionnaire";
import { widgetPath } from "~/domain/sign-in-widget";
import { ADMIN_ROLE, getSession, needsTwoFactorEnrolment, TWO_FACTOR_ENROLMENT_REQUIRED, usesSecureCookies, type SessionInfo } from "./auth.server";
import type { Database } from "./db/client.server";
import { isSiteHost } from "./env.server";
import { groupBookings, questionnaireResponses, registrations, therapists } from "./db/schema";
import { identityFromToken, tokenForProvenAddress } from "./services/identity.server";

/**
 * Who may: the gates of the admin, therapist and client areas, all `(db, request, …)`, and the
 * questionnaire's consent gate (a cookie, no database: `(request)`). A gate is
 * the route's own answer to someone who may not pass (a redirect to sign in, a 401 or a 403 the
 * area's ErrorBoundary shows), so it throws a Response as React Router expects, not an HttpError.
 * The UI's gates are a convenience; these are the security.
 */

/* ------------------------------------------------------------------------------------------------
 * Staff: the admin area
 * ---------------------------------------------------------------------------------------------- */

interface AdminGateOptions {
  /** Only for the two-factor enrolment page itself. */
  withoutTwoFactor?: boolean;
}

interface Refusal {
  status: 401 | 403;
  error: string;
}

function adminRefusalOf(session: SessionInfo | null, options: AdminGateOptions): Refusal | null {
  if (!session) return { status: 401, error: "Authentication required" };
  if (session.user.role !== ADMIN_ROLE) return { status: 403, error: "You don't have admin privileges to access this area." };
  if (!options.withoutTwoFactor && needsTwoFactorEnrolment(session)) return { status: 403, error: TWO_FACTOR_ENROLMENT_REQUIRED };
  return null;
}

/**
 * The gate of every admin loader, action and endpoint: 401 without a session, 403 without the
 * admin role (or, when ADMIN_REQUIRE_2FA=true, without TOTP).
 */
export async function requireAdmin(db: Database, request: Request, options: AdminGateOptions = {}): Promise<SessionInfo> {
  const session = await getSession(db, request);
  const refusal = adminRefusalOf(session, options);
  if (refusal) throw Response.json({ error: refusal.error }, { status: refusal.status });
  return session!;
}

/** `requireAdmin`'s refusal (401, 403) as a value, null for staff: for a page anyone may open whose form is staff's. */
export async function adminRefusal(db: Database, request: Request): Promise<Refusal | null> {
  return adminRefusalOf(await getSession(db, request), {});
}

/**
 * For admin page loaders, which run in parallel with the layout's gate: throws `requireAdmin`'s 401
 * or 403 when the request is not an admin's (or an admin's who must first set up two-factor
 * authentication), so no admin data ever leaves the server for anyone else. The page's
 * ErrorBoundary takes the error, inside the layout, which shows the login or Access Denied instead.
 */
export async function adminPageData<T>(db: Database, request: Request, load: (session: SessionInfo) => Promise<T>, options: AdminGateOptions = {}): Promise<T> {
  return load(await requireAdmin(db, request, options));
}

/* ------------------------------------------------------------------------------------------------
 * Therapists: their own area
 * ---------------------------------------------------------------------------------------------- */

export interface TherapistIdentity {
  session: SessionInfo;
  therapist: { id: string; name: string };
}

/**
 * The gate of every therapist-area loader and action: no session goes to the sign-in page (a page)
 * or gets 401 (an action); a session without the therapist role, or not linked to a therapist
 * record, gets 403. Staff use the admin area, not this one.
 */
export async function requireTherapist(db: Database, request: Request): Promise<TherapistIdentity> {
  const session = await getSession(db, request);
  if (!session) {
    if (request.method === "GET") throw redirect(`${widgetPath}?view=sign_in`);
    throw Response.json({ error: "Accesso richiesto." }, { status: 401 });
  }
  if (session.user.role !== THERAPIST_ROLE) throw Response.json({ error: "Quest'area è riservata ai terapeuti." }, { status: 403 });
  const [therapist] = await db.select({ id: therapists.id, name: therapists.name }).from(therapists).where(eq(therapists.userId, session.user.id));
  if (!therapist) throw Response.json({ error: "Il tuo account non è collegato a una scheda terapeuta." }, { status: 403 });
  return { session, therapist };
}

/* ------------------------------------------------------------------------------------------------
 * Clients: their own area (issue 19). A person is known here only by a better-auth session opened
 * from the link e-mailed to their address (magic link), never by an address typed into a form
 * (DESIGN §13); what is theirs is what carries that verified address.
 * ---------------------------------------------------------------------------------------------- */

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

/** Roles that never get client data, even when their address also booked a group. */
export const STAFF_ROLES = new Set<string>([ADMIN_ROLE, THERAPIST_ROLE]);

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
export async function currentClient(db: Database, request: Request): Promise<ClientIdentity | null> {
  const session = await getSession(db, request);
  if (!session) return null;
  if (STAFF_ROLES.has(session.user.role ?? "")) throw Response.json({ error: clientAreaMessages.staffOnly }, { status: 403 });
  if (!session.user.emailVerified) throw Response.json({ error: clientAreaMessages.unverified }, { status: 403 });
  const email = session.user.email.trim().toLowerCase();
  return { session, user: { id: session.user.id, email, name: session.user.name }, ...(await holdings(db, email)) };
}

/**
 * The verified address of a signed-in client, or null (no session, staff, therapists, an unconfirmed
 * address): for public pages that treat a client's session as proof of their address.
 */
export async function signedInClientEmail(db: Database, request: Request) {
  const session = await getSession(db, request);
  if (!session || STAFF_ROLES.has(session.user.role ?? "") || !session.user.emailVerified) return null;
  return session.user.email.trim().toLowerCase();
}

/**
 * Who a public page's visitor is proven to be: the holder of the link's access token (`tokenParam`) or,
 * without a valid one, a client signed in to their area, whose session proves the address: the page then
 * gets a token for it, so what it sends is done at once as for the token's holder. Null for anyone else,
 * whatever address the link names (DESIGN §13). Staff and therapists are nobody here.
 */
export async function provenVisitor(db: Database, request: Request, tokenParam: string | null) {
  const fromToken = await identityFromToken(db, tokenParam);
  if (fromToken) return { email: fromToken.email, token: tokenParam! };
  const signedIn = await signedInClientEmail(db, request);
  return signedIn ? { email: signedIn, token: await tokenForProvenAddress(db, signedIn) } : null;
}

/**
 * The gate of every client-area loader, action and resource route: the signed-in client with what
 * their verified address holds. Without a session a page request goes to the sign-in form at
 * /area-personale (coming back here after the e-mailed link), anything else gets 401; staff and
 * therapists get 403.
 */
export async function requireClient(db: Database, request: Request): Promise<ClientIdentity> {
  const client = await currentClient(db, request);
  if (client) return client;
  if (request.method === "GET" || request.method === "HEAD") {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    throw redirect(back === CLIENT_AREA ? CLIENT_AREA : `${CLIENT_AREA}?${new URLSearchParams({ ritorno: back })}`);
  }
  throw Response.json({ error: "Accedi alla tua area personale per continuare." }, { status: 401 });
}

/* ------------------------------------------------------------------------------------------------
 * Visitors: the questionnaire's consent gate
 * ---------------------------------------------------------------------------------------------- */

function hasConsentCookie(request: Request): boolean {
  const header = request.headers.get("Cookie") ?? "";
  return header.split(";").some((pair) => pair.trim() === `${GATE_CONSENT_COOKIE}=${GATE_CONSENT_VALUE}`);
}

/**
 * The gate's Continua counts only when the request comes from the gate page of this site (a link
 * cannot skip it); "this site" as for cross-site writes, so a proxy that ends TLS changes nothing.
 */
function sentByTheGate(request: Request): boolean {
  try {
    const from = new URL(request.headers.get("Referer") ?? "");
    return isSiteHost(from.host, new URL(request.url).host) && from.pathname === GATE_PATH;
  } catch {
    return false;
  }
}

/** The address without the gate's checkbox: the campaign tags stay for the page to keep. */
function without(url: URL, param: string, path: string) {
  const search = new URLSearchParams(url.search);
  search.delete(param);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Who may open the questionnaire: a browser that accepted the gate. The gate's form (plain or
 * hydrated) arrives with `privacy=accetto` and gets the consent cookie; without it, the visitor is
 * sent to the gate. The server can then render the first step instead of a loading card.
 */
export function requireGateConsent(request: Request): void {
  const url = new URL(request.url);
  if (url.searchParams.get(GATE_CONSENT_PARAM) === GATE_CONSENT_VALUE) {
    if (!sentByTheGate(request)) throw redirect(without(url, GATE_CONSENT_PARAM, GATE_PATH));
    const secure = usesSecureCookies(request) ? "; Secure" : "";
    throw redirect(without(url, GATE_CONSENT_PARAM, QUESTIONNAIRE_PATH), {
      headers: { "Set-Cookie": `${GATE_CONSENT_COOKIE}=${GATE_CONSENT_VALUE}; Path=/; HttpOnly; SameSite=Lax${secure}` },
    });
  }
  if (!hasConsentCookie(request)) throw redirect(without(url, GATE_CONSENT_PARAM, GATE_PATH));
}
