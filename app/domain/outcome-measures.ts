import { labelled } from "./labelled";

/**
 * The outcome measures (issue 33, docs/features/outcomes.md): PHQ-9 (depression) and GAD-7 (anxiety),
 * asked together as one "questionario di monitoraggio". Items and answer labels are the Italian
 * version of the PHQ screeners (Pfizer, free to use, phqscreeners.com), quoted verbatim; the
 * instruction line speaks with "tu" as the rest of the site. Scoring and severity bands are the
 * published ones (Kroenke, Spitzer & Williams 2001; Spitzer et al. 2006). Pure: no I/O.
 */

export const [outcomeMeasureKinds, measureNames] = labelled({ phq9: "PHQ-9", gad7: "GAD-7" });
export type OutcomeMeasureKind = (typeof outcomeMeasureKinds)[number];

/** When a questionnaire is asked: before the first meeting, every four attended meetings, at the end of the path. */
export const [outcomeOccasions, outcomeOccasionLabels] = labelled({
  intake: "Prima del primo incontro",
  periodic: "Durante il percorso",
  end: "Alla fine del percorso",
});
export type OutcomeOccasion = (typeof outcomeOccasions)[number];

/** The administration's state: waiting for answers, answered, closed unanswered (reminders spent), or cancelled (no consent). */
export const outcomeAdministrationStatuses = ["pending", "completed", "expired", "cancelled"] as const;

/** The four answers of every item, scored 0-3. */
export const answerOptions = [
  { value: 0, label: "Mai" },
  { value: 1, label: "Alcuni giorni" },
  { value: 2, label: "Per più della metà dei giorni" },
  { value: 3, label: "Quasi ogni giorno" },
] as const;
export type AnswerValue = (typeof answerOptions)[number]["value"];

/** The instruction shown above every item (the published one, addressed with "tu"). */
export const measureInstruction = "Nelle ultime 2 settimane, con quale frequenza ti ha dato fastidio ciascuno dei seguenti problemi?";

export const phq9Items = [
  "Scarso interesse o piacere nel fare le cose",
  "Sentirsi giù, triste o disperato/a",
  "Problemi ad addormentarsi o a dormire tutta la notte senza svegliarsi, o a dormire troppo",
  "Sentirsi stanco/a o avere poca energia",
  "Scarso appetito o mangiare troppo",
  "Avere una scarsa opinione di sé, o sentirsi un/una fallito/a o aver deluso se stesso/a o i propri familiari",
  "Difficoltà a concentrarsi su qualcosa, per esempio leggere il giornale o guardare la televisione",
  "Muoversi o parlare così lentamente da poter essere notato/a da altre persone. O, al contrario, essere così irrequieto/a da muoversi molto più del solito",
  "Pensare che sarebbe meglio morire o farsi del male in un modo o nell'altro",
] as const;

export const gad7Items = [
  "Sentirsi nervoso/a, ansioso/a o teso/a",
  "Non riuscire a smettere di preoccuparsi o a tenere sotto controllo le preoccupazioni",
  "Preoccuparsi troppo per varie cose",
  "Avere difficoltà a rilassarsi",
  "Essere talmente irrequieto/a da far fatica a stare seduto/a fermo/a",
  "Infastidirsi o irritarsi facilmente",
  "Avere paura che possa succedere qualcosa di terribile",
] as const;

export const measureItems: Record<OutcomeMeasureKind, readonly string[]> = { phq9: phq9Items, gad7: gad7Items };
export const measureMaxScore: Record<OutcomeMeasureKind, number> = { phq9: 27, gad7: 21 };

/** PHQ-9 item 9 (thoughts of death or self-harm), 0-based index. */
export const PHQ9_SAFETY_ITEM = 8;

/** One question of the form: the two measures one after the other, PHQ-9 first (16 questions in all). */
export interface MeasureQuestion {
  /** The form field's name, e.g. "phq9_1", "gad7_7". */
  key: string;
  measure: OutcomeMeasureKind;
  /** 0-based within its measure. */
  index: number;
  text: string;
}

export const measureQuestions: readonly MeasureQuestion[] = outcomeMeasureKinds.flatMap((measure) =>
  measureItems[measure].map((text, index) => ({ key: `${measure}_${index + 1}`, measure, index, text })),
);
export const QUESTION_COUNT = measureQuestions.length;

/** The safety question's field name. */
export const SAFETY_QUESTION_KEY = `phq9_${PHQ9_SAFETY_ITEM + 1}`;

/** The answers of one questionnaire, by field name; a draft may lack some. */
export type MeasureAnswers = Partial<Record<string, AnswerValue>>;

export function isAnswerValue(value: unknown): value is AnswerValue {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

/** Keeps from any object only the known questions with a valid answer (0-3, number or digit string). */
export function cleanAnswers(input: Record<string, unknown>): MeasureAnswers {
  const answers: MeasureAnswers = {};
  for (const question of measureQuestions) {
    const raw = input[question.key];
    const value = typeof raw === "string" && /^[0-3]$/.test(raw.trim()) ? Number(raw.trim()) : raw;
    if (isAnswerValue(value)) answers[question.key] = value;
  }
  return answers;
}

/** The item answers of one measure, in order (undefined where unanswered). */
export function measureAnswers(answers: MeasureAnswers, measure: OutcomeMeasureKind): (AnswerValue | undefined)[] {
  return measureItems[measure].map((_, index) => answers[`${measure}_${index + 1}`]);
}

/** The questions still without an answer, in order. */
export function unansweredQuestions(answers: MeasureAnswers): MeasureQuestion[] {
  return measureQuestions.filter((question) => !isAnswerValue(answers[question.key]));
}

/** The first unanswered question's 0-based position (QUESTION_COUNT when all are answered): where a draft resumes. */
export function resumePosition(answers: MeasureAnswers): number {
  const index = measureQuestions.findIndex((question) => !isAnswerValue(answers[question.key]));
  return index === -1 ? QUESTION_COUNT : index;
}

/** The total of one measure's items (PHQ-9 0-27, GAD-7 0-21); throws when an item is missing or out of range. */
export function scoreMeasure(measure: OutcomeMeasureKind, items: readonly unknown[]): number {
  const expected = measureItems[measure].length;
  if (items.length !== expected) throw new RangeError(`${measureNames[measure]}: servono ${expected} risposte, ne sono arrivate ${items.length}.`);
  return items.reduce<number>((sum, value, index) => {
    if (!isAnswerValue(value)) throw new RangeError(`${measureNames[measure]}: la risposta ${index + 1} non è tra 0 e 3.`);
    return sum + value;
  }, 0);
}

/** Both totals of a complete questionnaire; throws when an answer is missing. */
export function scoreAnswers(answers: MeasureAnswers): Record<OutcomeMeasureKind, number> {
  return { phq9: scoreMeasure("phq9", measureAnswers(answers, "phq9")), gad7: scoreMeasure("gad7", measureAnswers(answers, "gad7")) };
}

/** A severity band: its range (inclusive), the standard label and what it means in plain Italian. */
export interface SeverityBand {
  id: "minimal" | "mild" | "moderate" | "moderately_severe" | "severe";
  min: number;
  max: number;
  label: string;
  meaning: string;
}

export const phq9Bands: readonly SeverityBand[] = [
  { id: "minimal", min: 0, max: 4, label: "Minimo", meaning: "Pochi o nessun segno di umore depresso nelle ultime due settimane." },
  { id: "mild", min: 5, max: 9, label: "Lieve", meaning: "Qualche segno di umore giù: vale la pena tenerlo d'occhio e parlarne nel gruppo." },
  { id: "moderate", min: 10, max: 14, label: "Moderato", meaning: "Segni di umore depresso presenti in modo chiaro: è utile parlarne con il tuo terapeuta." },
  { id: "moderately_severe", min: 15, max: 19, label: "Moderatamente grave", meaning: "Segni di umore depresso forti e frequenti: parlane presto con il tuo terapeuta." },
  { id: "severe", min: 20, max: 27, label: "Grave", meaning: "Segni di umore depresso molto forti: parlane al più presto con il tuo terapeuta o con il tuo medico." },
];

export const gad7Bands: readonly SeverityBand[] = [
  { id: "minimal", min: 0, max: 4, label: "Minimo", meaning: "Pochi o nessun segno d'ansia nelle ultime due settimane." },
  { id: "mild", min: 5, max: 9, label: "Lieve", meaning: "Un po' d'ansia: vale la pena tenerla d'occhio e parlarne nel gruppo." },
  { id: "moderate", min: 10, max: 14, label: "Moderato", meaning: "Ansia presente in modo chiaro: è utile parlarne con il tuo terapeuta." },
  { id: "severe", min: 15, max: 21, label: "Grave", meaning: "Ansia forte e frequente: parlane presto con il tuo terapeuta o con il tuo medico." },
];

export const measureBands: Record<OutcomeMeasureKind, readonly SeverityBand[]> = { phq9: phq9Bands, gad7: gad7Bands };

/** The band of a total; throws outside the measure's range. */
export function severityBand(measure: OutcomeMeasureKind, total: number): SeverityBand {
  const band = measureBands[measure].find((row) => Number.isInteger(total) && total >= row.min && total <= row.max);
  if (!band) throw new RangeError(`${measureNames[measure]}: punteggio ${total} fuori scala (0-${measureMaxScore[measure]}).`);
  return band;
}

/**
 * True when PHQ-9 item 9 (thoughts of being better off dead or of self-harm) has any answer above 0:
 * the form shows the urgent-help resources at once and a safety alert is raised. Accepts the nine
 * item answers in order, or the form's answers by field name; a missing answer is not a signal.
 */
export function needsSafetyCheck(phq9Answers: readonly (number | undefined)[] | MeasureAnswers): boolean {
  const value = Array.isArray(phq9Answers) ? phq9Answers[PHQ9_SAFETY_ITEM] : (phq9Answers as MeasureAnswers)[SAFETY_QUESTION_KEY];
  return typeof value === "number" && value > 0;
}

/* ------------------------------------------------------------------------------------------------
 * When a questionnaire is due (the periodic job computes it from the state, see outcome-measures.server.ts)
 * ---------------------------------------------------------------------------------------------- */

/** A periodic questionnaire every this many attended meetings. */
export const PERIODIC_EVERY_ATTENDED = 4;
/** Reminders after the invitation, never more. */
export const MAX_REMINDERS = 2;
/** Days between the invitation and a reminder, and between reminders. */
export const REMINDER_AFTER_DAYS = 3;
/** Days after the last reminder when an unanswered questionnaire closes. */
export const EXPIRES_AFTER_LAST_REMINDER_DAYS = 7;

/** The attended-meeting counts at which a periodic questionnaire is due, up to `attended` (4, 8, 12...). */
export function periodicMilestones(attended: number): number[] {
  const milestones: number[] = [];
  for (let count = PERIODIC_EVERY_ATTENDED; count <= attended; count += PERIODIC_EVERY_ATTENDED) milestones.push(count);
  return milestones;
}

/** The latest periodic milestone reached (0 before the fourth attended meeting). */
export function latestPeriodicMilestone(attended: number): number {
  return Math.max(0, Math.floor(attended / PERIODIC_EVERY_ATTENDED) * PERIODIC_EVERY_ATTENDED);
}

/** What the job does next for a pending questionnaire: send the invitation, a reminder, close it, or nothing yet. */
export type PendingStep = { action: "invite" } | { action: "remind"; reminder: number } | { action: "expire" } | { action: "wait" };

const DAY_MS = 24 * 60 * 60 * 1000;

export function nextPendingStep(state: { sentAt: Date | null; lastSentAt: Date | null; remindersSent: number }, now: Date): PendingStep {
  if (!state.sentAt) return { action: "invite" };
  const last = state.lastSentAt ?? state.sentAt;
  if (state.remindersSent < MAX_REMINDERS) {
    return now.getTime() - last.getTime() >= REMINDER_AFTER_DAYS * DAY_MS ? { action: "remind", reminder: state.remindersSent + 1 } : { action: "wait" };
  }
  return now.getTime() - last.getTime() >= EXPIRES_AFTER_LAST_REMINDER_DAYS * DAY_MS ? { action: "expire" } : { action: "wait" };
}

/* ------------------------------------------------------------------------------------------------
 * Consent (health data, GDPR art. 9(2)(a)): the text the person agrees to, versioned
 * ---------------------------------------------------------------------------------------------- */

/** A person's decision on the consent screen; a grant may later be withdrawn. */
export const outcomeConsentDecisions = ["granted", "declined"] as const;

/** Bump the version whenever the text changes: each consent records the version the person read. */
export const OUTCOME_CONSENT_VERSION = "2026-11-26";

export const outcomeConsentText = [
  "Ti chiediamo di rispondere, di tanto in tanto, a due brevi questionari sul tuo umore e sull'ansia (PHQ-9 e GAD-7): prima del primo incontro, ogni quattro incontri a cui partecipi e alla fine del percorso. Bastano circa due minuti.",
  "Le risposte sono dati sulla tua salute (art. 9 del Regolamento UE 2016/679): le conserviamo cifrate e le leggono solo il tuo terapeuta e lo staff, per seguire il tuo percorso. I risultati del servizio si pubblicano solo come dati aggregati e anonimi, da cui nessuno può riconoscerti.",
  "Rispondere è facoltativo e non cambia nulla del tuo posto nel gruppo. Puoi ritirare il consenso in qualsiasi momento dalla tua area personale: da allora non ti chiediamo e non ti inviamo più nulla.",
] as const;

/** The measures' pages in the client area: the consent and list, and one questionnaire (question `?domanda=N`, 1-based). */
export const outcomePaths = {
  page: "/area-personale/monitoraggio",
  questionnaire: (id: string, question?: number) => `/area-personale/monitoraggio/${id}${question ? `?domanda=${question}` : ""}`,
} as const;

/** Where a person's consent stands: never asked, in force, or refused (declined, or withdrawn later). */
export type OutcomeConsentState = "none" | "granted" | "refused";
