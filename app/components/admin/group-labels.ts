import { formatDate } from "./format";

/** 1 = lunedì ... 7 = domenica, as the groups table stores weekdays. */
export const weekdayNames = ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"] as const;

export const groupStatusLabels = { open: "Aperto", full: "Completo", closed: "Chiuso" } as const;

export const bookingStatusLabels = {
  requested: "Richiesta",
  confirmed: "Confermata",
  moved: "Spostata",
  cancelled: "Annullata",
} as const;

export function weekdayName(weekday: number) {
  return weekdayNames[weekday - 1] ?? "";
}

/** "Mercoledì 20:30 · Sera" */
export function groupSlot(group: { weekday: number; startTime: string; timeSlot: string }) {
  const day = weekdayName(group.weekday);
  return `${day.charAt(0).toUpperCase()}${day.slice(1)} ${group.startTime} · ${group.timeSlot}`;
}

export function groupStart(startsOn: string) {
  return formatDate(startsOn);
}
