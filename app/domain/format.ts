/** Dates in the admin area: Italian format and Italian time, the same on the server and in the browser. */
import { ROME_TIME_ZONE as rome } from "./calendar";

const dateTimeFormat = new Intl.DateTimeFormat("it-IT", { dateStyle: "short", timeStyle: "short", timeZone: rome });
const dateTimeSecondsFormat = new Intl.DateTimeFormat("it-IT", { dateStyle: "short", timeStyle: "medium", timeZone: rome });
const dateFormat = new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric", timeZone: rome });
const shortDateFormat = new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "short", year: "numeric", timeZone: rome });
const dayMonthFormat = new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "short", timeZone: rome });

/** "21/11/25, 10:30" in Italian time, the same on the server and in the browser. */
export function formatDateTime(value: Date | string | null | undefined) {
  if (!value) return "—";
  return dateTimeFormat.format(new Date(value));
}

/** "21/11/25, 10:30:05": where the order within a minute matters (the audit log). */
export function formatDateTimeSeconds(value: Date | string) {
  return dateTimeSecondsFormat.format(new Date(value));
}

/** "2025-03-18" (a date column) as "18 marzo 2025". */
export function formatDate(value: string | null | undefined) {
  if (!value) return "—";
  return dateFormat.format(new Date(`${value}T12:00:00Z`));
}

/** "18 mar 2025": a moment's day in Italy, where a table has little room (deadlines of requests). */
export function formatShortDate(value: Date | string) {
  return shortDateFormat.format(new Date(value));
}

/** "2025-03-18" (a date column) as "18 mar", for chart labels. */
export function formatDayMonth(value: string) {
  return dayMonthFormat.format(new Date(`${value}T12:00:00Z`));
}

/** Today in Italy as YYYY-MM-DD, the default publication date. */
export function todayInItaly() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: rome, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}
