import { and, desc, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import { bookingStatusLabels, nextMeeting, weekdayName } from "~/domain/group-labels";
import type { BookingStatus } from "~/domain/statuses";
import { group as groupConstants, site } from "~/content/site";
import { CLIENT_AREA } from "~/domain/client-area";
import type { Database } from "../db/client.server";
import { groupBookings, groups, therapists } from "../db/schema";
import { publicBaseUrl } from "../env.server";
import { HttpError } from "../http/errors.server";
import { BookingDecisionEmail } from "../mail/booking-templates";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { lockBooking, withCapacityCheck } from "./bookings.server";
import { cursorAt, type ListQuery, newestFirstBatches, peopleFilter, personColumns, pageOf } from "./admin-lists.server";
import { versionOf } from "../record-versions.server";

export { bookingStatuses } from "~/domain/statuses";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const where = (query: Omit<ListQuery<BookingStatus>, "page">) => peopleFilter(groupBookings, query);

/** Booking columns plus the joined therapist's name (SPEC 3, "Group booking") and the group's. */
const bookingColumns = {
  ...personColumns(groupBookings),
  ageBracket: groupBookings.ageBracket,
  status: groupBookings.status,
  callRequested: groupBookings.callRequested,
  /** The booking's latest intake call not cancelled (its page: the outcome, staff side). */
  callId: sql<string | null>`(select c.id from intake_calls c where c.booking_id = ${groupBookings.id} and c.status <> 'cancelled' order by c.starts_at desc limit 1)`,
  phone: groupBookings.phone,
  groupId: groupBookings.groupId,
  groupName: groups.name,
  therapistName: therapists.name,
  version: versionOf(groupBookings.updatedAt),
};

function bookingsQuery(db: Database, filter: SQL | undefined) {
  return db
    .select({ ...bookingColumns, cursorAt: cursorAt(groupBookings.createdAt) })
    .from(groupBookings)
    .leftJoin(therapists, eq(therapists.id, groupBookings.therapistId))
    .leftJoin(groups, eq(groups.id, groupBookings.groupId))
    .where(filter)
    .orderBy(desc(groupBookings.createdAt), desc(groupBookings.id));
}

/** One page of bookings, newest first, with the total; a page past the last one shows the last one. */
export async function listBookings(db: Database, query: ListQuery<BookingStatus>) {
  const filter = where(query);
  return pageOf(db, groupBookings, filter, query.page, (limit, offset) => bookingsQuery(db, filter).limit(limit).offset(offset));
}

/** Every booking the search and the filter keep, newest first, in batches (no row limit). */
export function exportBookings(db: Database, query: Omit<ListQuery<BookingStatus>, "page">) {
  return newestFirstBatches(groupBookings, where(query), (filter, limit) => bookingsQuery(db, filter).limit(limit));
}

/** Groups a booking can be moved to: not closed, with a free seat, with their occupancy. */
export function movableGroups(db: Database) {
  const confirmed = sql<number>`(select count(*)::int from group_bookings b where b.group_id = ${groups.id} and b.status = 'confirmed')`;
  return db
    .select({
      id: groups.id,
      name: groups.name,
      status: groups.status,
      capacity: groups.capacity,
      therapistName: therapists.name,
      confirmed,
    })
    .from(groups)
    .innerJoin(therapists, eq(therapists.id, groups.therapistId))
    .where(and(ne(groups.status, "closed"), sql`${confirmed} < ${groups.capacity}`))
    .orderBy(groups.name);
}

type GroupRow = typeof groups.$inferSelect;

/** The group with its therapist's name; locked like the capacity trigger locks it (NO KEY UPDATE). */
async function lockGroup(tx: Tx, id: string) {
  const [row] = await tx
    .select({ ...getTableColumns(groups), therapistName: therapists.name })
    .from(groups)
    .innerJoin(therapists, eq(therapists.id, groups.therapistId))
    .where(eq(groups.id, id))
    .for("no key update", { of: groups });
  if (!row) throw new HttpError(404, "Gruppo non trovato.");
  return row;
}

function schedule(group: GroupRow & { therapistName: string }) {
  return `Il gruppo "${group.name}" è guidato da ${group.therapistName} e si incontra online ogni ${weekdayName(group.weekday)} alle ${group.startTime} (${group.timeSlot.toLowerCase()}), per ${groupConstants.sessionMinutes} minuti, a partire dal ${nextMeeting(group)}.`;
}

function queueEmail(tx: Tx, to: string, subject: string, template: string, name: string | null, paragraphs: string[]) {
  return enqueueEmails(tx, [{ to, subject, template, body: emailBody(BookingDecisionEmail, { name, paragraphs }) }]);
}

export async function confirmBooking(db: Database, id: string, version: string) {
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, version);
    if (booking.status !== "requested") throw new HttpError(409, `Solo una richiesta può essere confermata (stato: ${bookingStatusLabels[booking.status]}).`);
    if (!booking.groupId) throw new HttpError(409, "La prenotazione non ha un gruppo: spostala in un gruppo.");
    const group = await lockGroup(tx, booking.groupId);
    if (group.status === "closed") throw new HttpError(409, `Il gruppo "${group.name}" è chiuso.`);
    await withCapacityCheck(group, () => tx.update(groupBookings).set({ status: "confirmed", updatedAt: new Date() }).where(eq(groupBookings.id, id)));
    await queueEmail(tx, booking.email, `Iscrizione confermata: gruppo "${group.name}"`, "booking-confirmed", booking.name, [
      `la tua iscrizione al gruppo "${group.name}" è confermata.`,
      schedule(group),
      "Prima del primo incontro riceverai il link per collegarti. Se hai domande, rispondi a questa email.",
      `Per completare l'iscrizione, inserisci i tuoi dati e accetta i documenti del servizio (accordo, termini e privacy) qui: ${publicBaseUrl()}/conferma-iscrizione. Te ne mandiamo una copia per email.`,
      `Nella tua area personale (${publicBaseUrl()}${CLIENT_AREA}) trovi i prossimi incontri, il link della videochiamata e puoi segnalare un'assenza: entri con un link che ti mandiamo a questo indirizzo.`,
    ]);
  });
}

export async function cancelBooking(db: Database, id: string, version: string) {
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, version);
    if (booking.status !== "requested" && booking.status !== "confirmed") {
      throw new HttpError(409, `Questa prenotazione non può essere annullata (stato: ${bookingStatusLabels[booking.status]}).`);
    }
    // A freed seat reopens a full group and wakes its waitlist: the seats trigger (drizzle/0004) does both.
    await tx.update(groupBookings).set({ status: "cancelled", updatedAt: new Date() }).where(eq(groupBookings.id, id));
    const [group] = booking.groupId ? await tx.select({ name: groups.name }).from(groups).where(eq(groups.id, booking.groupId)) : [];
    await queueEmail(tx, booking.email, "La tua prenotazione è stata annullata", "booking-cancelled", booking.name, [
      group ? `la tua prenotazione per il gruppo "${group.name}" è stata annullata.` : "la tua prenotazione è stata annullata.",
      `Se pensi che sia un errore o vuoi scegliere un altro gruppo, rispondi a questa email o scrivici a ${site.contactEmail}.`,
    ]);
  });
}
