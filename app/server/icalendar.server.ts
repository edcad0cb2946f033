import { ROME_TIME_ZONE, romeParts } from "~/domain/calendar";

/** iCalendar (RFC 5545) pieces shared by every calendar file we make: the call invite, the group's meetings. */

export function escapeText(value: string) {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets are folded with CRLF and a space, never inside a UTF-8 character. */
function fold(line: string) {
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    if (size + bytes > (out.length ? 74 : 75)) {
      out.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join("\r\n ");
}

const localStamp = (instant: Date) => {
  const { date, time } = romeParts(instant);
  return `${date.replaceAll("-", "")}T${time.replace(":", "")}00`;
};
export const utcStamp = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
export const quoteParam = (value: string) => `"${value.replace(/["\\\r\n]/g, "")}"`;

/** DTSTART/DTEND lines in Italian time (the zone is spelled out by the file's VTIMEZONE). */
export const romeTimes = (startsAt: Date, endsAt: Date) => [`DTSTART;TZID=${ROME_TIME_ZONE}:${localStamp(startsAt)}`, `DTEND;TZID=${ROME_TIME_ZONE}:${localStamp(endsAt)}`];

/** A whole calendar file in Italian time with the Europe/Rome rules spelled out; `events` are the lines of each VEVENT. */
export function calendarFile(options: { prodId: string; method?: string; name?: string }, events: string[][]) {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${options.prodId}`,
    "CALSCALE:GREGORIAN",
    ...(options.method ? [`METHOD:${options.method}`] : []),
    ...(options.name ? [`X-WR-CALNAME:${escapeText(options.name)}`, `X-WR-TIMEZONE:${ROME_TIME_ZONE}`] : []),
    "BEGIN:VTIMEZONE",
    `TZID:${ROME_TIME_ZONE}`,
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0200",
    "TZNAME:CEST",
    "DTSTART:19700329T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0200",
    "TZOFFSETTO:+0100",
    "TZNAME:CET",
    "DTSTART:19701025T030000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
    ...events.flatMap((event) => ["BEGIN:VEVENT", ...event, "END:VEVENT"]),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
