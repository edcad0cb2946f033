import { and, gte, lt } from "drizzle-orm";
import { CALL_SLOT_MINUTES, messages, type CallSlotDay } from "~/domain/matching-types";
import { site } from "~/content/site";
import { ROME_TIME_ZONE, romeParts, romeTimeToUtc } from "~/domain/calendar";
import type { Database } from "../db/client.server";
import { callSlots } from "../db/schema";
import { errors, HttpError } from "../http/errors.server";
import type { Attachment } from "../mail/outbox.server";
import { calendarFile, escapeText, quoteParam, romeTimes, utcStamp } from "../icalendar.server";
import { storage } from "../storage.server";

type Tx = Pick<Database, "insert" | "select">;

/** The free introductory call: when it can be booked. All times are Italian (Europe/Rome). */
export const CALL_TIME_ZONE = ROME_TIME_ZONE;
const CALL_WORKING_DAYS = 10;
const CALL_HOURS = [
  { from: "10:00", to: "13:00" },
  { from: "14:00", to: "18:00" },
] as const;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

function slotTimes() {
  return CALL_HOURS.flatMap(({ from, to }) => {
    const times: string[] = [];
    for (let minute = minutesOf(from); minute + CALL_SLOT_MINUTES <= minutesOf(to); minute += CALL_SLOT_MINUTES) times.push(timeOf(minute));
    return times;
  });
}

/** The next working days (Monday to Friday in Italy), starting tomorrow. */
export function workingDays(now: Date, count = CALL_WORKING_DAYS) {
  const today = Date.parse(`${romeParts(now).date}T00:00:00Z`);
  const days: string[] = [];
  for (let offset = 1; days.length < count; offset++) {
    const day = new Date(today + offset * 86_400_000);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

const longDay = new Intl.DateTimeFormat("it-IT", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("it-IT", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** "lunedì 23 novembre alle 10:30" for an instant, in Italian time. */
export function slotLabel(start: Date) {
  const { date, time } = romeParts(start);
  return `${longDay.format(new Date(`${date}T00:00:00Z`))} alle ${time}`;
}

/** Every bookable slot of the coming working days, with the taken ones marked. */
function callSlotDays(now: Date, taken: ReadonlySet<number>): CallSlotDay[] {
  return workingDays(now).map((date) => {
    const day = new Date(`${date}T00:00:00Z`);
    return {
      date,
      label: longDay.format(day),
      shortLabel: shortDay.format(day),
      slots: slotTimes().map((time) => {
        const start = romeTimeToUtc(date, time);
        return { start: start.toISOString(), time, taken: taken.has(start.getTime()) };
      }),
    };
  });
}

function windowOf(now: Date) {
  const days = workingDays(now);
  return { from: romeTimeToUtc(days[0]!, "00:00"), to: romeTimeToUtc(days.at(-1)!, "23:59") };
}

export async function callAvailability(db: Pick<Database, "select">, now = new Date()) {
  const { from, to } = windowOf(now);
  const rows = await db
    .select({ startsAt: callSlots.startsAt })
    .from(callSlots)
    .where(and(gte(callSlots.startsAt, from), lt(callSlots.startsAt, to)));
  return callSlotDays(now, new Set(rows.map((row) => row.startsAt.getTime())));
}

/** The slot starting at `start`, when it is one we offer now; otherwise undefined. */
export function offeredSlot(start: string, now = new Date()) {
  const instant = Date.parse(start);
  if (Number.isNaN(instant)) return undefined;
  for (const day of callSlotDays(now, new Set())) {
    const slot = day.slots.find((candidate) => Date.parse(candidate.start) === instant);
    if (slot) return { startsAt: new Date(instant), endsAt: new Date(instant + CALL_SLOT_MINUTES * 60_000) };
  }
  return undefined;
}

interface CallSlotBooking {
  start: string;
  email: string;
  name: string | null;
  phone: string;
  bookingId: string | null;
}

/**
 * Books one slot. The unique index on the start decides between parallel requests: the loser's
 * insert does nothing and it gets 409. The .ics invite is written to private storage and
 * attached to the confirmation e-mail.
 */
export async function bookCallSlot(tx: Tx, input: CallSlotBooking, now = new Date()) {
  const slot = offeredSlot(input.start, now);
  if (!slot) throw new HttpError(400, errors.invalid, { callSlot: messages.slotInvalid });
  const [row] = await tx
    .insert(callSlots)
    .values({ ...slot, email: input.email, name: input.name, phone: input.phone, bookingId: input.bookingId })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new HttpError(409, messages.slotTaken);
  const key = `calls/${row.id}.ics`;
  await storage().put(
    "documents",
    key,
    Buffer.from(callInvite({ id: row.id, startsAt: row.startsAt, endsAt: row.endsAt, name: input.name, email: input.email, now })),
    "text/calendar",
  );
  const attachment: Attachment = { filename: "chiamata-conoscitiva.ics", bucket: "documents", key, contentType: "text/calendar; charset=utf-8; method=REQUEST" };
  return { id: row.id, startsAt: row.startsAt, label: slotLabel(row.startsAt), attachment };
}

/** A calendar invite for the call, in Italian time with the Europe/Rome rules spelled out. */
function callInvite(input: { id: string; startsAt: Date; endsAt: Date; name: string | null; email: string; now?: Date }) {
  return calendarFile({ prodId: `-//${site.brand}//Chiamata conoscitiva//IT`, method: "REQUEST" }, [
    [
      `UID:${input.id}@insieme-terapia.it`,
      `DTSTAMP:${utcStamp(input.now ?? new Date())}`,
      ...romeTimes(input.startsAt, input.endsAt),
      `SUMMARY:${escapeText(`Chiamata conoscitiva gratuita con ${site.brand}`)}`,
      `DESCRIPTION:${escapeText(
        "Il primo colloquio individuale, gratuito: ci conosciamo e ti spieghiamo come funziona il percorso di gruppo. Ti chiameremo al numero che ci hai lasciato.",
      )}`,
      `ORGANIZER;CN=${quoteParam(site.brand)}:mailto:${site.contactEmail}`,
      `ATTENDEE;CN=${quoteParam(input.name || input.email)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${input.email}`,
      "STATUS:CONFIRMED",
      "SEQUENCE:0",
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      `DESCRIPTION:${escapeText("Tra 15 minuti: chiamata conoscitiva")}`,
      "TRIGGER:-PT15M",
      "END:VALARM",
    ],
  ]);
}
