import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as paymentsLoader } from "../../app/routes/admin/payments";
import { chargesFor, totalCents, type LedgerSession } from "../../app/domain/ledger";
import { attendanceStatuses, sessionStatuses } from "../../app/domain/sessions";
import type { SessionInfo } from "../../app/server/auth.server";
import type { Database } from "../../app/server/db/client.server";
import { attendance, groupBookings, groupSessions, iseeRevocations, practiceSettings } from "../../app/server/db/schema";
import { chargesByBooking } from "../../app/server/services/charges.server";
import { listAccounts, memberBalance } from "../../app/server/services/payments.server";
import { testDatabase } from "./database";
import { fiscalProfile, paymentsDesk, staffPayment } from "./helpers";
import { pageRequest, routeCaller } from "./route-calls";

/**
 * The charges three ways: `chargesFor` (the pure reference), chargesByBooking (SQL, one person's
 * charges) and ledger_balances (kept by triggers, read by the accounts list). Random histories:
 * meetings held, cancelled or moved (some changed after the attendance was taken), attendance of
 * every status, an ISEE approval or none, revoked approvals before it.
 */

let db: Database;
let groupId: string;
let staff: SessionInfo;
let adminCookie: string;
const DAY = 86_400_000;
const origin = Date.UTC(2031, 0, 5, 18);
let run = 0;

beforeAll(async () => {
  db = await testDatabase({ dataDir: "ledger-sql" });
  const desk = await paymentsDesk(db, { staffEmail: "staff-somme@example.com", therapist: "Dott. Somma", group: "Gruppo Somma", startsOn: "2026-01-01" });
  ({ groupId, cookie: adminCookie, session: staff } = desk);
});

const history = fc.record({
  meetings: fc.array(
    fc.record({
      day: fc.integer({ min: 0, max: 120 }),
      status: fc.constantFrom(...sessionStatuses),
      attended: fc.option(fc.constantFrom(...attendanceStatuses), { nil: null }),
      /** The meeting's status changes after the attendance was taken (a trigger on group_sessions). */
      laterStatus: fc.option(fc.constantFrom(...sessionStatuses), { freq: 4, nil: null }),
    }),
    { maxLength: 10 },
  ),
  /** The current ISEE approval, a day of the history (at noon: never a meeting's instant) or none. */
  approvedDay: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }),
  /** Revoked approvals, each [approved, revoked] days. */
  revoked: fc.array(fc.tuple(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 30 })), { maxLength: 2 }),
});

const noon = (day: number) => new Date(origin + day * DAY - 6 * 3_600_000);

describe("the charges in SQL", () => {
  it("agree with chargesFor on random histories: each charge, the list's total and the balance", async () => {
    await fc.assert(
      fc.asyncProperty(history, async ({ meetings, approvedDay, revoked }) => {
        run++;
        const [booking] = await db
          .insert(groupBookings)
          .values({ email: `somma-${run}@example.com`, name: `Somma ${run}`, status: "confirmed" })
          .returning();
        // Distinct days (one meeting a day in this group), each run a year of its own.
        const days = [...new Map(meetings.map((meeting) => [meeting.day, meeting])).values()];
        const sessions: LedgerSession[] = [];
        for (const meeting of days) {
          const startsAt = new Date(origin + run * 365 * DAY + meeting.day * DAY);
          const [session] = await db
            .insert(groupSessions)
            .values({ groupId, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), status: meeting.status })
            .returning();
          if (meeting.attended) await db.insert(attendance).values({ sessionId: session!.id, bookingId: booking!.id, status: meeting.attended });
          const status = meeting.laterStatus ?? meeting.status;
          if (meeting.laterStatus) await db.update(groupSessions).set({ status }).where(eq(groupSessions.id, session!.id));
          sessions.push({ sessionId: session!.id, startsAt, sessionStatus: status, attendanceStatus: meeting.attended });
        }
        const shift = (day: number) => new Date(noon(day).getTime() + run * 365 * DAY);
        const periods = revoked.map(([from, length]) => ({ approvedAt: shift(from), revokedAt: shift(from + length) }));
        for (const period of periods) await db.insert(iseeRevocations).values({ bookingId: booking!.id, ...period });
        const approvedAt = approvedDay === null ? null : shift(approvedDay);
        if (approvedAt) await db.update(groupBookings).set({ iseeApprovedAt: approvedAt }).where(eq(groupBookings.id, booking!.id));

        const expected = chargesFor(sessions, approvedAt, periods);
        const fromSql = (await chargesByBooking(db, [booking!])).get(booking!.id)!;
        expect(fromSql.map((charge) => [charge.sessionId, charge.kind, charge.amountCents])).toEqual(expected.map((charge) => [charge.sessionId, charge.kind, charge.amountCents]));
        const [account] = (await listAccounts(db, { q: booking!.email, status: "", page: 1 })).rows;
        expect(account).toMatchObject({ sessionsCharged: expected.length, chargedCents: totalCents(expected), owedCents: totalCents(expected) });
        expect((await memberBalance(db, booking!.id)).chargedCents).toBe(totalCents(expected));
      }),
      { numRuns: 40 },
    );
  });

  it("keeps the list's sums after payments, with the stamp duty charged on an invoice", async () => {
    const email = "bollo.somma@example.com";
    const [booking] = await db.insert(groupBookings).values({ email, name: "Bollo Somma", status: "confirmed" }).returning();
    await fiscalProfile(db, email);
    await db.update(practiceSettings).set({ stampDutyCharged: true });
    const pay = (amountCents: number) => staffPayment(db, staff, booking!.id, { amountCents, paidOn: "2026-03-20", allowCredit: true });
    await pay(10_000);
    await pay(3500);
    const balance = await memberBalance(db, booking!.id);
    expect(balance.stampCents).toBe(200);
    const [account] = (await listAccounts(db, { q: email, status: "", page: 1 })).rows;
    expect(account).toMatchObject({ chargedCents: balance.chargedCents, paidCents: 13_500, owedCents: balance.owedCents });
    expect(account!.owedCents).toBe(200 - 13_500);
    await db.update(practiceSettings).set({ stampDutyCharged: false });
  });
});

const call = routeCaller(() => ({ db, clientIp: "198.51.100.42", cspNonce: "" }));
type Page = { rows: { bookingId: string; name: string; owedCents: number; waitingInvoices: number }[]; total: number; query: { page: number } };

describe("the accounts list at /admin/pagamenti", () => {
  it("pages by 20, finds a person by codice fiscale, and filters who owes, who has credit and whose invoice waits", async () => {
    const people = [];
    for (let index = 0; index < 23; index++) {
      const [row] = await db
        .insert(groupBookings)
        .values({ email: `pagina-${String(index).padStart(2, "0")}@lista.example.com`, name: `Lista ${String(index).padStart(2, "0")}`, status: "confirmed" })
        .returning();
      people.push(row!);
    }
    const [owing, inCredit, waiting] = people;
    const startsAt = new Date(Date.UTC(2020, 0, 6, 18));
    const [session] = await db
      .insert(groupSessions)
      .values({ groupId, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) })
      .returning();
    await db.insert(attendance).values({ sessionId: session!.id, bookingId: owing!.id, status: "present" });
    await fiscalProfile(db, inCredit!.email, { codiceFiscale: "CRDLST80A01H501U" });
    const pay = (bookingId: string) => staffPayment(db, staff, bookingId, { amountCents: 5000, method: "cash", paidOn: "2026-03-20", allowCredit: true });
    await pay(inCredit!.id);
    // No fiscal data: the invoice of this payment waits.
    await pay(waiting!.id);

    const page = async (query: string) => (await call(paymentsLoader, pageRequest(`/admin/pagamenti?${query}`, { cookie: adminCookie }))) as Page;
    const first = await page("q=lista.example.com");
    expect(first.total).toBe(23);
    expect(first.rows).toHaveLength(20);
    const second = await page("q=lista.example.com&page=2");
    expect(second.query.page).toBe(2);
    expect(second.rows.map((row) => row.name)).toEqual(["Lista 20", "Lista 21", "Lista 22"]);
    expect((await page("q=lista.example.com&page=9")).query.page).toBe(2);

    const byCodiceFiscale = await page("q=crdlst80a01");
    expect(byCodiceFiscale.rows.map((row) => row.bookingId)).toEqual([inCredit!.id]);
    expect((await page("q=lista.example.com&status=deve")).rows.map((row) => [row.name, row.owedCents])).toEqual([["Lista 00", 3000]]);
    expect((await page("q=lista.example.com&status=credito")).rows.map((row) => row.name)).toEqual(["Lista 01", "Lista 02"]);
    expect((await page("q=lista.example.com&status=fattura-in-attesa")).rows.map((row) => [row.name, row.waitingInvoices])).toEqual([["Lista 02", 1]]);
  });

  it("says which of the practice's fiscal fields are missing, and why a payment's invoice waits", async () => {
    const [before] = await db.select().from(practiceSettings);
    await db.update(practiceSettings).set({ iban: null, partitaIva: " " });
    try {
      const loaded = (await call(paymentsLoader, pageRequest("/admin/pagamenti", { cookie: adminCookie }))) as Page & {
        fiscalGaps: string[];
        payments: { invoiceNumber: string | null; hasFiscalProfile: boolean; payerName: string }[];
      };
      expect(loaded.fiscalGaps).toEqual(["Partita IVA", "IBAN"]);
      // Lista 02 paid without fiscal data (the test above): no invoice, and the page knows why.
      expect(loaded.payments.find((row) => row.payerName === "Lista 02")).toMatchObject({ invoiceNumber: null, hasFiscalProfile: false });
    } finally {
      await db.update(practiceSettings).set({ iban: before!.iban, partitaIva: before!.partitaIva });
    }
  });
});
