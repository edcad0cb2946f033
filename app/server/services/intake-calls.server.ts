import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { CALL_SLOT_MINUTES, messages } from "~/domain/matching-types";
import { site } from "~/content/site";
import { dateLabel, ROME_TIME_ZONE, romeParts, romeTimeToUtc } from "~/domain/calendar";
import { freeTherapistsAt, intakeSlotDays, nextRomeDates, type TherapistCalendar } from "~/domain/intake-calls";
import { isExclusionViolation, type Database } from "../db/client.server";
import { groups, intakeCalls, therapistAvailability, therapistAvailabilityExceptions, therapists, user } from "../db/schema";
import { errors, HttpError } from "../http/errors.server";
import type { Attachment } from "../mail/outbox.server";
import { calendarFile, escapeText, quoteParam, romeTimes, utcStamp } from "../icalendar.server";
import { storage } from "../storage.server";

type Reader = Pick<Database, "select">;
type Tx = Pick<Database, "insert" | "select">;

/** The free introductory call, booked with a therapist from their availability. All times are Italian (Europe/Rome). */
export const CALL_TIME_ZONE = ROME_TIME_ZONE;

/** "lunedì 23 novembre alle 10:30" for an instant, in Italian time. */
/** Who a call is with and when, as the therapist's and the staff's call pages read it. */
export const callPersonColumns = {
  id: intakeCalls.id,
  startsAt: intakeCalls.startsAt,
  status: intakeCalls.status,
  name: intakeCalls.name,
  email: intakeCalls.email,
  phone: intakeCalls.phone,
};

export function slotLabel(start: Date) {
  const { date, time } = romeParts(start);
  return `${dateLabel(date)} alle ${time}`;
}

/** The instants the slot picker covers now: from tomorrow 00:00 to the end of the last day, in Italy. */
function windowOf(now: Date) {
  const dates = nextRomeDates(now);
  return { from: romeTimeToUtc(dates[0]!, "00:00"), to: new Date(romeTimeToUtc(dates.at(-1)!, "23:30").getTime() + 3_600_000), dates };
}

/**
 * The calendars of the therapists who may take a call: the one given, or every therapist with a
 * weekly window or extra hours (who takes intake calls), with their booked calls in the window.
 */
export async function therapistCalendars(db: Reader, therapistId: string | null, now: Date): Promise<TherapistCalendar[]> {
  const { from, to, dates } = windowOf(now);
  const own = <T extends { therapistId: unknown }>(table: T) => (therapistId ? eq(table.therapistId as never, therapistId) : undefined);
  const [windows, exceptions] = await Promise.all([
    db
      .select({
        therapistId: therapistAvailability.therapistId,
        weekday: therapistAvailability.weekday,
        startMinute: therapistAvailability.startMinute,
        endMinute: therapistAvailability.endMinute,
      })
      .from(therapistAvailability)
      .where(own(therapistAvailability)),
    db
      .select({
        therapistId: therapistAvailabilityExceptions.therapistId,
        onDate: therapistAvailabilityExceptions.onDate,
        kind: therapistAvailabilityExceptions.kind,
        startMinute: therapistAvailabilityExceptions.startMinute,
        endMinute: therapistAvailabilityExceptions.endMinute,
      })
      .from(therapistAvailabilityExceptions)
      .where(and(own(therapistAvailabilityExceptions), sql`${therapistAvailabilityExceptions.onDate} between ${dates[0]} and ${dates.at(-1)}`)),
  ]);
  const ids = [...new Set([...windows.map((row) => row.therapistId), ...exceptions.filter((row) => row.kind === "extra").map((row) => row.therapistId)])].sort();
  if (ids.length === 0) return [];
  const busy = await db
    .select({ therapistId: intakeCalls.therapistId, startsAt: intakeCalls.startsAt, endsAt: intakeCalls.endsAt })
    .from(intakeCalls)
    .where(and(inArray(intakeCalls.therapistId, ids), eq(intakeCalls.status, "booked"), lt(intakeCalls.startsAt, to), gt(intakeCalls.endsAt, from)));
  return ids.map((id) => ({
    therapistId: id,
    windows: windows.filter((row) => row.therapistId === id),
    exceptions: exceptions.filter((row) => row.therapistId === id),
    busy: busy.filter((row) => row.therapistId === id),
  }));
}

/** The therapist of the chosen group, or null (no group chosen: every therapist who takes calls). */
async function groupTherapist(db: Reader, groupId: string | null | undefined) {
  if (!groupId) return null;
  const [row] = await db.select({ therapistId: groups.therapistId }).from(groups).where(eq(groups.id, groupId));
  return row?.therapistId ?? null;
}

/**
 * The calendars a call is booked from: the chosen group's therapist's or, when no group was chosen
 * or its therapist takes no intake calls (no windows, no extra hours), every therapist's.
 */
async function callCalendarsOf(db: Reader, groupId: string | null | undefined, now: Date) {
  const therapistId = await groupTherapist(db, groupId);
  const own = therapistId ? await therapistCalendars(db, therapistId, now) : [];
  return own.length > 0 ? { calendars: own, therapistId } : { calendars: await therapistCalendars(db, null, now), therapistId: null };
}

const callCalendars = async (db: Reader, groupId: string | null | undefined, now: Date) => (await callCalendarsOf(db, groupId, now)).calendars;

/** The days and slots of the next INTAKE_CALL_DAYS days (see callCalendars). */
export async function callAvailability(db: Reader, options: { groupId?: string | null } = {}, now = new Date()) {
  return intakeSlotDays(now, await callCalendars(db, options.groupId, now));
}

/**
 * What the call page offers: the days and slots (see callAvailability) and the name of the therapist
 * they all belong to when they are the chosen group's therapist's alone (null: every therapist's).
 */
export async function callOffer(db: Reader, groupId: string | null, now = new Date()) {
  const { calendars, therapistId } = await callCalendarsOf(db, groupId, now);
  const [therapist] = therapistId ? await db.select({ name: therapists.name }).from(therapists).where(eq(therapists.id, therapistId)) : [];
  return { days: intakeSlotDays(now, calendars), therapistName: therapist?.name ?? null };
}

/**
 * The therapist to book for a call starting at `start`: a free one of those offering it, the
 * least busy first. 400 when nobody offers that time, 409 when everybody offering it is taken.
 */
async function therapistFor(db: Reader, start: Date, groupId: string | null | undefined, now: Date) {
  const { from, to } = windowOf(now);
  if (start < from || start >= to) throw new HttpError(400, errors.invalid, { callSlot: messages.slotInvalid });
  const calendars = await callCalendars(db, groupId, now);
  const offering = calendars.filter((calendar) => freeTherapistsAt([{ ...calendar, busy: [] }], start).length > 0);
  if (offering.length === 0) throw new HttpError(400, errors.invalid, { callSlot: messages.slotInvalid });
  const free = freeTherapistsAt(offering, start);
  if (free.length === 0) throw new HttpError(409, messages.slotTaken);
  const load = (id: string) => calendars.find((calendar) => calendar.therapistId === id)!.busy.length;
  return free.sort((a, b) => load(a) - load(b))[0]!;
}

/** Whether `start` is a slot offered now (for the confirmation summary); throws 400 otherwise. */
export async function checkOfferedSlot(db: Reader, start: string, groupId: string | null | undefined, now = new Date()) {
  const instant = new Date(start);
  if (Number.isNaN(instant.getTime())) throw new HttpError(400, errors.invalid, { callSlot: messages.slotInvalid });
  await therapistFor(db, instant, groupId, now);
  return instant;
}

interface CallSlotBooking {
  start: string;
  email: string;
  name: string | null;
  phone: string;
  bookingId: string | null;
  groupId: string | null;
}

export interface CallTherapist {
  id: string;
  name: string;
  email: string | null;
  callRoomUrl: string | null;
}

/** How the call happens, in one sentence for the person. */
export const callMeans = (therapist: Pick<CallTherapist, "callRoomUrl">) =>
  therapist.callRoomUrl ? `in videochiamata: ${therapist.callRoomUrl}` : "al telefono: ti chiamerà al numero che ci hai lasciato";

export async function callTherapist(db: Reader, therapistId: string): Promise<CallTherapist> {
  const [row] = await db
    .select({ id: therapists.id, name: therapists.name, email: sql<string | null>`coalesce(${therapists.email}, ${user.email})`, callRoomUrl: therapists.callRoomUrl })
    .from(therapists)
    .leftJoin(user, eq(user.id, therapists.userId))
    .where(eq(therapists.id, therapistId));
  if (!row) throw new HttpError(404, "Terapeuta non trovatə.");
  return row;
}

/**
 * Books one slot with a free therapist. The exclusion constraint decides between parallel
 * requests for the same therapist: the loser's insert is refused and it gets 409. The .ics invite
 * is written to private storage and attached to the confirmation e-mails.
 */
export async function bookCallSlot(tx: Tx, input: CallSlotBooking, now = new Date()) {
  const start = await checkOfferedSlot(tx, input.start, input.groupId, now);
  const therapistId = await therapistFor(tx, start, input.groupId, now);
  const endsAt = new Date(start.getTime() + CALL_SLOT_MINUTES * 60_000);
  const row = await tx
    .insert(intakeCalls)
    .values({ therapistId, startsAt: start, endsAt, email: input.email, name: input.name, phone: input.phone, bookingId: input.bookingId })
    .returning()
    .then(([inserted]) => inserted!)
    .catch((error: unknown) => {
      if (isExclusionViolation(error)) throw new HttpError(409, messages.slotTaken);
      throw error;
    });
  const therapist = await callTherapist(tx, therapistId);
  const attachment = await storeInvite({ ...row, therapist }, now);
  return { id: row.id, startsAt: row.startsAt, label: slotLabel(row.startsAt), attachment, therapist };
}

export interface InviteCall {
  id: string;
  startsAt: Date;
  endsAt: Date;
  name: string | null;
  email: string;
  phone: string;
  sequence: number;
  status: "booked" | "cancelled";
  therapist: CallTherapist;
}

/** Writes the call's .ics (a request, or a cancellation) to private storage and returns it as an e-mail attachment. */
export async function storeInvite(call: InviteCall, now: Date): Promise<Attachment> {
  const key = `calls/${call.id}-${call.sequence}.ics`;
  const method = call.status === "cancelled" ? "CANCEL" : "REQUEST";
  await storage().put("documents", key, Buffer.from(callInvite(call, now)), "text/calendar");
  return { filename: "chiamata-conoscitiva.ics", bucket: "documents", key, contentType: `text/calendar; charset=utf-8; method=${method}` };
}

/** A calendar invite (or its cancellation) for the call, in Italian time with the Europe/Rome rules spelled out. */
function callInvite(call: InviteCall, now: Date) {
  const cancelled = call.status === "cancelled";
  const where = call.therapist.callRoomUrl ? `In videochiamata: ${call.therapist.callRoomUrl}` : `Al telefono: ${call.therapist.name} chiamerà il numero lasciato.`;
  return calendarFile({ prodId: `-//${site.brand}//Chiamata conoscitiva//IT`, method: cancelled ? "CANCEL" : "REQUEST" }, [
    [
      `UID:${call.id}@insieme-terapia.it`,
      `DTSTAMP:${utcStamp(now)}`,
      ...romeTimes(call.startsAt, call.endsAt),
      `SUMMARY:${escapeText(`Chiamata conoscitiva gratuita con ${site.brand}`)}`,
      `DESCRIPTION:${escapeText(`Il primo colloquio individuale, gratuito, con ${call.therapist.name}: ci conosciamo e ti spieghiamo come funziona il percorso di gruppo. ${where}`)}`,
      ...(call.therapist.callRoomUrl ? [`LOCATION:${escapeText(call.therapist.callRoomUrl)}`] : []),
      `ORGANIZER;CN=${quoteParam(site.brand)}:mailto:${site.contactEmail}`,
      `ATTENDEE;CN=${quoteParam(call.name || call.email)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${call.email}`,
      ...(call.therapist.email ? [`ATTENDEE;CN=${quoteParam(call.therapist.name)};ROLE=CHAIR;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${call.therapist.email}`] : []),
      `STATUS:${cancelled ? "CANCELLED" : "CONFIRMED"}`,
      `SEQUENCE:${call.sequence}`,
      ...(cancelled ? [] : ["BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${escapeText("Tra 15 minuti: chiamata conoscitiva")}`, "TRIGGER:-PT15M", "END:VALARM"]),
    ],
  ]);
}
