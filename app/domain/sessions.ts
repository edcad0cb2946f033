import { z } from "zod";
import { labelled } from "./labelled";
import { absenceNotice, group as groupRules } from "~/content/site";
import { requiredText } from "./form-fields";
import { addDays, firstMeetingOn, isoWeekday, romeParts, romeTimeToUtc, ROME_TIME_ZONE } from "./calendar";

/**
 * The weekly meetings of a group, as pure calendar logic: which Italian dates, which instants, which
 * closures, and what the notice period means. The database work is in services/sessions.server.ts.
 */

export const [sessionStatuses, sessionStatusLabels] = labelled({ scheduled: "In programma", cancelled: "Annullato", moved: "Spostato" });
export type SessionStatus = (typeof sessionStatuses)[number];

export const [attendanceStatuses, attendanceLabels] = labelled({
  present: "Presente",
  absent_notified: "Assente con preavviso",
  absent_unnotified: "Assente senza preavviso",
});
export type AttendanceStatus = (typeof attendanceStatuses)[number];

/** A scheduled meeting whose start has passed: it took place. */
export const HELD_LABEL = "Svolto";

/** What a meeting's badge says: its status, or «Svolto» for a scheduled one that has started. */
export function meetingLabel(status: SessionStatus, startsAt: Date | string, now: Date = new Date()) {
  return status === "scheduled" && new Date(startsAt) <= now ? HELD_LABEL : sessionStatusLabels[status];
}

const SESSION_MS = groupRules.sessionMinutes * 60_000;

export interface Closure {
  groupId: string | null;
  startsOn: string;
  endsOn: string;
}

/** True when a closure (of this group or of every group) covers the Italian date. */
export function isClosedOn(date: string, groupId: string, closures: readonly Closure[]) {
  return closures.some((closure) => (closure.groupId === null || closure.groupId === groupId) && closure.startsOn <= date && date <= closure.endsOn);
}

/**
 * The Italian dates a weekly group meets from `from` to `until` (both included), never before its
 * start date: every `weekday`, one week apart.
 */
export function meetingDates(group: { startsOn: string; weekday: number }, from: string, until: string) {
  const dates: string[] = [];
  for (let date = firstMeetingOn(group.startsOn, group.weekday, from); date <= until; date = addDays(date, 7)) dates.push(date);
  return dates;
}

/** A meeting's start and end instants: the wall-clock time in Italy on that date, daylight saving included. */
export function meetingInstants(date: string, startTime: string) {
  const startsAt = romeTimeToUtc(date, startTime);
  return { startsAt, endsAt: new Date(startsAt.getTime() + SESSION_MS) };
}

/** Monday of the week (Italian dates) that contains `date`. */
export function weekStart(date: string) {
  return addDays(date, 1 - isoWeekday(date));
}

/**
 * Announced at least the notice period before the start: the absence is not charged. Exactly at the
 * cut-off still counts as in time.
 */
export function announcedInTime(startsAt: Date, announcedAt: Date, noticeHours: number = absenceNotice.hours) {
  return startsAt.getTime() - announcedAt.getTime() >= noticeHours * 3_600_000;
}

/**
 * The hook the charges read: only a meeting that took place as scheduled costs anything, and then
 * only for a member present or absent without notice.
 */
export function owesFee(sessionStatus: SessionStatus, attendanceStatus: AttendanceStatus | null) {
  return sessionStatus === "scheduled" && (attendanceStatus === "present" || attendanceStatus === "absent_unnotified");
}

const timeFormat = new Intl.DateTimeFormat("it-IT", { timeZone: ROME_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const dayFormat = new Intl.DateTimeFormat("it-IT", { timeZone: ROME_TIME_ZONE, weekday: "long", day: "numeric", month: "long", year: "numeric" });

/** "Lunedì 30 marzo 2026" from "lunedì 30 marzo 2026": a label that starts a line. */
export const upperFirst = (text: string) => text.charAt(0).toLocaleUpperCase("it-IT") + text.slice(1);

/** "lunedì 30 marzo 2026, 19:00-20:30" (Italian time). */
export function sessionLabel(startsAt: Date | string, endsAt?: Date | string) {
  const start = new Date(startsAt);
  const end = endsAt ? new Date(endsAt) : new Date(start.getTime() + SESSION_MS);
  return `${dayFormat.format(start)}, ${timeFormat.format(start)}-${timeFormat.format(end)}`;
}

export function sessionTime(startsAt: Date | string) {
  return timeFormat.format(new Date(startsAt));
}

/** The Italian date of an instant. */
export const romeDate = (instant: Date | string) => romeParts(new Date(instant)).date;

const note = z
  .string()
  .trim()
  .max(500, "Massimo 500 caratteri.")
  .optional()
  .transform((value) => value || null);

export const cancelSessionSchema = z.object({ note });

export const moveSessionSchema = z.object({
  date: z.iso.date("Scegli una data valida."),
  time: z.string({ error: "Orario non valido (HH:MM)." }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Orario non valido (HH:MM)."),
  note,
});

export const closureSchema = z
  .object({
    // Conform reads an empty field as missing: no group chosen means every group.
    group_id: z
      .uuid("Gruppo non valido.")
      .optional()
      .transform((value) => value ?? null),
    starts_on: z.iso.date("Data di inizio non valida."),
    ends_on: z.iso.date("Data di fine non valida."),
    reason: requiredText("Scrivi il motivo (per esempio: vacanze di Natale).", 200),
  })
  .refine((input) => input.starts_on <= input.ends_on, { path: ["ends_on"], message: "La fine deve essere uguale o successiva all'inizio." });

/** The group form's video-call link: optional, https only. */
export const videoUrlSchema = z
  .string()
  .trim()
  .max(500, "Massimo 500 caratteri.")
  .refine((value) => {
    if (!value) return true;
    try {
      const url = new URL(value);
      return url.protocol === "https:" && Boolean(url.hostname) && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "Inserisci un link https valido (per esempio https://meet.example.com/gruppo).")
  .transform((value) => value || null);

/** A meeting's roster as the attendance sheet shows it: the members' short names, whether they announced an absence. */
export function rosterRows<S extends string>(
  roster: readonly { bookingId: string; name: string | null; ageBracket: string | null; status: S | null; announcedAt: Date | string | null }[],
) {
  return roster.map((row) => ({ bookingId: row.bookingId, name: memberName(row.name), ageBracket: row.ageBracket, status: row.status, announced: Boolean(row.announcedAt) }));
}

/** "Giulia R." from "Giulia Rossi": what a therapist sees of a member's name. */
export function memberName(name: string | null | undefined) {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "Partecipante";
  const [first, ...rest] = words;
  const last = rest.at(-1);
  return last ? `${first} ${last.charAt(0).toLocaleUpperCase("it-IT")}.` : first!;
}

/** Where a signed-in therapist works: their own groups only. */
export const THERAPIST_AREA = "/terapeuta-area";
export const THERAPIST_ROLE = "therapist";
