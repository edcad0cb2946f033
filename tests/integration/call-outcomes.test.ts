import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as callAction } from "../../app/routes/therapist/call";
import { action as staffCallAction, loader as staffCallLoader } from "../../app/routes/admin/call";
import type { Database } from "../../app/server/db/client.server";
import {
  attendance,
  auditLog,
  emailOutbox,
  groupBookings,
  groupSessions,
  groupWaitlist,
  intakeCalls,
  jobs,
  outcomeAdministrations,
  outcomeConsents,
  safetyAlerts,
} from "../../app/server/db/schema";
import { OUTCOME_CONSENT_VERSION } from "../../app/domain/outcome-measures";
import { queueOutcomeMeasures } from "../../app/server/services/outcome-measures.server";
import { testDatabase } from "./database";
import { signedInClient } from "./client-session";
import { confirmedMembers, newGroup, newTherapist, signedInStaff, signedInTherapist } from "./helpers";
import { answer, form, pageRequest, refusal, routeCaller, statusOf } from "./route-calls";

let db: Database;
const call = routeCaller(() => ({ db, clientIp: "198.51.100.91", cspNonce: "" }));
let alfaCookie: string;
let staffCookie: string;
let clientCookie: string;
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
const recordAsStaff = async (callId: string, fields: Record<string, string>) =>
  answer(await call(staffCallAction, pageRequest(`/admin/chiamate/${callId}`, { cookie: staffCookie, method: "POST", body: form({ intent: "outcome", ...fields }) }), { callId }));
const bookingOf = async (id: string) => (await db.select().from(groupBookings).where(eq(groupBookings.id, id)))[0]!;
const seatFreedJobs = async () => (await db.select().from(jobs).where(eq(jobs.type, "waitlist.seat-freed"))).length;
const notSuitable = { outcome: "not_suitable", riskLevel: "low", referralReason: "individual_therapy", referralNote: "Unə terapeuta privatə." };
const mailTo = async (email: string) => (await db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).map((row) => row.template);

beforeAll(async () => {
  db = await testDatabase({ dataDir: "outcomes" });
  const alfa = await newTherapist(db, { name: "Dott.ssa Alfa", email: "alfa-studio@example.com" });
  const beta = await newTherapist(db, { name: "Dott. Beta" });
  alfaId = alfa.id;
  alfaCookie = await signedInTherapist(db, alfa.id, "alfa@example.com");
  betaCookie = await signedInTherapist(db, beta.id, "beta@example.com");
  staffCookie = (await signedInStaff(db, "staff@example.com")).cookie;
  clientCookie = await signedInClient(db, "cliente@example.com");
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

  it("suitable, then corrected to not suitable: the seat is freed (the waiting list hears of it), the booking withdrawn, the referral e-mail goes once", async () => {
    const { callId, bookingId } = await pastCall("gina@example.com", groupId);
    expect((await record(alfaCookie, callId, { outcome: "suitable", riskLevel: "none" })).status).toBe(200);
    expect((await bookingOf(bookingId!)).status).toBe("confirmed");
    const jobsBefore = await seatFreedJobs();
    expect((await record(alfaCookie, callId, notSuitable)).status).toBe(200);
    expect((await bookingOf(bookingId!)).status).toBe("cancelled");
    expect(await seatFreedJobs()).toBe(jobsBefore + 1);
    expect((await record(alfaCookie, callId, notSuitable)).status).toBe(200);
    expect(await mailTo("gina@example.com")).toEqual(["call-welcome", "call-referral"]);
    const [audited] = await db.select().from(auditLog).where(eq(auditLog.entityId, callId)).orderBy(auditLog.createdAt).offset(1).limit(1);
    expect(audited!.detail).toMatchObject({ effectsReapplied: true });
  });

  it("suitable, then corrected to did not attend: the seat is freed, the booking is a request again, one link to book again", async () => {
    const { callId, bookingId } = await pastCall("ines@example.com", groupId);
    await record(alfaCookie, callId, { outcome: "suitable", riskLevel: "none" });
    expect((await record(alfaCookie, callId, { outcome: "no_show", riskLevel: "none" })).status).toBe(200);
    expect((await bookingOf(bookingId!)).status).toBe("requested");
    expect(await mailTo("ines@example.com")).toEqual(["call-welcome", "call-no-show"]);
  });

  it("suitable for a full group, then not suitable: the waiting-list place the outcome gave is dropped", async () => {
    const { callId, bookingId } = await pastCall("luisa@example.com", fullGroupId);
    await record(alfaCookie, callId, { outcome: "suitable", riskLevel: "none" });
    expect((await db.select().from(groupWaitlist).where(eq(groupWaitlist.email, "luisa@example.com"))).length).toBe(1);
    expect((await record(alfaCookie, callId, notSuitable)).status).toBe(200);
    expect(await db.select().from(groupWaitlist).where(eq(groupWaitlist.email, "luisa@example.com"))).toEqual([]);
    expect((await bookingOf(bookingId!)).status).toBe("cancelled");
    expect(await mailTo("luisa@example.com")).toEqual(["call-suitable-waitlist", "call-referral"]);
  });

  it("not suitable, then corrected to suitable for another group: the request reopens there and is confirmed, with the welcome e-mail", async () => {
    const { callId, bookingId } = await pastCall("marta@example.com", fullGroupId);
    await record(alfaCookie, callId, notSuitable);
    expect((await bookingOf(bookingId!)).status).toBe("cancelled");
    expect((await record(alfaCookie, callId, { outcome: "suitable_other", riskLevel: "none", groupId })).status).toBe(200);
    expect(await bookingOf(bookingId!)).toMatchObject({ status: "confirmed", groupId });
    expect(await mailTo("marta@example.com")).toEqual(["call-referral", "call-welcome"]);
  });

  it("a correction once the person has a meeting recorded is refused in Italian and changes nothing", async () => {
    const { callId, bookingId } = await pastCall("nora@example.com", groupId);
    await record(alfaCookie, callId, { outcome: "suitable", riskLevel: "none" });
    const [meeting] = await db
      .insert(groupSessions)
      .values({ groupId, startsAt: new Date(Date.now() - 86_400_000), endsAt: new Date(Date.now() - 86_400_000 + 90 * 60_000) })
      .returning();
    await db.insert(attendance).values({ sessionId: meeting!.id, bookingId: bookingId!, status: "present" });
    const refused = await record(alfaCookie, callId, notSuitable);
    expect(refused.status).toBe(409);
    expect(refused.body.description).toContain("ha già incontri registrati nel gruppo");
    expect((await bookingOf(bookingId!)).status).toBe("confirmed");
    const [row] = await db.select().from(intakeCalls).where(eq(intakeCalls.id, callId));
    expect(row!.outcome).toBe("suitable");
    expect(await mailTo("nora@example.com")).toEqual(["call-welcome"]);
  });
});

describe("staff and the call's outcome (/admin/chiamate/:callId)", () => {
  it("anonymous → sign-in (401), a client and a therapist 403 (even the call's own), staff 200", async () => {
    const { callId } = await pastCall("olga@example.com", groupId);
    const page = (cookie?: string) => statusOf(call(staffCallLoader, pageRequest(`/admin/chiamate/${callId}`, { cookie }), { callId }));
    const post = (cookie?: string) =>
      statusOf(
        call(staffCallAction, pageRequest(`/admin/chiamate/${callId}`, { cookie, method: "POST", body: form({ intent: "outcome", outcome: "no_show", riskLevel: "none" }) }), {
          callId,
        }),
      );
    expect([await page(), await page(clientCookie), await page(alfaCookie), await page(staffCookie)]).toEqual([401, 403, 403, 200]);
    expect([await post(), await post(clientCookie), await post(alfaCookie)]).toEqual([401, 403, 403]);
    expect(await mailTo("olga@example.com")).toEqual([]);
    expect(await post(staffCookie)).toBe(200);
    expect(await mailTo("olga@example.com")).toEqual(["call-no-show"]);
  });

  it("staff record with the same rules (high risk → only not suitable, and the alert), audited as staff, and may correct the therapist's outcome", async () => {
    const { callId, bookingId } = await pastCall("paola@example.com", groupId);
    const refused = await recordAsStaff(callId, { outcome: "suitable", riskLevel: "high" });
    expect(refusal(refused.body).fieldErrors.outcome).toContain("rischio alto");
    expect((await record(alfaCookie, callId, { outcome: "suitable", riskLevel: "moderate" })).status).toBe(200);
    expect((await recordAsStaff(callId, { ...notSuitable, riskLevel: "high", referralReason: "urgent_care" })).status).toBe(200);
    expect((await bookingOf(bookingId!)).status).toBe("cancelled");
    const [row] = await db.select().from(intakeCalls).where(eq(intakeCalls.id, callId));
    expect(row).toMatchObject({ outcome: "not_suitable", riskLevel: "high", outcomeBy: "staff@example.com" });
    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, callId)).orderBy(auditLog.createdAt);
    expect(audits.map((entry) => [entry.actorEmail, entry.action])).toEqual([
      ["alfa@example.com", "create"],
      ["staff@example.com", "update"],
    ]);
    expect(await db.select().from(safetyAlerts).where(eq(safetyAlerts.sourceId, callId))).toHaveLength(1);
    expect(await mailTo("paola@example.com")).toEqual(["call-welcome", "call-referral"]);
    // The therapist no longer corrects what staff recorded.
    expect((await record(alfaCookie, callId, notSuitable)).status).toBe(403);
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

  it("«another group» naming the group the person chose is refused on its field, and nothing changes", async () => {
    const same = await pastCall("pia@example.com", groupId);
    const refused = await record(alfaCookie, same.callId, { outcome: "suitable_other", groupId, riskLevel: "none" });
    expect(refused.status).toBe(400);
    expect(refusal(refused.body).fieldErrors.groupId).toContain("È il gruppo scelto");
    const [row] = await db.select({ outcome: intakeCalls.outcome }).from(intakeCalls).where(eq(intakeCalls.id, same.callId));
    expect(row!.outcome).toBeNull();
    expect(await mailTo("pia@example.com")).toEqual([]);
  });

  it("a correction from suitable to not suitable withdraws the intake questionnaire still unanswered; nothing more is sent", async () => {
    const corrected = await pastCall("olga@example.com", groupId);
    expect((await record(alfaCookie, corrected.callId, { outcome: "suitable", riskLevel: "none" })).status).toBe(200);
    await queueOutcomeMeasures(db);
    const statusOfIntake = async () =>
      (await db.select({ status: outcomeAdministrations.status }).from(outcomeAdministrations).where(eq(outcomeAdministrations.bookingId, corrected.bookingId!))).map(
        (row) => row.status,
      );
    expect(await statusOfIntake()).toEqual(["pending"]);
    const referral = { outcome: "not_suitable", riskLevel: "low", referralReason: "individual_therapy", referralNote: "Un percorso individuale." };
    expect((await record(alfaCookie, corrected.callId, referral)).status).toBe(200);
    expect(await statusOfIntake()).toEqual(["cancelled"]);
    await queueOutcomeMeasures(db);
    expect(await statusOfIntake()).toEqual(["cancelled"]);
    expect((await mailTo("olga@example.com")).filter((template) => template === "outcome-invitation")).toHaveLength(1);
  });

  it("suitable, not suitable, suitable again: the withdrawn intake questionnaire opens again, one open row, its invitation once per suitable", async () => {
    const twice = await pastCall("rita@example.com", groupId);
    const intakeRows = async () =>
      db
        .select({ status: outcomeAdministrations.status, sentAt: outcomeAdministrations.sentAt })
        .from(outcomeAdministrations)
        .where(and(eq(outcomeAdministrations.bookingId, twice.bookingId!), eq(outcomeAdministrations.occasion, "intake")));
    const invitations = async () => (await mailTo("rita@example.com")).filter((template) => template === "outcome-invitation").length;
    const suitable = { outcome: "suitable", riskLevel: "none" };

    expect((await record(alfaCookie, twice.callId, suitable)).status).toBe(200);
    await queueOutcomeMeasures(db);
    expect((await intakeRows()).map((row) => row.status)).toEqual(["pending"]);
    expect(await invitations()).toBe(1);

    expect((await record(alfaCookie, twice.callId, notSuitable)).status).toBe(200);
    await queueOutcomeMeasures(db);
    expect((await intakeRows()).map((row) => row.status)).toEqual(["cancelled"]);
    expect(await invitations()).toBe(1);

    expect((await record(alfaCookie, twice.callId, suitable)).status).toBe(200);
    expect((await bookingOf(twice.bookingId!)).status).toBe("confirmed");
    await queueOutcomeMeasures(db);
    await queueOutcomeMeasures(db);
    const rows = await intakeRows();
    expect(rows.map((row) => row.status)).toEqual(["pending"]);
    expect(rows[0]!.sentAt).not.toBeNull();
    expect(await invitations()).toBe(2);
  });

  it("an intake questionnaire closed by the person's refusal of the consent stays closed when the outcome is corrected back to suitable", async () => {
    const declined = await pastCall("sofia@example.com", groupId);
    expect((await record(alfaCookie, declined.callId, { outcome: "suitable", riskLevel: "none" })).status).toBe(200);
    await queueOutcomeMeasures(db);
    await db.insert(outcomeConsents).values({ email: "sofia@example.com", decision: "declined", textVersion: OUTCOME_CONSENT_VERSION });
    await db.update(outcomeAdministrations).set({ status: "cancelled" }).where(eq(outcomeAdministrations.bookingId, declined.bookingId!));
    expect((await record(alfaCookie, declined.callId, notSuitable)).status).toBe(200);
    expect((await record(alfaCookie, declined.callId, { outcome: "suitable", riskLevel: "none" })).status).toBe(200);
    await queueOutcomeMeasures(db);
    const rows = await db.select({ status: outcomeAdministrations.status }).from(outcomeAdministrations).where(eq(outcomeAdministrations.bookingId, declined.bookingId!));
    expect(rows.map((row) => row.status)).toEqual(["cancelled"]);
    expect((await mailTo("sofia@example.com")).filter((template) => template === "outcome-invitation")).toHaveLength(1);
  });
});
