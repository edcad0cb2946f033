import { PROOF_OF_WORK_HEADER } from "../../app/domain/proof-of-work";
import { PDFDocument } from "pdf-lib";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../app/server/db/client.server";
import type { SessionInfo } from "../../app/server/auth.server";
import { recordPayment } from "../../app/server/services/payments.server";
import { attendance, emailOutbox, fiscalProfiles, groupBookings, groups, groupSessions, practiceSettings, therapistAvailability, therapists } from "../../app/server/db/schema";
import { withBody } from "../../app/server/mail/outbox.server";
import { resetKeysForTests } from "../../app/server/crypto.server";
import { reencryptAll } from "../../app/server/key-rotation.server";
import { demoPracticeIdentity } from "../../app/domain/fiscal-identity";
import { solveProofOfWork } from "../support/proof-of-work.mjs";

type AnyAction = (args: never) => Promise<Response> | Response;

let ipCounter = 0;

/** A freshly issued and solved anti-spam challenge, as the browser sends it (X-Altcha). */
export async function solvedChallenge() {
  // Imported here: the end-to-end specs import this file for its sample answers, without the server code.
  const { createProofOfWorkChallenge } = await import("../../app/server/proof-of-work.server");
  return solveProofOfWork(await createProofOfWorkChallenge());
}

/**
 * Calls a route action as React Router would, with a JSON body and a solved anti-spam challenge
 * (`proofOfWork: false` sends none); each call gets its own client address unless given.
 */
export async function postJson(action: AnyAction, db: Database, body: unknown, options: { headers?: Record<string, string>; ip?: string; raw?: string; proofOfWork?: false } = {}) {
  const proof: Record<string, string> = options.proofOfWork === false ? {} : { [PROOF_OF_WORK_HEADER]: await solvedChallenge() };
  const request = new Request("http://localhost/api/test", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...proof, ...options.headers },
    body: options.raw ?? JSON.stringify(body),
  });
  const args = { request, params: {}, context: { db, clientIp: options.ip ?? `10.0.0.${++ipCounter}`, cspNonce: "" } };
  const response = await (action as (a: typeof args) => Promise<Response>)(args);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export { validAnswers } from "../support/valid-answers.mjs";

/** One valid /conferma-iscrizione submission for `email` (every required consent and the 18+ declaration). */
export const validRegistration = (email: string) =>
  ({
    firstName: "Elena",
    lastName: "Rossi",
    birthDate: "1992-03-14",
    email,
    accordoServizio: true,
    terminiCondizioni: true,
    privacy: true,
    autorizzazioneContatto: true,
    adult: true,
    newsletter: false,
  }) as const;

/** The access token of an address, as a submission or a confirmed e-mail link gives it (DESIGN §13). */
export async function accessTokenFor(db: Database, email: string): Promise<string> {
  const { tokenForAddress } = await import("../../app/server/services/identity.server");
  return db.transaction((tx) => tokenForAddress(tx, email));
}

/** A real one-page PDF (uploads must open as one), with `note` as a trailing comment to tell versions apart. */
export async function onePagePdf(note = "") {
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  return Buffer.concat([Buffer.from(await document.save()), Buffer.from(note ? `% ${note}\n` : "")]);
}

/**
 * Every queued e-mail as it will be sent: templates the outbox worker renders later (html empty
 * until then) are rendered here the way the worker does.
 */
export async function queuedMail(db: Database) {
  return Promise.all((await db.select().from(emailOutbox).orderBy(emailOutbox.createdAt)).map(withBody));
}

/** A data folder of the test's own (named after `prefix`) and a fresh encryption key, in force at once; returns the key. */
export function freshDataDirAndKey(prefix: string) {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const key = randomBytes(32).toString("base64");
  process.env.DATA_ENCRYPTION_KEY = key;
  resetKeysForTests();
  return key;
}

/** What `keys:rotate` does: a new key, everything sealed with `previousKey` sealed again, the old key then forgotten. Returns the rows re-encrypted. */
export async function rotateDataKey(db: Database, previousKey: string) {
  process.env.DATA_ENCRYPTION_KEY = randomBytes(32).toString("base64");
  process.env.DATA_ENCRYPTION_KEYS_PREVIOUS = previousKey;
  resetKeysForTests();
  const changed = await reencryptAll(db);
  delete process.env.DATA_ENCRYPTION_KEYS_PREVIOUS;
  resetKeysForTests();
  return changed;
}

/** A staff member signed in: the cookie a browser would send, and the session the services take as actor. */
export async function signedInStaff(db: Database, email: string, password = "password-molto-lunga") {
  const { auth, createOrPromoteAdmin, getSession } = await import("../../app/server/auth.server");
  const { pageRequest } = await import("./route-calls");
  await createOrPromoteAdmin(db, email, password);
  const response = await auth(db).api.signInEmail({ body: { email, password }, asResponse: true });
  const cookie = cookieHeader(response);
  const session = await getSession(db, pageRequest("/admin", { cookie }));
  if (!session) throw new Error(`could not sign ${email} in`);
  return { cookie, session };
}

/** A therapist row with an account of its own (role therapist) signed in: the cookie a browser would send. */
export async function signedInTherapist(db: Database, therapistId: string, email: string, password = "password-terapeuta-lunga") {
  const { auth } = await import("../../app/server/auth.server");
  const { user } = await import("../../app/server/db/schema");
  const { eq } = await import("drizzle-orm");
  await auth(db).api.signUpEmail({ body: { email, password, name: email } });
  const [account] = await db.update(user).set({ emailVerified: true, role: "therapist" }).where(eq(user.email, email)).returning();
  await db.update(therapists).set({ userId: account!.id }).where(eq(therapists.id, therapistId));
  const response = await auth(db).api.signInEmail({ body: { email, password }, asResponse: true });
  return cookieHeader(response);
}

/**
 * The two accounts most tests need: staff (`staff@example.com`) and a client with a confirmed address
 * (`utente@example.com`, signed up as on /accedi, then the e-mailed confirmation followed).
 */
export async function staffAndClientAccounts(db: Database, staffPassword = "password-molto-lunga") {
  const { auth, createOrPromoteAdmin } = await import("../../app/server/auth.server");
  const { user } = await import("../../app/server/db/schema");
  const { eq } = await import("drizzle-orm");
  await createOrPromoteAdmin(db, "staff@example.com", staffPassword);
  await auth(db).api.signUpEmail({ body: { email: "utente@example.com", password: "password-utente-1", name: "Utente" } });
  await db.update(user).set({ emailVerified: true }).where(eq(user.email, "utente@example.com"));
}

/** Both accounts of `staffAndClientAccounts`, signed in: the cookies a browser would send. */
export async function signedInStaffAndClient(db: Database) {
  const { auth } = await import("../../app/server/auth.server");
  await staffAndClientAccounts(db);
  const staffCookie = (await signedInStaff(db, "staff@example.com")).cookie;
  const clientCookie = cookieHeader(await auth(db).api.signInEmail({ body: { email: "utente@example.com", password: "password-utente-1" }, asResponse: true }));
  return { staffCookie, clientCookie };
}

/**
 * The rows of `table` whose columns hold every value in `match` (`{ entity: "safety_alert", action: "create" }`),
 * the way most tests check what a write left behind.
 */
export function rowsWhere<T extends PgTable>(db: Database, table: T, match: Partial<T["$inferSelect"]>): Promise<T["$inferSelect"][]> {
  const columns: Record<string, Parameters<typeof eq>[0]> = getTableColumns(table);
  const conditions: SQL[] = Object.entries(match).map(([key, value]) => eq(columns[key]!, value));
  return db
    .select()
    .from(table as PgTable)
    .where(and(...conditions)) as Promise<T["$inferSelect"][]>;
}

type NewTherapist = Partial<typeof therapists.$inferInsert>;
type NewGroup = Partial<typeof groups.$inferInsert>;

/** A therapist row with the required fields filled in; `values` names what the test cares about. */
export async function newTherapist(db: Database, values: NewTherapist = {}) {
  const [row] = await db
    .insert(therapists)
    .values({ name: "Dott.ssa Test", role: "Psicologa", specialization: "Gruppi", experience: "10 anni", description: "Conduce gruppi.", ...values })
    .returning();
  return row!;
}

/** Every day 10:00-13:00, 14:00-18:00 and 18:00-21:00 (minutes from midnight, Italian time). */
export const DAILY_CALL_WINDOWS = [
  [600, 780],
  [840, 1080],
  [1080, 1260],
] as const;

/** A therapist who takes intake calls in `windows` on every weekday, 1 lunedì … 7 domenica (DAILY_CALL_WINDOWS unless told). */
export async function intakeTherapist(
  db: Database,
  values: NewTherapist = {},
  windows: readonly (readonly [number, number])[] = DAILY_CALL_WINDOWS,
  weekdays = [1, 2, 3, 4, 5, 6, 7],
) {
  const therapist = await newTherapist(db, { name: "Dott.ssa Chiamate", email: "chiamate@example.com", ...values });
  await db
    .insert(therapistAvailability)
    .values(weekdays.flatMap((weekday) => windows.map(([startMinute, endMinute]) => ({ therapistId: therapist.id, weekday, startMinute, endMinute }))));
  return therapist;
}

/** A group (Monday evening at 19:00 unless `values` says otherwise) of the given therapist. */
export async function newGroup(db: Database, therapistId: string, values: NewGroup = {}) {
  const [row] = await db
    .insert(groups)
    .values({ therapistId, name: "Gruppo", topic: "Tema", weekday: 1, timeSlot: "Sera", startTime: "19:00", startsOn: "2026-03-01", ...values })
    .returning();
  return row!;
}

/** `count` confirmed members of a group (addresses under `tag`, none deliverable). */
export async function confirmedMembers(db: Database, group: { id: string; therapistId: string }, count: number, tag: string | number) {
  if (count === 0) return;
  await db.insert(groupBookings).values(
    Array.from({ length: count }, (_, index) => ({
      groupId: group.id,
      therapistId: group.therapistId,
      email: `membro-${tag}-${index}@example.invalid`,
      name: "Anna",
      ageBracket: "26-35",
      status: "confirmed" as const,
    })),
  );
}

/** A new therapist and one group of theirs. */
export async function therapistWithGroup(db: Database, therapist: NewTherapist = {}, group: NewGroup = {}) {
  const row = await newTherapist(db, therapist);
  return { therapist: row, group: await newGroup(db, row.id, group) };
}

/**
 * A confirmed member of a new group of their own (Wednesdays, by default from 7 January 2026, 19:00
 * in Italy) who attended its first `attended` meetings, the first being the trial: what they owe is
 * charged. `names` overrides the therapist's and the group's names (the tag is appended).
 */
export async function attendingMember(
  db: Database,
  email: string,
  attended: number,
  tag: string | number,
  { startsOn = "2026-01-07", therapist = "Dott.ssa Presenze", group: groupName = "Gruppo presenze" } = {},
) {
  const { group } = await therapistWithGroup(db, { name: `${therapist} ${tag}` }, { name: `${groupName} ${tag}`, weekday: 3, startsOn });
  const [booking] = await db
    .insert(groupBookings)
    .values({ groupId: group.id, email, name: `Persona ${tag}`, status: "confirmed" })
    .returning();
  const first = new Date(`${startsOn}T18:00:00Z`);
  for (let week = 0; week < attended; week++) {
    const startsAt = new Date(first.getTime() + week * 7 * 86_400_000);
    const [session] = await db
      .insert(groupSessions)
      .values({ groupId: group.id, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) })
      .returning();
    await db.insert(attendance).values({ sessionId: session!.id, bookingId: booking!.id, status: "present" });
  }
  return booking!;
}

/** The Cookie header a browser would send back after `response` (its Set-Cookie values, attributes dropped). */
export function cookieHeader(response: Response) {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

/** Row counts of the named tables, by name: what a refused request must leave as it was. */
export async function rowCounts(db: Database, tables: readonly string[]) {
  const query = `select json_build_object(${tables.map((name) => `'${name}', (select count(*) from "${name}")`).join(", ")}) as counts`;
  return (await db.$client.query<{ counts: Record<string, number> }>(query)).rows[0]!.counts;
}

/** The test database with a signed-in staff member, and a data folder (uploads) of this test file's own. */
export async function staffDatabase(name: string, password = "password-molto-lunga") {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), `insieme-${name}-`));
  const { testDatabase } = await import("./database");
  const db = await testDatabase();
  const { cookie } = await signedInStaff(db, "staff@example.com", password);
  return { db, adminCookie: cookie };
}

/** The test practice's fiscal identity: with it (and a person's fiscal data) payments get their invoice. */
export async function practiceReady(db: Database, values: Partial<typeof practiceSettings.$inferInsert> = {}) {
  const insert = db.insert(practiceSettings).values({
    id: 1,
    ...demoPracticeIdentity,
    legalName: "Studio di prova S.r.l.",
    addressLine: "Via Roma 1",
    accountHolder: "Studio di prova S.r.l.",
    ...values,
  });
  await (Object.keys(values).length ? insert.onConflictDoUpdate({ target: practiceSettings.id, set: values }) : insert.onConflictDoNothing());
}

/**
 * Where payments are recorded: a group of one therapist (Mondays at 19:00 from `startsOn`), the
 * practice's fiscal identity set, and a staff member signed in.
 */
export async function paymentsDesk(db: Database, names: { staffEmail: string; therapist: string; group: string; startsOn: string }) {
  const { group } = await therapistWithGroup(
    db,
    { name: names.therapist },
    { name: names.group, topic: "Tema", weekday: 1, timeSlot: "Sera", startTime: "19:00", startsOn: names.startsOn },
  );
  await practiceReady(db);
  return { groupId: group.id, ...(await signedInStaff(db, names.staffEmail)) };
}

/**
 * The address fields both fiscal forms share (app/domain/fiscal-forms.ts) mistyped, a four-digit CAP and a
 * province by name, and the Italian message each field then shows.
 */
export const mistypedAddress = {
  typed: { postal_code: "0018", province: "Roma" },
  messages: {
    postal_code: "Il CAP è fatto di 5 cifre, per esempio 00184.",
    province: "Scrivi la sigla della provincia: due lettere, per esempio RM (EE per un indirizzo all'estero).",
  },
};

/** A person's fiscal data for their invoices (a well-formed codice fiscale unless given). */
export async function fiscalProfile(db: Database, email: string, values: Partial<typeof fiscalProfiles.$inferInsert> = {}) {
  await db
    .insert(fiscalProfiles)
    .values({
      email: email.toLowerCase(),
      firstName: "Giulia",
      lastName: "Rossi",
      addressLine: "Via Verdi 2",
      postalCode: "20100",
      city: "Milano",
      province: "MI",
      codiceFiscale: "RSSGLI90A41H501Y",
      ...values,
    })
    .onConflictDoNothing();
}

/**
 * A payment staff record for `bookingId`: by default €30 by bank transfer on 10 January 2026, with
 * a fresh Idempotency-Key; `values` overrides any of it.
 */
export function staffPayment(db: Database, staff: SessionInfo, bookingId: string, values: Partial<Parameters<typeof recordPayment>[2]> = {}) {
  return recordPayment(db, staff, { bookingId, amountCents: 3000, method: "bank_transfer", paidOn: "2026-01-10", note: null, idempotencyKey: crypto.randomUUID(), ...values });
}
