import { and, desc, eq, ne, sql } from "drizzle-orm";
import { todayInRome } from "~/domain/calendar";
import { formatDate } from "~/domain/format";
import { audit } from "../audit.server";
import type { Database } from "../db/client.server";
import { consentRecords, newsletterSubscribers, privacyRequests } from "../db/schema";
import type { ClientIdentity } from "../gates.server";
import { ClientAreaNoticeEmail } from "../mail/client-area-templates";
import { emailBody, enqueueEmails, staffEmail } from "../mail/outbox.server";
import { progressNotesOf } from "./care-notes.server";
import { areaUrl, bookingName } from "./client-area.server";
import { subscribe } from "./newsletter.server";
import { collectPersonalData, openPrivacyRequest } from "./privacy-requests.server";

/**
 * My data: the export staff can make (art. 15/20), erasure requests (art. 17), consents, the
 * newsletter, and the note after signing out everywhere.
 */

/**
 * Everything held about the client's address, as staff's export has it, and their own progress notes
 * (art. 15; only in the person's own export: staff never read clinical notes); the download is in the audit log.
 */
export async function exportClientData(db: Database, client: ClientIdentity) {
  const collected = await collectPersonalData(db, client.user.email);
  const data = {
    ...collected,
    progressNotes: await progressNotesOf(
      db,
      collected.groupBookings.map((booking) => booking.id),
    ),
  };
  await audit(db, client.session, { action: "export", entity: "person", detail: { format: "json", by: "self" } });
  return data;
}

/** The consents given with an address (in lower case), newest first: the person's own page and staff's account page. */
export function consentsOf(db: Database, email: string) {
  return db
    .select({ id: consentRecords.id, form: consentRecords.form, consent: consentRecords.consent, textVersion: consentRecords.textVersion, givenAt: consentRecords.givenAt })
    .from(consentRecords)
    .where(eq(sql`lower(${consentRecords.email})`, email))
    .orderBy(desc(consentRecords.givenAt));
}

export const clientConsents = (db: Database, client: ClientIdentity) => consentsOf(db, client.user.email);

/** The privacy requests on the register for an address (in lower case), newest first. */
export function privacyRequestsOf(db: Database, email: string) {
  return db
    .select({
      id: privacyRequests.id,
      type: privacyRequests.type,
      status: privacyRequests.status,
      receivedAt: privacyRequests.receivedAt,
      dueAt: privacyRequests.dueAt,
      completedAt: privacyRequests.completedAt,
    })
    .from(privacyRequests)
    .where(eq(privacyRequests.email, email))
    .orderBy(desc(privacyRequests.receivedAt));
}

export const clientPrivacyRequests = (db: Database, client: ClientIdentity) => privacyRequestsOf(db, client.user.email);

export async function clientNewsletterStatus(db: Database, client: ClientIdentity) {
  const [row] = await db.select({ status: newsletterSubscribers.status }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, client.user.email));
  return row?.status ?? null;
}

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
      staffEmail({
        subject: "Nuova richiesta di cancellazione (art. 17)",
        template: "staff-erasure-request",
        title: "Una persona ha chiesto la cancellazione dei suoi dati dalla sua area personale",
        rows: [
          ["Email", client.user.email],
          ["Scadenza", due],
          ["Dove", "Admin → Privacy"],
        ],
      }),
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
