import { eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupBookings, outcomeAdministrations, safetyAlerts } from "../../app/server/db/schema";
import { unseal } from "../../app/server/crypto.server";
import { seedDemoOutcomes } from "../../app/server/db/seed-outcomes.server";
import { memberTrends, publicOutcomes } from "../../app/server/services/outcome-results.server";
import { testDatabase } from "./database";
import { newGroup, newTherapist } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;

describe("the demo", () => {
  it("seeds the full group's members over twelve weeks (one improving, one worsening) and enough finished paths for /risultati", async () => {
    const demo = await testDatabase();
    const therapist = await newTherapist(demo, { name: "Dott.ssa Demo" });
    const group = await newGroup(demo, therapist.id, { name: "Ritmi propri", status: "full" });
    await demo.insert(groupBookings).values(["a", "b", "c"].map((tag) => ({ groupId: group.id, email: `${tag}@example.invalid`, status: "confirmed" as const })));
    await seedDemoOutcomes(demo);
    await seedDemoOutcomes(demo);
    const results = await publicOutcomes(demo);
    expect(results.enough).toBe(true);
    expect(results.total.paired).toBeGreaterThanOrEqual(30);
    expect(results.total.ended).toBeGreaterThan(results.total.paired);
    const bookings = await demo.select({ id: groupBookings.id }).from(groupBookings).where(eq(groupBookings.groupId, group.id)).orderBy(groupBookings.email);
    const trends = await memberTrends(
      demo,
      bookings.map((row) => row.id),
    );
    const [improving, worsening, waiting] = bookings.map((row) => trends.get(row.id)!);
    expect(improving!.scores).toHaveLength(4);
    expect(improving!.scores[3]!.takenAt.getTime() - improving!.scores[0]!.takenAt.getTime()).toBe(12 * 7 * DAY);
    expect(improving!.outcome).toMatchObject({ reliableImprovement: true, recovery: true });
    expect(worsening!.outcome).toMatchObject({ reliableDeterioration: true, notOnTrack: true });
    // The third member's latest questionnaire is still waiting: the area shows it and the form can be tried.
    expect(waiting!.scores).toHaveLength(3);
    const pending = await demo.select().from(outcomeAdministrations).where(eq(outcomeAdministrations.status, "pending"));
    expect(pending).toEqual([expect.objectContaining({ bookingId: bookings[2]!.id, occasion: "periodic", afterMeetings: 12, answers: null })]);
    // One PHQ-9 item 9 answer above 0 within the twelve weeks, the worsening member's after eight meetings: its alert
    // went to the group's therapist, who acknowledged it with a note, and so did staff (it counts as no new alert).
    const flagged = await demo.select().from(outcomeAdministrations).where(isNotNull(outcomeAdministrations.safetyFlaggedAt));
    expect(flagged).toEqual([expect.objectContaining({ bookingId: bookings[1]!.id, afterMeetings: 8, status: "completed" })]);
    const items = unseal<Record<string, number>>(flagged[0]!.answers!);
    expect(items.phq9_9).toBe(1);
    expect(Object.entries(items).reduce((sum, [key, value]) => (key.startsWith("phq9_") ? sum + value : sum), 0)).toBe(flagged[0]!.phq9Total);
    const alerts = await demo.select().from(safetyAlerts);
    expect(alerts).toEqual([
      expect.objectContaining({ kind: "phq9_item9", bookingId: bookings[1]!.id, therapistId: therapist.id, sourceId: flagged[0]!.id, staffAcknowledgedBy: "admin@insieme.local" }),
    ]);
    expect(alerts[0]!.therapistNote).toBeTruthy();
    expect(alerts[0]!.staffNote).toBeTruthy();
    expect(alerts[0]!.therapistAcknowledgedAt!.getTime()).toBeGreaterThan(alerts[0]!.createdAt.getTime());
  });
});
