import { eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { action as callAction } from "../../app/routes/therapist/call";
import type { Database } from "../../app/server/db/client.server";
import { emailOutbox, groupBookings, groupWaitlist, intakeCalls, outcomeAdministrations, safetyAlerts } from "../../app/server/db/schema";
import { queueOutcomeMeasures } from "../../app/server/services/outcome-measures.server";
import { testDatabase } from "./database";
import { confirmedMembers, newGroup, newTherapist, signedInTherapist } from "./helpers";
import { answer, form, pageRequest, refusal, routeCaller } from "./route-calls";

let db: Database;
const call = routeCaller(() => ({ db, clientIp: "198.51.100.91", cspNonce: "" }));
let alfaCookie: string;
let betaCookie: string;
let alfaId: string;
let groupId: string;
let fullGroupId: string;

let calls = 0;
/** A past call with Alfa (an hour apart: a therapist's calls never overlap) for a person whose booking asks for `group`. */
async function pastCall(email: string, group: string | null) {
  const [booking] = group ? await db.insert(groupBookings).values({ email, name: "Persona", groupId: group, therapistId: alfaId }).returning() : [];
  calls += 1;
  const starts = new Date(Date.now() - calls * 3_600_000);
  const [row] = await db
    .insert(intakeCalls)
    .values({
      therapistId: alfaId,
      startsAt: starts,
      endsAt: new Date(starts.getTime() + 30 * 60_000),
      email,
      name: "Persona",
      phone: "333 000 0000",
      bookingId: booking?.id ?? null,
    })
    .returning();
  return { callId: row!.id, bookingId: booking?.id ?? null };
}

const record = async (cookie: string, callId: string, fields: Record<string, string>) =>
  answer(await call(callAction, pageRequest(`/terapeuta-area/chiamate/${callId}`, { cookie, method: "POST", body: form({ intent: "outcome", ...fields }) }), { callId }));
const mailTo = async (email: string) => (await db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).map((row) => row.template);

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-outcomes-"));
  db = await testDatabase();
  const alfa = await newTherapist(db, { name: "Dott.ssa Alfa", email: "alfa-studio@example.com" });
  const beta = await newTherapist(db, { name: "Dott. Beta" });
  alfaId = alfa.id;
  alfaCookie = await signedInTherapist(db, alfa.id, "alfa@example.com");
  betaCookie = await signedInTherapist(db, beta.id, "beta@example.com");
  groupId = (await newGroup(db, alfa.id, { name: "Gruppo Aperto" })).id;
  const full = await newGroup(db, alfa.id, { name: "Gruppo Pieno", capacity: 2 });
  fullGroupId = full.id;
  await confirmedMembers(db, full, 2, "pieno");
});

describe("the intake call's outcome", () => {
  it("suitable: the booking is confirmed (a seat) and the welcome e-mail goes, once; a correction sends nothing again", async () => {
    const { callId, bookingId } = await pastCall("ada@example.com", groupId);
    expect(await record(betaCookie, callId, { outcome: "suitable", riskLevel: "none" })).toMatchObject({ status: 404 });
    expect((await record(alfaCookie, callId, { outcome: "suitable", riskLevel: "low" })).status).toBe(200);
    const [booking] = await db.select().from(groupBookings).where(eq(groupBookings.id, bookingId!));
    expect(booking!.status).toBe("confirmed");
    expect(await mailTo("ada@example.com")).toEqual(["call-welcome"]);
    expect((await record(alfaCookie, callId, { outcome: "suitable", riskLevel: "none" })).status).toBe(200);
    expect(await mailTo("ada@example.com")).toEqual(["call-welcome"]);
    const [row] = await db.select().from(intakeCalls).where(eq(intakeCalls.id, callId));
    expect(row!.riskLevel).toBe("none");
  });

  it("suitable for a full group: the person is first on its waiting list, the booking stays a request", async () => {
    await db.insert(groupWaitlist).values({ email: "prima@example.com", groupId: fullGroupId });
    const { callId, bookingId } = await pastCall("bea@example.com", fullGroupId);
    expect((await record(alfaCookie, callId, { outcome: "suitable", riskLevel: "none" })).status).toBe(200);
    const [booking] = await db.select().from(groupBookings).where(eq(groupBookings.id, bookingId!));
    expect(booking!.status).toBe("requested");
    const queue = await db.select().from(groupWaitlist).where(eq(groupWaitlist.groupId, fullGroupId)).orderBy(groupWaitlist.createdAt);
    expect(queue.map((row) => row.email)).toEqual(["bea@example.com", "prima@example.com"]);
    expect(await mailTo("bea@example.com")).toEqual(["call-suitable-waitlist"]);
  });

  it("suitable for another group: the booking moves there and is confirmed", async () => {
    const { callId, bookingId } = await pastCall("carla@example.com", fullGroupId);
    expect((await record(alfaCookie, callId, { outcome: "suitable_other", riskLevel: "none" })).status).toBe(400);
    expect((await record(alfaCookie, callId, { outcome: "suitable_other", riskLevel: "none", groupId })).status).toBe(200);
    const [booking] = await db.select().from(groupBookings).where(eq(groupBookings.id, bookingId!));
    expect(booking).toMatchObject({ groupId, status: "confirmed" });
  });

  it("not suitable: the request is withdrawn (nothing to charge) and a kind e-mail with the referral goes", async () => {
    const { callId, bookingId } = await pastCall("dora@example.com", groupId);
    const refused = await record(alfaCookie, callId, { outcome: "not_suitable", riskLevel: "moderate" });
    expect(refusal(refused.body).fieldErrors).toMatchObject({ referralReason: "Scegli il motivo." });
    expect((await record(alfaCookie, callId, { outcome: "not_suitable", riskLevel: "moderate", referralReason: "public_services", referralNote: "Il CSM di zona." })).status).toBe(
      200,
    );
    const [booking] = await db.select().from(groupBookings).where(eq(groupBookings.id, bookingId!));
    expect(booking!.status).toBe("cancelled");
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "dora@example.com"));
    expect(mail!.template).toBe("call-referral");
  });

  it("did not attend: one link to book again, not twice", async () => {
    const { callId } = await pastCall("elsa@example.com", null);
    expect((await record(alfaCookie, callId, { outcome: "no_show", riskLevel: "none" })).status).toBe(200);
    expect((await record(alfaCookie, callId, { outcome: "no_show", riskLevel: "none" })).status).toBe(200);
    expect(await mailTo("elsa@example.com")).toEqual(["call-no-show"]);
  });

  it("high risk: only «not suitable» is accepted, and it raises one safety alert", async () => {
    const { callId } = await pastCall("flavia@example.com", groupId);
    const refused = await record(alfaCookie, callId, { outcome: "suitable", riskLevel: "high" });
    expect(refusal(refused.body).fieldErrors.outcome).toContain("rischio alto");
    expect(await db.select().from(safetyAlerts)).toHaveLength(0);
    const fields = { outcome: "not_suitable", riskLevel: "high", referralReason: "urgent_care", referralNote: "Rivolgiti al tuo medico oggi stesso." };
    expect((await record(alfaCookie, callId, fields)).status).toBe(200);
    expect((await record(alfaCookie, callId, fields)).status).toBe(200);
    expect(await db.select().from(safetyAlerts)).toEqual([expect.objectContaining({ kind: "intake_high_risk", sourceId: callId, therapistId: alfaId })]);
  });
});

describe("the intake questionnaire (issue 33) starts from the call's outcome", () => {
  it("a suitable outcome (a seat or the waiting list) schedules it once; not suitable and did not attend schedule none, a seat without any call still does", async () => {
    const seated = await pastCall("gaia@example.com", groupId);
    const waiting = await pastCall("ines@example.com", fullGroupId);
    const refused = await pastCall("lia@example.com", groupId);
    const absent = await pastCall("marta@example.com", groupId);
    expect((await record(alfaCookie, seated.callId, { outcome: "suitable", riskLevel: "none" })).status).toBe(200);
    expect((await record(alfaCookie, waiting.callId, { outcome: "suitable", riskLevel: "none" })).status).toBe(200);
    const referral = { outcome: "not_suitable", riskLevel: "low", referralReason: "public_services", referralNote: "Il CSM di zona." };
    expect((await record(alfaCookie, refused.callId, referral)).status).toBe(200);
    expect((await record(alfaCookie, absent.callId, { outcome: "no_show", riskLevel: "none" })).status).toBe(200);
    // Staff seat the person who did not attend anyway: their call, not the seat, decides.
    await db.update(groupBookings).set({ status: "confirmed" }).where(eq(groupBookings.id, absent.bookingId!));
    const [placed] = await db.insert(groupBookings).values({ email: "nora@example.com", groupId, therapistId: alfaId, status: "confirmed" }).returning();
    await queueOutcomeMeasures(db);
    await queueOutcomeMeasures(db);
    const rows = await db.select({ bookingId: outcomeAdministrations.bookingId, occasion: outcomeAdministrations.occasion }).from(outcomeAdministrations);
    const intakesOf = (bookingId: string | null) => rows.filter((row) => row.bookingId === bookingId).map((row) => row.occasion);
    expect(intakesOf(seated.bookingId)).toEqual(["intake"]);
    expect(intakesOf(waiting.bookingId)).toEqual(["intake"]);
    expect(intakesOf(refused.bookingId)).toEqual([]);
    expect(intakesOf(absent.bookingId)).toEqual([]);
    expect(intakesOf(placed!.id)).toEqual(["intake"]);
    expect((await mailTo("gaia@example.com")).filter((template) => template === "outcome-invitation")).toHaveLength(1);
  });
});
