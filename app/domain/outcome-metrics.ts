/**
 * What the PHQ-9 and GAD-7 totals say about a person's path and about the practice (issue 33,
 * docs/features/outcomes.md). The rules are NHS Talking Therapies' (NHS Talking Therapies Manual,
 * NHS England; NHS Digital's annual reports, "Outcome measures" and glossary):
 *  - first and last scores of a course ("paired scores": at least two questionnaires);
 *  - caseness: PHQ-9 ≥ 10 or GAD-7 ≥ 8;
 *  - reliable improvement: PHQ-9 down by 6 or more, or GAD-7 down by 4 or more, with no reliable rise on the other;
 *  - reliable deterioration: PHQ-9 up by 6 or more, or GAD-7 up by 4 or more, with no reliable fall on the other;
 *  - recovery: a case at the start, below caseness on both at the end (counted among those who were a case);
 *  - reliable recovery: recovery and reliable improvement together.
 * The practice's figures count the paths that ended (finished courses), as NHS Digital does.
 * Pure: no I/O.
 */

export const CASENESS = { phq9: 10, gad7: 8 } as const;
export const RELIABLE_CHANGE = { phq9: 6, gad7: 4 } as const;
/** After this many attended meetings, a path without reliable improvement is "not on track". */
export const NOT_ON_TRACK_AFTER_MEETINGS = 8;
/** The public page shows figures only from this many people with paired scores. */
export const PUBLIC_MINIMUM_PAIRED = 30;

/** One answered questionnaire: both totals and when it was answered. */
export interface ScorePoint {
  takenAt: Date;
  phq9: number;
  gad7: number;
}

/** One person's path: who follows it, whether it ended, and the scores in any order. */
export interface OutcomePath {
  personId: string;
  groupId: string | null;
  groupLabel?: string;
  therapistId: string | null;
  therapistLabel?: string;
  /** When the path ended (the person left the group or finished); null while it goes on. */
  endedAt: Date | null;
  /** Meetings attended so far. */
  attendedMeetings: number;
  scores: readonly ScorePoint[];
}

export interface PersonOutcome {
  first: ScorePoint | null;
  last: ScorePoint | null;
  paired: boolean;
  /** Last minus first (negative is better); null without paired scores. */
  phq9Change: number | null;
  gad7Change: number | null;
  casenessAtStart: boolean;
  reliableImprovement: boolean;
  reliableDeterioration: boolean;
  recovery: boolean;
  reliableRecovery: boolean;
  notOnTrack: boolean;
}

export function isCase(point: Pick<ScorePoint, "phq9" | "gad7">) {
  return point.phq9 >= CASENESS.phq9 || point.gad7 >= CASENESS.gad7;
}

/** The scores in time order (the input is not changed). */
export function sortedScores(scores: readonly ScorePoint[]): ScorePoint[] {
  return [...scores].sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
}

/** First and last scores and every flag of one path. */
export function personOutcome(path: Pick<OutcomePath, "scores" | "attendedMeetings">): PersonOutcome {
  const scores = sortedScores(path.scores);
  const first = scores[0] ?? null;
  const last = scores.length > 1 ? scores[scores.length - 1]! : null;
  const none: PersonOutcome = {
    first,
    last,
    paired: false,
    phq9Change: null,
    gad7Change: null,
    casenessAtStart: first ? isCase(first) : false,
    reliableImprovement: false,
    reliableDeterioration: false,
    recovery: false,
    reliableRecovery: false,
    notOnTrack: false,
  };
  if (!first || !last) return none;
  const phq9Change = last.phq9 - first.phq9;
  const gad7Change = last.gad7 - first.gad7;
  const reliablyDown = phq9Change <= -RELIABLE_CHANGE.phq9 || gad7Change <= -RELIABLE_CHANGE.gad7;
  const reliablyUp = phq9Change >= RELIABLE_CHANGE.phq9 || gad7Change >= RELIABLE_CHANGE.gad7;
  const reliableImprovement = reliablyDown && !reliablyUp;
  const reliableDeterioration = reliablyUp && !reliablyDown;
  const casenessAtStart = isCase(first);
  const recovery = casenessAtStart && !isCase(last);
  const anyRise = phq9Change > 0 || gad7Change > 0;
  return {
    first,
    last,
    paired: true,
    phq9Change,
    gad7Change,
    casenessAtStart,
    reliableImprovement,
    reliableDeterioration,
    recovery,
    reliableRecovery: recovery && reliableImprovement,
    notOnTrack: anyRise || (path.attendedMeetings >= NOT_ON_TRACK_AFTER_MEETINGS && !reliableImprovement),
  };
}

/** The counts behind one row of figures. */
export interface OutcomeFigures {
  /** Paths that ended. */
  ended: number;
  /** Of those, with paired scores (the base of improvement and deterioration). */
  paired: number;
  /** Of those, a case at the start (the base of recovery and reliable recovery). */
  casenessAtStart: number;
  reliableImprovement: number;
  reliableDeterioration: number;
  recovery: number;
  reliableRecovery: number;
}

export const emptyFigures = (): OutcomeFigures => ({
  ended: 0,
  paired: 0,
  casenessAtStart: 0,
  reliableImprovement: 0,
  reliableDeterioration: 0,
  recovery: 0,
  reliableRecovery: 0,
});

function addPath(figures: OutcomeFigures, outcome: PersonOutcome) {
  figures.ended += 1;
  if (!outcome.paired) return;
  figures.paired += 1;
  if (outcome.reliableImprovement) figures.reliableImprovement += 1;
  if (outcome.reliableDeterioration) figures.reliableDeterioration += 1;
  if (!outcome.casenessAtStart) return;
  figures.casenessAtStart += 1;
  if (outcome.recovery) figures.recovery += 1;
  if (outcome.reliableRecovery) figures.reliableRecovery += 1;
}

/** The figures of the ended paths (paths still going on are left out, as in NHS Digital's reports). */
export function outcomeFigures(paths: readonly OutcomePath[]): OutcomeFigures {
  const figures = emptyFigures();
  for (const path of paths) if (path.endedAt) addPath(figures, personOutcome(path));
  return figures;
}

export interface FiguresRow extends OutcomeFigures {
  key: string;
  label: string;
}

/** The ended paths' figures by a key (month, therapist, group), in key order; paths without a key are left out. */
export function figuresBy(paths: readonly OutcomePath[], keyOf: (path: OutcomePath & { endedAt: Date }) => { key: string; label: string } | null): FiguresRow[] {
  const rows = new Map<string, FiguresRow>();
  for (const path of paths) {
    if (!path.endedAt) continue;
    const group = keyOf(path as OutcomePath & { endedAt: Date });
    if (!group) continue;
    let row = rows.get(group.key);
    if (!row) rows.set(group.key, (row = { ...emptyFigures(), ...group }));
    addPath(row, personOutcome(path));
  }
  return [...rows.values()].sort((a, b) => a.key.localeCompare(b.key));
}

const monthFormat = new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", month: "long", year: "numeric" });
const monthKeyFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome", year: "numeric", month: "2-digit" });

/** The month (in Italy) a path ended: "2026-03" and "marzo 2026". */
export function monthOf(date: Date) {
  return { key: monthKeyFormat.format(date).slice(0, 7), label: monthFormat.format(date) };
}

export const figuresByMonth = (paths: readonly OutcomePath[]) => figuresBy(paths, (path) => monthOf(path.endedAt));
export const figuresByTherapist = (paths: readonly OutcomePath[]) =>
  figuresBy(paths, (path) => (path.therapistId ? { key: path.therapistLabel ?? path.therapistId, label: path.therapistLabel ?? path.therapistId } : null));
export const figuresByGroup = (paths: readonly OutcomePath[]) =>
  figuresBy(paths, (path) => (path.groupId ? { key: path.groupLabel ?? path.groupId, label: path.groupLabel ?? path.groupId } : null));

/** A share as a whole percentage, or null when the base is empty. */
export function percent(count: number, base: number): number | null {
  return base > 0 ? Math.round((count / base) * 100) : null;
}

/** The rates shown next to the counts. */
export function figureRates(figures: OutcomeFigures) {
  return {
    completeness: percent(figures.paired, figures.ended),
    reliableImprovement: percent(figures.reliableImprovement, figures.paired),
    reliableDeterioration: percent(figures.reliableDeterioration, figures.paired),
    recovery: percent(figures.recovery, figures.casenessAtStart),
    reliableRecovery: percent(figures.reliableRecovery, figures.casenessAtStart),
  };
}

/** The definitions written next to the figures (staff page and public page). */
export const figureDefinitions = [
  {
    term: "Persone con punteggi appaiati",
    text: "Persone che hanno concluso il percorso e hanno compilato il questionario almeno due volte: si confrontano il primo e l'ultimo punteggio.",
  },
  { term: "Completezza", text: "Su tutte le persone che hanno concluso il percorso, la quota di chi ha punteggi appaiati." },
  { term: "Caso clinico all'inizio", text: `PHQ-9 pari o superiore a ${CASENESS.phq9}, oppure GAD-7 pari o superiore a ${CASENESS.gad7}, al primo questionario.` },
  {
    term: "Miglioramento affidabile",
    text: `Il PHQ-9 scende di almeno ${RELIABLE_CHANGE.phq9} punti o il GAD-7 di almeno ${RELIABLE_CHANGE.gad7}, senza che l'altro salga di altrettanto. Calcolato su chi ha punteggi appaiati.`,
  },
  {
    term: "Peggioramento affidabile",
    text: `Il PHQ-9 sale di almeno ${RELIABLE_CHANGE.phq9} punti o il GAD-7 di almeno ${RELIABLE_CHANGE.gad7}, senza che l'altro scenda di altrettanto. Calcolato su chi ha punteggi appaiati.`,
  },
  {
    term: "Recupero",
    text: `Chi all'inizio era un caso clinico e all'ultimo questionario è sotto la soglia in entrambi (PHQ-9 sotto ${CASENESS.phq9} e GAD-7 sotto ${CASENESS.gad7}). Calcolato su chi all'inizio era un caso clinico.`,
  },
  { term: "Recupero affidabile", text: "Recupero e miglioramento affidabile insieme. Calcolato su chi all'inizio era un caso clinico." },
] as const;

/** The per-person flags a therapist sees, with their plain labels. */
export const outcomeFlagLabels = {
  reliableImprovement: "Miglioramento affidabile",
  reliableDeterioration: "Peggioramento affidabile",
  recovery: "Recupero",
  notOnTrack: "Non in linea",
} as const;
export type OutcomeFlag = keyof typeof outcomeFlagLabels;

export function outcomeFlags(outcome: PersonOutcome): OutcomeFlag[] {
  return (Object.keys(outcomeFlagLabels) as OutcomeFlag[]).filter((flag) => outcome[flag]);
}
