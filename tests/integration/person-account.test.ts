import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as contactsLoader } from "../../app/routes/admin/contacts";
import { loader as paymentsLoader } from "../../app/routes/admin/payments";
import { loader as personLoader } from "../../app/routes/admin/person";
import { loader as sessionLoader } from "../../app/routes/admin/session";
import type { Database } from "../../app/server/db/client.server";
import { attendance, auditLog, consentRecords, contacts, groupBookings, groupSessions, iseeRequests, moveRequests } from "../../app/server/db/schema";
import { recordPayment, recordRefund } from "../../app/server/services/payments.server";
import type { personAccount } from "../../app/server/services/person-account.server";
import { openPrivacyRequest } from "../../app/server/services/privacy-requests.server";
import { roleCookies, staffOnly, type RoleCookies } from "./books-fixtures";
import { testDatabase } from "./database";
import { fiscalProfile, practiceReady, therapistWithGroup } from "./helpers";
import { pageRequest, routeCaller } from "./route-calls";

let db: Database;
let cookies: RoleCookies;
const call = routeCaller(() => ({ db, clientIp: "198.51.100.7", cspNonce: "" }));

type Account = Awaited<ReturnType<typeof personAccount>>;

let giulia: { id: string };
let marco: { id: string };
let groupId: string;

const open = async (bookingId: string, query = "") =>
  (await call(personLoader, pageRequest(`/admin/persone/${bookingId}${query}`, { cookie: cookies.adminCookie }), { bookingId })) as Account;

beforeAll(async () => {
  db = await testDatabase({ dataDir: "person-account" });
  cookies = await roleCookies(db);
  await practiceReady(db);
  const { group } = await therapistWithGroup(db, { name: "Dott.ssa Conti" }, { name: "Gruppo Conti", startsOn: "2026-01-01" });
  groupId = group.id;
  const booking = async (values: Omit<typeof groupBookings.$inferInsert, "groupId" | "therapistId">) =>
    (
      await db
        .insert(groupBookings)
        .values({ groupId, therapistId: group.therapistId, status: "confirmed", ...values })
        .returning()
    )[0]!;
  giulia = await booking({ email: "Giulia.Rossi@example.com", name: "Giulia Rossi", ageBracket: "26-35", phone: "+39 333 1234567" });
  marco = await booking({ email: "marco.attesa@example.com", name: "Marco Attesa" });
  // An earlier booking of the same person, cancelled.
  await db.insert(groupBookings).values({ email: "giulia.rossi@example.com", name: "Giulia Rossi", status: "cancelled", createdAt: new Date("2025-12-01T10:00:00Z") });
  await fiscalProfile(db, "giulia.rossi@example.com", { tsOpposition: true });

  // 25 weekly meetings from 5 January 2026: present at each, but the third was announced as an absence in time.
  const meetings = await db
    .insert(groupSessions)
    .values(
      Array.from({ length: 25 }, (_, week) => {
        const startsAt = new Date(Date.UTC(2026, 0, 5 + 7 * week, 18));
        return { groupId, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) };
      }),
    )
    .returning();
  await db
    .insert(attendance)
    .values(meetings.map((meeting, index) => ({ sessionId: meeting.id, bookingId: giulia.id, status: index === 2 ? ("absent_notified" as const) : ("present" as const) })));

  const pay = (bookingId: string, amountCents: number, paidOn: string) =>
    recordPayment(
      db,
      cookies.staff,
      { bookingId, amountCents, method: "bank_transfer", paidOn, note: null, idempotencyKey: crypto.randomUUID(), allowCredit: true },
      new Date(`${paidOn}T12:00:00Z`),
    );
  await pay(giulia.id, 10_000, "2026-02-02");
  await pay(giulia.id, 3500, "2026-03-02");
  await pay(marco.id, 3500, "2026-03-03");
  await recordRefund(
    db,
    cookies.staff,
    { bookingId: giulia.id, kind: "refund", amountCents: 3500, reason: "Seduta pagata due volte", idempotencyKey: crypto.randomUUID() },
    new Date("2026-03-10T12:00:00Z"),
  );

  await db.insert(moveRequests).values({ bookingId: giulia.id, fromGroupId: groupId, preferredGroupId: groupId, reason: "Orario più comodo" });
  await db.insert(iseeRequests).values({ bookingId: giulia.id, fileKey: "isee/prova.pdf" });
  await openPrivacyRequest(db, cookies.staff, "giulia.rossi@example.com", "access");
  await db.insert(consentRecords).values({ email: "giulia.rossi@example.com", form: "registration", consent: "privacy", textVersion: "2026-01-01" });
  await db.insert(contacts).values({ name: "Giulia", email: "GIULIA.ROSSI@example.com", subject: "Fattura", message: "Mi serve una copia" });
});

describe("/admin/persone/:bookingId", () => {
  it("is refused to anonymous visitors (401), clients and therapists (403)", async () => {
    await staffOnly(call, personLoader, `/admin/persone/${giulia.id}`, cookies, { bookingId: giulia.id });
  });

  it("shows staff the person, their fiscal data, balance, attendance with charges, payments with invoices, refunds with credit notes, requests and consents", async () => {
    const account = await open(giulia.id);
    expect(account.person).toMatchObject({
      name: "Giulia Rossi",
      email: "Giulia.Rossi@example.com",
      status: "confirmed",
      groupName: "Gruppo Conti",
      therapistName: "Dott.ssa Conti",
    });
    expect(account.fiscal.profile).toMatchObject({ firstName: "Giulia", codiceFiscale: "RSSGLI90A41H501Y", tsOpposition: true });
    expect(account.fiscal.invoicesWaiting).toBe(0);
    // 24 charged meetings: the trial at €30, then 23 at €35.
    expect(account.balance).toMatchObject({ sessionsCharged: 24, chargedCents: 3000 + 23 * 3500, paidCents: 13_500, refundedCents: 3500 });
    expect(account.balance.owedCents).toBe(3000 + 23 * 3500 - 13_500 + 3500);

    expect(account.attendance).toMatchObject({ total: 25, page: 1 });
    expect(account.attendance.rows).toHaveLength(20);
    expect(account.attendance.rows[0]).toMatchObject({ status: "present", groupName: "Gruppo Conti", charge: { kind: "standard", amountCents: 3500 } });
    expect(new Date(account.attendance.rows[0]!.startsAt).toISOString()).toBe("2026-06-22T18:00:00.000Z");

    expect(account.payments.rows.map((row) => [row.amountCents, row.invoiceNumber])).toEqual([
      [3500, "2026-0002"],
      [10_000, "2026-0001"],
    ]);
    expect(account.payments.rows[1]).toMatchObject({ stampDutyCents: 200, stampDutyCharged: false });
    expect(account.refunds.rows).toEqual([expect.objectContaining({ amountCents: 3500, kind: "refund", creditNoteNumber: "NC-2026-0001", correctsNumber: "2026-0002" })]);
    expect(account.refunds.rows[0]!.creditNoteId).toEqual(expect.any(String));

    expect(account.moves).toEqual([expect.objectContaining({ reason: "Orario più comodo", status: "pending", preferredGroup: "Gruppo Conti", toGroup: null })]);
    expect(account.isee).toEqual([expect.objectContaining({ status: "pending" })]);
    expect(account.privacy).toEqual([expect.objectContaining({ type: "access", status: "open" })]);
    expect(account.consents).toEqual([expect.objectContaining({ consent: "privacy", form: "registration" })]);
    expect(account.otherBookings).toEqual([expect.objectContaining({ status: "cancelled" })]);
  });

  it("pages a long attendance with its own parameter", async () => {
    const second = await open(giulia.id, "?presenze=2");
    expect(second.attendance).toMatchObject({ page: 2, total: 25 });
    expect(second.attendance.rows.map((row) => [new Date(row.startsAt).toISOString().slice(0, 10), row.status, row.charge?.kind ?? null])).toEqual([
      ["2026-02-02", "present", "standard"],
      ["2026-01-26", "present", "standard"],
      ["2026-01-19", "absent_notified", null],
      ["2026-01-12", "present", "standard"],
      ["2026-01-05", "present", "trial"],
    ]);
    // A page past the last shows the last.
    expect((await open(giulia.id, "?presenze=99")).attendance.page).toBe(2);
  });

  it("says when payments wait for the person's fiscal data, and when they were asked for them", async () => {
    const account = await open(marco.id);
    expect(account.fiscal).toMatchObject({ profile: null, invoicesWaiting: 1 });
    expect(account.fiscal.requestedAt).toEqual(expect.any(Date));
    expect(account.payments.rows).toEqual([expect.objectContaining({ amountCents: 3500, invoiceId: null })]);
  });

  it("audits every read, with the pages read", async () => {
    await open(giulia.id, "?pagamenti=1&presenze=2");
    const reads = await db
      .select({ detail: auditLog.detail, actorEmail: auditLog.actorEmail })
      .from(auditLog)
      .where(and(eq(auditLog.action, "read"), eq(auditLog.entity, "person_account"), eq(auditLog.entityId, giulia.id)));
    expect(reads.at(-1)).toEqual({ actorEmail: "staff@example.com", detail: { attendance: 2, payments: 1, refunds: 1 } });
  });

  it("answers 404 for a booking that does not exist or an id that is not one", async () => {
    await expect(open("00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ status: 404 });
    await expect(open("not-an-id")).rejects.toMatchObject({ status: 404 });
  });
});

describe("links to the account page", () => {
  it("opens /admin/pagamenti with the person chosen in both forms (?persona=), and ignores someone else's id", async () => {
    const chosen = (await call(paymentsLoader, pageRequest(`/admin/pagamenti?q=giulia.rossi%40example.com&persona=${giulia.id}`, { cookie: cookies.adminCookie }))) as {
      chosen: string;
    };
    expect(chosen.chosen).toBe(giulia.id);
    const unknown = (await call(paymentsLoader, pageRequest("/admin/pagamenti?persona=00000000-0000-4000-8000-000000000000", { cookie: cookies.adminCookie }))) as {
      chosen: string;
    };
    expect(unknown.chosen).toBe("");
  });

  it("tells two «Giulia R.» apart on staff's attendance sheet: full name and e-mail", async () => {
    const [other] = await db
      .insert(groupBookings)
      .values({ groupId, email: "giulia.ricci@example.com", name: "Giulia Ricci", ageBracket: "26-35", status: "confirmed" })
      .returning();
    const [meeting] = await db.select().from(groupSessions).where(eq(groupSessions.groupId, groupId)).limit(1);
    type Sheet = { roster: { bookingId: string; name: string; detail?: string | null }[] };
    const staffSheet = (await call(sessionLoader, pageRequest(`/admin/sessioni/${meeting!.id}`, { cookie: cookies.adminCookie }), { sessionId: meeting!.id })) as Sheet;
    const row = (id: string) => staffSheet.roster.find((entry) => entry.bookingId === id);
    expect(row(giulia.id)).toMatchObject({ name: "Giulia Rossi", detail: "Giulia.Rossi@example.com" });
    expect(row(other!.id)).toMatchObject({ name: "Giulia Ricci", detail: "giulia.ricci@example.com" });
    await db.delete(groupBookings).where(eq(groupBookings.id, other!.id));
  });

  it("gives a contact message from a member their booking, whatever the case of the address", async () => {
    const list = (await call(contactsLoader, pageRequest("/admin", { cookie: cookies.adminCookie }))) as { rows: { email: string; memberId: string | null }[] };
    expect(list.rows.find((row) => row.email === "GIULIA.ROSSI@example.com")?.memberId).toBe(giulia.id);
  });
});
