import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as submitQuestionnaire } from "../../app/routes/api/submit-questionnaire";
import { action as updateGroupSelection } from "../../app/routes/api/update-group-selection";
import { action as newsletterSignup } from "../../app/routes/api/newsletter-signup";
import { loader as exportLoader } from "../../app/routes/admin/privacy-export";
import { loader as privacyLoader, action as privacyAction } from "../../app/routes/admin/privacy";
import { auth, createOrPromoteAdmin } from "../../app/server/auth.server";
import { seedDemoContent } from "../../app/server/db/seed.server";
import { auditLog, consentRecords, groupBookings, groups, newsletterSubscribers, privacyRequests, questionnaireResponses, therapists } from "../../app/server/db/schema";
import type { Database } from "../../app/server/db/client.server";
import { testDatabase } from "./database";
import { attendingMember, postJson, validAnswers, cookieHeader } from "./helpers";
import { recordPayment } from "../../app/server/services/payments.server";
import { getSession } from "../../app/server/auth.server";
import { erasureMoneyWarning } from "../../app/domain/privacy-labels";

let db: Database;
let cookie = "";
const email = "persona@example.com";

beforeAll(async () => {
  db = await testDatabase({ dataDir: "dsr" });
  await seedDemoContent(db, process.env.DATA_DIR!);
  await createOrPromoteAdmin(db, "dpo@example.com", "password-molto-sicura");
  const response = await auth(db).api.signInEmail({ body: { email: "dpo@example.com", password: "password-molto-sicura" }, asResponse: true });
  cookie = cookieHeader(response);
  // A person who filled the questionnaire, booked a group and subscribed to the newsletter.
  const submitted = await postJson(submitQuestionnaire, db, { ...validAnswers, email, newsletter_subscription: "yes" });
  expect(submitted.status).toBe(201);
  const [open] = await db.select({ therapistId: groups.therapistId }).from(groups).where(eq(groups.status, "open")).limit(1);
  const [therapist] = await db.select().from(therapists).where(eq(therapists.id, open!.therapistId));
  const booking = await postJson(updateGroupSelection, db, { email, selectedTherapist: therapist!.name, token: submitted.body.token });
  expect(booking.status).toBeLessThan(300);
  expect((await postJson(newsletterSignup, db, { email })).status).toBe(200);
});

const adminRequest = (url: string, init: RequestInit = {}) =>
  new Request(`http://localhost:3000${url}`, { ...init, headers: { cookie, origin: "http://localhost:3000", ...(init.headers ?? {}) } });
const context = () => ({ db, clientIp: "127.0.0.1", cspNonce: "" });

describe("data-subject requests", () => {
  it("exports everything about the person as JSON, answers decrypted, and records the read", async () => {
    const response = (await exportLoader({ request: adminRequest(`/admin/privacy/export?email=${email}`), params: {}, context: context() } as never)) as Response;
    expect(response.headers.get("content-disposition")).toMatch(/attachment/);
    const data = await response.json();
    expect(data.questionnaireResponses).toHaveLength(1);
    expect(data.questionnaireResponses[0].answers.current_situation_summary).toBe(validAnswers.current_situation_summary);
    expect(data.groupBookings.length).toBeGreaterThanOrEqual(1);
    expect(data.newsletter[0].email).toBe(email);
    expect(data.newsletter[0].confirmToken).toBeUndefined();
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "export"));
    expect(audits[0]?.actorEmail).toBe("dpo@example.com");
  });

  it("tracks a request with its 30-day due date and erases the person except what must be kept", async () => {
    const form = (fields: Record<string, string>) => adminRequest("/admin/privacy", { method: "POST", body: new URLSearchParams(fields) });
    await privacyAction({ request: form({ intent: "open", email, type: "erasure" }), params: {}, context: context() } as never);
    const [request] = await db.select().from(privacyRequests).where(eq(privacyRequests.email, email));
    const days = (request!.dueAt.getTime() - request!.receivedAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const page = (await privacyLoader({ request: adminRequest(`/admin/privacy?email=${email}`), params: {}, context: context() } as never)) as {
      summary: Record<string, number>;
    };
    expect(page.summary.Questionari).toBe(1);

    await privacyAction({ request: form({ intent: "erase", email, requestId: request!.id }), params: {}, context: context() } as never);
    expect(await db.select().from(questionnaireResponses).where(eq(questionnaireResponses.email, email))).toHaveLength(0);
    expect(await db.select().from(groupBookings).where(eq(groupBookings.email, email))).toHaveLength(0);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toHaveLength(0);
    expect((await db.select().from(consentRecords).where(eq(consentRecords.email, email))).length).toBeGreaterThan(0);
    const [done] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, request!.id));
    expect(done?.status).toBe("completed");
    const erased = await db.select().from(auditLog).where(eq(auditLog.action, "erase"));
    expect(erased).toHaveLength(1);
  });

  it("counts attendance and payments in the lookup and warns of an unsettled account before an erasure", async () => {
    const person = "saldo-aperto@example.com";
    const booking = await attendingMember(db, person, 2, "saldo");
    const staff = (await getSession(db, adminRequest("/admin")))!;
    await recordPayment(db, staff, { bookingId: booking.id, amountCents: 1000, method: "bank_transfer", paidOn: "2026-01-20", note: null, idempotencyKey: crypto.randomUUID() });
    const page = (await privacyLoader({ request: adminRequest(`/admin/privacy?email=${person}`), params: {}, context: context() } as never)) as {
      summary: Record<string, number>;
      balances: { bookingId: string; name: string; owedCents: number }[];
    };
    expect(page.summary).toMatchObject({ Presenze: 2, Pagamenti: 1, Rimborsi: 0, Prenotazioni: 1 });
    expect(page.balances).toEqual([{ bookingId: booking.id, name: "Persona saldo", owedCents: expect.any(Number) }]);
    expect(page.balances[0]!.owedCents).toBeGreaterThan(0);
    expect(erasureMoneyWarning(page.balances)).toMatch(/^Attenzione: questa persona ha ancora da pagare \d+,\d\d\u00a0€ \(Persona saldo\)/);
  });

  it("refuses anonymous users", async () => {
    const anonymous = new Request(`http://localhost:3000/admin/privacy/export?email=${email}`);
    await expect(exportLoader({ request: anonymous, params: {}, context: context() } as never)).rejects.toMatchObject({ status: 401 });
    await expect(privacyLoader({ request: anonymous, params: {}, context: context() } as never)).rejects.toMatchObject({ status: 401 });
  });
});
