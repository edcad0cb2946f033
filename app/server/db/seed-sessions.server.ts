import { and, asc, count, eq, inArray, lt, sql } from "drizzle-orm";
import { randomBytes, randomUUID } from "node:crypto";
import { addDays, romeTimeToUtc, todayInRome } from "~/domain/calendar";
import { demoPracticeIdentity } from "~/domain/fiscal-identity";
import type { AttendanceStatus } from "~/domain/sessions";
import { auth } from "../auth.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { passwordProblem } from "../password-strength.server";
import { recordPayment } from "../services/payments.server";
import { materialiseSessions } from "../services/sessions.server";
import { THERAPIST_AREA, THERAPIST_ROLE } from "../services/therapist-area.server";
import type { Database } from "./client.server";
import { attendance, fiscalProfiles, groupBookings, groups, groupSessions, practiceSettings, therapists, user } from "./schema";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const SESSIONS_SEED_LOCK = 727_018;
/** How long the demo's full group has been meeting, so there are past meetings with attendance. */
const DEMO_RUNNING_WEEKS = 6;
export const DEMO_THERAPIST_EMAIL = "terapeuta@insieme.local";

/** A fixed pattern, so the demo looks the same on every machine: mostly present, a few absences. */
const demoMarks: AttendanceStatus[] = ["present", "present", "present", "absent_notified", "present", "present", "absent_unnotified", "present"];

/**
 * The demo's weekly meetings, once: the full group ("Ritmi propri") has been meeting for six weeks,
 * with attendance for its past meetings and one cancelled for a holiday; every group has its window ahead.
 */
export async function seedDemoSessions(db: Database, now: Date = new Date()) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SESSIONS_SEED_LOCK})`);
    const [{ value: existing } = { value: 0 }] = await tx.select({ value: count() }).from(groupSessions);
    if (existing > 0) return;
    const today = todayInRome(now);
    const [running] = await tx.select().from(groups).where(eq(groups.status, "full")).orderBy(asc(groups.createdAt)).limit(1);
    if (running) {
      await tx
        .update(groups)
        .set({ startsOn: addDays(today, -DEMO_RUNNING_WEEKS * 7), videoUrl: "https://meet.example.com/insieme-ritmi-propri" })
        .where(eq(groups.id, running.id));
    }
    const created = await materialiseSessions(tx, { from: addDays(today, -DEMO_RUNNING_WEEKS * 7), now });
    if (!running) return;
    const past = await tx
      .select({ id: groupSessions.id })
      .from(groupSessions)
      .where(and(eq(groupSessions.groupId, running.id), lt(groupSessions.startsAt, now)))
      .orderBy(asc(groupSessions.startsAt));
    const people = await tx
      .select({ id: groupBookings.id })
      .from(groupBookings)
      .where(and(eq(groupBookings.groupId, running.id), eq(groupBookings.status, "confirmed")))
      .orderBy(asc(groupBookings.email));
    // The second meeting fell on a holiday; the last one is left for the therapist to mark.
    const [holiday, ...rest] = past.slice(1);
    if (holiday) await tx.update(groupSessions).set({ status: "cancelled", note: "Festività: incontro annullato." }).where(eq(groupSessions.id, holiday.id));
    const marked = [past[0], ...rest.slice(0, -1)].filter((row) => row !== undefined);
    const rows = marked.flatMap((session, week) =>
      people.map((person, index) => ({
        sessionId: session.id,
        bookingId: person.id,
        status: demoMarks[(index + week * 3) % demoMarks.length]!,
        recordedAt: now,
      })),
    );
    if (rows.length) await tx.insert(attendance).values(rows);
    // The first three members paid by bank transfer after their second meeting: the trial and one more
    // (the third paid three sessions ahead, so their invoice carries the stamp duty). Their fiscal data
    // and the practice's are plainly fictitious demo values, so each payment has its invoice, issued on
    // the day of the payment (as the practice would have issued it then, not on the day the demo was
    // seeded): the demo's books read as kept day by day, numbers rising with dates.
    const paidOn = marked[1] ? addDays(today, -7 * (DEMO_RUNNING_WEEKS - 3)) : null;
    const payers = paidOn ? people.slice(0, 3) : [];
    if (payers.length) await seedDemoFiscalData(tx, payers);
    for (const [index, person] of payers.entries()) {
      const amountCents = index === 2 ? 10_000 : 6500;
      await recordPayment(
        tx,
        null,
        { bookingId: person.id, amountCents, method: "bank_transfer", paidOn: paidOn!, note: "Demo: bonifico", idempotencyKey: randomUUID(), allowCredit: true },
        romeTimeToUtc(paidOn!, "12:00"),
      );
    }
    logger.info({ sessions: created, attendance: rows.length, payments: payers.length }, "demo sessions seeded");
  });
}

/** Fictitious people with well-formed codici fiscali; the third opposed the Sistema TS transmission. */
const demoFiscalPeople = [
  { firstName: "Giulia", lastName: "Rossi (demo)", codiceFiscale: "RSSGLI90A41H501Y", tsOpposition: false },
  { firstName: "Luca", lastName: "Bianchi (demo)", codiceFiscale: "BNCLCU88C12F205L", tsOpposition: false },
  { firstName: "Sara", lastName: "Verdi (demo)", codiceFiscale: "VRDSRA92E55L219S", tsOpposition: true },
] as const;

/** The practice's demo fiscal identity (marked demo, refused on a real production start) and the payers' fiscal data. */
async function seedDemoFiscalData(tx: Tx, payers: { id: string }[]) {
  await tx
    .insert(practiceSettings)
    .values({ id: 1, ...demoPracticeIdentity, taxRegimeNote: null, demo: true })
    .onConflictDoNothing();
  const bookings = await tx
    .select({ id: groupBookings.id, email: groupBookings.email })
    .from(groupBookings)
    .where(
      inArray(
        groupBookings.id,
        payers.map((payer) => payer.id),
      ),
    );
  await tx
    .insert(fiscalProfiles)
    .values(
      bookings.map((booking, index) => ({
        email: booking.email.toLowerCase(),
        ...demoFiscalPeople[index % demoFiscalPeople.length]!,
        addressLine: `Via Demo ${index + 1}`,
        postalCode: "00100",
        city: "Roma",
        province: "RM",
      })),
    )
    .onConflictDoNothing();
}

/** Printed on the console only (never through the logger, never to a file), once. */
function announceDemoTherapist(password: string, configured: boolean) {
  const shown = configured ? "the password in DEMO_THERAPIST_PASSWORD" : `password ${password} (shown only now)`;
  console.log(`Demo therapist: ${DEMO_THERAPIST_EMAIL} with ${shown}; sign in at /accedi, then ${THERAPIST_AREA}`);
}

/**
 * The demo's therapist account, linked to the therapist of the full group: DEMO_THERAPIST_PASSWORD or a
 * random password printed once, as for the demo admin.
 */
export async function ensureDemoTherapist(db: Database) {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_THERAPIST_EMAIL));
  if (existing) return;
  const [target] = await db
    .select({ id: therapists.id, name: therapists.name })
    .from(therapists)
    .innerJoin(groups, eq(groups.therapistId, therapists.id))
    .where(sql`${therapists.userId} is null`)
    .orderBy(sql`${groups.status} = 'full' desc`, asc(therapists.createdAt))
    .limit(1);
  if (!target) return;
  const configured = env().DEMO_THERAPIST_PASSWORD;
  const password = configured ?? randomBytes(15).toString("base64url");
  const problem = await passwordProblem(password, [DEMO_THERAPIST_EMAIL, target.name]);
  if (problem) throw new Error(`DEMO_THERAPIST_PASSWORD: ${problem}`);
  const context = await auth(db).$context;
  try {
    const created = await context.internalAdapter.createUser({ email: DEMO_THERAPIST_EMAIL, name: target.name, emailVerified: true }, { method: "admin" });
    await context.internalAdapter.linkAccount({ userId: created.id, providerId: "credential", accountId: created.id, password: await context.password.hash(password) });
    await db.update(user).set({ role: THERAPIST_ROLE }).where(eq(user.id, created.id));
    await db
      .update(therapists)
      .set({ userId: created.id, email: sql`coalesce(${therapists.email}, ${DEMO_THERAPIST_EMAIL})` })
      .where(eq(therapists.id, target.id));
  } catch (error) {
    // Another instance starting at the same moment created it first.
    const [created] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_THERAPIST_EMAIL));
    if (created) return;
    throw error;
  }
  announceDemoTherapist(password, Boolean(configured));
}
