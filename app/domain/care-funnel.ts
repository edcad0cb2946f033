import { addDays, isoWeekday, todayInRome } from "./calendar";
import { labelled } from "./labelled";
import { formatDayMonth } from "./format";

/**
 * The care path's weekly funnel for staff (issue 30 point 3): questionnaires → calls booked → calls
 * held → suitable → first meeting attended. Each stage is counted in the ISO week (Europe/Rome) in
 * which it happened (docs/features/care-path.md); conversions compare a stage with the one before it.
 */
export const [funnelStages, funnelStageLabels] = labelled({
  questionnaires: "Questionari",
  booked: "Chiamate prenotate",
  held: "Chiamate svolte",
  suitable: "Adattə",
  attended: "Primo incontro",
});
export type FunnelStage = (typeof funnelStages)[number];

/** The column headers on a phone, where five columns must fit (the full label stays for screen readers). */
export const funnelStageShortLabels: Record<FunnelStage, string> = {
  questionnaires: "Quest.",
  booked: "Prenot.",
  held: "Svolte",
  suitable: "Adattə",
  attended: "1° inc.",
};

export type FunnelCounts = Record<FunnelStage, number>;
export type FunnelWeek = { week: string; counts: FunnelCounts };

/** How many weeks the page shows, the current one included. */
export const FUNNEL_WEEKS = 12;
/** A person waits "too long" for a decision after this many days. */
export const WAITING_DAYS = 7;

/** The Mondays (Italian dates) of the last `weeks` ISO weeks, the current one last. */
export function funnelWeekStarts(now: Date, weeks: number = FUNNEL_WEEKS): string[] {
  const today = todayInRome(now);
  const monday = addDays(today, 1 - isoWeekday(today));
  return Array.from({ length: weeks }, (_, index) => addDays(monday, -7 * (weeks - 1 - index)));
}

/** The ISO week number of the week starting on `monday` (its Thursday decides the year). */
export function isoWeekNumber(monday: string) {
  const thursday = new Date(`${addDays(monday, 3)}T12:00:00Z`);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1, 12);
  return Math.floor((thursday.getTime() - yearStart) / (7 * 86_400_000)) + 1;
}

/** "Sett. 47 · 16 nov – 22 nov" */
export function funnelWeekLabel(monday: string) {
  return `Sett. ${isoWeekNumber(monday)} · ${formatDayMonth(monday)} – ${formatDayMonth(addDays(monday, 6))}`;
}

/** A stage as a share of the stage before it, rounded ("—" when the one before is 0). */
export function conversion(from: number, to: number) {
  return from > 0 ? `${Math.round((to / from) * 100)}%` : "—";
}

/** The weeks' counts added up. */
export function funnelTotal(weeks: FunnelWeek[]): FunnelCounts {
  const total = Object.fromEntries(funnelStages.map((stage) => [stage, 0])) as FunnelCounts;
  for (const { counts } of weeks) for (const stage of funnelStages) total[stage] += counts[stage];
  return total;
}

/** What a person waits for: their call to happen, the call's outcome, or a call after the questionnaire. */
export const [waitingKinds, waitingKindLabels] = labelled({
  call: "La chiamata prenotata",
  outcome: "L'esito della chiamata",
  questionnaire: "Una chiamata dopo il questionario",
});
export type WaitingKind = (typeof waitingKinds)[number];
