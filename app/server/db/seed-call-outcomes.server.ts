import { and, asc, count, desc, eq, like, ne, sql } from "drizzle-orm";
import { addDays, romeTimeToUtc, todayInRome } from "~/domain/calendar";
import type { CallOutcome, ReferralReason, RiskLevel } from "~/domain/call-outcomes";
import { CALL_SLOT_MINUTES } from "~/domain/matching-types";
import { logger } from "../logger.server";
import type { Database } from "./client.server";
import { DEMO_ADMIN_EMAIL } from "./demo-admin.server";
import { DEMO_THERAPIST_EMAIL } from "./seed-sessions.server";
import { demoCallTherapist, INTAKE_SEED_LOCK, insertDemoQuestionnaire } from "./seed-intake-calls.server";
import { groupBookings, groups, intakeCalls, safetyAlerts } from "./schema";

/** Every demo person of this seed has an address under this prefix: its presence means "already seeded". */
const PREFIX = "esito-demo-";

type PastCall = {
  name: string;
  age: string;
  gender: string;
  city: string;
  summary: string;
  /** Days before today (Italian date) of the call, at 18:30. */
  daysAgo: number;
  outcome: CallOutcome | null;
  riskLevel?: RiskLevel;
  referralReason?: ReferralReason;
  referralNote?: string;
};

/** The demo's past calls with the demo therapist: one outcome of each kind, and one still without an outcome. */
const pastCalls: PastCall[] = [
  {
    name: "Irene (demo)",
    age: "26-35",
    gender: "Donna",
    city: "Firenze",
    summary: "Mi sento sola da quando lavoro da casa.",
    daysAgo: 23,
    outcome: "suitable_other",
    riskLevel: "none",
  },
  {
    name: "Marco (demo)",
    age: "36-45",
    gender: "Uomo",
    city: "Napoli",
    summary: "Da mesi non riesco a uscire di casa la sera.",
    daysAgo: 16,
    outcome: "not_suitable",
    riskLevel: "high",
    referralReason: "urgent_care",
    referralNote: "Ti consiglio di parlarne subito con il tuo medico di base o con il centro di salute mentale della tua zona; ti abbiamo dato i numeri utili.",
  },
  {
    name: "Sara (demo)",
    age: "18-25",
    gender: "Donna",
    city: "Padova",
    summary: "L'ansia prima degli esami mi blocca.",
    daysAgo: 11,
    outcome: "no_show",
  },
  {
    name: "Luca (demo)",
    age: "46-55",
    gender: "Uomo",
    city: "Genova",
    summary: "Dopo la separazione faccio fatica a parlare con qualcuno.",
    daysAgo: 9,
    outcome: null,
  },
];

/**
 * The demo's care path on a fresh `npm start` (issue 30 point 7): past intake calls of the demo
 * therapist with one outcome of each kind (a member of the running group was judged suitable before it
 * started; one suitable for another group; one not suitable with a referral and a high risk, whose
 * safety alert staff and the therapist acknowledged with a note; one who did not attend), one call
 * still without an outcome and one questionnaire with no call, so /admin/percorso and
 * /admin/segnalazioni show real rows. Written as rows (no e-mails, no audit: nothing happened). Once:
 * nothing is added when the demo people are there.
 */
export async function seedDemoCallOutcomes(db: Database, now: Date = new Date()) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INTAKE_SEED_LOCK})`);
    const running = await demoCallTherapist(tx);
    if (!running) return;
    const [{ value: seeded } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(intakeCalls)
      .where(like(intakeCalls.email, `${PREFIX}%`));
    if (seeded > 0) return;
    const today = todayInRome(now);
    const at = (daysAgo: number, time = "18:30") => romeTimeToUtc(addDays(today, -daysAgo), time);
    const hours = (from: Date, count: number) => new Date(from.getTime() + count * 3_600_000);
    const callRow = (startsAt: Date, person: { email: string; name: string }, values: Partial<typeof intakeCalls.$inferInsert>) => ({
      therapistId: running.therapistId,
      email: person.email,
      name: person.name,
      phone: "333 000 0999",
      startsAt,
      endsAt: new Date(startsAt.getTime() + CALL_SLOT_MINUTES * 60_000),
      createdAt: new Date(startsAt.getTime() - 3 * 86_400_000),
      ...values,
    });

    // A member of the running group: the call a week before its first meeting, "suitable", her booking the one confirmed.
    const [member] = await tx
      .select({ id: groupBookings.id, email: groupBookings.email, name: groupBookings.name })
      .from(groupBookings)
      .where(and(eq(groupBookings.groupId, running.groupId), eq(groupBookings.status, "confirmed")))
      .orderBy(asc(groupBookings.email))
      .limit(1);
    if (member) {
      const [group] = await tx.select({ startsOn: groups.startsOn }).from(groups).where(eq(groups.id, running.groupId));
      const startsAt = romeTimeToUtc(addDays(group!.startsOn, -7), "18:30");
      if (startsAt < now)
        await tx.insert(intakeCalls).values(
          callRow(
            startsAt,
            { email: member.email, name: member.name ?? member.email },
            {
              bookingId: member.id,
              outcome: "suitable",
              riskLevel: "none",
              outcomeAt: hours(startsAt, 1),
              outcomeBy: DEMO_THERAPIST_EMAIL,
              outcomeAppliedAt: hours(startsAt, 1),
            },
          ),
        );
    }

    // Another open group, for "suitable for another group": the one starting last (not the first one the matching page shows).
    const [other] = await tx
      .select({ id: groups.id, therapistId: groups.therapistId })
      .from(groups)
      .where(and(eq(groups.status, "open"), ne(groups.id, running.groupId)))
      .orderBy(desc(groups.startsOn), asc(groups.name))
      .limit(1);
    for (const [index, person] of pastCalls.entries()) {
      const email = `${PREFIX}${index + 1}@example.invalid`;
      const startsAt = at(person.daysAgo);
      const responseId = await insertDemoQuestionnaire(tx, { ...person, email }, new Date(startsAt.getTime() - 4 * 86_400_000));
      const status = person.outcome === "suitable_other" && other ? "confirmed" : person.outcome === "not_suitable" ? "cancelled" : "requested";
      const [booking] = await tx
        .insert(groupBookings)
        .values({
          responseId,
          email,
          name: person.name,
          ageBracket: person.age,
          callRequested: true,
          status,
          ...(status === "confirmed" ? { groupId: other!.id, therapistId: other!.therapistId } : {}),
        })
        .returning({ id: groupBookings.id });
      const decided = person.outcome ? { outcomeAt: hours(startsAt, 1), outcomeBy: DEMO_THERAPIST_EMAIL, outcomeAppliedAt: hours(startsAt, 1) } : {};
      const [call] = await tx
        .insert(intakeCalls)
        .values(
          callRow(
            startsAt,
            { email, name: person.name },
            {
              bookingId: booking!.id,
              outcome: person.outcome === "suitable_other" && !other ? "suitable" : person.outcome,
              outcomeGroupId: person.outcome === "suitable_other" ? (other?.id ?? null) : null,
              riskLevel: person.riskLevel ?? (person.outcome ? "none" : null),
              referralReason: person.referralReason ?? null,
              referralNote: person.referralNote ?? null,
              ...decided,
            },
          ),
        )
        .returning({ id: intakeCalls.id });
      if (person.riskLevel === "high") {
        await tx.insert(safetyAlerts).values({
          kind: "intake_high_risk",
          bookingId: booking!.id,
          email,
          therapistId: running.therapistId,
          sourceId: call!.id,
          createdAt: hours(startsAt, 1),
          staffAcknowledgedAt: hours(startsAt, 3),
          staffAcknowledgedBy: DEMO_ADMIN_EMAIL,
          staffNote: "Ne abbiamo parlato con chi ha condotto la chiamata: la persona ha ricevuto i numeri utili e l'indicazione del CSM; la ricontattiamo tra una settimana.",
          therapistAcknowledgedAt: hours(startsAt, 2),
          therapistNote: "Ne ho parlato con la persona durante la chiamata e le ho indicato il 112 e il centro di salute mentale.",
        });
      }
    }

    // Someone who sent the questionnaire eight days ago and has not booked a call yet.
    await insertDemoQuestionnaire(
      tx,
      {
        name: "Teresa (demo)",
        email: `${PREFIX}questionario@example.invalid`,
        age: "36-45",
        gender: "Donna",
        city: "Bari",
        summary: "Vorrei un gruppo ma non so da dove iniziare.",
      },
      at(8, "21:10"),
    );
    logger.info({ calls: pastCalls.length + 1 }, "demo call outcomes seeded");
  });
}
