import { addDays, dateLabel, isoWeekday, romeParts, romeTimeToUtc } from "./calendar";
import { CALL_SLOT_MINUTES, type CallSlotDay } from "./matching-types";
import { z } from "./zod";

/**
 * The free introductory call (issue 30): offered from each therapist's weekly windows and
 * exceptions, in Italian time across daylight-saving changes (decision 068). Pure: the server reads
 * the rows, this module turns them into the days and slots a person chooses from.
 */

export const intakeCallStatuses = ["booked", "cancelled"] as const;
export const availabilityExceptionKinds = ["off", "extra"] as const;
export type AvailabilityExceptionKind = (typeof availabilityExceptionKinds)[number];

/** How many days ahead the slot picker offers, starting tomorrow. */
export const INTAKE_CALL_DAYS = 14;
/**
 * Until how many hours before its start a person moves or cancels their call on their own: the
 * therapist keeps the evening before free to read the questionnaire (decision 070).
 */
export const CALL_CHANGE_CUTOFF_HOURS = 12;
/** From 18:00 a slot is an evening one (the time slot "Sera" of the groups). */
export const EVENING_FROM_MINUTE = 18 * 60;

export interface WeeklyWindow {
  /** ISO weekday: 1 lunedì … 7 domenica. */
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface AvailabilityException {
  onDate: string;
  kind: AvailabilityExceptionKind;
  startMinute: number | null;
  endMinute: number | null;
}

export interface TherapistCalendar {
  therapistId: string;
  windows: WeeklyWindow[];
  exceptions: AvailabilityException[];
  /** Booked calls of the therapist (start and end instants). */
  busy: { startsAt: Date; endsAt: Date }[];
}

export const minuteOfTime = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOfMinute = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** The next `count` calendar dates in Italy, starting tomorrow. */
export function nextRomeDates(now: Date, count = INTAKE_CALL_DAYS) {
  const today = romeParts(now).date;
  return Array.from({ length: count }, (_, index) => addDays(today, index + 1));
}

/**
 * The starts of a therapist's slots on one date: their windows for that weekday (none on a day off)
 * plus that date's extra hours, every CALL_SLOT_MINUTES while a whole call fits. A wall-clock time
 * that does not exist that day (02:00-02:59 on the last Sunday of March) is skipped.
 */
export function slotStartsOn(date: string, windows: readonly WeeklyWindow[], exceptions: readonly AvailabilityException[]) {
  const todays = exceptions.filter((exception) => exception.onDate === date);
  if (todays.some((exception) => exception.kind === "off")) return [];
  const weekday = isoWeekday(date);
  const ranges = [
    ...windows.filter((window) => window.weekday === weekday),
    ...todays.flatMap((exception) =>
      exception.startMinute === null || exception.endMinute === null ? [] : [{ startMinute: exception.startMinute, endMinute: exception.endMinute }],
    ),
  ];
  const starts = new Map<number, { start: Date; time: string }>();
  for (const { startMinute, endMinute } of ranges) {
    for (let minute = startMinute; minute + CALL_SLOT_MINUTES <= endMinute; minute += CALL_SLOT_MINUTES) {
      const time = timeOfMinute(minute);
      const start = romeTimeToUtc(date, time);
      const wall = romeParts(start);
      if (wall.date !== date || wall.time !== time) continue;
      starts.set(start.getTime(), { start, time });
    }
  }
  return [...starts.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

const overlaps = (start: number, end: number, busy: TherapistCalendar["busy"]) => busy.some((call) => call.startsAt.getTime() < end && start < call.endsAt.getTime());

/** The therapists free for a call starting at `start` (an instant), in the order given. */
export function freeTherapistsAt(calendars: readonly TherapistCalendar[], start: Date) {
  const { date } = romeParts(start);
  const end = start.getTime() + CALL_SLOT_MINUTES * 60_000;
  return calendars
    .filter((calendar) => slotStartsOn(date, calendar.windows, calendar.exceptions).some((slot) => slot.start.getTime() === start.getTime()))
    .filter((calendar) => !overlaps(start.getTime(), end, calendar.busy))
    .map((calendar) => calendar.therapistId);
}

const shortDay = new Intl.DateTimeFormat("it-IT", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/**
 * The days the person chooses from: the next INTAKE_CALL_DAYS dates that have any slot of any
 * of the therapists; a slot is taken when every therapist offering it is busy then.
 */
export function intakeSlotDays(now: Date, calendars: readonly TherapistCalendar[], count = INTAKE_CALL_DAYS): CallSlotDay[] {
  return nextRomeDates(now, count).flatMap((date) => {
    const slots = new Map<number, { start: string; time: string; taken: boolean }>();
    for (const calendar of calendars) {
      for (const { start, time } of slotStartsOn(date, calendar.windows, calendar.exceptions)) {
        const free = !overlaps(start.getTime(), start.getTime() + CALL_SLOT_MINUTES * 60_000, calendar.busy);
        const known = slots.get(start.getTime());
        slots.set(start.getTime(), { start: start.toISOString(), time, taken: known ? known.taken && !free : !free });
      }
    }
    if (slots.size === 0) return [];
    return [
      { date, label: dateLabel(date), shortLabel: shortDay.format(new Date(`${date}T12:00:00Z`)), slots: [...slots.values()].sort((a, b) => a.start.localeCompare(b.start)) },
    ];
  });
}

/** Whether a person may still move or cancel a call starting at `startsAt`. */
export const callChangeAllowed = (startsAt: Date, now: Date) => startsAt.getTime() - now.getTime() >= CALL_CHANGE_CUTOFF_HOURS * 3_600_000;

/** The person's own changes to their call in /area-personale: one union on `intent`. */
export const callChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), callId: z.uuid({ error: "Chiamata non trovata." }) }),
  z.object({
    intent: z.literal("move"),
    callId: z.uuid({ error: "Chiamata non trovata." }),
    start: z.iso.datetime({ error: "Scegli uno degli orari disponibili." }),
  }),
]);
export type OwnCallChange = z.output<typeof callChangeSchema>;

export const callChangeMessages = {
  tooLate: `Mancano meno di ${CALL_CHANGE_CUTOFF_HOURS} ore alla chiamata: per cambiarla rispondi all'email di conferma.`,
  sameTime: "È già l'orario della tua chiamata: scegline un altro.",
} as const;
