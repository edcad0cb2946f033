import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as carePathLoader } from "../../app/routes/admin/care-path";
import { auth } from "../../app/server/auth.server";
import type { Database } from "../../app/server/db/client.server";
import { attendance, auditLog, groupBookings, groupSessions, intakeCalls, questionnaireResponses } from "../../app/server/db/schema";
import { waitingForDecision, weeklyCareFunnel } from "../../app/server/services/funnel.server";
import { testDatabase } from "./database";
import { cookieHeader, newGroup, newTherapist, signedInStaff, signedInTherapist, staffAndClientAccounts } from "./helpers";
import { answer, pageRequest, routeCaller, statusOf } from "./route-calls";

let db: Database;
const call = routeCaller(() => ({ db, clientIp: "198.51.100.91", cspNonce: "" }));
let staffCookie: string;
let clientCookie: string;
let therapistCookie: string;

/** Thursday 26 November 2026, 11:00 in Italy: the current week starts on Monday the 23rd. */
const NOW = new Date("2026-11-26T10:00:00Z");
const at = (iso: string) => new Date(iso);

async function questionnaire(email: string, createdAt: string, age = "26-35") {
  const [row] = await db
    .insert(questionnaireResponses)
    .values({
      name: email.split("@")[0]!,
      email,
      age,
      gender: "Donna",
      city: "Roma",
      answers: {},
      timePreference: "Sera",
      sourceDiscovery: "Passaparola",
      newsletterSubscription: "no",
      privacyConsent: true,
      consentAt: at(createdAt),
      createdAt: at(createdAt),
    })
    .returning({ id: questionnaireResponses.id });
  return row!.id;
}

let therapistId: string;
async function intakeCall(email: string, createdAt: string, startsAt: string, values: Partial<typeof intakeCalls.$inferInsert> = {}) {
  const start = at(startsAt);
  const [row] = await db
    .insert(intakeCalls)
    .values({
      therapistId,
      email,
      name: `Persona ${email.split("@")[0]}`,
      phone: "333 123 4567",
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      createdAt: at(createdAt),
      ...values,
    })
    .returning({ id: intakeCalls.id });
  return row!.id;
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  db = await testDatabase();
  await staffAndClientAccounts(db);
  staffCookie = (await signedInStaff(db, "staff@example.com")).cookie;
  clientCookie = cookieHeader(await auth(db).api.signInEmail({ body: { email: "utente@example.com", password: "password-utente-1" }, asResponse: true }));
  const therapist = await newTherapist(db, { name: "Dott.ssa Imbuto" });
  therapistId = therapist.id;
  therapistCookie = await signedInTherapist(db, therapist.id, "imbuto@example.com");
  const group = await newGroup(db, therapist.id, { name: "Gruppo Imbuto", startsOn: "2026-11-01" });

  // Questionnaires. Anna booked a call after hers; Bruno did not; Carla's was sent on Sunday 22 at 00:30 UTC,
  // already Monday 23 in Italy; Dario was confirmed without a call; Elena sent a new one two days ago;
  // a person under 18 and one of last summer (outside the twelve weeks).
  await questionnaire("anna@example.com", "2026-11-16T10:00:00Z");
  ids.bruno = await questionnaire("bruno@example.com", "2026-11-17T09:00:00Z");
  await questionnaire("carla@example.com", "2026-11-22T23:30:00Z");
  await questionnaire("dario@example.com", "2026-11-15T09:00:00Z");
  await db.insert(groupBookings).values({ groupId: group.id, email: "Dario@example.com", status: "confirmed", updatedAt: at("2026-11-16T09:00:00Z") });
  await questionnaire("elena@example.com", "2026-11-01T09:00:00Z");
  await questionnaire("elena@example.com", "2026-11-24T09:00:00Z");
  await questionnaire("minore@example.com", "2026-11-10T09:00:00Z", "Meno di 18");
  await questionnaire("estate@example.com", "2026-08-01T09:00:00Z");

  // Calls. Anna: suitable, her booking confirmed; she missed the meeting of the 19th and came on the 24th and 25th.
  const [annaBooking] = await db.insert(groupBookings).values({ groupId: group.id, email: "anna@example.com", status: "confirmed" }).returning();
  await intakeCall("anna@example.com", "2026-11-16T12:00:00Z", "2026-11-18T09:00:00Z", { outcome: "suitable", outcomeAt: NOW, bookingId: annaBooking!.id });
  for (const [day, status] of [
    ["2026-11-19", "absent_unnotified"],
    ["2026-11-24", "present"],
    ["2026-11-25", "present"],
  ] as const) {
    const startsAt = at(`${day}T18:00:00Z`);
    const [session] = await db
      .insert(groupSessions)
      .values({ groupId: group.id, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) })
      .returning();
    await db.insert(attendance).values({ sessionId: session!.id, bookingId: annaBooking!.id, status });
  }
  await intakeCall("f@example.com", "2026-11-16T13:00:00Z", "2026-11-19T09:00:00Z", { outcome: "suitable_other", outcomeGroupId: group.id, outcomeAt: NOW });
  await intakeCall("g@example.com", "2026-11-17T13:00:00Z", "2026-11-20T09:00:00Z", {
    outcome: "not_suitable",
    referralReason: "individual_therapy",
    referralNote: "Un percorso individuale.",
    outcomeAt: NOW,
  });
  await intakeCall("h@example.com", "2026-11-17T14:00:00Z", "2026-11-20T10:00:00Z", { outcome: "no_show", outcomeAt: NOW });
  await intakeCall("i@example.com", "2026-11-18T14:00:00Z", "2026-11-27T10:00:00Z", { status: "cancelled", cancelledAt: at("2026-11-19T10:00:00Z") });
  // Waiting: Gianni's call of the 12th has no outcome; Ugo booked on the 12th a call still ahead; Vera's call was yesterday.
  ids.gianni = await intakeCall("gianni@example.com", "2026-11-10T09:00:00Z", "2026-11-12T09:00:00Z");
  ids.ugo = await intakeCall("ugo@example.com", "2026-11-12T15:00:00Z", "2026-12-01T09:00:00Z");
  await intakeCall("vera@example.com", "2026-11-24T09:00:00Z", "2026-11-25T09:00:00Z");
});

describe("the weekly funnel", () => {
  it("counts each stage in its own Italian week, the twelve weeks oldest first, empty weeks as zeros", async () => {
    const weeks = await weeklyCareFunnel(db, NOW);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]!.week).toBe("2026-09-07");
    const byWeek = Object.fromEntries(weeks.map(({ week, counts }) => [week, counts]));
    // Anna, Bruno; Dario on Sunday 15 belongs to the week before.
    expect(byWeek["2026-11-16"]).toEqual({ questionnaires: 2, booked: 5, held: 3, suitable: 2, attended: 0 });
    // Carla (Monday in Italy), Elena's second; Vera's call booked; Anna's first meeting attended (the 24th, not the 19th she missed).
    expect(byWeek["2026-11-23"]).toEqual({ questionnaires: 2, booked: 1, held: 0, suitable: 0, attended: 1 });
    // Dario, under-18 (a questionnaire is counted whoever sent it); Gianni's and Ugo's calls booked.
    expect(byWeek["2026-11-09"]).toEqual({ questionnaires: 2, booked: 2, held: 0, suitable: 0, attended: 0 });
    expect(byWeek["2026-10-26"]).toEqual({ questionnaires: 1, booked: 0, held: 0, suitable: 0, attended: 0 });
    expect(byWeek["2026-09-07"]).toEqual({ questionnaires: 0, booked: 0, held: 0, suitable: 0, attended: 0 });
  });
});

describe("people waiting for a decision", () => {
  it("lists calls without an outcome and questionnaires without a call after seven days, the longest wait first", async () => {
    const { people, total } = await waitingForDecision(db, NOW);
    expect(people.map((person) => [person.kind, person.id, person.email])).toEqual([
      ["outcome", ids.gianni, "gianni@example.com"],
      ["call", ids.ugo, "ugo@example.com"],
      ["questionnaire", ids.bruno, "bruno@example.com"],
    ]);
    expect(total).toBe(3);
    expect(people[0]).toMatchObject({ since: "2026-11-12T09:00:00.000Z", therapistName: "Dott.ssa Imbuto", callAt: "2026-11-12T09:00:00.000Z" });
    expect(people[1]).toMatchObject({ since: "2026-11-12T15:00:00.000Z", callAt: "2026-12-01T09:00:00.000Z" });
  });

  it("a call booked for Bruno takes him off the list, an outcome for Gianni takes him off", async () => {
    await intakeCall("bruno@example.com", "2026-11-25T09:00:00Z", "2026-11-30T09:00:00Z");
    await db.update(intakeCalls).set({ outcome: "no_show", outcomeAt: NOW }).where(eq(intakeCalls.id, ids.gianni!));
    const { people } = await waitingForDecision(db, NOW);
    expect(people.map((person) => person.email)).toEqual(["ugo@example.com"]);
  });
});

describe("/admin/percorso", () => {
  it("shows staff the funnel and the list, and audits the read", async () => {
    const { status, body } = answer(await call(carePathLoader, pageRequest("/admin/percorso", { cookie: staffCookie })));
    expect(status).toBe(200);
    expect(body.weeks).toHaveLength(12);
    expect((body.waiting as { total: number }).total).toBeGreaterThanOrEqual(1);
    const audits = await db.select().from(auditLog).where(eq(auditLog.entity, "care_path"));
    expect(audits).toHaveLength(1);
  });

  it("is refused to anonymous visitors, clients and therapists", async () => {
    expect(await statusOf(call(carePathLoader, pageRequest("/admin/percorso")))).toBe(401);
    expect(await statusOf(call(carePathLoader, pageRequest("/admin/percorso", { cookie: clientCookie })))).toBe(403);
    expect(await statusOf(call(carePathLoader, pageRequest("/admin/percorso", { cookie: therapistCookie })))).toBe(403);
    expect(await db.select().from(auditLog).where(eq(auditLog.entity, "care_path"))).toHaveLength(1);
  });
});
