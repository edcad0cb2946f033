import { randomBytes, randomUUID } from "node:crypto";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { createElement } from "react";
import { groupSeeds } from "~/content/groups-seed";
import { group as groupRules, legalVersions, retention } from "~/content/site";
import { therapistSeeds } from "~/content/therapists-seed";
import { addDays, dateLabel, firstMeetingOn, romeTimeToUtc, todayInRome } from "~/domain/calendar";
import { CLIENT_AREA } from "~/domain/client-area";
import { codiceFiscaleCheckCharacter } from "~/domain/codice-fiscale";
import { STAMP_DUTY_CENTS, STAMP_DUTY_THRESHOLD_CENTS } from "~/domain/invoice-rules";
import { tariffs } from "~/domain/ledger";
import { answerOptions, OTHER_OPTION, type QuestionnaireAnswers } from "~/domain/questionnaire";
import { timeSlots } from "~/domain/statuses";
import { ADMIN_ROLE } from "../auth.server";
import { seal } from "../crypto.server";
import { env, publicBaseUrl } from "../env.server";
import { BookingRequestReceived } from "../mail/booking-templates";
import { renderEmail } from "../mail/render.server";
import { ContactAutoReply, NewsletterConfirm, NewsletterWelcome, QuestionnaireResult } from "../mail/templates";
import { callPageUrl, groupsPageUrl } from "../services/bookings.server";
import { scheduleOf } from "../services/groups.server";
import { NEWSLETTER_TEXT_VERSION } from "../services/newsletter.server";
import { materialiseSessions } from "../services/sessions.server";
import { insertRows, type Database } from "./client.server";
import { fiscalProfiles, groupBookings, groupClosures, groups, questionnaireResponses, therapists } from "./schema";
import { DEMO_ADMIN_EMAIL, ensureDemoAdmin } from "./demo-admin.server";
import { seedDemoContent } from "./seed.server";
import { seedDemoIntakeCalls } from "./seed-intake-calls.server";
import { DEMO_THERAPIST_EMAIL, ensureDemoTherapist, seedDemoSessions } from "./seed-sessions.server";

/**
 * `npm run seed:scale`: grows the demo database into a practice of a given size and history, through
 * the project's schema and rules (the CLI is scripts/seed-scale.ts). Every person it makes has an
 * address at example.invalid, so nothing can ever be mailed to them; a database that holds anyone
 * else is refused. Each table (or family of tables) has its own step below, so a change of the model
 * (fiscal data, credit notes) changes one step.
 */

export interface ScaleOptions {
  /** Confirmed members today (about members / 6.7 groups of at most 8). */
  members: number;
  /** Years of history, up to today (plus the meetings already materialised ahead). */
  years: number;
  now?: Date;
  /** Seed of the plan (who, which group, when); the SQL parts draw their own random numbers. */
  seed?: number;
  progress?: (line: string) => void;
}

export interface ScaleReport {
  seededDemo: boolean;
  /** Rows per table after the run (demo rows included). */
  counts: Record<string, number>;
  databaseBytes: number;
  elapsedMs: number;
}

/** Why a database is not grown: the CLI prints the message and exits with status 1. */
export class ScaleRefusal extends Error {}

export const SCALE_LIMITS = { members: { min: 1, max: 20_000 }, years: { min: 1, max: retention.healthDataYears } } as const;

/** Every address the generator (and the demo seed) gives a person: a reserved domain that never receives mail. */
const SYNTHETIC_DOMAIN = "example.invalid";
const MARKER = { action: "seed-scale", entity: "database" } as const;
const SCALE_LOCK = 727_041;
const BATCH = 2000;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** Mean confirmed members per group today: 2,000 members make 300 groups. */
const MEMBERS_PER_GROUP = 20 / 3;
const GROUPS_PER_THERAPIST = 4;
const QUESTIONNAIRES_PER_MEMBER = 25;
const CONTACTS_PER_MEMBER = 10;
/** Newsletter sign-ups from the site's form, on top of those ticked in a questionnaire. */
const NEWSLETTER_ONLY_PER_MEMBER = 1;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/* ------------------------------------------------------------------------------------------------
 * Which databases may be grown
 * ---------------------------------------------------------------------------------------------- */

export type DatabaseState = { kind: "empty" } | { kind: "demo" } | { kind: "grown"; at: Date; detail: unknown } | { kind: "real"; people: Record<string, number> };

/** A PostgreSQL array literal, sent as one parameter (Drizzle would expand a JS array into a row of parameters). */
const arrayLiteral = (values: readonly string[]) => `{${values.map((value) => `"${value.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;

const synthetic = (column: SQLWrapper) => sql`lower(${column}) like ${`%@${SYNTHETIC_DOMAIN}`}`;

/**
 * Rows that may be real people: any address outside example.invalid other than the demo's two
 * accounts, a therapist who is neither a demo one nor generated, a payment whose member was erased.
 */
function realPeopleQueries(): [string, SQL][] {
  const demoAccounts = [DEMO_ADMIN_EMAIL, DEMO_THERAPIST_EMAIL];
  const seedNames = therapistSeeds.map((seed) => seed.name);
  const byEmail = (table: string, column = "email"): [string, SQL] => [
    table,
    sql`select count(*)::int as n from ${sql.identifier(table)} where not ${synthetic(sql.identifier(column))}`,
  ];
  return [
    ["user", sql`select count(*)::int as n from "user" where lower(email) <> all(${arrayLiteral(demoAccounts)}::text[])`],
    ["therapists", sql`select count(*)::int as n from therapists where not (name = any(${arrayLiteral(seedNames)}::text[]) or ${synthetic(sql`coalesce(email, '')`)})`],
    byEmail("group_bookings"),
    byEmail("internal_questionnaire_responses"),
    byEmail("contacts"),
    byEmail("newsletter_subscribers"),
    byEmail("registrations"),
    byEmail("consent_records"),
    byEmail("intake_calls"),
    byEmail("group_waitlist"),
    byEmail("privacy_requests"),
    byEmail("access_tokens"),
    byEmail("pending_actions"),
    ["payments", sql`select count(*)::int as n from payments where booking_id is null`],
  ];
}

/** What the database holds: nothing yet, the demo, the demo already grown, or people who may be real. */
export async function inspectDatabase(db: Pick<Database, "execute">): Promise<DatabaseState> {
  const people: Record<string, number> = {};
  for (const [table, query] of realPeopleQueries()) {
    const { rows } = await db.execute<{ n: number }>(query);
    if (rows[0]!.n > 0) people[table] = rows[0]!.n;
  }
  if (Object.keys(people).length > 0) return { kind: "real", people };
  const marker = await db.execute<{ created_at: Date; detail: unknown }>(
    sql`select created_at, detail from audit_log where action = ${MARKER.action} and entity = ${MARKER.entity} order by created_at limit 1`,
  );
  if (marker.rows[0]) return { kind: "grown", at: new Date(marker.rows[0].created_at), detail: marker.rows[0].detail };
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from therapists`);
  return rows[0]!.n === 0 ? { kind: "empty" } : { kind: "demo" };
}

function refusalOf(state: DatabaseState): ScaleRefusal | undefined {
  if (state.kind === "real") {
    const where = Object.entries(state.people)
      .map(([table, n]) => `${n} in ${table}`)
      .join(", ");
    return new ScaleRefusal(
      `Refusing to grow this database: it holds people who are not demo data (${where}). ` +
        `seed:scale only grows an empty database or the demo's; point DATA_DIR (or DATABASE_URL) at a fresh one.`,
    );
  }
  if (state.kind === "grown") {
    return new ScaleRefusal(
      `This database was already grown by seed:scale on ${state.at.toISOString()} (${JSON.stringify(state.detail)}); ` +
        `a second run would add a second practice on top of the first. Start again from a fresh DATA_DIR.`,
    );
  }
  return undefined;
}

/**
 * Grows the database: refuses real people and a second run; seeds the demo first on an empty
 * database (with the project's own seed functions); then adds everything in one transaction, so a
 * failure leaves the database as it was.
 */
export async function growDatabase(db: Database, options: ScaleOptions): Promise<ScaleReport> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const say = options.progress ?? (() => undefined);
  const problem = validateOptions(options);
  if (problem) throw new ScaleRefusal(problem);
  const state = await inspectDatabase(db);
  const refusal = refusalOf(state);
  if (refusal) throw refusal;
  const seededDemo = state.kind === "empty";
  if (seededDemo) {
    say("Empty database: seeding the demo first");
    await seedDemoContent(db, env().dataDir);
    await ensureDemoAdmin(db);
    await seedDemoSessions(db, now);
    await ensureDemoTherapist(db);
    await seedDemoIntakeCalls(db, now);
  }

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCALE_LOCK})`);
    const again = refusalOf(await inspectDatabase(tx));
    if (again) throw again;
    const context = await contextOf(tx, now);
    const plan = planPractice(options, now);
    say(`Plan: ${plan.therapists.length} therapists, ${plan.groups.length} groups, ${plan.bookings.length} bookings, ${plan.people.length} people`);
    const step = async (label: string, work: () => Promise<number>) => {
      const at = Date.now();
      const made = await work();
      say(`  ${label}: ${made.toLocaleString("en")} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
    };
    await tx.execute(
      sql`create temporary table scale_spans (booking_id uuid primary key, group_id uuid not null, joined_at timestamptz not null, left_at timestamptz) on commit drop`,
    );
    await tx.execute(
      sql`create temporary table scale_payments (id uuid primary key default gen_random_uuid(), booking_id uuid not null, amount_cents int not null, method text not null, paid_at timestamptz not null, recorded_at timestamptz not null, lines jsonb not null) on commit drop`,
    );
    await step("therapists", () => insertTherapists(tx, plan));
    await step("groups", () => insertGroups(tx, plan));
    await step("questionnaires (encrypted answers, consents, e-mails)", () => insertQuestionnaires(tx, plan, context));
    await step("bookings (and their e-mails)", () => insertBookings(tx, plan, context));
    await step("closures", () => insertClosures(tx, plan, context));
    await step("meetings", () => insertSessions(tx, plan, context));
    await step("attendance", () => insertAttendance(tx, context));
    await step("payments (with their invoices, numbered per year)", () => insertPayments(tx, context));
    await step("contacts (and their e-mails)", () => insertContacts(tx, plan, context));
    await step("newsletter subscribers (and their e-mails)", () => insertNewsletter(tx, plan, context));
    await step("audit entries", () => insertAudit(tx, context));
    await tx.execute(
      sql`insert into audit_log (actor_id, actor_email, action, entity, detail) values (null, null, ${MARKER.action}, ${MARKER.entity}, ${JSON.stringify({ members: options.members, years: options.years })}::jsonb)`,
    );
  });
  await db.execute(sql`analyze`);
  return { seededDemo, counts: await countRows(db), databaseBytes: await databaseBytes(db), elapsedMs: Date.now() - started };
}

export function validateOptions(options: Pick<ScaleOptions, "members" | "years">) {
  const { members, years } = SCALE_LIMITS;
  if (!Number.isInteger(options.members) || options.members < members.min || options.members > members.max) {
    return `--members must be a whole number from ${members.min} to ${members.max}`;
  }
  // Health data is kept at most five years (content/site.ts retention): older history would be purged at the next start.
  if (!Number.isInteger(options.years) || options.years < years.min || options.years > years.max) {
    return `--years must be a whole number from ${years.min} to ${years.max}`;
  }
  return undefined;
}

export const REPORTED_TABLES = [
  "therapists",
  "groups",
  "group_bookings",
  "internal_questionnaire_responses",
  "consent_records",
  "group_closures",
  "group_sessions",
  "attendance",
  "payments",
  "invoices",
  "fiscal_profiles",
  "contacts",
  "newsletter_subscribers",
  "email_outbox",
  "audit_log",
] as const;

async function countRows(db: Pick<Database, "execute">) {
  const counts: Record<string, number> = {};
  for (const table of REPORTED_TABLES) {
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
    counts[table] = rows[0]!.n;
  }
  return counts;
}

async function databaseBytes(db: Pick<Database, "execute">) {
  const { rows } = await db.execute<{ bytes: string }>(sql`select pg_database_size(current_database())::text as bytes`);
  return Number(rows[0]!.bytes);
}

/* ------------------------------------------------------------------------------------------------
 * The plan: who, which group, when (deterministic for a seed)
 * ---------------------------------------------------------------------------------------------- */

function generator(seed: number) {
  let state = seed >>> 0;
  // mulberry32: small, fast and good enough to vary a plan.
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], min: number, max: number) => {
    const pool = [...list];
    const chosen: T[] = [];
    for (let n = int(min, Math.min(max, pool.length)); n > 0; n--) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
    return chosen;
  };
  return { next, int, pick, some, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof generator>;

const FEMALE_NAMES = [
  "Giulia",
  "Francesca",
  "Chiara",
  "Sara",
  "Martina",
  "Valentina",
  "Alessia",
  "Elisa",
  "Federica",
  "Silvia",
  "Laura",
  "Elena",
  "Anna",
  "Marta",
  "Irene",
  "Beatrice",
  "Camilla",
  "Giorgia",
  "Sofia",
  "Alice",
  "Serena",
  "Paola",
  "Roberta",
  "Claudia",
  "Veronica",
  "Ilaria",
  "Arianna",
  "Noemi",
  "Caterina",
  "Eleonora",
];
const MALE_NAMES = [
  "Marco",
  "Luca",
  "Andrea",
  "Matteo",
  "Francesco",
  "Alessandro",
  "Davide",
  "Simone",
  "Federico",
  "Lorenzo",
  "Stefano",
  "Paolo",
  "Giovanni",
  "Riccardo",
  "Tommaso",
  "Gabriele",
  "Michele",
  "Filippo",
  "Daniele",
  "Emanuele",
  "Pietro",
  "Jacopo",
  "Nicola",
  "Roberto",
  "Alberto",
  "Giacomo",
  "Enrico",
  "Claudio",
  "Fabio",
  "Mattia",
];
const SURNAMES = [
  "Rossi",
  "Russo",
  "Ferrari",
  "Esposito",
  "Bianchi",
  "Romano",
  "Colombo",
  "Ricci",
  "Marino",
  "Greco",
  "Bruno",
  "Gallo",
  "Conti",
  "Costa",
  "Giordano",
  "Mancini",
  "Rizzo",
  "Lombardi",
  "Moretti",
  "Barbieri",
  "Fontana",
  "Santoro",
  "Mariani",
  "Rinaldi",
  "Caruso",
  "Ferrara",
  "Galli",
  "Martini",
  "Leone",
  "Longo",
  "Gentile",
  "Martinelli",
  "Vitale",
  "Lombardo",
  "Serra",
  "Coppola",
  "De Santis",
  "Marchetti",
  "Parisi",
  "Villa",
  "Conte",
  "Ferraro",
  "Ferri",
  "Fabbri",
  "Bianco",
  "Marini",
  "Grasso",
  "Valentini",
  "Messina",
  "Sala",
  "De Luca",
  "Gatti",
  "Pellegrini",
  "Palumbo",
  "Sanna",
  "Farina",
  "Rizzi",
  "Monti",
  "Cattaneo",
  "Morelli",
];
const CITIES = [
  "Milano",
  "Roma",
  "Torino",
  "Bologna",
  "Firenze",
  "Napoli",
  "Genova",
  "Verona",
  "Padova",
  "Bari",
  "Palermo",
  "Trieste",
  "Brescia",
  "Parma",
  "Modena",
  "Pisa",
  "Bergamo",
  "Cagliari",
  "Perugia",
  "Trento",
];
const SUMMARIES = [
  "Da qualche mese faccio fatica a uscire con gli amici e passo le serate da solo.",
  "Ho cambiato città per lavoro e non conosco quasi nessuno, mi sento isolata.",
  "Mi sembra che tutti abbiano trovato la loro strada tranne me.",
  "Il pensiero del futuro mi toglie il sonno, soprattutto la domenica sera.",
  "Sui social vedo vite perfette e mi sento sempre indietro.",
  "Al lavoro non riesco a parlare nelle riunioni per paura di sbagliare.",
  "Dopo la fine di una relazione lunga non so bene chi sono.",
  "Ho troppe possibilità davanti e non riesco a sceglierne nessuna.",
  "Mi sento stanca da tempo, senza energia per le cose che mi piacevano.",
  "Vorrei confrontarmi con persone che vivono qualcosa di simile.",
  "Ho già fatto un percorso individuale e vorrei provare il gruppo.",
  "Mi capita di evitare le situazioni sociali anche quando vorrei esserci.",
];
const GROUP_WORDS = [
  "Radici",
  "Orizzonti",
  "Passi",
  "Ponti",
  "Approdi",
  "Sentieri",
  "Fari",
  "Bussole",
  "Maree",
  "Germogli",
  "Rotte",
  "Soglie",
  "Voci",
  "Trame",
  "Respiri",
  "Cantieri",
  "Stagioni",
  "Finestre",
  "Nodi",
  "Onde",
];
const SPECIALIZATIONS = ["Ansia sociale e autostima", "Solitudine e relazioni", "Transizioni di vita", "Umore e motivazione", "Confronto sociale", "Scelte e identità"];
const APPROACHES = ["Cognitivo-comportamentale", "Mindfulness", "Terapia di gruppo", "Sistemico-relazionale", "Psicodinamico", "ACT"];
const REGIONS = ["Lombardia", "Lazio", "Piemonte", "Emilia-Romagna", "Toscana", "Campania", "Veneto", "Puglia"];
const CONTACT_SUBJECTS: [string, string][] = [
  ["Informazioni sui gruppi", "Vorrei sapere come funzionano i gruppi e quanto durano gli incontri."],
  ["Costi e tariffa agevolata", "Come si richiede la tariffa agevolata con ISEE?"],
  ["Cambio di orario", "Posso spostarmi in un gruppo che si incontra la sera?"],
  ["Problemi con il collegamento", "Non riesco ad aprire il link della videochiamata."],
  ["Fattura", "Mi servirebbe la ricevuta dell'ultimo pagamento per la dichiarazione."],
  ["Collaborazione", "Sono psicoterapeuta e vorrei sapere se cercate nuovi conduttori."],
  ["Privacy", "Vorrei sapere quali dati conservate e per quanto tempo."],
  ["Primo colloquio", "Prima di iscrivermi vorrei parlare con qualcuno del team."],
];
/** Start times per slot; "Sera" is what most people ask for. */
const START_TIMES: Record<(typeof timeSlots)[number], string[]> = {
  Mattina: ["09:00", "10:00", "11:00"],
  Pomeriggio: ["14:30", "16:00", "17:00"],
  Sera: ["18:30", "19:00", "19:30", "20:00", "20:30"],
};
const AGE_RANGES: [number, number][] = [
  [18, 30],
  [25, 35],
  [28, 40],
  [35, 50],
  [45, 65],
];
/** The questionnaire's age brackets as numbers (the adult ones: groups are for adults). */
const BRACKETS: [string, number, number][] = [
  ["18-25", 18, 25],
  ["26-35", 26, 35],
  ["36-45", 36, 45],
  ["46-55", 46, 55],
  ["Più di 55", 56, 99],
];

const ascii = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();

interface Person {
  name: string;
  email: string;
  gender: string;
  age: string;
  city: string;
}

function personOf(index: number, random: Random, ageBracket?: string): Person {
  const female = random.chance(0.62);
  const first = random.pick(female ? FEMALE_NAMES : MALE_NAMES);
  const last = random.pick(SURNAMES);
  return {
    name: `${first} ${last}`,
    email: `${ascii(first)}.${ascii(last)}.${index + 1}@${SYNTHETIC_DOMAIN}`,
    gender: random.chance(0.03) ? "Non-binario" : female ? "Donna" : "Uomo",
    age: ageBracket ?? random.pick(BRACKETS)[0],
    city: random.pick(CITIES),
  };
}

interface PlannedTherapist {
  id: string;
  name: string;
  email: string;
  female: boolean;
}

interface PlannedGroup {
  id: string;
  therapist: PlannedTherapist;
  name: string;
  topic: string;
  situations: string[];
  weekday: number;
  timeSlot: (typeof timeSlots)[number];
  startTime: string;
  ageMin: number;
  ageMax: number;
  startsOn: string;
  /** The last meeting's date of a group that has ended. */
  closedOn: string | null;
}

interface PlannedBooking {
  id: string;
  responseId: string;
  group: PlannedGroup;
  person: Person;
  status: "confirmed" | "cancelled" | "requested";
  createdAt: Date;
  /** From when the member takes part (first meeting on or after it). */
  joinedAt: Date;
  leftAt: Date | null;
  iseeApprovedAt: Date | null;
}

interface PlannedResponse {
  id: string;
  person: Person;
  createdAt: Date;
  timePreference: string;
  newsletter: boolean;
  therapistName: string | null;
}

interface Plan {
  today: string;
  historyStart: string;
  therapists: PlannedTherapist[];
  groups: PlannedGroup[];
  bookings: PlannedBooking[];
  responses: PlannedResponse[];
  people: Person[];
  random: Random;
  members: number;
}

/** Confirmed members per group today: at most 8 (and at least 4 when there are enough), `members` in all. */
function seatsTaken(members: number, groupCount: number, random: Random) {
  const counts = Array.from({ length: groupCount }, (_, index) => Math.floor(members / groupCount) + (index < members % groupCount ? 1 : 0));
  for (let n = 0; n < groupCount * 2; n++) {
    const a = random.int(0, groupCount - 1);
    const b = random.int(0, groupCount - 1);
    if (a !== b && counts[a]! < groupRules.totalSpots && counts[b]! > 4) {
      counts[a]!++;
      counts[b]!--;
    }
  }
  return counts;
}

function planPractice(options: ScaleOptions, now: Date): Plan {
  const random = generator(options.seed ?? 20_260_101);
  const today = todayInRome(now);
  const historyStart = addDays(today, -365 * options.years);
  const historyMs = romeTimeToUtc(historyStart, "00:00").getTime();
  const weeksOfHistory = Math.floor((now.getTime() - historyMs) / WEEK_MS);
  const activeCount = Math.ceil(options.members / MEMBERS_PER_GROUP);
  const closedCount = Math.round(activeCount * 0.05);
  const therapistCount = Math.ceil((activeCount + closedCount) / GROUPS_PER_THERAPIST);

  const therapistsPlanned: PlannedTherapist[] = Array.from({ length: therapistCount }, (_, index) => {
    const female = random.chance(0.7);
    const first = random.pick(female ? FEMALE_NAMES : MALE_NAMES);
    const last = random.pick(SURNAMES);
    return { id: randomUUID(), name: `${first} ${last}`, email: `${ascii(first)}.${ascii(last)}.t${index + 1}@${SYNTHETIC_DOMAIN}`, female };
  });

  const groupsPlanned: PlannedGroup[] = [];
  for (let index = 0; index < activeCount + closedCount; index++) {
    const closed = index >= activeCount;
    const therapistIndex = Math.floor(index / GROUPS_PER_THERAPIST) % therapistCount;
    const slot = random.chance(0.6) ? "Sera" : random.pick(timeSlots);
    const seed = groupSeeds[index % groupSeeds.length]!;
    const [ageMin, ageMax] = random.pick(AGE_RANGES);
    // Most groups have met since the start of the history; the others began along the way.
    const startWeek = random.chance(0.7) ? random.int(0, 8) : random.int(0, Math.max(0, weeksOfHistory - (closed ? 30 : 2)));
    const startsOn = addDays(historyStart, startWeek * 7);
    // An ended group met for at least 12 weeks and stopped at least 2 weeks ago.
    const closedOn = closed ? addDays(historyStart, random.int(Math.min(startWeek + 12, weeksOfHistory - 2), weeksOfHistory - 2) * 7) : null;
    groupsPlanned.push({
      id: randomUUID(),
      therapist: therapistsPlanned[therapistIndex]!,
      name: `${GROUP_WORDS[index % GROUP_WORDS.length]} ${Math.floor(index / GROUP_WORDS.length) + 1}`,
      topic: seed.topic,
      situations: seed.situations,
      // One therapist's groups meet on different days (offsets 0, 2, 4, 6 mod 5 are all distinct).
      weekday: ((therapistIndex + (index % GROUPS_PER_THERAPIST) * 2) % 5) + 1,
      timeSlot: slot,
      startTime: random.pick(START_TIMES[slot]),
      ageMin,
      ageMax,
      startsOn,
      closedOn,
    });
  }

  const people: Person[] = [];
  const responses: PlannedResponse[] = [];
  const bookingsPlanned: PlannedBooking[] = [];
  const addPerson = (ageBracket?: string) => {
    const person = personOf(people.length, random, ageBracket);
    people.push(person);
    return person;
  };
  const book = (groupPlanned: PlannedGroup, status: PlannedBooking["status"], joinedAt: Date, leftAt: Date | null, requestedAt?: Date) => {
    const brackets = BRACKETS.filter(([, low, high]) => low <= groupPlanned.ageMax && high >= groupPlanned.ageMin);
    const person = addPerson(random.pick(brackets)[0]);
    const createdAt = requestedAt ?? new Date(joinedAt.getTime() - random.int(3, 15) * DAY_MS);
    const response: PlannedResponse = {
      id: randomUUID(),
      person,
      createdAt: new Date(createdAt.getTime() - random.int(1, 10) * DAY_MS - random.int(0, 600) * 60_000),
      timePreference: groupPlanned.timeSlot,
      newsletter: random.chance(0.3),
      therapistName: groupPlanned.therapist.name,
    };
    responses.push(response);
    const until = Math.min(leftAt?.getTime() ?? now.getTime(), now.getTime());
    const approvedAt = joinedAt.getTime() + random.int(2, 8) * WEEK_MS;
    bookingsPlanned.push({
      id: randomUUID(),
      responseId: response.id,
      group: groupPlanned,
      person,
      status,
      createdAt,
      joinedAt,
      leftAt,
      iseeApprovedAt: status !== "requested" && random.chance(0.15) && approvedAt < until ? new Date(approvedAt) : null,
    });
  };

  const occupied = seatsTaken(options.members, activeCount, random);
  groupsPlanned.forEach((groupPlanned, index) => {
    const start = romeTimeToUtc(groupPlanned.startsOn, "00:00").getTime();
    const end = groupPlanned.closedOn ? romeTimeToUtc(addDays(groupPlanned.closedOn, 1), "00:00").getTime() : now.getTime();
    const joinAfter = (cursor: number, minWeeks: number, maxWeeks: number) => Math.max(start - random.int(2, 14) * DAY_MS, cursor - random.int(minWeeks, maxWeeks) * WEEK_MS);
    // Each of the 8 seats, from today (or the group's end) back to its start: the member in it now, the ones before.
    for (let seat = 0; seat < groupRules.totalSpots; seat++) {
      let cursor = end;
      const takenNow = groupPlanned.closedOn ? random.chance(0.8) : seat < occupied[index]!;
      if (takenNow) {
        const joined = joinAfter(cursor, 1, 70);
        book(groupPlanned, groupPlanned.closedOn ? "cancelled" : "confirmed", new Date(joined), groupPlanned.closedOn ? new Date(end) : null);
        cursor = joined - random.int(1, 6) * WEEK_MS;
      } else {
        cursor -= random.int(1, 8) * WEEK_MS;
      }
      while (cursor > start + 2 * WEEK_MS) {
        const joined = joinAfter(cursor, 8, 50);
        book(groupPlanned, "cancelled", new Date(joined), new Date(cursor));
        cursor = joined - random.int(1, 6) * WEEK_MS;
      }
    }
    // A few people waiting for staff to confirm them in a group with a free seat.
    if (!groupPlanned.closedOn && occupied[index]! < groupRules.totalSpots && random.chance(0.15)) {
      book(groupPlanned, "requested", now, null, new Date(now.getTime() - random.int(1, 10) * DAY_MS));
    }
  });

  // Everyone else who filled in the questionnaire without joining a group.
  const historyLength = now.getTime() - historyMs;
  for (let n = responses.length; n < options.members * QUESTIONNAIRES_PER_MEMBER; n++) {
    responses.push({
      id: randomUUID(),
      person: addPerson(),
      createdAt: new Date(historyMs + Math.floor(random.next() * historyLength)),
      timePreference: random.pick(timeSlots),
      newsletter: random.chance(0.3),
      therapistName: null,
    });
  }
  return { today, historyStart, therapists: therapistsPlanned, groups: groupsPlanned, bookings: bookingsPlanned, responses, people, random, members: options.members };
}

/* ------------------------------------------------------------------------------------------------
 * What every step shares: the staff member who recorded things, e-mails rendered once
 * ---------------------------------------------------------------------------------------------- */

interface Context {
  now: Date;
  /** The demo admin (or any admin): who recorded payments and attendance. */
  staff: { id: string | null; email: string | null };
  /** Personal data other than health data is kept 24 months: nothing older is made. */
  otherDataSince: Date;
}

async function contextOf(tx: Tx, now: Date): Promise<Context> {
  const { rows } = await tx.execute<{ id: string; email: string }>(
    sql`select id, email from "user" where role = ${ADMIN_ROLE} order by (email = ${DEMO_ADMIN_EMAIL}) desc, created_at limit 1`,
  );
  const otherDataSince = new Date(now);
  otherDataSince.setUTCMonth(otherDataSince.getUTCMonth() - retention.otherDataMonths);
  otherDataSince.setUTCDate(otherDataSince.getUTCDate() + 7);
  return { now, staff: { id: rows[0]?.id ?? null, email: rows[0]?.email ?? null }, otherDataSince };
}

/**
 * Sent e-mails in bulk: each template is rendered once, by the project's own renderEmail, with
 * stand-ins where a person's values go, and the INSERT … SELECT fills them in per row (rendering each
 * message takes about 8 ms here: minutes for 100,000). The values are plain letters (names,
 * addresses at example.invalid) that HTML escaping leaves alone; those inside a link are given
 * encoded as the link has them (the @ and spaces of a query string, & in an attribute).
 */
const STAND_IN = {
  name: "ScalePersonName",
  urlName: "ScaleUrlName",
  urlEmail: "ScaleUrlEmail",
  token: "ScaleUrlToken",
  firstMeeting: "ScaleFirstMeeting",
  callUrl: "ScaleCallUrl",
} as const;
type StandIns = Partial<Record<keyof typeof STAND_IN, SQL>>;

function filled(template: string, values: StandIns) {
  return Object.entries(values).reduce<SQL>((text, [key, value]) => sql`replace(${text}, ${STAND_IN[key as keyof typeof STAND_IN]}, ${value})`, sql`${template}::text`);
}

/** A person in a link of the `?email=…&name=…&token=…` kind. */
const personInLink = (name: SQL, email: SQL, token: SQL): StandIns => ({
  name,
  urlName: sql`replace(${name}, ' ', '+')`,
  urlEmail: sql`replace(${email}, '@', '%40')`,
  token,
});

/** The columns of a sent e-mail, for `insert into email_outbox (…) select <sentEmail> from …`. */
const OUTBOX_COLUMNS = sql.raw(`("to", subject, html, text, template, status, attempts, next_attempt_at, message_id, created_at, sent_at)`);

function sentEmail(template: { html: string; text: string }, name: string, subject: string, row: { to: SQL; at: SQL; html: StandIns; text?: StandIns }) {
  return sql`${row.to}, ${subject}, ${filled(template.html, row.html)}, ${filled(template.text, row.text ?? row.html)}, ${name}, 'sent', 1, ${row.at}, '<' || gen_random_uuid() || '@insieme-terapia.it>', ${row.at}, ${row.at} + interval '4 seconds'`;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

const chunks = <T>(rows: readonly T[], size = BATCH) => Array.from({ length: Math.ceil(rows.length / size) }, (_, index) => rows.slice(index * size, (index + 1) * size));

/* ------------------------------------------------------------------------------------------------
 * The steps, one per table (or per table and what its real write brings along)
 * ---------------------------------------------------------------------------------------------- */

async function insertTherapists(tx: Tx, plan: Plan) {
  const historyStart = romeTimeToUtc(plan.historyStart, "09:00").getTime();
  for (const batch of chunks(plan.therapists, 500)) {
    await tx.insert(therapists).values(
      batch.map((therapist, index) => {
        const specialization = plan.random.pick(SPECIALIZATIONS);
        return {
          id: therapist.id,
          name: therapist.name,
          role: therapist.female ? "Psicologa Psicoterapeuta" : "Psicologo Psicoterapeuta",
          specialization,
          experience: `${plan.random.int(5, 25)} anni di esperienza`,
          description: `Conduce gruppi online dedicati a ${specialization.toLowerCase()}, con un clima accogliente in cui ognuno trova i suoi tempi.`,
          registrationNumber: `Albo Psicologi ${plan.random.pick(REGIONS)} n. ${20_000 + index + plan.random.int(0, 9_000)}`,
          qualifications: ["Laurea magistrale in Psicologia clinica", "Specializzazione in Psicoterapia", "Formazione in conduzione di gruppi terapeutici"],
          approaches: plan.random.some(APPROACHES, 2, 3),
          email: therapist.email,
          createdAt: new Date(historyStart - plan.random.int(20, 60) * DAY_MS),
        };
      }),
    );
  }
  return plan.therapists.length;
}

async function insertGroups(tx: Tx, plan: Plan) {
  for (const batch of chunks(plan.groups, 500)) {
    await tx.insert(groups).values(
      batch.map((planned) => ({
        id: planned.id,
        therapistId: planned.therapist.id,
        name: planned.name,
        topic: planned.topic,
        situations: planned.situations,
        weekday: planned.weekday,
        timeSlot: planned.timeSlot,
        startTime: planned.startTime,
        ageMin: planned.ageMin,
        ageMax: planned.ageMax,
        capacity: groupRules.totalSpots,
        // open now; the bookings' trigger makes a group with 8 confirmed members full.
        status: planned.closedOn ? ("closed" as const) : ("open" as const),
        startsOn: planned.startsOn,
        videoUrl: `https://meet.example.com/insieme-${ascii(planned.name)}-${planned.id.slice(0, 8)}`,
        createdAt: new Date(romeTimeToUtc(planned.startsOn, "10:00").getTime() - 30 * DAY_MS),
        updatedAt: planned.closedOn ? romeTimeToUtc(planned.closedOn, "22:00") : new Date(romeTimeToUtc(planned.startsOn, "10:00").getTime() - 30 * DAY_MS),
      })),
    );
  }
  return plan.groups.length;
}

type HealthAnswers = Omit<QuestionnaireAnswers, "name" | "email" | "age" | "gender" | "city" | "privacy_consent">;

const valuesOf = <T extends { value: string }>(list: readonly T[]) => list.map((option) => option.value as T["value"]).filter((value) => value !== OTHER_OPTION);

/** The health part of a questionnaire (what a submission encrypts), valid for the questionnaire's schema. */
function healthAnswersOf(response: PlannedResponse, random: Random): HealthAnswers {
  return {
    current_situations: random.some(valuesOf(answerOptions.current_situations), 1, 3),
    difficulty_frequency: random.pick(valuesOf(answerOptions.difficulty_frequency)),
    coping_strategies: random.some(valuesOf(answerOptions.coping_strategies), 1, 3),
    energy_level: random.pick(valuesOf(answerOptions.energy_level)),
    blocked_area: random.pick(valuesOf(answerOptions.blocked_area)),
    current_situation_summary: random.pick(SUMMARIES),
    therapy_goals: random.some(valuesOf(answerOptions.therapy_goals), 1, 3),
    previous_therapy: random.pick(valuesOf(answerOptions.previous_therapy)),
    comfort_level: random.pick(valuesOf(answerOptions.comfort_level)),
    time_preference: response.timePreference as HealthAnswers["time_preference"],
    flexibility: random.some(valuesOf(answerOptions.flexibility), 1, 1),
    source_discovery: random.pick(valuesOf(answerOptions.source_discovery)),
    newsletter_subscription: response.newsletter ? "yes" : "no",
  };
}

/**
 * The questionnaires, as a submission stores them: the answers sealed one by one with the data key
 * (a fresh IV each, as `seal` does), the two consents, and the e-mail with the link to the groups
 * (sent). The staff notifications are left out: one mailbox, not the members' history.
 */
async function insertQuestionnaires(tx: Tx, plan: Plan, context: Context) {
  const result = await renderEmail(createElement(QuestionnaireResult, { name: STAND_IN.name, groupsUrl: groupsPageUrl(STAND_IN.urlEmail, STAND_IN.urlName, STAND_IN.token) }));
  for (const batch of chunks(plan.responses)) {
    const rows = batch.map((response) => {
      const answers = healthAnswersOf(response, plan.random);
      return {
        id: response.id,
        name: response.person.name,
        email: response.person.email,
        age: response.person.age,
        gender: response.person.gender,
        city: response.person.city,
        answers: seal(answers),
        timePreference: response.timePreference,
        sourceDiscovery: answers.source_discovery,
        newsletterSubscription: response.newsletter ? "yes" : "no",
        privacyConsent: true,
        consentAt: response.createdAt,
        selectedGroupTherapist: response.therapistName,
        status: "completed",
        source: "website",
        utm: plan.random.chance(0.2) ? { utm_source: plan.random.pick(["instagram", "google", "newsletter"]), utm_medium: "social" } : null,
        createdAt: response.createdAt,
      };
    });
    await tx.execute(sql`
      with r as (${insertRows(questionnaireResponses, rows)} returning id, name, email, created_at),
      c as (
        insert into consent_records (email, form, consent, text_version, given_at)
        select r.email, 'questionnaire', k.consent, k.version, r.created_at
        from r cross join (values ('privacy-health-data', ${legalVersions.privacy.version}), ('terms', ${legalVersions.terms.version})) as k(consent, version)
      )
      insert into email_outbox ${OUTBOX_COLUMNS}
      select ${sentEmail(result, "questionnaire-result", "I gruppi consigliati per te", { to: sql`r.email`, at: sql`r.created_at`, html: personInLink(sql`r.name`, sql`r.email`, sql`md5(r.id::text)`) })}
      from r where r.created_at >= ${context.otherDataSince}`);
  }
  return plan.responses.length;
}

/**
 * The bookings (confirmed members, those who left, a few requests), each with the e-mail of its
 * request; the members' spans go to a temporary table the attendance step reads. The capacity
 * trigger checks every confirmed seat and marks a group with 8 members full, as for a real confirmation.
 */
async function insertBookings(tx: Tx, plan: Plan, context: Context) {
  for (const batch of chunks(plan.bookings, 1000)) {
    const rows = batch.map((booking) => ({
      id: booking.id,
      responseId: booking.responseId,
      groupId: booking.group.id,
      therapistId: booking.group.therapist.id,
      email: booking.person.email,
      name: booking.person.name,
      ageBracket: booking.person.age,
      status: booking.status,
      callRequested: false,
      phone: null,
      iseeApprovedAt: booking.iseeApprovedAt,
      iseeApprovedBy: booking.iseeApprovedAt ? context.staff.id : null,
      createdAt: booking.createdAt,
      updatedAt: booking.leftAt ?? booking.iseeApprovedAt ?? booking.createdAt,
    }));
    await tx.execute(insertRows(groupBookings, rows));
    const spans = batch
      .filter((booking) => booking.status !== "requested")
      .map((booking) => ({ booking_id: booking.id, group_id: booking.group.id, joined_at: booking.joinedAt.toISOString(), left_at: booking.leftAt?.toISOString() ?? null }));
    if (spans.length) {
      await tx.execute(
        sql`insert into scale_spans select * from jsonb_to_recordset(${JSON.stringify(spans)}::jsonb) as x(booking_id uuid, group_id uuid, joined_at timestamptz, left_at timestamptz)`,
      );
    }
  }
  await insertBookingEmails(tx, plan, context);
  return plan.bookings.length;
}

/** The e-mail of each booking request (sent), rendered once per group. */
async function insertBookingEmails(tx: Tx, plan: Plan, context: Context) {
  const areaUrl = `${publicBaseUrl()}${CLIENT_AREA}`;
  const byGroup = new Map<PlannedGroup, PlannedBooking[]>();
  for (const booking of plan.bookings.filter((row) => row.createdAt >= context.otherDataSince)) {
    const list = byGroup.get(booking.group) ?? [];
    list.push(booking);
    byGroup.set(booking.group, list);
  }
  for (const [group, bookings] of byGroup) {
    const template = await renderEmail(
      createElement(BookingRequestReceived, {
        name: STAND_IN.name,
        groupName: group.name,
        therapistName: group.therapist.name,
        schedule: scheduleOf({ weekday: group.weekday, start_time: group.startTime }),
        startsOn: STAND_IN.firstMeeting,
        callUrl: STAND_IN.callUrl,
        areaUrl,
      }),
    );
    const rows = bookings.map((booking) => {
      const callUrl = callPageUrl(booking.person.email, booking.person.name, randomBytes(24).toString("base64url"));
      return {
        to: booking.person.email,
        name: booking.person.name,
        first_meeting: dateLabel(firstMeetingOn(group.startsOn, group.weekday, todayInRome(booking.createdAt))),
        call_url: callUrl,
        call_url_html: escapeHtml(callUrl),
        at: booking.createdAt,
      };
    });
    const values = (url: SQL): StandIns => ({ name: sql`x.name`, firstMeeting: sql`x.first_meeting`, callUrl: url });
    await tx.execute(sql`
      insert into email_outbox ${OUTBOX_COLUMNS}
      select ${sentEmail(template, "booking-requested", `Hai scelto il gruppo ${group.name}`, { to: sql`x.to`, at: sql`x.at`, html: values(sql`x.call_url_html`), text: values(sql`x.call_url`) })}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x("to" text, name text, first_meeting text, call_url text, call_url_html text, at timestamptz)`);
  }
  return byGroup.size;
}

function snakeCase(row: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), value]));
}

/**
 * The practice's holidays (Christmas and mid-August), for every group, as staff close them: only
 * periods over before the first meeting already in the database (the demo's), which they would
 * otherwise contradict.
 */
async function insertClosures(tx: Tx, plan: Plan, context: Context) {
  const { rows: existing } = await tx.execute<{ first: string | null }>(sql`select (min(starts_at) at time zone 'Europe/Rome')::date::text as first from group_sessions`);
  const before = existing[0]?.first ?? plan.today;
  const rows: { startsOn: string; endsOn: string; reason: string }[] = [];
  const first = Number(plan.historyStart.slice(0, 4)) - 1;
  for (let year = first; year <= Number(plan.today.slice(0, 4)); year++) {
    rows.push({ startsOn: `${year}-08-10`, endsOn: `${year}-08-23`, reason: "Pausa estiva" });
    rows.push({ startsOn: `${year}-12-24`, endsOn: `${year + 1}-01-06`, reason: "Vacanze di Natale" });
  }
  const past = rows.filter((row) => row.endsOn < plan.today && row.endsOn < before && row.endsOn >= plan.historyStart);
  if (past.length === 0) return 0;
  await tx.insert(groupClosures).values(past.map((row) => ({ groupId: null, ...row, createdBy: context.staff.id, createdAt: romeTimeToUtc(addDays(row.startsOn, -30), "10:00") })));
  return past.length;
}

/**
 * The weekly meetings, made by the sessions service itself (its weekday, start time in Italy,
 * closures), from each group's start; an ended group's until its last meeting. A few past meetings
 * were cancelled (no attendance, no charge).
 */
async function insertSessions(tx: Tx, plan: Plan, context: Context) {
  let made = 0;
  for (const planned of plan.groups) {
    // The service fills up to 8 weeks after "today": for an ended group, "today" is 8 weeks before its end.
    const now = planned.closedOn ? romeTimeToUtc(addDays(planned.closedOn, -7 * 8), "12:00") : context.now;
    made += await materialiseSessions(tx, { groupId: planned.id, from: planned.startsOn, now });
  }
  await tx.execute(sql`
    update group_sessions set status = 'cancelled', note = 'Annullato: la terapeuta o il terapeuta non era disponibile.', updated_at = starts_at - interval '2 days'
    where group_id = any(${arrayLiteral(plan.groups.map((planned) => planned.id))}::uuid[]) and starts_at < ${context.now} and random() < 0.015`);
  return made;
}

/**
 * One row per past meeting that took place and member in the group at the time: mostly present,
 * some absences announced in time by the member (not charged), a few without notice (charged).
 */
async function insertAttendance(tx: Tx, context: Context) {
  const result = await tx.execute(sql`
    insert into attendance (session_id, booking_id, status, announced_at, recorded_by, recorded_at)
    select session_id, booking_id,
      case when r < 0.86 then 'present' when r < 0.93 then 'absent_notified' else 'absent_unnotified' end,
      case when r >= 0.86 and r < 0.93 then starts_at - interval '3 days' - r2 * interval '2 days' end,
      case when r >= 0.86 and r < 0.93 then null else ${context.staff.id}::text end,
      case when r >= 0.86 and r < 0.93 then starts_at - interval '3 days' - r2 * interval '2 days'
           else least(ends_at + interval '15 minutes' + r2 * interval '1 day', ${context.now}::timestamptz) end
    from (
      select s.id as session_id, sp.booking_id, s.starts_at, s.ends_at, random() as r, random() as r2
      from scale_spans sp
      join group_sessions s on s.group_id = sp.group_id
      where s.status = 'scheduled' and s.starts_at >= sp.joined_at and s.starts_at < coalesce(sp.left_at, ${context.now}::timestamptz)
        and s.ends_at <= ${context.now}::timestamptz
    ) as marks`);
  return result.rowCount ?? 0;
}

/**
 * Payments as members make them: every two charged sessions (the ledger's rules: the first is the
 * trial, then the standard fee, or the reduced one after an ISEE approval), by bank transfer a few
 * days after the second; what falls after today is still owed, and a few members are behind. Each
 * payment has its fattura sanitaria (one line per session, with the therapist), numbered per year
 * without gaps in the order the payments were recorded, continuing the year's counter.
 */
async function insertPayments(tx: Tx, context: Context) {
  await tx.execute(sql`
    with charged as (
      select a.booking_id, s.starts_at, t.name as therapist, t.registration_number,
        row_number() over (partition by a.booking_id order by s.starts_at) as position
      from attendance a
      join scale_spans sp on sp.booking_id = a.booking_id
      join group_sessions s on s.id = a.session_id
      join groups g on g.id = s.group_id
      join therapists t on t.id = g.therapist_id
      where s.status = 'scheduled' and a.status in ('present', 'absent_unnotified')
    ), priced as (
      select c.*, (c.position + 1) / 2 as instalment,
        case when c.position = 1 then ${tariffs.trial.amountCents}::int
             when b.isee_approved_at is not null and c.starts_at > b.isee_approved_at then ${tariffs.reduced.amountCents}::int
             else ${tariffs.standard.amountCents}::int end as cents
      from charged c join group_bookings b on b.id = c.booking_id
    ), instalments as (
      select booking_id, instalment, sum(cents)::int as amount_cents, max(starts_at) as last_start, random() as r,
        jsonb_agg(jsonb_build_object(
          'description', 'Seduta di psicoterapia di gruppo del ' || to_char(starts_at at time zone 'Europe/Rome', 'DD/MM/YYYY'),
          'sessionStartsAt', starts_at,
          'therapist', case when registration_number is null then therapist else therapist || ', iscrizione all''Albo n. ' || registration_number end,
          'amountCents', cents) order by starts_at) as lines
      from priced group by booking_id, instalment
    ), dated as (
      select i.*, (((i.last_start at time zone 'Europe/Rome')::date + 1 + floor(i.r * 6)::int) + time '12:00') at time zone 'Europe/Rome' as paid_at
      from instalments i
    )
    insert into scale_payments (booking_id, amount_cents, method, paid_at, recorded_at, lines)
    select d.booking_id, d.amount_cents, case when d.r < 0.9 then 'bank_transfer' else 'card' end, d.paid_at,
      d.paid_at + (floor(d.r * 1000) * interval '1 minute') / 4, d.lines
    from dated d
    where d.r >= 0.02 and d.paid_at + interval '5 hours' < ${context.now}::timestamptz`);
  await tx.execute(sql`
    insert into payments (id, booking_id, payer_name, amount_cents, method, paid_at, note, idempotency_key, recorded_by, created_at)
    select sp.id, sp.booking_id, coalesce(b.name, b.email), sp.amount_cents, sp.method, sp.paid_at,
      case when sp.method = 'bank_transfer' then 'Bonifico' end, gen_random_uuid()::text, ${context.staff.id}::text, sp.recorded_at
    from scale_payments sp join group_bookings b on b.id = sp.booking_id`);
  await insertFiscalProfiles(tx);
  await tx.execute(sql`
    with numbered as (
      select sp.*, extract(year from sp.recorded_at at time zone 'Europe/Rome')::int as year,
        row_number() over (partition by extract(year from sp.recorded_at at time zone 'Europe/Rome') order by sp.recorded_at, sp.id)
          + coalesce((select c.last_number from invoice_counters c where c.kind = 'invoice' and c.year = extract(year from sp.recorded_at at time zone 'Europe/Rome')::int), 0) as sequence
      from scale_payments sp
    )
    insert into invoices (kind, number, year, sequence, issued_on, payment_id, booking_id, issuer, recipient, ts_opposition, lines,
      subtotal_cents, stamp_duty_cents, total_cents, payment_method, paid_on, created_by, created_at)
    select 'invoice', n.year || '-' || lpad(n.sequence::text, greatest(4, length(n.sequence::text)), '0'), n.year, n.sequence,
      (n.recorded_at at time zone 'Europe/Rome')::date, n.id, n.booking_id,
      jsonb_build_object('name', ps.legal_name, 'addressLine', ps.address_line, 'postalCode', ps.postal_code, 'city', ps.city, 'province', ps.province,
        'codiceFiscale', ps.codice_fiscale, 'partitaIva', ps.partita_iva, 'taxRegimeNote', ps.tax_regime_note, 'iban', ps.iban, 'accountHolder', ps.account_holder),
      jsonb_build_object('name', f.first_name || ' ' || f.last_name, 'addressLine', f.address_line, 'postalCode', f.postal_code, 'city', f.city,
        'province', f.province, 'codiceFiscale', f.codice_fiscale),
      f.ts_opposition, n.lines, n.amount_cents, case when n.amount_cents > ${STAMP_DUTY_THRESHOLD_CENTS} then ${STAMP_DUTY_CENTS} else 0 end,
      n.amount_cents, n.method, (n.paid_at at time zone 'Europe/Rome')::date, ${context.staff.id}::text, n.recorded_at
    from numbered n
    join group_bookings b on b.id = n.booking_id
    join fiscal_profiles f on f.email = lower(b.email)
    cross join practice_settings ps`);
  await tx.execute(sql`
    insert into invoice_counters (kind, year, last_number)
    select 'invoice', year, max(sequence) from invoices where kind = 'invoice' group by year
    on conflict (kind, year) do update set last_number = greatest(invoice_counters.last_number, excluded.last_number)`);
  return (await tx.execute(sql`select count(*)::int as made from scale_payments`)).rows[0]!.made as number;
}

/**
 * Every generated member who paid has fiscal data (fictitious, with a well-formed codice fiscale);
 * one in twenty opposed the Sistema TS transmission. The practice's demo identity is there already
 * (the demo's seed), or is added.
 */
async function insertFiscalProfiles(tx: Tx) {
  await tx.execute(sql`
    insert into practice_settings (id, legal_name, address_line, postal_code, city, province, partita_iva, codice_fiscale, iban, account_holder, demo)
    values (1, 'Studio Insieme – dati di prova', 'Via dell''Esempio 1', '00100', 'Roma', 'RM', '12345678903', '12345678903', 'IT60X0542811101000000123456', 'Studio Insieme – dati di prova', true)
    on conflict (id) do nothing`);
  const people = await tx.execute(sql`
    select distinct lower(b.email) as email from scale_payments sp join group_bookings b on b.id = sp.booking_id
    where not exists (select 1 from fiscal_profiles f where f.email = lower(b.email))`);
  const rows = (people.rows as { email: string }[]).map(({ email }, index) => {
    const first15 = `${letters(index, 3)}${letters(index * 7 + 3, 3)}${String(60 + (index % 40)).padStart(2, "0")}${"ABCDEHLMPRST"[index % 12]}${String(1 + (index % 28)).padStart(2, "0")}H501`;
    return {
      email,
      firstName: "Persona",
      lastName: `di prova ${index + 1}`,
      addressLine: `Via Generata ${index + 1}`,
      postalCode: "00100",
      city: "Roma",
      province: "RM",
      codiceFiscale: first15 + codiceFiscaleCheckCharacter(first15),
      tsOpposition: index % 20 === 0,
    };
  });
  for (let start = 0; start < rows.length; start += 2000) await tx.execute(insertRows(fiscalProfiles, rows.slice(start, start + 2000)));
}

/** Three consonant-like letters from a number, for a fictitious codice fiscale. */
function letters(seed: number, count: number) {
  const alphabet = "BCDFGHLMNPRSTVZ";
  let text = "";
  for (let index = 0, value = seed; index < count; index++, value = Math.floor(value / alphabet.length) + index * 5) text += alphabet[value % alphabet.length];
  return text;
}

/** Messages from the contact form (some from members and people who filled in the questionnaire), each with its auto-reply. */
async function insertContacts(tx: Tx, plan: Plan, context: Context) {
  const reply = await renderEmail(createElement(ContactAutoReply, { name: STAND_IN.name }));
  const since = Math.max(context.otherDataSince.getTime(), romeTimeToUtc(plan.historyStart, "00:00").getTime());
  const span = context.now.getTime() - since;
  const count = plan.members * CONTACTS_PER_MEMBER;
  const rows = Array.from({ length: count }, () => {
    const person = plan.random.chance(0.4) ? plan.random.pick(plan.people) : personOf(plan.people.length + plan.random.int(0, 10 * count), plan.random);
    const [subject, message] = plan.random.pick(CONTACT_SUBJECTS);
    const createdAt = new Date(since + Math.floor(plan.random.next() * span));
    const ageDays = (context.now.getTime() - createdAt.getTime()) / DAY_MS;
    const status = ageDays > 14 ? (plan.random.chance(0.95) ? "closed" : "in_progress") : plan.random.pick(["new", "in_progress", "closed"] as const);
    return {
      name: person.name,
      email: person.email,
      phone: plan.random.chance(0.3) ? `+39 3${plan.random.int(10, 99)} ${plan.random.int(100_0000, 999_9999)}` : null,
      subject,
      message,
      status,
      createdAt,
      updatedAt: status === "new" ? createdAt : new Date(Math.min(createdAt.getTime() + plan.random.int(1, 72) * 3_600_000, context.now.getTime())),
    };
  });
  for (const batch of chunks(rows)) {
    await tx.execute(sql`
      with r as (insert into contacts (name, email, phone, subject, message, status, created_at, updated_at)
        select name, email, phone, subject, message, status, created_at, updated_at
        from jsonb_populate_recordset(null::contacts, ${JSON.stringify(batch.map(snakeCase))}::jsonb) returning id, name, email, created_at)
      insert into email_outbox ${OUTBOX_COLUMNS}
      select ${sentEmail(reply, "contact-auto-reply", "Abbiamo ricevuto il tuo messaggio", { to: sql`r.email`, at: sql`r.created_at`, html: { name: sql`r.name` } })}
      from r`);
  }
  return count;
}

/**
 * Newsletter subscribers: those who ticked it in a questionnaire and sign-ups from the site, through
 * the double opt-in (confirmation e-mail; consent and welcome e-mail once confirmed); some left since.
 */
async function insertNewsletter(tx: Tx, plan: Plan, context: Context) {
  const confirm = await renderEmail(createElement(NewsletterConfirm, { confirmUrl: `${publicBaseUrl()}/newsletter/conferma/${STAND_IN.token}` }));
  const welcome = await renderEmail(createElement(NewsletterWelcome, { unsubscribeUrl: `${publicBaseUrl()}/newsletter/disiscrivi/${STAND_IN.token}` }));
  const since = Math.max(context.otherDataSince.getTime(), romeTimeToUtc(plan.historyStart, "00:00").getTime());
  const seen = new Set<string>();
  const signUps: { email: string; source: string; createdAt: Date }[] = [];
  for (const response of plan.responses) {
    if (response.newsletter && !seen.has(response.person.email)) {
      seen.add(response.person.email);
      signUps.push({ email: response.person.email, source: "questionnaire", createdAt: response.createdAt });
    }
  }
  for (let n = 0; n < plan.members * NEWSLETTER_ONLY_PER_MEMBER; n++) {
    const person = personOf(plan.people.length + 20 * plan.members * CONTACTS_PER_MEMBER + n, plan.random);
    signUps.push({ email: person.email, source: "website", createdAt: new Date(since + Math.floor(plan.random.next() * (context.now.getTime() - since))) });
  }
  const rows = signUps.map((signUp) => {
    const recent = context.now.getTime() - signUp.createdAt.getTime() < 3 * DAY_MS;
    const old = signUp.createdAt < context.otherDataSince;
    const draw = plan.random.next();
    // A pending or unsubscribed address older than 24 months would already have been purged: those are confirmed.
    const status = recent && draw < 0.5 ? "pending" : old || draw < 0.85 ? "confirmed" : draw < 0.92 ? "pending" : "unsubscribed";
    const confirmedAt = status === "pending" ? null : new Date(signUp.createdAt.getTime() + plan.random.int(5, 600) * 60_000);
    const unsubscribedAt = status === "unsubscribed" ? new Date(Math.min(confirmedAt!.getTime() + plan.random.int(7, 200) * DAY_MS, context.now.getTime())) : null;
    return {
      email: signUp.email,
      status,
      confirmToken: randomBytes(24).toString("base64url"),
      unsubscribeToken: randomBytes(24).toString("base64url"),
      source: signUp.source,
      createdAt: signUp.createdAt,
      confirmedAt,
      unsubscribedAt,
    };
  });
  for (const batch of chunks(rows)) {
    await tx.execute(sql`
      with r as (insert into newsletter_subscribers (email, status, confirm_token, unsubscribe_token, source, created_at, confirmed_at, unsubscribed_at)
        select email, status, confirm_token, unsubscribe_token, source, created_at, confirmed_at, unsubscribed_at
        from jsonb_populate_recordset(null::newsletter_subscribers, ${JSON.stringify(batch.map(snakeCase))}::jsonb)
        returning email, confirm_token, unsubscribe_token, created_at, confirmed_at),
      c as (
        insert into consent_records (email, form, consent, text_version, given_at)
        select email, 'newsletter', 'newsletter', ${NEWSLETTER_TEXT_VERSION}, confirmed_at from r where confirmed_at is not null
      ),
      w as (
        insert into email_outbox ${OUTBOX_COLUMNS}
        select ${sentEmail(welcome, "newsletter-welcome", "Iscrizione confermata", { to: sql`r.email`, at: sql`r.confirmed_at`, html: { token: sql`r.unsubscribe_token` } })}
        from r where r.confirmed_at >= ${context.otherDataSince}
      )
      insert into email_outbox ${OUTBOX_COLUMNS}
      select ${sentEmail(confirm, "newsletter-confirm", "Conferma la tua iscrizione alla newsletter", { to: sql`r.email`, at: sql`r.created_at`, html: { token: sql`r.confirm_token` } })}
      from r where r.created_at >= ${context.otherDataSince}`);
  }
  return rows.length;
}

/** The audit trail staff writes leave: each payment recorded and each attendance sheet marked. */
async function insertAudit(tx: Tx, context: Context) {
  if (!context.staff.id) return 0;
  const payments = await tx.execute(sql`
    insert into audit_log (actor_id, actor_email, action, entity, entity_id, detail, created_at)
    select ${context.staff.id}, ${context.staff.email}, 'create', 'payment', p.id::text,
      jsonb_build_object('bookingId', p.booking_id, 'amountCents', p.amount_cents, 'invoiceNumber', i.number), p.created_at
    from payments p join scale_spans sp on sp.booking_id = p.booking_id left join invoices i on i.payment_id = p.id`);
  const sheets = await tx.execute(sql`
    insert into audit_log (actor_id, actor_email, action, entity, entity_id, detail, created_at)
    select ${context.staff.id}, ${context.staff.email}, 'attendance', 'group_session', a.session_id::text, jsonb_build_object('marked', count(*)), max(a.recorded_at)
    from attendance a join scale_spans sp on sp.booking_id = a.booking_id
    where a.recorded_by is not null
    group by a.session_id`);
  return (payments.rowCount ?? 0) + (sheets.rowCount ?? 0);
}
