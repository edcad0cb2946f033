/**
 * Explainable group matching (DESIGN.md section 7): every open group with free spots is
 * scored against one questionnaire response, best first, each with the Italian reasons
 * that produced its score so the card can say why it is recommended.
 */
import { group as groupRules } from "~/content/site";
import { PROBLEM_SLUGS, type ProblemSlug } from "./problems";

type TimeSlot = "Mattina" | "Pomeriggio" | "Sera";

export interface MatchProfile {
  /** One of the spec's age options: "Meno di 18", "18-25", ..., "Più di 55". */
  age: string;
  current_situations: string[];
  therapy_goals: string[];
  /** "Mattina", "Pomeriggio" or "Sera"; anything else matches no slot. */
  time_preference: string;
  /** The questionnaire's Italian labels ("Molto flessibile", "Abbastanza flessibile", "Poco flessibile", "Altro"); the older codes "very", "fairly", "little" are read too. */
  flexibility: string[];
}

export interface MatchGroup {
  id: string;
  name: string;
  topic: string;
  situations: string[];
  /** Extra words looked for in the person's answers, e.g. "lavoro", "università". */
  keywords?: string[];
  time_slot: TimeSlot;
  /** 1 = Monday ... 7 = Sunday. */
  weekday: number;
  /** "HH:MM". */
  start_time: string;
  age_min: number;
  age_max: number;
  /** Age brackets of the confirmed members ("26-35"), when known: an age reason must be true of them. */
  member_ages?: string[];
  capacity: number;
  occupied: number;
  status: "open" | "full" | "closed";
}

export interface MatchResult<G extends MatchGroup = MatchGroup> {
  group: G;
  /** The ranking as one number (see MATCH_WEIGHTS): higher is better. */
  score: number;
  /** The three signals the order is made of, best first in this order. */
  fit: { time: number; themes: number; age: number };
  freeSpots: number;
  /** True only for the first result. */
  recommended: boolean;
  /** Italian, shown to the person, most important first. */
  reasons: string[];
}

/**
 * The order is lexicographic, so it can be said in one sentence: first the groups whose time the
 * person can attend (the same slot, or another one for a "very" or "fairly" flexible person), then
 * the most shared themes (a theme the person lives now counts more than one they hope to work on),
 * then the same slot before another, then the age. A better signal never moves a group down
 * (monotone), and a card above another always shows a reason at least as good.
 */
const MATCH_WEIGHTS = {
  /** Time fit: 2 the same slot, 1 another slot the person accepts, 0 a slot they did not choose. */
  sameTimeSlot: 2,
  otherTimeSlot: { very: 1, fairly: 1, little: 0, none: 0 },
  /** Theme points. */
  situationTheme: 3,
  goalTheme: 2,
  keyword: 1,
  /**
   * Age fit: the person's bracket in the group's range and shared by a member (or the group has no
   * members yet); in range but every member is of another bracket; unknown age; outside the range.
   */
  ageShared: 3,
  ageInRange: 2,
  ageUnknown: 1,
  ageOutOfRange: 0,
} as const;

const canAttend = (fit: MatchResult["fit"]) => (fit.time > 0 ? 1 : 0);

/** The ranking as one number, in the order of compareResults. */
const tierScore = (fit: MatchResult["fit"]) => canAttend(fit) * 1_000_000 + fit.themes * 100 + fit.time * 10 + fit.age;

/** Short Italian names of the themes, used in "Temi in comune: ...". */
const themeLabels: Record<ProblemSlug, string> = {
  "in-ritardo": "sentirsi in ritardo",
  "sentirsi-soli": "solitudine",
  "ansia-futuro": "ansia per il futuro",
  "sentirsi-intrappolati": "sentirsi intrappolati",
  "confronto-social": "confronto sui social",
  "troppe-scelte": "troppe scelte",
  "gli-altri-capiscono": "sentire che gli altri hanno capito tutto",
  "paura-cambiamento": "paura del cambiamento",
  "preoccupazioni-vita": "preoccupazioni quotidiane",
  "paura-tempo": "paura che il tempo passi",
};

/**
 * Word stems that tie a free Italian option label to a problem slug. The questionnaire's
 * option labels are copy and may be reworded, so matching on stems (lowercase, accents
 * folded) keeps the matching working without a hand-kept table per label. Patterns are
 * anchored at word starts so that, for instance, "risolvere" does not read as "solo",
 * "sociale" does not read as "social" and "da tempo" (for a while) is not the fear of time
 * passing. Gender-inclusive endings ("solə", "sol*") count as "solo"/"sola".
 */
const THEME_PATTERNS: ReadonlyArray<readonly [ProblemSlug, RegExp]> = [
  ["sentirsi-soli", /\b(sol[oaieəǝ*](?![a-z])|solitudin|isolat)/],
  ["ansia-futuro", /\b(ansi[ae]|futuro)/],
  ["in-ritardo", /\b(ritardo|indietro)/],
  ["confronto-social", /\b(social\b|confront)/],
  ["troppe-scelte", /\b(scelt|decision|decider)/],
  ["paura-cambiamento", /\bcambiament/],
  ["sentirsi-intrappolati", /\b(intrappolat|bloccat)/],
  ["gli-altri-capiscono", /\bcapisc/],
  ["paura-tempo", /(?<!\bda )\btempo\b/],
  ["preoccupazioni-vita", /\bpreoccupa/],
];

const PROBLEM_SLUG_SET: ReadonlySet<string> = new Set(PROBLEM_SLUGS);

function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The problem slugs an answer speaks about. Accepts any string: an option label such as
 * "Mi sento solo anche quando sono con gli altri" gives ["sentirsi-soli"], a problem slug
 * gives itself, "Altro" or an unknown label gives []. One label may name several themes.
 */
export function situationThemes(value: string): ProblemSlug[] {
  const trimmed = value.trim();
  if (PROBLEM_SLUG_SET.has(trimmed)) return [trimmed as ProblemSlug];
  const text = fold(trimmed);
  return THEME_PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([slug]) => slug);
}

type Flexibility = keyof typeof MATCH_WEIGHTS.otherTimeSlot;

/** The most flexible of the chosen options; "Altro" is free text we cannot read, so none. */
function flexibilityOf(values: readonly string[]): Flexibility {
  const folded = values.map(fold);
  if (folded.some((v) => v === "very" || v.startsWith("molto"))) return "very";
  if (folded.some((v) => v === "fairly" || v.startsWith("abbastanza"))) return "fairly";
  if (folded.some((v) => v === "little" || v.startsWith("poco"))) return "little";
  return "none";
}

const AGE_BRACKETS: Record<string, readonly [number, number]> = {
  "Meno di 18": [0, 17],
  "18-25": [18, 25],
  "26-35": [26, 35],
  "36-45": [36, 45],
  "46-55": [46, 55],
  "Più di 55": [56, 150],
};

/** Spots still free, with the capacity capped at the spec's maximum group size. */
/** The questionnaire's age bracket (its "Fascia d'età" options) of an age in years. */
export function ageBracket(age: number) {
  if (age < 18) return "Meno di 18";
  if (age <= 25) return "18-25";
  if (age <= 35) return "26-35";
  if (age <= 45) return "36-45";
  if (age <= 55) return "46-55";
  return "Più di 55";
}

export function freeSpotsOf(group: Pick<MatchGroup, "capacity" | "occupied">): number {
  const capacity = Math.min(group.capacity, groupRules.totalSpots);
  return Math.max(0, capacity - Math.max(0, group.occupied));
}

function scoreGroup<G extends MatchGroup>(profile: MatchProfile, group: G): Omit<MatchResult<G>, "recommended"> {
  const reasons: string[] = [];
  const time = scoreTime(profile, group);
  if (time.reason) reasons.push(time.reason);
  const themes = scoreThemes(profile, group);
  if (themes.labels.length > 0) reasons.push(`Temi in comune: ${themes.labels.join(", ")}`);
  const age = scoreAge(profile, group);
  if (age.reason) reasons.push(age.reason);
  const fit = { time: time.points, themes: themes.points, age: age.points };
  return { group, score: tierScore(fit), fit, freeSpots: freeSpotsOf(group), reasons };
}

/** Only what is true of the group: its range includes the person's bracket and, if it has members, one of them shares it. */
function scoreAge(profile: MatchProfile, group: MatchGroup): { points: number; reason?: string } {
  const label = profile.age.normalize("NFC").trim();
  const bracket = AGE_BRACKETS[label];
  if (!bracket) return { points: MATCH_WEIGHTS.ageUnknown };
  const [low, high] = bracket;
  if (low > group.age_max || high < group.age_min) return { points: MATCH_WEIGHTS.ageOutOfRange };
  const members = group.member_ages ?? [];
  if (members.length > 0 && !members.includes(label)) return { points: MATCH_WEIGHTS.ageInRange };
  return { points: MATCH_WEIGHTS.ageShared, reason: `Fascia d'età adatta: ${label}` };
}

function scoreTime(profile: MatchProfile, group: MatchGroup): { points: number; reason?: string } {
  if (profile.time_preference === group.time_slot) {
    return { points: MATCH_WEIGHTS.sameTimeSlot, reason: `Stesso orario: ${group.time_slot}` };
  }
  const points = MATCH_WEIGHTS.otherTimeSlot[flexibilityOf(profile.flexibility)];
  return points > 0 ? { points, reason: "Orario diverso, ma hai indicato flessibilità" } : { points };
}

/** The first answer that speaks about `slug`, in the person's own words ("gestire meglio l'ansia"). */
function ownWords(answers: readonly string[], slug: ProblemSlug) {
  const answer = answers.find((value) => situationThemes(value).includes(slug))?.trim() ?? "";
  return answer.charAt(0).toLocaleLowerCase("it") + answer.slice(1);
}

/**
 * A theme the person lives now is named by the group's theme (their situation is that theme); one
 * matched only through a goal is named in the goal's own words, so a card never says "ansia per il
 * futuro" to someone who only chose "Gestire meglio l'ansia" (issue 34).
 */
function scoreThemes(profile: MatchProfile, group: MatchGroup): { points: number; labels: string[] } {
  const fromSituations = new Set(profile.current_situations.flatMap(situationThemes));
  const fromGoals = new Set(profile.therapy_goals.flatMap(situationThemes));
  let points = 0;
  const labels: string[] = [];

  for (const slug of PROBLEM_SLUGS) {
    if (!group.situations.includes(slug)) continue;
    if (fromSituations.has(slug)) {
      points += MATCH_WEIGHTS.situationTheme;
      labels.push(themeLabels[slug]);
    } else if (fromGoals.has(slug)) {
      points += MATCH_WEIGHTS.goalTheme;
      const words = ownWords(profile.therapy_goals, slug);
      if (!labels.includes(words)) labels.push(words);
    }
  }

  const answers = [...profile.current_situations, ...profile.therapy_goals].map(fold);
  const seen = new Set<string>();
  for (const keyword of group.keywords ?? []) {
    const needle = fold(keyword.trim());
    if (needle.length === 0 || seen.has(needle)) continue;
    seen.add(needle);
    if (answers.some((answer) => answer.includes(needle))) {
      points += MATCH_WEIGHTS.keyword;
      labels.push(keyword.trim());
    }
  }

  return { points, labels };
}

function compareResults(a: Omit<MatchResult, "recommended">, b: Omit<MatchResult, "recommended">): number {
  return (
    canAttend(b.fit) - canAttend(a.fit) ||
    b.fit.themes - a.fit.themes ||
    b.fit.time - a.fit.time ||
    b.fit.age - a.fit.age ||
    a.group.weekday - b.group.weekday ||
    a.group.name.localeCompare(b.group.name, "it") ||
    (a.group.id < b.group.id ? -1 : a.group.id > b.group.id ? 1 : 0)
  );
}

/**
 * Open groups with at least one free spot, best match first: a time the person can attend, then
 * shared themes, then the same slot, then age fit. Ties go to the earlier weekday, then the name, then the id, so the same data always
 * gives the same order.
 */
export function matchGroups<G extends MatchGroup>(profile: MatchProfile, groups: readonly G[]): MatchResult<G>[] {
  return groups
    .filter((group) => group.status === "open" && freeSpotsOf(group) > 0)
    .map((group) => scoreGroup(profile, group))
    .sort(compareResults)
    .map((result, index) => ({ ...result, recommended: index === 0 }));
}

/**
 * The one line of why shown on a card: "Stesso orario: Sera · Temi in comune: solitudine". Every card
 * has one (issue 34): a group that shares nothing else with the answers is there because it has room.
 */
export function reasonLine(result: Pick<MatchResult, "reasons" | "freeSpots">): string {
  if (result.reasons.length > 0) return result.reasons.join(" · ");
  return result.freeSpots === 1 ? "Ha ancora 1 posto libero" : `Ha ancora ${result.freeSpots} posti liberi`;
}

/**
 * Said plainly over the cards when none of the groups offered has anyone of the person's age bracket
 * (issue 34): "46-55" and every member 26-35. Nothing when the age is unknown or someone shares it.
 */
export function agePeersNote(profile: Pick<MatchProfile, "age">, results: readonly Pick<MatchResult, "group">[]): string | null {
  const label = profile.age.normalize("NFC").trim();
  if (!AGE_BRACKETS[label] || results.length === 0) return null;
  if (results.some((result) => (result.group.member_ages ?? []).includes(label))) return null;
  return `Al momento in questi gruppi non ci sono persone della tua fascia d'età (${label}). Te li proponiamo per orario e temi in comune: ne parliamo insieme nella chiamata conoscitiva.`;
}
