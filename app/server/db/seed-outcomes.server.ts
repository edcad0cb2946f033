import { randomUUID } from "node:crypto";
import { asc, count, eq, and, sql } from "drizzle-orm";
import { gad7Items, OUTCOME_CONSENT_VERSION, phq9Items } from "~/domain/outcome-measures";
import { seal } from "../crypto.server";
import { logger } from "../logger.server";
import type { Database } from "./client.server";
import { DEMO_ADMIN_EMAIL } from "./demo-admin.server";
import { groupBookings, groups, outcomeAdministrations, outcomeConsents, safetyAlerts } from "./schema";

const OUTCOMES_SEED_LOCK = 727_033;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** The invented people behind the demo's /risultati: enough for the public figures (30 paired), a few without an end questionnaire. */
const DEMO_ENDED_PAIRED = 36;
const DEMO_ENDED_UNPAIRED = 4;
/** Which member of the demo group (by address) still has a questionnaire waiting (index 2: "in between", not the improving or the worsening one). */
export const PENDING_MEMBER = 2;
/** The member (the worsening one) whose questionnaire after eight meetings answered PHQ-9 item 9 above 0: its alert acknowledged by the therapist and staff. */
export const ALERT_MEMBER = 1;
const ALERT_STEP = 2;
export const DEMO_OUTCOMES_EMAIL = (index: number) => `esiti-demo-${String(index + 1).padStart(2, "0")}@insieme.local`;

/** Item answers (0-3 each) adding up to `total`, spread evenly; PHQ-9 item 9 is 0, or 1 with `item9` (the demo's one alert). */
export function demoItems(measure: "phq9" | "gad7", total: number, { item9 = false } = {}) {
  const keys = (measure === "phq9" ? phq9Items : gad7Items).map((_, index) => `${measure}_${index + 1}`);
  const usable = measure === "phq9" ? keys.slice(0, 8) : keys;
  const answers: Record<string, number> = Object.fromEntries(keys.map((key) => [key, 0]));
  const flagged = item9 && measure === "phq9" && total > 0;
  if (flagged) answers.phq9_9 = 1;
  let left = Math.min(total - (flagged ? 1 : 0), usable.length * 3);
  while (left > 0) {
    for (const key of usable) {
      if (left > 0 && answers[key]! < 3) {
        answers[key]! += 1;
        left -= 1;
      }
    }
  }
  return answers;
}

/** The demo group's members over 12 weeks: the first improves, the second worsens, the others in between. */
const memberPatterns: [number, number][][] = [
  [
    [17, 14],
    [13, 11],
    [9, 7],
    [5, 4],
  ],
  [
    [6, 5],
    [9, 7],
    [12, 9],
    [14, 11],
  ],
  [
    [11, 9],
    [10, 9],
    [9, 8],
    [8, 7],
  ],
  [
    [14, 12],
    [12, 10],
    [10, 8],
    [8, 6],
  ],
];

/** A finished path of the demo set: start and end totals from a fixed pattern (about two in three reliably improve). */
function endedPattern(index: number): [number, number][] {
  const start: [number, number] = [8 + ((index * 7) % 12), 6 + ((index * 5) % 11)];
  const kind = index % 20;
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, value));
  const delta: [number, number] = kind < 13 ? [-(6 + (index % 5)), -(4 + (index % 4))] : kind < 18 ? [-2, -1] : kind === 18 ? [7, 5] : [-1, 2];
  return [start, [clamp(start[0] + delta[0], 27), clamp(start[1] + delta[1], 21)]];
}

function completed(
  bookingId: string,
  groupId: string | null,
  occasion: "intake" | "periodic" | "end",
  afterMeetings: number,
  at: Date,
  [phq9, gad7]: [number, number],
  { item9 = false } = {},
) {
  return {
    ...(item9 ? { id: randomUUID(), safetyFlaggedAt: at } : {}),
    bookingId,
    groupId,
    occasion,
    afterMeetings,
    status: "completed" as const,
    dueAt: at,
    sentAt: at,
    lastSentAt: at,
    completedAt: at,
    phq9Total: phq9,
    gad7Total: gad7,
    answers: seal({ ...demoItems("phq9", phq9, { item9 }), ...demoItems("gad7", gad7) }),
  };
}

/**
 * The demo's outcome questionnaires, once: the full group's members answered at intake and every
 * four meetings over twelve weeks (with their consent; the third has the last one still waiting; the second answered PHQ-9 item 9 above 0
 * once, and its safety alert was acknowledged with a note by the therapist and staff), and a set of invented, finished paths (their
 * bookings cancelled, named "Persona dimostrativa") large enough for /risultati, which says it shows demo data.
 */
export async function seedDemoOutcomes(db: Database, now: Date = new Date()) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${OUTCOMES_SEED_LOCK})`);
    const [{ value: existing } = { value: 0 }] = await tx.select({ value: count() }).from(outcomeAdministrations);
    if (existing > 0) return;
    const demoGroups = await tx.select({ id: groups.id, status: groups.status, therapistId: groups.therapistId }).from(groups).orderBy(asc(groups.createdAt));
    const running = demoGroups.find((group) => group.status === "full");
    if (!running) return;
    const members = await tx
      .select({ id: groupBookings.id, email: groupBookings.email })
      .from(groupBookings)
      .where(and(eq(groupBookings.groupId, running.id), eq(groupBookings.status, "confirmed")))
      .orderBy(asc(groupBookings.email));
    const rows: (typeof outcomeAdministrations.$inferInsert)[] = members.flatMap((member, index) =>
      memberPatterns[index % memberPatterns.length]!.map((point, step) => {
        const at = new Date(now.getTime() - (12 - step * 4) * WEEK_MS - 2 * 24 * 3600 * 1000);
        // The third member has not answered the latest one yet: the area shows it waiting, the form can be tried.
        if (index === PENDING_MEMBER && step === 3) return { bookingId: member.id, groupId: running.id, occasion: "periodic" as const, afterMeetings: 12, dueAt: at };
        return completed(member.id, running.id, step === 0 ? "intake" : "periodic", step * 4, at, point, { item9: index === ALERT_MEMBER && step === ALERT_STEP });
      }),
    );
    const people = Array.from({ length: DEMO_ENDED_PAIRED + DEMO_ENDED_UNPAIRED }, (_, index) => ({
      email: DEMO_OUTCOMES_EMAIL(index),
      name: `Persona dimostrativa ${index + 1}`,
      groupId: demoGroups[index % demoGroups.length]!.id,
      status: "cancelled" as const,
    }));
    const ended = await tx.insert(groupBookings).values(people).returning({ id: groupBookings.id, groupId: groupBookings.groupId });
    for (const [index, booking] of ended.entries()) {
      // Finished over the past ten months, each after about twelve weeks.
      const endAt = new Date(now.getTime() - (2 + ((index * 9) % 42)) * WEEK_MS);
      const startAt = new Date(endAt.getTime() - 12 * WEEK_MS);
      const [start, end] = endedPattern(index);
      rows.push(completed(booking.id, booking.groupId, "intake", 0, startAt, start!));
      if (index < DEMO_ENDED_PAIRED) rows.push(completed(booking.id, booking.groupId, "end", 12, endAt, end!));
    }
    await tx.insert(outcomeAdministrations).values(rows);
    // The one item 9 answer above 0: its alert, acknowledged with a note by the group's therapist, then by staff.
    const flagged = rows.find((row) => row.safetyFlaggedAt);
    if (flagged) {
      const at = flagged.safetyFlaggedAt!.getTime();
      await tx.insert(safetyAlerts).values({
        kind: "phq9_item9",
        bookingId: flagged.bookingId,
        therapistId: running.therapistId,
        sourceId: flagged.id!,
        createdAt: new Date(at),
        therapistAcknowledgedAt: new Date(at + 2 * 3_600_000),
        therapistNote: "Ho chiamato la persona il giorno stesso: nessun piano, ha i numeri utili; ne riparliamo a colloquio prima del prossimo incontro.",
        staffAcknowledgedAt: new Date(at + 4 * 3_600_000),
        staffAcknowledgedBy: DEMO_ADMIN_EMAIL,
        staffNote: "Sentita la terapeuta: ha parlato con la persona il giorno stesso. Controlliamo il prossimo questionario.",
      });
    }
    const emails = [...members.map((member) => member.email.toLowerCase()), ...people.map((person) => person.email)];
    await tx
      .insert(outcomeConsents)
      .values(emails.map((email) => ({ email, decision: "granted" as const, textVersion: OUTCOME_CONSENT_VERSION, decidedAt: new Date(now.getTime() - 60 * WEEK_MS) })))
      .onConflictDoNothing();
    logger.info({ questionnaires: rows.length, endedPaths: ended.length }, "demo outcome questionnaires seeded");
  });
}
