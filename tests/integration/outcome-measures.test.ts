import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resetKeysForTests, seal, unseal } from "../../app/server/crypto.server";
import { measureQuestions, OUTCOME_CONSENT_VERSION, outcomePaths, QUESTION_COUNT } from "../../app/domain/outcome-measures";
import { action as formAction, loader as formLoader } from "../../app/routes/client/outcome-form";
import { action as listAction } from "../../app/routes/client/outcomes";
import type { Database } from "../../app/server/db/client.server";
import { auditLog, groupBookings, outcomeAdministrations, outcomeConsents, safetyAlerts } from "../../app/server/db/schema";
import { queueOutcomeMeasures } from "../../app/server/services/outcome-measures.server";
import { reencryptAll } from "../../app/server/key-rotation.server";
import { testDatabase } from "./database";
import { signedInClient } from "./client-session";
import { attendingMember, freshDataDirAndKey, queuedMail, rotateDataKey, signedInStaff } from "./helpers";
import { answer, form, pageRequest, routeCaller, statusOf } from "./route-calls";

/** The outcome measures (issue 33 points 1-3, docs/features/outcomes.md): consent, questionnaires, answers sealed at rest. */

/** Set when the file loads, before any test: the key the first rows are sealed with. */
const firstKey = freshDataDirAndKey("insieme-outcomes-");

describe("the outcome tables", () => {
  it("keep one consent in force per address, and one intake and one end questionnaire per booking", async () => {
    const db = await testDatabase();
    await db.insert(outcomeConsents).values({ email: "una@example.com", decision: "granted", textVersion: "v1" });
    await expect(db.insert(outcomeConsents).values({ email: "una@example.com", decision: "granted", textVersion: "v1" })).rejects.toThrow();
    await expect(db.insert(outcomeConsents).values({ email: "Una@Example.com", decision: "declined", textVersion: "v1" })).rejects.toThrow();
    const booking = await attendingMember(db, "una@example.com", 0, "tabelle");
    const dueAt = new Date();
    await db.insert(outcomeAdministrations).values({ bookingId: booking.id, occasion: "intake", dueAt });
    await expect(db.insert(outcomeAdministrations).values({ bookingId: booking.id, occasion: "intake", afterMeetings: 1, dueAt })).rejects.toThrow();
    await db.insert(outcomeAdministrations).values({ bookingId: booking.id, occasion: "periodic", afterMeetings: 4, dueAt });
    await expect(db.insert(outcomeAdministrations).values({ bookingId: booking.id, occasion: "periodic", afterMeetings: 4, dueAt })).rejects.toThrow();
    await expect(db.insert(outcomeAdministrations).values({ bookingId: booking.id, occasion: "periodic", afterMeetings: 8, dueAt, remindersSent: 3 })).rejects.toThrow();
    // Completed means answers, both totals and the time: never one without the others.
    await expect(db.insert(outcomeAdministrations).values({ bookingId: booking.id, occasion: "end", dueAt, status: "completed", phq9Total: 3 })).rejects.toThrow();
  });

  it("re-encrypt the outcome answers with a new key (keys:rotate)", async () => {
    const db = await testDatabase();
    const booking = await attendingMember(db, "ruota-esiti@example.com", 0, "ruota");
    const [row] = await db
      .insert(outcomeAdministrations)
      .values({ bookingId: booking.id, occasion: "intake", dueAt: new Date(), answers: seal({ phq9_1: 2 }) })
      .returning();
    expect(await rotateDataKey(db, firstKey)).toBeGreaterThanOrEqual(1);
    const [after] = await db.select().from(outcomeAdministrations).where(eq(outcomeAdministrations.id, row!.id));
    expect(unseal(after!.answers!)).toEqual({ phq9_1: 2 });
    const raw = await db.execute<{ answers: string }>(sql`select answers::text as answers from outcome_administrations where id = ${row!.id}`);
    expect(raw.rows[0]!.answers).not.toContain("phq9_1");
    expect(await reencryptAll(db)).toBe(0);
    process.env.DATA_ENCRYPTION_KEY = firstKey;
    resetKeysForTests();
  });
});

/* ------------------------------------------------------------------------------------------------ */

let db: Database;
let ipCounter = 0;
const call = routeCaller(() => ({ db, clientIp: `10.33.0.${++ipCounter % 250}`, cspNonce: "" }));
const DAY = 24 * 3_600_000;

const outcomeMails = async (email: string) => (await queuedMail(db)).filter((mail) => mail.to === email && mail.template.startsWith("outcome-"));
const administrationsOf = (bookingId: string) =>
  db.select().from(outcomeAdministrations).where(eq(outcomeAdministrations.bookingId, bookingId)).orderBy(outcomeAdministrations.createdAt);
const grant = (email: string) => db.insert(outcomeConsents).values({ email, decision: "granted", textVersion: "test" });

/** On a fresh database: a member who consented, their first questionnaire queued, and their signed-in cookie. */
async function consentedWithQuestionnaire(email: string, tag: string) {
  db = await testDatabase();
  const booking = await attendingMember(db, email, 0, tag);
  await grant(email);
  await queueOutcomeMeasures(db);
  const [row] = await administrationsOf(booking.id);
  return { booking, row, cookie: await signedInClient(db, email) };
}

/** Posts one form to the questionnaire page as the person with `cookie`. */
const post = (id: string, cookie: string, fields: Record<string, string>) =>
  call(formAction, pageRequest(outcomePaths.questionnaire(id), { cookie, method: "POST", body: form(fields) }), { id });
const page = async (id: string, cookie: string, question?: number) =>
  (await call(formLoader, pageRequest(outcomePaths.questionnaire(id, question), { cookie }), { id })) as { data: Record<string, unknown> & { position: number } };
const location = (result: unknown) => (result instanceof Response ? result.headers.get("location") : null);
async function thrown(work: () => unknown): Promise<unknown> {
  try {
    return await work();
  } catch (error) {
    return error;
  }
}

describe("when a questionnaire is due (the periodic job)", () => {
  it("asks at intake a confirmed member who never answered the consent question, once however often the job runs", async () => {
    db = await testDatabase();
    const booking = await attendingMember(db, "intake@example.com", 0, "intake");
    await queueOutcomeMeasures(db);
    await Promise.all([queueOutcomeMeasures(db), queueOutcomeMeasures(db)]);
    const rows = await administrationsOf(booking.id);
    expect(rows.map((row) => [row.occasion, row.status, row.remindersSent])).toEqual([["intake", "pending", 0]]);
    const mails = await outcomeMails("intake@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/area-personale/monitoraggio/${rows[0]!.id}`);
    expect(mails[0]!.text).toContain("Prima ti chiediamo il consenso");
    expect(mails[0]!.text).toContain("/aiuto-subito");
    // The e-mail carries no question and no way in without signing in.
    expect(mails[0]!.text).not.toMatch(/token=|Pensare che sarebbe meglio morire/);
  });

  it("asks every four attended meetings and at the end of the path only with a consent in force", async () => {
    db = await testDatabase();
    const without = await attendingMember(db, "senza-consenso@example.com", 5, "senza");
    const member = await attendingMember(db, "periodico@example.com", 9, "periodico");
    await grant("periodico@example.com");
    await queueOutcomeMeasures(db);
    expect(await administrationsOf(without.id)).toEqual([]);
    expect((await administrationsOf(member.id)).map((row) => [row.occasion, row.afterMeetings])).toEqual([["periodic", 8]]);
    // The path ends (the booking is cancelled after attending): the end questionnaire replaces the waiting one.
    await db.update(groupBookings).set({ status: "cancelled", updatedAt: new Date() }).where(eq(groupBookings.id, member.id));
    await queueOutcomeMeasures(db);
    const rows = await administrationsOf(member.id);
    expect(rows.map((row) => [row.occasion, row.afterMeetings, row.status])).toEqual([
      ["periodic", 8, "expired"],
      ["end", 9, "pending"],
    ]);
    expect(await outcomeMails("periodico@example.com")).toHaveLength(2);
    expect(await outcomeMails("senza-consenso@example.com")).toHaveLength(0);
  });

  it("reminds at most twice, three days apart, then closes the questionnaire; every step audited", async () => {
    db = await testDatabase();
    const booking = await attendingMember(db, "promemoria@example.com", 0, "promemoria");
    const start = new Date();
    for (const days of [0, 1, 3, 4, 6, 7, 9, 12, 14, 30]) await queueOutcomeMeasures(db, new Date(start.getTime() + days * DAY + 60_000));
    const mails = await outcomeMails("promemoria@example.com");
    expect(mails.map((mail) => mail.template)).toEqual(["outcome-invitation", "outcome-reminder", "outcome-reminder"]);
    const [row] = await administrationsOf(booking.id);
    expect([row!.status, row!.remindersSent]).toEqual(["expired", 2]);
    const steps = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, row!.id)).orderBy(auditLog.createdAt);
    expect(steps.map((step) => step.action)).toEqual(["invite", "remind", "remind", "expire"]);
  });
});

describe("the questionnaire in the area", () => {
  it("is only the person's own: anonymous visitors sign in first, someone else gets 404, staff 403", async () => {
    db = await testDatabase();
    const booking = await attendingMember(db, "mia@example.com", 0, "mia");
    await attendingMember(db, "altra@example.com", 0, "altra");
    await queueOutcomeMeasures(db);
    const [row] = await administrationsOf(booking.id);
    const anonymous = await thrown(() => call(formLoader, pageRequest(outcomePaths.questionnaire(row!.id)), { id: row!.id }));
    expect(location(anonymous)).toBe(`/area-personale?ritorno=${encodeURIComponent(outcomePaths.questionnaire(row!.id))}`);
    expect(await statusOf(call(formAction, pageRequest(outcomePaths.questionnaire(row!.id), { method: "POST", body: form({ intent: "withdraw" }) }), { id: row!.id }))).toBe(401);
    const other = await signedInClient(db, "altra@example.com");
    expect(await statusOf(call(formLoader, pageRequest(outcomePaths.questionnaire(row!.id), { cookie: other }), { id: row!.id }))).toBe(404);
    expect(await statusOf(post(row!.id, other, { intent: "answer", key: "phq9_1", value: "3" }))).toBe(404);
    const staff = await signedInStaff(db, "staff-esiti@example.com");
    expect(await statusOf(call(formLoader, pageRequest(outcomePaths.questionnaire(row!.id), { cookie: staff.cookie }), { id: row!.id }))).toBe(403);
    expect((await administrationsOf(booking.id))[0]!.answers).toBeNull();
  });

  it("asks nothing without consent; the consent is recorded with its text version, and withdrawn it stops everything", async () => {
    db = await testDatabase();
    const booking = await attendingMember(db, "consenso@example.com", 0, "consenso");
    await queueOutcomeMeasures(db);
    const [row] = await administrationsOf(booking.id);
    const cookie = await signedInClient(db, "consenso@example.com");
    expect((await page(row!.id, cookie)).data.consent).toBe("none");
    const refused = answer(await post(row!.id, cookie, { intent: "answer", key: "phq9_1", value: "1" }));
    expect(refused.status).toBe(403);
    expect((await administrationsOf(booking.id))[0]!.answers).toBeNull();
    expect(location(await thrown(() => post(row!.id, cookie, { intent: "consent", decision: "granted" })))).toBe(outcomePaths.questionnaire(row!.id));
    const [consent] = await db.select().from(outcomeConsents).where(eq(outcomeConsents.email, "consenso@example.com"));
    expect([consent!.decision, consent!.textVersion, consent!.withdrawnAt]).toEqual(["granted", OUTCOME_CONSENT_VERSION, null]);
    await thrown(() => post(row!.id, cookie, { intent: "answer", key: "phq9_1", value: "1" }));
    // Withdrawn from /area-personale/dati (which posts to the measures' page): the draft goes, nothing more is sent.
    const withdrawn = answer(await call(listAction, pageRequest(outcomePaths.page, { cookie, method: "POST", body: form({ intent: "withdraw" }) })));
    expect(withdrawn.body.notice).toMatch(/Consenso ritirato/);
    expect((await administrationsOf(booking.id)).map((item) => [item.status, item.answers])).toEqual([["cancelled", null]]);
    await queueOutcomeMeasures(db, new Date(Date.now() + 10 * DAY));
    expect(await outcomeMails("consenso@example.com")).toHaveLength(1);
    const audited = await db.select({ action: auditLog.action, entity: auditLog.entity }).from(auditLog).where(eq(auditLog.entity, "outcome_consent"));
    expect(audited.map((entry) => entry.action)).toEqual(["create", "update"]);
  });

  it("keeps a draft on the server: the person resumes at the first unanswered question; the answers are sealed", async () => {
    const { booking, row, cookie } = await consentedWithQuestionnaire("bozza@example.com", "bozza");
    expect(location(await thrown(() => post(row!.id, cookie, { intent: "answer", key: "phq9_1", value: "2" })))).toBe(outcomePaths.questionnaire(row!.id, 2));
    await thrown(() => post(row!.id, cookie, { intent: "answer", key: "phq9_2", value: "1" }));
    const resumed = await page(row!.id, cookie);
    expect(resumed.data.position).toBe(2);
    expect((resumed.data.question as { text: string }).text).toMatch(/^Problemi ad addormentarsi/);
    expect((await page(row!.id, cookie, 1)).data.answer).toBe(2);
    // A question further than the first unanswered one is not skipped to.
    expect((await page(row!.id, cookie, 9)).data.position).toBe(2);
    const missing = answer(await post(row!.id, cookie, { intent: "answer", key: "phq9_3" }));
    expect([missing.status, missing.body.fieldError]).toEqual([400, "Scegli una risposta."]);
    const raw = await db.execute<{ answers: string }>(sql`select answers::text as answers from outcome_administrations where id = ${row!.id}`);
    expect(raw.rows[0]!.answers).not.toContain("phq9_1");
    expect(unseal((await administrationsOf(booking.id))[0]!.answers!)).toEqual({ phq9_1: 2, phq9_2: 1 });
  });

  it("completes with both totals once the sixteenth answer is sent; item 9 above 0 shows the help from the server and flags the questionnaire once", async () => {
    const { booking, row, cookie } = await consentedWithQuestionnaire("completo@example.com", "completo");
    const values: Record<string, string> = { phq9_9: "1", gad7_7: "3" };
    for (const [index, question] of measureQuestions.entries()) {
      const value = values[question.key] ?? "2";
      const result = await thrown(() => post(row!.id, cookie, { intent: "answer", key: question.key, value }));
      if (question.key === "phq9_9") {
        // Without JavaScript: the same question again, with the help on it.
        expect(location(result)).toBe(`${outcomePaths.questionnaire(row!.id, 9)}#aiuto-subito`);
        const shown = await page(row!.id, cookie, 9);
        expect([shown.data.position, shown.data.safety, shown.data.answer]).toEqual([8, true, 1]);
        // Sent again with the help shown (as the page's form does then, and the browser at once): the form goes on.
        const again = await thrown(() => post(row!.id, cookie, { intent: "answer", key: question.key, value, helpShown: "1" }));
        expect(location(again)).toBe(outcomePaths.questionnaire(row!.id, 10));
      } else if (index < QUESTION_COUNT - 1) {
        expect(location(result)).toBe(outcomePaths.questionnaire(row!.id, index + 2));
      }
    }
    const [done] = await administrationsOf(booking.id);
    expect([done!.status, done!.phq9Total, done!.gad7Total]).toEqual(["completed", 8 * 2 + 1, 6 * 2 + 3]);
    expect(done!.completedAt).not.toBeNull();
    expect(done!.safetyFlaggedAt).not.toBeNull();
    const flagged = await db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row!.id), eq(auditLog.actorEmail, "completo@example.com")));
    expect(flagged.filter((entry) => (entry.detail as { safetyFlagged?: boolean }).safetyFlagged)).toHaveLength(1);
    // Exactly one safety alert, for this questionnaire, with its e-mails to staff and the group's therapist (no clinical content).
    const alerts = await db.select().from(safetyAlerts).where(eq(safetyAlerts.sourceId, row!.id));
    expect(alerts.map((alert) => [alert.kind, alert.bookingId])).toEqual([["phq9_item9", booking.id]]);
    expect(alerts[0]!.therapistId).not.toBeNull();
    expect((await page(row!.id, cookie)).data).toMatchObject({ status: "completed", safety: true });
    const late = answer(await post(row!.id, cookie, { intent: "answer", key: "phq9_1", value: "0" }));
    expect([late.status, late.body.error]).toEqual([409, "Hai già inviato questo questionario: grazie!"]);
  });
});
