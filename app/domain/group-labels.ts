import { firstMeetingOn, WEEKDAY_NAMES, weekdayName } from "~/domain/calendar";
import { formatDate } from "./format";

export const weekdayNames = WEEKDAY_NAMES;
export { weekdayName };

export { bookingStatusLabels, groupStatusLabels } from "./statuses";

/** "1 posto libero", "3 posti liberi" */
export const freeSeatsLabel = (seats: number) => (seats === 1 ? "1 posto libero" : `${seats} posti liberi`);

/** "Mercoledì 20:30 · Sera" */
export function groupSlot(group: { weekday: number; startTime: string; timeSlot: string }) {
  const day = weekdayName(group.weekday);
  return `${day.charAt(0).toUpperCase()}${day.slice(1)} ${group.startTime} · ${group.timeSlot}`;
}

/** The group's first meeting: the first of its weekdays from its start date on, "7 dicembre 2026". */
export function groupStart(group: { startsOn: string; weekday: number }) {
  return formatDate(firstMeetingOn(group.startsOn, group.weekday, group.startsOn));
}

/** The next meeting from today on (or the first, if the group has not started): "7 dicembre 2026". */
export function nextMeeting(group: { startsOn: string; weekday: number }) {
  return formatDate(firstMeetingOn(group.startsOn, group.weekday));
}
