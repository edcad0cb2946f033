import { beforeAll, describe, expect, it } from "vitest";
import { loader as adminOutcomesLoader } from "../../app/routes/admin/outcomes";
import { loader as clientScoresLoader } from "../../app/routes/client/scores";
import { loader as resultsLoader } from "../../app/routes/risultati";
import { loader as therapistGroupLoader } from "../../app/routes/therapist/group";
import type { Database } from "../../app/server/db/client.server";
import { auditLog, groupBookings, outcomeAdministrations, safetyAlerts } from "../../app/server/db/schema";
import { seal } from "../../app/server/crypto.server";
import { publicOutcomes } from "../../app/server/services/outcome-results.server";
import { testDatabase } from "./database";
import { newTherapist, signedInTherapist, therapistWithGroup, rowsWhere, signedInStaffAndClient } from "./helpers";
import { answer, pageRequest, routeCaller, statusesFor } from "./route-calls";

let db: Database;
const call = routeCaller(() => ({ db, clientIp: "198.51.100.33", cspNonce: "" }));
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

let staffCookie: string;
let clientCookie: string;
let alfaCookie: string;
let betaCookie: string;
let groupId: string;
let ownBooking: string;
let otherBooking: string;
let alfaTherapistId: string;
let betaTherapistId: string;

/** A completed questionnaire with these totals (the answers are sealed and never read by the results). */
async function answered(bookingId: string, group: string | null, occasion: "intake" | "periodic" | "end", afterMeetings: number, at: Date, phq9: number, gad7: number) {
  await db.insert(outcomeAdministrations).values({
    bookingId,
    groupId: group,
    occasion,
    afterMeetings,
    status: "completed",
    dueAt: at,
    completedAt: at,
    phq9Total: phq9,
    gad7Total: gad7,
    answers: seal({ demo: true }),
  });
}

/** `count` finished paths (cancelled bookings with intake and end questionnaires), the end `endedDaysAgo` days ago. */
async function endedPaths(count: number, tag: string, endedDaysAgo: number, [start, end]: [[number, number], [number, number]]) {
  for (let index = 0; index < count; index++) {
    const [booking] = await db
      .insert(groupBookings)
      .values({ groupId, email: `${tag}-${index}@example.invalid`, status: "cancelled" })
      .returning();
    await answered(booking!.id, groupId, "intake", 0, daysAgo(endedDaysAgo + 80), ...start);
    await answered(booking!.id, groupId, "end", 12, daysAgo(endedDaysAgo), ...end);
  }
}

beforeAll(async () => {
  db = await testDatabase();
  ({ staffCookie, clientCookie } = await signedInStaffAndClient(db));
  const alfa = await therapistWithGroup(db, { name: "Dott.ssa Alfa" }, { name: "Gruppo Alfa" });
  groupId = alfa.group.id;
  alfaTherapistId = alfa.therapist.id;
  alfaCookie = await signedInTherapist(db, alfa.therapist.id, "alfa-esiti@example.com");
  betaTherapistId = (await newTherapist(db, { name: "Dott. Beta" })).id;
  betaCookie = await signedInTherapist(db, betaTherapistId, "beta-esiti@example.com");
  const [own, other] = await db
    .insert(groupBookings)
    .values([
      { groupId, email: "utente@example.com", name: "Utente Prova", status: "confirmed" },
      { groupId, email: "altra@example.invalid", name: "Altra Persona", status: "confirmed" },
    ])
    .returning();
  ownBooking = own!.id;
  otherBooking = other!.id;
  // The client improves reliably and recovers; the other member worsens.
  await answered(ownBooking, groupId, "intake", 0, daysAgo(84), 16, 12);
  await answered(ownBooking, groupId, "periodic", 4, daysAgo(56), 12, 9);
  await answered(ownBooking, groupId, "periodic", 8, daysAgo(28), 6, 5);
  await answered(otherBooking, groupId, "intake", 0, daysAgo(84), 5, 4);
  await answered(otherBooking, groupId, "periodic", 4, daysAgo(28), 12, 9);
});

type GroupPage = {
  trends: {
    bookingId: string;
    scores: { phq9: number }[];
    outcome: Record<string, boolean>;
    alerts: { kindLabel: string; therapistAcknowledgedAt: Date | null; staffAcknowledgedAt: Date | null }[];
  }[];
};
const groupPage = (cookie?: string) => call<GroupPage>(therapistGroupLoader, pageRequest(`/terapeuta-area/gruppi/${groupId}`, { cookie }), { groupId });

describe("the therapist's group page", () => {
  it("shows each member's PHQ-9 and GAD-7 trend with its flags, and the read is audited", async () => {
    const page = await groupPage(alfaCookie);
    const own = page.trends.find((row) => row.bookingId === ownBooking)!;
    const other = page.trends.find((row) => row.bookingId === otherBooking)!;
    expect(own.scores.map((point) => point.phq9)).toEqual([16, 12, 6]);
    expect(own.outcome).toMatchObject({ reliableImprovement: true, recovery: true, reliableDeterioration: false, notOnTrack: false });
    expect(other.outcome).toMatchObject({ reliableDeterioration: true, notOnTrack: true, reliableImprovement: false });
    const [read] = await rowsWhere(db, auditLog, { entity: "outcome_scores", entityId: groupId });
    expect(read?.actorEmail).toBe("alfa-esiti@example.com");
  });

  it("flags the safety alerts this therapist received about a member, acknowledged or not; never another therapist's", async () => {
    const at = daysAgo(27);
    await db.insert(safetyAlerts).values([
      {
        kind: "phq9_item9",
        bookingId: otherBooking,
        therapistId: alfaTherapistId,
        createdAt: at,
        therapistAcknowledgedAt: at,
        therapistNote: "Sentita la persona.",
        staffAcknowledgedAt: at,
        staffAcknowledgedBy: "staff@example.com",
        staffNote: "Visto.",
      },
      { kind: "intake_high_risk", bookingId: otherBooking, therapistId: betaTherapistId, createdAt: at },
    ]);
    const page = await groupPage(alfaCookie);
    const other = page.trends.find((row) => row.bookingId === otherBooking)!;
    expect(other.alerts).toEqual([expect.objectContaining({ kindLabel: "Questionario PHQ-9: risposta alla domanda 9", therapistAcknowledgedAt: at, staffAcknowledgedAt: at })]);
    expect(page.trends.find((row) => row.bookingId === ownBooking)!.alerts).toEqual([]);
  });

  it("only the group's therapist: another therapist 404, staff and a client 403, anonymous to sign-in", async () => {
    expect(await statusesFor(groupPage, [betaCookie, staffCookie, clientCookie, undefined])).toEqual([404, 403, 403, 302]);
  });
});

describe("the person's own scores", () => {
  const scoresPage = (cookie?: string) => call(clientScoresLoader, pageRequest("/area-personale/andamento", { cookie }));

  it("shows the signed-in person their own scores only", async () => {
    const { body } = answer(await scoresPage(clientCookie));
    expect((body.scores as { phq9: number; gad7: number }[]).map((point) => [point.phq9, point.gad7])).toEqual([
      [16, 12],
      [12, 9],
      [6, 5],
    ]);
  });

  it("is refused to staff and therapists, and sends anonymous visitors to sign in", async () => {
    expect(await statusesFor(scoresPage, [staffCookie, alfaCookie, undefined])).toEqual([403, 403, 302]);
  });
});

describe("the practice's figures", () => {
  const adminPage = (cookie?: string) => call(adminOutcomesLoader, pageRequest("/admin/esiti", { cookie }));

  it("/risultati says the data are not yet enough below 30 paired paths, and shows the figures from 30", async () => {
    await endedPaths(29, "finito", 10, [
      [15, 11],
      [6, 5],
    ]);
    // Paths ending today wait for tomorrow's figures.
    await endedPaths(2, "oggi", 0, [
      [15, 11],
      [6, 5],
    ]);
    expect(await publicOutcomes(db, new Date(Date.now() + 2 * DAY))).toMatchObject({ enough: true });
    let results = (await call(resultsLoader, pageRequest("/risultati"))) as Awaited<ReturnType<typeof publicOutcomes>>;
    expect(results.enough).toBe(false);
    expect(results.total.paired).toBe(29);
    await endedPaths(1, "peggio", 5, [
      [5, 4],
      [12, 9],
    ]);
    results = (await call(resultsLoader, pageRequest("/risultati"))) as Awaited<ReturnType<typeof publicOutcomes>>;
    expect(results.enough).toBe(true);
    expect(results.total).toEqual({ ended: 30, paired: 30, casenessAtStart: 29, reliableImprovement: 29, reliableDeterioration: 1, recovery: 29, reliableRecovery: 29 });
  });

  it("staff see them by month, therapist and group; the members still in the group are not counted", async () => {
    const { body } = answer(await adminPage(staffCookie));
    expect((body.total as { ended: number }).ended).toBe(32);
    expect((body.byTherapist as { label: string; paired: number }[]).map((row) => [row.label, row.paired])).toEqual([["Dott.ssa Alfa", 32]]);
    expect((body.byGroup as { label: string }[]).map((row) => row.label)).toEqual(["Gruppo Alfa"]);
    expect((body.byMonth as { ended: number }[]).reduce((sum, row) => sum + row.ended, 0)).toBe(32);
  });

  it("the staff page is refused to therapists and clients, and to anonymous visitors", async () => {
    expect(await statusesFor(adminPage, [alfaCookie, clientCookie, undefined])).toEqual([403, 403, 401]);
  });
});
