import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as paymentsAction, loader as paymentsLoader } from "../../app/routes/admin/payments";
import { loader as invoiceLoader } from "../../app/routes/admin/invoice-pdf";
import { pdfTextOf } from "../support/pdf-text";
import type { SessionInfo } from "../../app/server/auth.server";
import type { Database } from "../../app/server/db/client.server";
import { attendance, auditLog, groupBookings, groupSessions, invoices, payments, refunds } from "../../app/server/db/schema";
import { approveIsee, listAccounts, memberBalance, recordPayment, recordRefund, revokeIsee } from "../../app/server/services/payments.server";
import { testDatabase } from "./database";
import { answer, form, pageRequest, refusal, routeCaller } from "./route-calls";
import { fiscalProfile, paymentsDesk } from "./helpers";

let db: Database;
let adminCookie: string;
let staff: SessionInfo;
let groupId: string;

const request = pageRequest;

/** A confirmed member of the group; `inGroup: false` for one of no group (the group has 8 seats). */
async function member(email: string, name = "Giulia Rossi", { inGroup = true } = {}) {
  const [row] = await db
    .insert(groupBookings)
    .values({ groupId: inGroup ? groupId : null, email, name, ageBracket: "26-35", status: "confirmed" })
    .returning();
  await fiscalProfile(db, email);
  return row!;
}

/** Weekly meetings from 2 March 2026, 19:00 UTC, with the given session status. */
async function meeting(week: number, status: "scheduled" | "cancelled" = "scheduled") {
  const startsAt = new Date(Date.UTC(2026, 2, 2 + 7 * week, 18));
  const [row] = await db
    .insert(groupSessions)
    .values({ groupId, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), status })
    .returning();
  return row!;
}

const payment = (bookingId: string, amountCents: number) => ({
  bookingId,
  amountCents,
  method: "bank_transfer" as const,
  paidOn: "2026-03-20",
  note: null,
  idempotencyKey: crypto.randomUUID(),
  allowCredit: true,
});

beforeAll(async () => {
  db = await testDatabase({ dataDir: "ledger" });
  const desk = await paymentsDesk(db, { staffEmail: "staff-pagamenti@example.com", therapist: "Dott.ssa Conti", group: "Gruppo Conti", startsOn: "2026-03-01" });
  ({ groupId, cookie: adminCookie, session: staff } = desk);
});

describe("a member's balance", () => {
  it("charges trial, standard and late absences, not announced absences nor cancelled meetings, minus payments plus refunds", async () => {
    const giulia = await member("giulia.saldo@example.com");
    const weeks = await Promise.all([meeting(0), meeting(1), meeting(2), meeting(3), meeting(4, "cancelled")]);
    const statuses = ["present", "absent_notified", "present", "absent_unnotified", "present"] as const;
    await db.insert(attendance).values(weeks.map((session, index) => ({ sessionId: session.id, bookingId: giulia.id, status: statuses[index]! })));

    const before = await memberBalance(db, giulia.id);
    expect(before.charges.map((charge) => [charge.kind, charge.amountCents])).toEqual([
      ["trial", 3000],
      ["standard", 3500],
      ["standard", 3500],
    ]);
    expect(before.owedCents).toBe(10_000);

    await recordPayment(db, staff, payment(giulia.id, 6500));
    await recordRefund(db, staff, { bookingId: giulia.id, kind: "refund", amountCents: 1000, reason: "Gruppo non adatto", idempotencyKey: crypto.randomUUID() });
    const after = await memberBalance(db, giulia.id);
    expect(after).toMatchObject({ chargedCents: 10_000, paidCents: 6500, refundedCents: 1000, owedCents: 4500 });

    const account = (await listAccounts(db, { q: "giulia.saldo@example.com", status: "", page: 1 })).rows.find((row) => row.bookingId === giulia.id);
    expect(account).toMatchObject({ name: "Giulia Rossi", groupName: "Gruppo Conti", sessionsCharged: 3, owedCents: 4500 });
  });

  it("charges the reduced rate for meetings after staff approve the ISEE", async () => {
    const marco = await member("marco.isee@example.com", "Marco Bianchi");
    const [first, second] = await Promise.all([meeting(10), meeting(11)]);
    await db.insert(attendance).values([
      { sessionId: first!.id, bookingId: marco.id, status: "present" },
      { sessionId: second!.id, bookingId: marco.id, status: "present" },
    ]);
    await approveIsee(db, staff, marco.id, new Date(Date.UTC(2026, 0, 1)));
    const balance = await memberBalance(db, marco.id);
    expect(balance.charges.map((charge) => [charge.kind, charge.amountCents, charge.platformCents])).toEqual([
      ["trial", 3000, 900],
      ["reduced", 3000, 900],
    ]);
  });
});

describe("revoking an ISEE approval", () => {
  it("charges the standard rate from the revocation on, keeps the reduced rate of earlier sessions, and a new approval reduces again", async () => {
    const rita = await member("rita.revoca@example.com", "Rita Revoca");
    const weeks = await Promise.all([meeting(30), meeting(31), meeting(32), meeting(33), meeting(34)]);
    await db.insert(attendance).values(weeks.map((session) => ({ sessionId: session.id, bookingId: rita.id, status: "present" as const })));
    await approveIsee(db, staff, rita.id, new Date(Date.UTC(2026, 8, 1)));
    const [trial, reduced, standard] = [
      ["trial", 3000],
      ["reduced", 3000],
      ["standard", 3500],
    ];
    const kinds = async () => (await memberBalance(db, rita.id)).charges.map((charge) => [charge.kind, charge.amountCents]);
    expect(await kinds()).toEqual([trial, reduced, reduced, reduced, reduced]);

    // Revoked on 14 October: the meetings of 19 and 26 October go back to €35, those before stay at €30.
    await revokeIsee(db, staff, rita.id, new Date(Date.UTC(2026, 9, 14)));
    expect(await kinds()).toEqual([trial, reduced, reduced, standard, standard]);
    expect((await listAccounts(db, { q: "rita.revoca@example.com", status: "", page: 1 })).rows.find((row) => row.bookingId === rita.id)).toMatchObject({
      iseeApprovedAt: null,
      iseeRevokedAt: new Date(Date.UTC(2026, 9, 14)),
    });

    await approveIsee(db, staff, rita.id, new Date(Date.UTC(2026, 9, 22)));
    expect(await kinds()).toEqual([trial, reduced, reduced, standard, reduced]);
  });

  it("is staff's action in /admin/pagamenti, audited; revoking twice or anonymously is refused", async () => {
    const bruno = await member("bruno.revoca@example.com", "Bruno Revoca");
    await approveIsee(db, staff, bruno.id, new Date(Date.UTC(2026, 0, 1)));
    const revoke = () => form({ intent: "isee-revoke", booking_id: bruno.id });

    expect(await statusOf(call(paymentsAction, request("/admin/pagamenti", { method: "POST", body: revoke() })))).toBe(401);
    expect((await db.select().from(groupBookings).where(eq(groupBookings.id, bruno.id)))[0]!.iseeApprovedAt).not.toBeNull();

    const result = (await call(paymentsAction, request("/admin/pagamenti", { method: "POST", cookie: adminCookie, body: revoke() }))) as { ok: boolean; message: string };
    expect(result).toMatchObject({ ok: true, message: "Tariffa agevolata revocata: dalla prossima seduta si applica la tariffa standard" });
    expect((await db.select().from(groupBookings).where(eq(groupBookings.id, bruno.id)))[0]!.iseeApprovedAt).toBeNull();
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, bruno.id));
    expect(entries.find((entry) => (entry.detail as { iseeRevoked?: boolean } | null)?.iseeRevoked)).toMatchObject({
      action: "update",
      entity: "booking",
      actorEmail: "staff-pagamenti@example.com",
    });

    const again = (await call(paymentsAction, request("/admin/pagamenti", { method: "POST", cookie: adminCookie, body: revoke() }))) as { init: { status: number } };
    expect(again.init.status).toBe(409);
  });
});

describe("receipt numbers", () => {
  it("gives two payments recorded at the same time two consecutive numbers of the year", async () => {
    const luca = await member("luca.ricevute@example.com", "Luca Verdi");
    const recorded = await Promise.all([recordPayment(db, staff, payment(luca.id, 3500)), recordPayment(db, staff, payment(luca.id, 3500))]);
    const numbers = recorded.map((row) => row.invoiceNumber!).sort();
    expect(new Set(numbers).size).toBe(2);
    const year = new Date().getFullYear();
    for (const number of numbers) expect(number).toMatch(new RegExp(`^${year}-\\d{4}$`));
    expect(Number(numbers[1]!.slice(5)) - Number(numbers[0]!.slice(5))).toBe(1);
  });

  it("records one payment when the same form is submitted twice at once", async () => {
    const sara = await member("sara.doppio@example.com", "Sara Neri");
    const input = payment(sara.id, 3500);
    const [first, second] = await Promise.all([recordPayment(db, staff, input), recordPayment(db, staff, input)]);
    expect(first.id).toBe(second.id);
    expect(await db.select().from(payments).where(eq(payments.bookingId, sara.id))).toHaveLength(1);
  });
});

const context = () => ({ db, clientIp: "198.51.100.41", cspNonce: "" });
const call = routeCaller(context);

async function statusOf(promise: Promise<unknown>) {
  try {
    const result = await promise;
    if (result instanceof Response) return result.status;
    if (result && typeof result === "object" && "init" in result) return (result as { init: { status?: number } | null }).init?.status ?? 200;
    return 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

describe("/admin/pagamenti", () => {
  it("records a payment from the form once, even when it is submitted twice, and lists the member's balance", async () => {
    const anna = await member("anna.modulo@example.com", "Anna Gallo");
    const unconfirmed = { intent: "payment", booking_id: anna.id, amount: "35,00", method: "bank_transfer", paid_on: "2026-03-20", note: "", idempotency_key: crypto.randomUUID() };
    // Anna owes nothing yet: more than is owed asks staff to confirm it as credit, and stores nothing until then.
    const refused = answer(await call(paymentsAction, request("/admin/pagamenti", { method: "POST", cookie: adminCookie, body: form(unconfirmed) })));
    expect(refused.status).toBe(409);
    expect(refusal(refused.body).fieldErrors!.amount!.replace(/\s/g, " ")).toBe(
      "La persona deve 0,00 €: 35,00 € in più resterebbero come credito per le prossime sedute. Conferma per registrarlo.",
    );
    expect(await db.select().from(payments).where(eq(payments.bookingId, anna.id))).toHaveLength(0);

    const fields = { ...unconfirmed, confirm_credit: "on" };
    const first = (await call(paymentsAction, request("/admin/pagamenti", { method: "POST", cookie: adminCookie, body: form(fields) }))) as { ok: boolean; message: string };
    const second = (await call(paymentsAction, request("/admin/pagamenti", { method: "POST", cookie: adminCookie, body: form(fields) }))) as { ok: boolean; message: string };
    expect(first).toMatchObject({ ok: true });
    expect(first.message).toMatch(/^Pagamento registrato: fattura \d{4}-\d{4}$/);
    expect(second.message).toMatch(/^Pagamento già registrato/);
    expect(await db.select().from(payments).where(eq(payments.bookingId, anna.id))).toHaveLength(1);

    const page = (await call(paymentsLoader, request("/admin/pagamenti?q=anna.modulo", { cookie: adminCookie }))) as {
      rows: { bookingId: string; paidCents: number; owedCents: number }[];
    };
    expect(page.rows.find((account) => account.bookingId === anna.id)).toMatchObject({ paidCents: 3500, owedCents: -3500 });
  });

  it("answers 400 with Italian field errors for a bad amount and a missing member", async () => {
    const result = answer(
      await call(
        paymentsAction,
        request("/admin/pagamenti", {
          method: "POST",
          cookie: adminCookie,
          body: form({ intent: "payment", booking_id: "", amount: "trenta", method: "bank_transfer", paid_on: "2026-03-20", idempotency_key: crypto.randomUUID() }),
        }),
      ),
    );
    expect(result.status).toBe(400);
    expect(refusal(result.body).fieldErrors).toMatchObject({ booking_id: "Scegli la persona.", amount: "Importo non valido: scrivi per esempio 35 oppure 35,00." });
  });

  it("refuses a payment or a refund on the field at fault (Conform's result, what was typed kept) and records nothing", async () => {
    // Only requested: the other tests' members fill the group, and a refused form never reads the booking.
    const [bruno] = await db
      .insert(groupBookings)
      .values({ groupId, email: "bruno.rifiutato@example.com", name: "Bruno Neri", ageBracket: "26-35", status: "requested" })
      .returning();
    const post = (fields: Record<string, string>) =>
      call(
        paymentsAction,
        request("/admin/pagamenti", { method: "POST", cookie: adminCookie, body: form({ booking_id: bruno!.id, idempotency_key: crypto.randomUUID(), ...fields }) }),
      );

    const payment = answer(await post({ intent: "payment", amount: "0", method: "bank_transfer", paid_on: "2026-03-20", note: "Bonifico 12" }));
    expect(payment.status).toBe(400);
    expect(payment.body).toMatchObject({ ok: false, intent: "payment", error: "Pagamento non registrato", description: "Controlla i campi evidenziati." });
    expect(refusal(payment.body)).toEqual({ fieldErrors: { amount: "L'importo deve essere maggiore di zero." } });
    expect((payment.body.result as { initialValue: Record<string, unknown> }).initialValue).toMatchObject({ booking_id: bruno!.id, amount: "0", note: "Bonifico 12" });

    const refund = answer(await post({ intent: "refund", amount: "35", reason: "   " }));
    expect(refund.status).toBe(400);
    expect(refund.body).toMatchObject({ ok: false, intent: "refund", error: "Rimborso non registrato" });
    expect(refusal(refund.body)).toEqual({ fieldErrors: { reason: "Scrivi il motivo del rimborso." } });

    expect(await db.select().from(payments).where(eq(payments.bookingId, bruno!.id))).toHaveLength(0);
    expect(await db.select().from(refunds).where(eq(refunds.bookingId, bruno!.id))).toHaveLength(0);
  });

  it("serves any invoice or credit note as its PDF to staff only, each read audited; a credit note refers to its invoice", async () => {
    const paolo = await member("paolo.fattura@example.com", "Paolo Esposito");
    const [session] = await Promise.all([meeting(20)]);
    await db.insert(attendance).values({ sessionId: session!.id, bookingId: paolo.id, status: "present" });
    const paid = await recordPayment(db, staff, payment(paolo.id, 3000));
    const [invoice] = await db.select().from(invoices).where(eq(invoices.paymentId, paid.id));
    const refund = await recordRefund(db, staff, {
      bookingId: paolo.id,
      kind: "correction",
      amountCents: 1000,
      reason: "Importo registrato per errore",
      idempotencyKey: crypto.randomUUID(),
    });
    const [note] = await db.select().from(invoices).where(eq(invoices.refundId, refund.id));
    expect(note).toMatchObject({ kind: "credit_note", number: refund.creditNoteNumber, correctsInvoiceId: invoice!.id, totalCents: 1000 });

    const open = (id: string, cookie?: string) => call(invoiceLoader, request(`/admin/pagamenti/fattura/${id}`, cookie ? { cookie } : {}), { id });
    const response = (await open(invoice!.id, adminCookie)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`inline; filename="fattura-${invoice!.number}.pdf"`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = pdfTextOf(Buffer.from(await response.arrayBuffer()));
    for (const expected of [
      "FATTURA SANITARIA",
      `Fattura n. ${invoice!.number}`,
      "Studio di prova S.r.l.",
      "P. IVA 12345678903",
      "Giulia Rossi",
      "C.F. RSSGLI90A41H501Y",
      "Dott.ssa Conti",
      "Pagamento tracciato: bonifico",
      "30,00",
    ])
      expect(text).toContain(expected);

    const credit = (await open(note!.id, adminCookie)) as Response;
    expect(credit.headers.get("content-disposition")).toBe(`inline; filename="nota-di-credito-${note!.number}.pdf"`);
    const creditText = pdfTextOf(Buffer.from(await credit.arrayBuffer()));
    expect(creditText).toContain(`Nota di credito n. ${note!.number}`);
    expect(creditText).toContain(`Storno parziale della fattura n. ${invoice!.number}`);
    expect(creditText).toContain("10,00");

    const reads = await db.select().from(auditLog).where(eq(auditLog.entity, "invoice"));
    expect(reads.filter((entry) => entry.action === "read" && [invoice!.id, note!.id].includes(entry.entityId!))).toHaveLength(2);
    expect(await statusOf(open(invoice!.id))).toBe(401);
    expect(await statusOf(open(crypto.randomUUID(), adminCookie))).toBe(404);
    expect(await statusOf(open("non-un-id", adminCookie))).toBe(404);
    expect(await statusOf(call(paymentsAction, request("/admin/pagamenti", { method: "POST", body: form({ intent: "payment" }) })))).toBe(401);
  });
});

describe("the refusals of the books", () => {
  const post = (fields: Record<string, string>) =>
    call(paymentsAction, request("/admin/pagamenti", { method: "POST", cookie: adminCookie, body: form({ idempotency_key: crypto.randomUUID(), ...fields }) }));
  const refund = (bookingId: string, amount: string) => post({ intent: "refund", booking_id: bookingId, kind: "refund", amount, reason: "Gruppo non adatto" });

  it("refuses a refund above what was paid, and a second one that would exceed it, on the amount; a credit note raises the balance", async () => {
    const elena = await member("elena.rimborso@example.com", "Elena Rimborso", { inGroup: false });
    const nothing = answer(await refund(elena.id, "10"));
    expect(nothing.status).toBe(422);
    expect(refusal(nothing.body).fieldErrors).toEqual({ amount: "Questa persona non ha pagamenti da rimborsare o correggere." });

    await recordPayment(db, staff, payment(elena.id, 3500));
    const above = answer(await refund(elena.id, "40"));
    expect(above.status).toBe(422);
    expect(refusal(above.body).fieldErrors.amount!.replace(/\s/g, " ")).toBe("Al massimo 35,00 €: è quanto la persona ha pagato e non ha ancora avuto indietro.");
    expect((above.body.result as { initialValue: Record<string, unknown> }).initialValue).toMatchObject({ amount: "40", reason: "Gruppo non adatto" });

    const before = await memberBalance(db, elena.id);
    expect(answer(await refund(elena.id, "20")).body).toMatchObject({ ok: true, message: expect.stringMatching(/^Rimborso registrato: nota di credito NC-\d{4}-\d{4}$/) });
    const after = await memberBalance(db, elena.id);
    expect(after.refundedCents).toBe(2000);
    expect(after.owedCents).toBe(before.owedCents + 2000);

    const second = answer(await refund(elena.id, "20"));
    expect(second.status).toBe(422);
    expect(refusal(second.body).fieldErrors.amount!.replace(/\s/g, " ")).toBe("Al massimo 15,00 €: è quanto la persona ha pagato e non ha ancora avuto indietro.");
    expect(await db.select().from(refunds).where(eq(refunds.bookingId, elena.id))).toHaveLength(1);
  });

  it("charges the stamp duty from 77,48 € (not at 77,47 €) on an invoice drawn by recordPayment", async () => {
    const franco = await member("franco.bollo@example.com", "Franco Bollo", { inGroup: false });
    const below = await recordPayment(db, staff, payment(franco.id, 7747));
    const above = await recordPayment(db, staff, payment(franco.id, 7748));
    const stampOf = async (paymentId: string) => (await db.select().from(invoices).where(eq(invoices.paymentId, paymentId)))[0]!;
    expect(await stampOf(below.id)).toMatchObject({ stampDutyCents: 0, totalCents: 7747 });
    expect(await stampOf(above.id)).toMatchObject({ stampDutyCents: 200, stampDutyCharged: false, totalCents: 7748 });
  });
});
