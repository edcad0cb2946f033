import { asc, count, eq, sql } from "drizzle-orm";
import { isoWeekday, romeTimeToUtc } from "~/domain/calendar";
import { nextRomeDates } from "~/domain/intake-calls";
import { CALL_SLOT_MINUTES } from "~/domain/matching-types";
import { seal } from "../crypto.server";
import { logger } from "../logger.server";
import type { Database } from "./client.server";
import { groupBookings, groups, intakeCalls, questionnaireResponses, therapistAvailability, therapists } from "./schema";

export const INTAKE_SEED_LOCK = 727_030;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A fictitious person's questionnaire (evening groups, loneliness; `summary` in their words), sent at `sentAt`. */
export async function insertDemoQuestionnaire(tx: Tx, person: { name: string; email: string; age: string; gender: string; city: string; summary: string }, sentAt: Date) {
  const [response] = await tx
    .insert(questionnaireResponses)
    .values({
      name: person.name,
      email: person.email,
      age: person.age,
      gender: person.gender,
      city: person.city,
      answers: seal({
        current_situations: ["Solitudine o isolamento"],
        difficulty_frequency: "Più volte a settimana",
        energy_level: "Medio",
        current_situation_summary: person.summary,
        therapy_goals: ["Sentirmi meno solə"],
        previous_therapy: "No, mai",
        comfort_level: "Abbastanza a mio agio",
        time_preference: "Sera",
      }),
      timePreference: "Sera",
      sourceDiscovery: "Passaparola",
      newsletterSubscription: "no",
      privacyConsent: true,
      consentAt: sentAt,
      createdAt: sentAt,
    })
    .returning({ id: questionnaireResponses.id });
  return response!.id;
}

/** Mornings on Monday, Wednesday and Friday, evenings Monday to Thursday, Saturday late morning (minutes, Italian time). */
const demoWindows = [
  ...[1, 3, 5].map((weekday) => ({ weekday, startMinute: 10 * 60, endMinute: 13 * 60 })),
  ...[1, 2, 3, 4].map((weekday) => ({ weekday, startMinute: 18 * 60, endMinute: 21 * 60 })),
  { weekday: 6, startMinute: 9 * 60 + 30, endMinute: 12 * 60 },
];

/** Two fictitious people who finished the questionnaire and booked an evening call with the demo therapist. */
const demoCallers = [
  { name: "Chiara (demo)", time: "18:00", age: "26-35", gender: "Donna", city: "Bologna", summary: "Da quando ho cambiato città mi sento sola e faccio fatica a fidarmi." },
  { name: "Paolo (demo)", time: "19:30", age: "36-45", gender: "Uomo", city: "Torino", summary: "L'ansia al lavoro mi toglie il sonno; vorrei capire se un gruppo fa per me." },
];

/** The therapist ensureDemoTherapist signs in as (of the full group first), with that group. */
export async function demoCallTherapist(tx: Tx) {
  const [running] = await tx
    .select({ therapistId: groups.therapistId, groupId: groups.id, groupStatus: groups.status })
    .from(groups)
    .innerJoin(therapists, eq(therapists.id, groups.therapistId))
    .orderBy(sql`${groups.status} = 'full' desc`, asc(therapists.createdAt))
    .limit(1);
  return running;
}

/**
 * The demo therapist (the one ensureDemoTherapist links to the demo account) takes intake calls, evenings included, in a video
 * room, and has two calls ahead with the people's questionnaires. Once: nothing is added when the
 * therapist already has windows.
 */
export async function seedDemoIntakeCalls(db: Database, now: Date = new Date()) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INTAKE_SEED_LOCK})`);
    const running = await demoCallTherapist(tx);
    if (!running) return;
    const [{ value: existing } = { value: 0 }] = await tx.select({ value: count() }).from(therapistAvailability).where(eq(therapistAvailability.therapistId, running.therapistId));
    if (existing > 0) return;
    await tx.update(therapists).set({ callRoomUrl: "https://meet.example.com/insieme-colloqui" }).where(eq(therapists.id, running.therapistId));
    await tx.insert(therapistAvailability).values(demoWindows.map((window) => ({ ...window, therapistId: running.therapistId })));
    // The next two evenings the therapist works (Monday to Thursday).
    const evenings = nextRomeDates(now).filter((date) => isoWeekday(date) <= 4);
    for (const [index, caller] of demoCallers.entries()) {
      const email = `chiamata-demo-${index + 1}@example.invalid`;
      const responseId = await insertDemoQuestionnaire(tx, { ...caller, email }, now);
      const [booking] = await tx
        .insert(groupBookings)
        .values({ responseId, email, name: caller.name, ageBracket: caller.age, callRequested: true, phone: `333 000 00${index + 1}0` })
        .returning({ id: groupBookings.id });
      const startsAt = romeTimeToUtc(evenings[index]!, caller.time);
      await tx.insert(intakeCalls).values({
        therapistId: running.therapistId,
        bookingId: booking!.id,
        email,
        name: caller.name,
        phone: `333 000 00${index + 1}0`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + CALL_SLOT_MINUTES * 60_000),
      });
    }
    logger.info({ windows: demoWindows.length, calls: demoCallers.length }, "demo intake calls seeded");
  });
}
