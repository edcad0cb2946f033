import type { z } from "zod";
import type { questionnaireSchema } from "./questionnaire-schema";
import { group } from "~/content/site";

/**
 * The matching questionnaire: option lists, messages, the 23 step definitions and the state rules
 * for the in-progress form. The answer schema shared by the form and the server is in
 * questionnaire-schema.ts: the browser loads it (and Zod) only once the form is on screen.
 */

export interface QuestionnaireOption {
  value: string;
  label: string;
}

/** The campaign tags a questionnaire keeps from the address it was opened with, stored with the response. */
export const UTM_PARAMS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export type UtmTags = Partial<Record<(typeof UTM_PARAMS)[number], string>>;
export const UTM_MAX_LENGTH = 200;
export const OTHER_OPTION = "Altro";

/** The welcome gate: its page, its checkbox as the plain form sends it, and the cookie that remembers the answer. */
export const GATE_PATH = "/questionario";
export const QUESTIONNAIRE_PATH = "/questionario-interno";
export const GATE_CONSENT_PARAM = "privacy";
export const GATE_CONSENT_VALUE = "accetto";
/** A session cookie (gone when the browser closes), HttpOnly: it only says the gate was accepted. */
export const GATE_CONSENT_COOKIE = "questionario_consenso";

/** Shown after "Si è verificato un errore: " when the answers (or the code that sends them) could not reach us. */
export const UNREACHABLE_SERVER = "impossibile contattare il server. Controlla la connessione e riprova.";

/** Options whose stored value is also what the user reads. */
function options<const T extends readonly string[]>(...labels: T) {
  return labels.map((label) => ({ value: label, label })) as {
    [K in keyof T]: { value: T[K]; label: T[K] };
  };
}

export const ageOptions = options("Meno di 18", "18-25", "26-35", "36-45", "46-55", "Più di 55");

export const genderOptions = options("Uomo", "Donna", "Non-binario");

export const currentSituationOptions = options(
  "Mi sento in ritardo rispetto agli altri",
  "Mi sento solə, anche quando sono in compagnia",
  "Il futuro mi mette ansia",
  "Mi sento intrappolatə nella mia situazione",
  "Mi confronto continuamente con gli altri, anche sui social",
  "Ho paura del giudizio nelle situazioni sociali",
  "Mi sento giù o senza motivazione da tempo",
  OTHER_OPTION,
);

export const difficultyFrequencyOptions = options("Ogni giorno", "Più volte a settimana", "Una volta a settimana", "Raramente");

export const copingStrategyOptions = options(
  "Ne parlo con amici o familiari",
  "Mi isolo e cerco di cavarmela da solə",
  "Mi distraggo con serie TV, social o videogiochi",
  "Faccio sport o attività fisica",
  "Mi butto nel lavoro o nello studio",
  "Medito, scrivo un diario o pratico la mindfulness",
  "Non so come affrontarle",
  OTHER_OPTION,
);

export const energyLevelOptions = options("Basso", "Medio", "Alto");

export const blockedAreaOptions = options("Personale", "Lavorativo", "Relazioni", OTHER_OPTION);

export const therapyGoalOptions = options(
  "Gestire meglio l'ansia",
  "Sentirmi meno solə",
  "Sentirmi più sicurə nelle relazioni",
  "Capire cosa voglio dalla mia vita",
  "Smettere di confrontarmi con gli altri",
  "Ritrovare energia e motivazione",
  "Condividere la mia esperienza con chi vive situazioni simili",
  OTHER_OPTION,
);

export const previousTherapyOptions = options("Sì, sia individuale che di gruppo", "Sì, di gruppo", "Sì, individuale", "No, mai");

export const comfortLevelOptions = options("Molto a mio agio", "Abbastanza a mio agio", "Non a mio agio");

export const timePreferenceOptions = options("Mattina", "Pomeriggio", "Sera");

export const flexibilityOptions = options("Molto flessibile", "Abbastanza flessibile", "Poco flessibile", OTHER_OPTION);

export const sourceDiscoveryOptions = [
  { value: "Instagram", label: "Instagram" },
  { value: "Google search", label: "Ricerca su Google" },
  { value: "LinkedIn", label: "LinkedIn" },
  { value: "Facebook", label: "Facebook" },
  { value: "Passaparola", label: "Passaparola" },
  { value: OTHER_OPTION, label: OTHER_OPTION },
] as const satisfies readonly QuestionnaireOption[];

/** The options of every choice question, by the answer's field name (the schema, the fuzz test and the scale seed read them from here). */
export const answerOptions = {
  age: ageOptions,
  gender: genderOptions,
  current_situations: currentSituationOptions,
  difficulty_frequency: difficultyFrequencyOptions,
  coping_strategies: copingStrategyOptions,
  energy_level: energyLevelOptions,
  blocked_area: blockedAreaOptions,
  therapy_goals: therapyGoalOptions,
  previous_therapy: previousTherapyOptions,
  comfort_level: comfortLevelOptions,
  time_preference: timePreferenceOptions,
  flexibility: flexibilityOptions,
  source_discovery: sourceDiscoveryOptions,
} as const;

const newsletterOptions = [
  { value: "yes", label: "Sì" },
  { value: "no", label: "No" },
] as const satisfies readonly QuestionnaireOption[];

export const messages = {
  name: "Il nome deve contenere almeno 2 caratteri",
  city: "La città deve contenere almeno 2 caratteri",
  email: "Inserisci un indirizzo email valido",
  chooseOne: "Seleziona un'opzione",
  chooseAtLeastOne: "Seleziona almeno un'opzione",
  invalidOption: "Opzione non valida",
  duplicateOption: "Hai selezionato la stessa opzione più volte",
  summary: "Scrivi almeno 10 caratteri",
  newsletter: "Devi scegliere una opzione",
  privacy: "Devi accettare la Privacy Policy per continuare",
  tooLong: (max: number) => `Puoi scrivere al massimo ${max} caratteri`,
} as const;

export type QuestionnaireAnswers = z.infer<typeof questionnaireSchema>;
type AnswerField = keyof QuestionnaireAnswers;

type TextField = "name" | "city" | "email" | "current_situation_summary";
type SingleChoiceField =
  | "age"
  | "gender"
  | "difficulty_frequency"
  | "energy_level"
  | "blocked_area"
  | "previous_therapy"
  | "comfort_level"
  | "time_preference"
  | "source_discovery"
  | "newsletter_subscription";
type MultiChoiceField = "current_situations" | "coping_strategies" | "therapy_goals" | "flexibility";
export type OtherField = "current_situations_other" | "coping_strategies_other" | "blocked_area_other" | "therapy_goals_other" | "flexibility_other";

/** The form while it is being filled in: nothing chosen yet is '' or []. */
export type QuestionnaireDraft = { [K in TextField | OtherField]: string } & {
  [K in Exclude<SingleChoiceField, "newsletter_subscription">]: string;
} & { [K in MultiChoiceField]: string[] } & {
  newsletter_subscription: QuestionnaireAnswers["newsletter_subscription"] | "";
  privacy_consent: boolean;
};

export const emptyAnswers: QuestionnaireDraft = {
  name: "",
  age: "",
  gender: "",
  city: "",
  email: "",
  current_situations: [],
  current_situations_other: "",
  difficulty_frequency: "",
  coping_strategies: [],
  coping_strategies_other: "",
  energy_level: "",
  blocked_area: "",
  blocked_area_other: "",
  current_situation_summary: "",
  therapy_goals: [],
  therapy_goals_other: "",
  previous_therapy: "",
  comfort_level: "",
  time_preference: "",
  flexibility: [],
  flexibility_other: "",
  source_discovery: "",
  newsletter_subscription: "",
  privacy_consent: false,
};

const otherFieldOf = {
  current_situations: "current_situations_other",
  coping_strategies: "coping_strategies_other",
  therapy_goals: "therapy_goals_other",
  flexibility: "flexibility_other",
} as const satisfies Record<MultiChoiceField, OtherField>;

interface StepBase {
  number: number;
  title: string;
  description?: string;
}

export interface TextStep extends StepBase {
  kind: "text" | "email" | "textarea";
  field: TextField;
  placeholder?: string;
}

export interface SingleStep extends StepBase {
  kind: "single";
  field: SingleChoiceField;
  options: readonly QuestionnaireOption[];
  /** Shown as free text when Altro is chosen. */
  otherField?: OtherField;
}

export interface MultiStep extends StepBase {
  kind: "multi";
  field: MultiChoiceField;
  options: readonly QuestionnaireOption[];
  otherField: OtherField;
}

export interface InfoStep extends StepBase {
  kind: "info";
  variant: "intro" | "quote" | "transition" | "commitment";
  /** Paragraphs. */
  body: readonly string[];
  quote?: { text: string; author: string };
  /** Alt text for the therapist photo shown on the intro screen. */
  photoAlt?: string;
}

/** A piece of the consent label: plain text, or a link to one of the legal pages. */
export type ConsentLabelPart = { text: string; href?: "/privacy" | "/termini" };

export interface ConsentStep extends StepBase {
  kind: "consent";
  field: "privacy_consent";
  label: readonly ConsentLabelPart[];
}

export type QuestionnaireStep = TextStep | SingleStep | MultiStep | InfoStep | ConsentStep;

const SEVERAL = "Puoi selezionare più opzioni.";

export const questionnaireSteps: readonly QuestionnaireStep[] = [
  {
    number: 1,
    kind: "text",
    field: "name",
    title: "Come ti chiami?",
    description: "Basta il nome con cui vuoi essere chiamatə nel gruppo.",
    placeholder: "Il tuo nome",
  },
  { number: 2, kind: "single", field: "age", title: "Quanti anni hai?", options: ageOptions },
  { number: 3, kind: "single", field: "gender", title: "Come ti identifichi?", options: genderOptions },
  {
    number: 4,
    kind: "text",
    field: "city",
    title: "In che città vivi?",
    description: "Gli incontri sono online: ci serve solo per conoscerti meglio.",
    placeholder: "La tua città",
  },
  {
    number: 5,
    kind: "info",
    variant: "intro",
    title: "Piacere di conoscerti!",
    body: [
      "Siamo un team di psicologi e psicoterapeuti certificati che ogni settimana guida piccoli gruppi online, con persone che stanno vivendo momenti simili al tuo.",
      `Ogni gruppo accoglie al massimo ${group.totalSpots} persone e si incontra una volta a settimana per ${group.sessionMinutes} minuti. Le prossime domande ci aiutano a capire quale gruppo può fare per te.`,
    ],
    photoAlt: "Illustrazione di una terapeuta sorridente durante un incontro di gruppo online",
  },
  {
    number: 6,
    kind: "email",
    field: "email",
    title: "Qual è la tua email?",
    description: "Ti invieremo qui i gruppi consigliati per te.",
    placeholder: "nome@esempio.it",
  },
  {
    number: 7,
    kind: "multi",
    field: "current_situations",
    otherField: "current_situations_other",
    title: "Quali di queste situazioni senti vicine a te in questo periodo?",
    description: SEVERAL,
    options: currentSituationOptions,
  },
  {
    number: 8,
    kind: "single",
    field: "difficulty_frequency",
    title: "Quanto spesso queste difficoltà si fanno sentire?",
    options: difficultyFrequencyOptions,
  },
  {
    number: 9,
    kind: "multi",
    field: "coping_strategies",
    otherField: "coping_strategies_other",
    title: "Cosa fai di solito per affrontarle?",
    description: SEVERAL,
    options: copingStrategyOptions,
  },
  {
    number: 10,
    kind: "single",
    field: "energy_level",
    title: "Com'è il tuo livello di energia nell'ultimo periodo?",
    options: energyLevelOptions,
  },
  {
    number: 11,
    kind: "single",
    field: "blocked_area",
    otherField: "blocked_area_other",
    title: "In quale area della tua vita ti senti più bloccatə?",
    options: blockedAreaOptions,
  },
  {
    number: 12,
    kind: "textarea",
    field: "current_situation_summary",
    title: "Raccontaci in poche parole cosa stai vivendo",
    description: "Scrivi liberamente: quello che condividi resta riservato e ci aiuta a proporti il gruppo giusto.",
    placeholder: "In questo periodo mi sento...",
  },
  {
    number: 13,
    kind: "info",
    variant: "quote",
    title: "Non sei solə",
    body: ["Tante persone della tua età stanno vivendo qualcosa di simile. Condividerlo è già un primo passo."],
    quote: { text: "Nessun uomo è un'isola, completo in se stesso.", author: "John Donne" },
  },
  {
    number: 14,
    kind: "multi",
    field: "therapy_goals",
    otherField: "therapy_goals_other",
    title: "Cosa vorresti ottenere da questo percorso?",
    description: SEVERAL,
    options: therapyGoalOptions,
  },
  {
    number: 15,
    kind: "single",
    field: "previous_therapy",
    title: "Hai già fatto un percorso di terapia?",
    options: previousTherapyOptions,
  },
  {
    number: 16,
    kind: "info",
    variant: "transition",
    title: "Ci siamo quasi",
    body: ["Grazie per quello che hai condiviso finora.", "Ora qualche domanda su come ti immagini il gruppo e su quando potresti partecipare agli incontri."],
  },
  {
    number: 17,
    kind: "single",
    field: "comfort_level",
    title: "Quanto ti sentiresti a tuo agio a parlare di te in un gruppo?",
    description: "Non c'è una risposta giusta: all'inizio è normale sentirsi un po' a disagio.",
    options: comfortLevelOptions,
  },
  {
    number: 18,
    kind: "single",
    field: "time_preference",
    title: "In quale momento della giornata preferiresti gli incontri?",
    options: timePreferenceOptions,
  },
  {
    number: 19,
    kind: "multi",
    field: "flexibility",
    otherField: "flexibility_other",
    title: "Quanto sono flessibili i tuoi orari?",
    description: SEVERAL,
    options: flexibilityOptions,
  },
  {
    number: 20,
    kind: "info",
    variant: "commitment",
    title: "Un piccolo impegno, ogni settimana",
    body: [
      `Il gruppo funziona quando c'è continuità: un incontro a settimana da ${group.sessionMinutes} minuti, con le stesse persone.`,
      `Di solito i benefici più profondi si notano dopo ${group.benefitsAfterWeeks} settimane. Se non puoi partecipare a un incontro, basta avvisare in anticipo.`,
    ],
  },
  {
    number: 21,
    kind: "single",
    field: "source_discovery",
    title: "Come ci hai conosciuto?",
    options: sourceDiscoveryOptions,
  },
  {
    number: 22,
    kind: "single",
    field: "newsletter_subscription",
    title: "Vuoi ricevere la nostra newsletter?",
    description: "Articoli e risorse sul benessere psicologico. Puoi disiscriverti quando vuoi.",
    options: newsletterOptions,
  },
  {
    number: 23,
    kind: "consent",
    field: "privacy_consent",
    title: "Un'ultima cosa",
    description: "I tuoi dati sono trattati nel rispetto del GDPR e del segreto professionale.",
    label: [{ text: "Ho letto e accetto la " }, { text: "Privacy Policy", href: "/privacy" }, { text: " e i " }, { text: "Termini e condizioni", href: "/termini" }, { text: "." }],
  },
];

export type FieldErrors = Partial<Record<AnswerField, string>>;

export function getStep(stepNumber: number): QuestionnaireStep {
  const step = questionnaireSteps[stepNumber - 1];
  if (!step) throw new RangeError(`No questionnaire step ${stepNumber}`);
  return step;
}

/** Fields a step asks for; empty for informational steps. */
export function fieldsOfStep(step: QuestionnaireStep): AnswerField[] {
  switch (step.kind) {
    case "info":
      return [];
    case "single":
    case "multi":
      return step.otherField ? [step.field, step.otherField] : [step.field];
    default:
      return [step.field];
  }
}

/** Every field the questionnaire asks for, in step order (the keys of the answer schema). */
export const answerFields: readonly AnswerField[] = questionnaireSteps.flatMap(fieldsOfStep);

/** Adds or removes one option of a multi-select; deselecting Altro clears its free text. */
export function applyMultiToggle(draft: QuestionnaireDraft, field: MultiChoiceField, value: string): QuestionnaireDraft {
  const selected = draft[field];
  if (!selected.includes(value)) return { ...draft, [field]: [...selected, value] };
  const next = { ...draft, [field]: selected.filter((item) => item !== value) };
  if (value === OTHER_OPTION) next[otherFieldOf[field]] = "";
  return next;
}

/** Sets a single choice; a blocked area other than Altro clears its free text. */
export function applySingle<F extends SingleChoiceField>(draft: QuestionnaireDraft, field: F, value: QuestionnaireDraft[F]): QuestionnaireDraft {
  const next: QuestionnaireDraft = { ...draft, [field]: value };
  if (field === "blocked_area" && value !== OTHER_OPTION) next.blocked_area_other = "";
  return next;
}
