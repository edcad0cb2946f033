/**
 * Dates and times of the service, always in Italian time (Europe/Rome), daylight saving included.
 * Calendar dates are "YYYY-MM-DD" strings: day arithmetic on them is done at UTC noon, so it never
 * crosses a daylight-saving change; only the step from a wall-clock time to an instant needs the zone.
 */

export const ROME_TIME_ZONE = "Europe/Rome";

/** 1 = lunedì ... 7 = domenica, as the groups table stores weekdays. */
export const WEEKDAY_NAMES = ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"] as const;

export function weekdayName(weekday: number) {
  return WEEKDAY_NAMES[weekday - 1] ?? "";
}

const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: ROME_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The wall-clock date and time of an instant in Italy. */
export function romeParts(instant: Date) {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    seconds: parts.second ?? "00",
  };
}

function offsetMs(instant: number) {
  const { date, time, seconds } = romeParts(new Date(instant));
  return Date.parse(`${date}T${time}:${seconds}Z`) - instant;
}

/** The instant of a wall-clock time in Italy (daylight saving included). */
export function romeTimeToUtc(date: string, time: string): Date {
  const naive = Date.parse(`${date}T${time}:00Z`);
  const first = naive - offsetMs(naive);
  return new Date(naive - offsetMs(first));
}

/** Today's date in Italy. */
export function todayInRome(now: Date = new Date()) {
  return romeParts(now).date;
}

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

export function addDays(date: string, days: number) {
  const day = noon(date);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** 1 = Monday ... 7 = Sunday. */
export function isoWeekday(date: string) {
  return ((noon(date).getUTCDay() + 6) % 7) + 1;
}

/**
 * The first meeting of a weekly group: the first `weekday` on or after the later of its start date
 * and today. A group that started in the past meets next on its coming weekday.
 */
export function firstMeetingOn(startsOn: string, weekday: number, today: string = todayInRome()) {
  const from = startsOn > today ? startsOn : today;
  return addDays(from, (weekday - isoWeekday(from) + 7) % 7);
}

const longDate = new Intl.DateTimeFormat("it-IT", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

/** "lunedì 7 dicembre" */
export function dateLabel(date: string) {
  return longDate.format(noon(date));
}
