import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { action as adminAction, loader as adminLoader } from "../../app/routes/admin/safety-alerts";
import { loader as overviewLoader } from "../../app/routes/admin/overview";
import { action as therapistAction, loader as therapistLoader } from "../../app/routes/therapist/safety-alerts";
import { loader as therapistHomeLoader } from "../../app/routes/therapist/home";
import type { Database } from "../../app/server/db/client.server";
import { auditLog, emailOutbox, groupBookings, outcomeConsents, safetyAlerts } from "../../app/server/db/schema";
import { erasePersonalData } from "../../app/server/services/privacy-requests.server";
import { escalateSafetyAlerts, raiseSafetyAlert } from "../../app/server/services/safety-alerts.server";
import { testDatabase } from "./database";
import { newGroup, newTherapist, queuedMail, signedInStaff, signedInTherapist, rowsWhere, signedInStaffAndClient } from "./helpers";
import { answer, form, pageRequest, refusal, routeCaller, statusOf } from "./route-calls";

let db: Database;
const call = routeCaller(() => ({ db, clientIp: "198.51.100.90", cspNonce: "" }));
let staffCookie: string;
let clientCookie: string;
let alfaCookie: string;
let betaCookie: string;
let alfaId: string;
let bookingId: string;
let alertId: string;
const sourceId = randomUUID();

type AlertList = { open: { id: string; personName: string | null; kindLabel: string }[]; closed: { id: string; staffNote: string | null }[] };

const post = (handler: typeof adminAction | typeof therapistAction, url: string, cookie: string, fields: Record<string, string>) =>
  call(handler, pageRequest(url, { cookie, method: "POST", body: form(fields) }));

beforeAll(async () => {
  db = await testDatabase({ dataDir: "safety" });
  ({ staffCookie, clientCookie } = await signedInStaffAndClient(db));
  const alfa = await newTherapist(db, { name: "Dott.ssa Alfa", email: "alfa-studio@example.com" });
  const beta = await newTherapist(db, { name: "Dott. Beta", email: "beta-studio@example.com" });
  alfaId = alfa.id;
  alfaCookie = await signedInTherapist(db, alfa.id, "alfa@example.com");
  betaCookie = await signedInTherapist(db, beta.id, "beta@example.com");
  const group = await newGroup(db, alfa.id, { name: "Gruppo Ansia" });
  const [booking] = await db.insert(groupBookings).values({ groupId: group.id, email: "marta@example.com", name: "Marta Bianchi", status: "requested" }).returning();
  bookingId = booking!.id;
});

describe("raising a safety alert", () => {
  it("stores one alert per source, audits it, and e-mails staff and the therapist a link with no name nor clinical content", async () => {
    const raise = () => db.transaction((tx) => raiseSafetyAlert(tx, { kind: "intake_high_risk", bookingId, therapistId: alfaId, sourceId }));
    const id = await raise();
    expect(id).toEqual(expect.any(String));
    alertId = id!;
    // A retry of the same source: nothing new, nothing sent again.
    expect(await raise()).toBeNull();
    expect(await db.select().from(safetyAlerts)).toHaveLength(1);
    const mail = (await queuedMail(db)).filter((row) => row.template === "safety-alert");
    expect(mail.map((row) => row.to).sort()).toEqual(["alfa-studio@example.com", "staff@insieme-terapia.it"]);
    for (const row of mail) {
      expect(row.subject).toBe("Segnalazione di sicurezza da verificare");
      expect(row.html).toContain("Apri la segnalazione");
      expect(row.html).not.toContain("Marta");
      expect(row.html).not.toMatch(/rischio|PHQ/i);
    }
    expect(mail.find((row) => row.to === "alfa-studio@example.com")!.html).toContain("/terapeuta-area/segnalazioni");
    const audited = await rowsWhere(db, auditLog, { entity: "safety_alert", action: "create" });
    expect(audited).toHaveLength(1);
  });
});

describe("who sees the alerts", () => {
  it("staff list the open alert with the person's name; the list read is audited", async () => {
    const page = (await call(adminLoader, pageRequest("/admin/segnalazioni", { cookie: staffCookie }))) as AlertList;
    expect(page.open).toEqual([expect.objectContaining({ id: alertId, personName: "Marta Bianchi", kindLabel: "Chiamata conoscitiva con rischio alto" })]);
    expect(await rowsWhere(db, auditLog, { entity: "safety_alerts", action: "list" })).toHaveLength(1);
  });

  it("the admin page: anonymous 401, a client and a therapist 403, for the list and the acknowledgement alike", async () => {
    for (const cookie of [undefined, clientCookie, alfaCookie]) {
      const expected = cookie ? 403 : 401;
      expect(await statusOf(call(adminLoader, pageRequest("/admin/segnalazioni", { cookie })))).toBe(expected);
      expect(await statusOf(post(adminAction, "/admin/segnalazioni", cookie ?? "", { intent: "acknowledge", id: alertId, note: "Visto" }))).toBe(expected);
    }
    const [row] = await db.select().from(safetyAlerts);
    expect(row!.staffAcknowledgedAt).toBeNull();
  });

  it("the therapist's own alert is flagged in their area; another therapist sees none and cannot acknowledge it (404); staff and clients 403", async () => {
    const home = (await call(therapistHomeLoader, pageRequest("/terapeuta-area", { cookie: alfaCookie }))) as { openAlerts: number };
    expect(home.openAlerts).toBe(1);
    const own = (await call(therapistLoader, pageRequest("/terapeuta-area/segnalazioni", { cookie: alfaCookie }))) as { alerts: { id: string }[] };
    expect(own.alerts.map((row) => row.id)).toEqual([alertId]);
    const other = (await call(therapistLoader, pageRequest("/terapeuta-area/segnalazioni", { cookie: betaCookie }))) as { alerts: unknown[] };
    expect(other.alerts).toEqual([]);
    expect(answer(await post(therapistAction, "/terapeuta-area/segnalazioni", betaCookie, { intent: "acknowledge", id: alertId, note: "Visto" })).status).toBe(404);
    expect(await statusOf(call(therapistLoader, pageRequest("/terapeuta-area/segnalazioni", { cookie: staffCookie })))).toBe(403);
    expect(await statusOf(call(therapistLoader, pageRequest("/terapeuta-area/segnalazioni", { cookie: clientCookie })))).toBe(403);
    const [row] = await db.select().from(safetyAlerts);
    expect(row!.therapistAcknowledgedAt).toBeNull();
  });
});

describe("escalation after 24 hours", () => {
  it("nothing before 24 hours; after, one e-mail to staff, once, audited", async () => {
    const before = (await db.select().from(emailOutbox)).length;
    expect(await escalateSafetyAlerts(db, new Date(Date.now() + 23 * 3_600_000))).toBe(0);
    const later = new Date(Date.now() + 25 * 3_600_000);
    const [first, second] = await Promise.all([escalateSafetyAlerts(db, later), escalateSafetyAlerts(db, later)]);
    expect(first + second).toBe(1);
    expect(await escalateSafetyAlerts(db, new Date(later.getTime() + 3_600_000))).toBe(0);
    const mail = (await queuedMail(db)).slice(before);
    expect(mail.map((row) => [row.to, row.subject])).toEqual([["staff@insieme-terapia.it", "Sollecito: segnalazione di sicurezza da verificare"]]);
    expect(await rowsWhere(db, auditLog, { entity: "safety_alert", action: "escalate" })).toHaveLength(1);
  });
});

describe("acknowledging", () => {
  it("a note is required: without one nothing changes and the field says why", async () => {
    const refused = answer(await post(adminAction, "/admin/segnalazioni", staffCookie, { intent: "acknowledge", id: alertId, note: "   " }));
    expect(refused.status).toBe(400);
    expect(refusal(refused.body).fieldErrors.note).toBe("Scrivi che cosa è stato fatto.");
    const [row] = await db.select().from(safetyAlerts);
    expect(row!.staffAcknowledgedAt).toBeNull();
  });

  it("the therapist acknowledges their own with a note; the flag goes away; audited", async () => {
    expect(answer(await post(therapistAction, "/terapeuta-area/segnalazioni", alfaCookie, { intent: "acknowledge", id: alertId, note: "Richiamata la persona." })).status).toBe(
      200,
    );
    const home = (await call(therapistHomeLoader, pageRequest("/terapeuta-area", { cookie: alfaCookie }))) as { openAlerts: number };
    expect(home.openAlerts).toBe(0);
    // Staff still have it open: the therapist's acknowledgement does not close it for them.
    const overview = (await call(overviewLoader, pageRequest("/admin/panoramica", { cookie: staffCookie }))) as { openSafetyAlerts: number };
    expect(overview.openSafetyAlerts).toBe(1);
  });

  it("staff acknowledge with a note: the alert leaves the open list and the dashboard; a second acknowledgement is refused (409)", async () => {
    expect(answer(await post(adminAction, "/admin/segnalazioni", staffCookie, { intent: "acknowledge", id: alertId, note: "Parlato con la terapeuta." })).status).toBe(200);
    const page = (await call(adminLoader, pageRequest("/admin/segnalazioni", { cookie: staffCookie }))) as AlertList;
    expect(page.open).toEqual([]);
    expect(page.closed).toEqual([expect.objectContaining({ id: alertId, staffNote: "Parlato con la terapeuta." })]);
    const overview = (await call(overviewLoader, pageRequest("/admin/panoramica", { cookie: staffCookie }))) as { openSafetyAlerts: number };
    expect(overview.openSafetyAlerts).toBe(0);
    expect(answer(await post(adminAction, "/admin/segnalazioni", staffCookie, { intent: "acknowledge", id: alertId, note: "Di nuovo" })).status).toBe(409);
    const acks = await rowsWhere(db, auditLog, { entity: "safety_alert", action: "acknowledge" });
    expect(acks.map((row) => (row.detail as { by: string }).by).sort()).toEqual(["staff", "therapist"]);
  });
});

describe("erasure (art. 17)", () => {
  it("takes the person's alerts, by booking or by address, with the notes on them, and their consent to the outcome questionnaires", async () => {
    const staff = await signedInStaff(db, "staff-cancella@example.com");
    await db.transaction((tx) => raiseSafetyAlert(tx, { kind: "phq9_item9", email: "Marta@example.com", sourceId: randomUUID() }));
    await db.insert(outcomeConsents).values({ email: "marta@example.com", decision: "granted", textVersion: "test" });
    const other = await db.transaction((tx) => raiseSafetyAlert(tx, { kind: "phq9_item9", email: "altra@example.com", sourceId: randomUUID() }));
    expect(await db.select().from(safetyAlerts)).toHaveLength(3);

    const removed = await erasePersonalData(db, staff.session, "marta@example.com");
    expect(removed).toMatchObject({ safety_alerts: 2, outcome_consents: 1, group_bookings: 1 });
    expect((await db.select().from(safetyAlerts)).map((row) => row.id)).toEqual([other]);
    expect(await db.select().from(outcomeConsents).where(eq(outcomeConsents.email, "marta@example.com"))).toEqual([]);
  });
});
