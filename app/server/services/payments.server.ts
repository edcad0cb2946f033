import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { bookingIdRange, paymentCodesIn, transferAmount } from "~/domain/bank-transfer";
import { romeTimeToUtc } from "~/domain/calendar";
import { balanceCents, tariffs, totalCents, type AccountFilter, type Charge, type CorrectionKind, type PaymentMethod } from "~/domain/ledger";
import { audit } from "../audit.server";
import type { SessionInfo } from "../auth.server";
import type { Database } from "../db/client.server";
import { fiscalProfiles, groupBookings, groups, invoices, iseeRevocations, ledgerBalances, payments, refunds } from "../db/schema";
import { HttpError } from "../http/errors.server";
import { ADMIN_PAGE_SIZE, clampPage, containsPattern, type ListQuery } from "./admin-lists.server";
import { chargesByBooking } from "./charges.server";
import { issueCreditNote, issueInvoiceForPayment, practiceFiscalIdentity } from "./invoices.server";
import { formatEuro } from "~/domain/money";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

/* ------------------------------------------------------------------------------------------------
 * Charges and balances
 * ---------------------------------------------------------------------------------------------- */

/** The stamp duty charged to each booking on its invoices (part of what it paid, not of its sessions). */
async function stampsByBooking(db: Executor, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ bookingId: invoices.bookingId, cents: sql<string>`sum(${invoices.stampDutyCents})` })
    .from(invoices)
    .where(and(inArray(invoices.bookingId, bookingIds), eq(invoices.kind, "invoice"), eq(invoices.stampDutyCharged, true)))
    .groupBy(invoices.bookingId);
  return new Map(rows.map((row) => [row.bookingId!, Number(row.cents)]));
}

async function sumsByBooking(db: Executor, table: typeof payments | typeof refunds, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ bookingId: table.bookingId, cents: sql<string>`sum(${table.amountCents})` })
    .from(table)
    .where(inArray(table.bookingId, bookingIds))
    .groupBy(table.bookingId);
  return new Map(rows.map((row) => [row.bookingId!, Number(row.cents)]));
}

/**
 * The bookings whose transfer code (domain/bank-transfer.ts) is one of `codes`: a range on the primary
 * key per code, no scan. Undefined for no codes.
 */
export function bookingsWithPaymentCodes(codes: readonly string[]) {
  if (codes.length === 0) return undefined;
  return or(
    ...codes.map((code) => {
      const { from, to } = bookingIdRange(code);
      return and(gte(groupBookings.id, from), lte(groupBookings.id, to));
    }),
  );
}

/**
 * The people the accounts list shows: confirmed bookings, and any booking that attended a meeting or
 * paid; the search looks in the name, the e-mail, the codice fiscale of their fiscal data and the
 * transfer code of a causale ("INSIEME 7YE2MWAV …" pasted from the bank statement, or the code alone).
 */
function accountsFilter(query: ListQuery<AccountFilter>) {
  const conditions = [or(eq(groupBookings.status, "confirmed"), gt(ledgerBalances.attendances, 0), gt(ledgerBalances.paidCents, 0))!];
  if (query.q) {
    const pattern = containsPattern(query.q);
    // One pass over the fiscal data (a hashed list of e-mails), not a look-up per person.
    const byCodiceFiscale = sql`lower(${groupBookings.email}) in (select ${fiscalProfiles.email} from ${fiscalProfiles} where ${fiscalProfiles.codiceFiscale} ilike ${pattern})`;
    conditions.push(or(ilike(groupBookings.name, pattern), ilike(groupBookings.email, pattern), byCodiceFiscale, bookingsWithPaymentCodes(paymentCodesIn(query.q)))!);
  }
  if (query.status === "deve") conditions.push(sql`${chargedCents} - ${ledgerBalances.paidCents} + ${ledgerBalances.refundedCents} > 0`);
  if (query.status === "credito") conditions.push(sql`${chargedCents} - ${ledgerBalances.paidCents} + ${ledgerBalances.refundedCents} < 0`);
  if (query.status === "fattura-in-attesa") conditions.push(gt(ledgerBalances.waitingInvoices, 0));
  return and(...conditions);
}

/** What the booking's charged sessions cost at `tariffs` (the first is the trial), plus the stamp duty charged to it. */
const chargedCents = sql<number>`(case when coalesce(${ledgerBalances.sessions}, 0) = 0 then 0 else ${tariffs.trial.amountCents}::int
  + (${ledgerBalances.sessions} - 1 - ${ledgerBalances.reducedSessions}) * ${tariffs.standard.amountCents}::int
  + ${ledgerBalances.reducedSessions} * ${tariffs.reduced.amountCents}::int end + coalesce(${ledgerBalances.stampCents}, 0))`.mapWith(Number);

function accountsQuery(db: Executor, filter: SQL | undefined) {
  return db
    .select({
      bookingId: groupBookings.id,
      name: groupBookings.name,
      email: groupBookings.email,
      groupName: groups.name,
      iseeApprovedAt: groupBookings.iseeApprovedAt,
      iseeRevokedAt: ledgerBalances.iseeRevokedAt,
      sessionsCharged: sql<number>`coalesce(${ledgerBalances.sessions}, 0)`.mapWith(Number),
      chargedCents,
      paidCents: sql<number>`coalesce(${ledgerBalances.paidCents}, 0)`.mapWith(Number),
      refundedCents: sql<number>`coalesce(${ledgerBalances.refundedCents}, 0)`.mapWith(Number),
      waitingInvoices: sql<number>`coalesce(${ledgerBalances.waitingInvoices}, 0)`.mapWith(Number),
    })
    .from(groupBookings)
    .leftJoin(ledgerBalances, eq(ledgerBalances.bookingId, groupBookings.id))
    .leftJoin(groups, eq(groups.id, groupBookings.groupId))
    .where(filter);
}

/**
 * One page of the people with a ledger and their balance, by group and name, searched and filtered
 * (ADMIN_PAGE_SIZE a page), read from ledger_balances: no attendance row is summed here. Staff only;
 * the read is audited by the caller's route.
 */
export async function listAccounts(db: Database, query: ListQuery<AccountFilter>) {
  const filter = accountsFilter(query);
  const [counted] = await db.select({ value: count() }).from(groupBookings).leftJoin(ledgerBalances, eq(ledgerBalances.bookingId, groupBookings.id)).where(filter);
  const total = counted?.value ?? 0;
  const page = clampPage(query.page, total);
  const rows = await accountsQuery(db, filter)
    .orderBy(sql`${groups.name} asc nulls first`, sql`${groupBookings.name} asc nulls first`, asc(groupBookings.email), asc(groupBookings.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { rows: rows.map((row) => ({ ...row, name: row.name ?? row.email, owedCents: balanceCents(row.chargedCents, row.paidCents, row.refundedCents) })), total, page };
}

/** One member's balance: charges − payments + refunds (positive: still owed). */
export async function memberBalance(db: Executor, bookingId: string) {
  const [booking] = await db.select({ id: groupBookings.id, iseeApprovedAt: groupBookings.iseeApprovedAt }).from(groupBookings).where(eq(groupBookings.id, bookingId));
  if (!booking) throw new HttpError(404, "Persona non trovata.");
  const [charges, paid, refunded, stamps] = await Promise.all([
    chargesByBooking(db, [booking]),
    sumsByBooking(db, payments, [bookingId]),
    sumsByBooking(db, refunds, [bookingId]),
    stampsByBooking(db, [bookingId]),
  ]);
  const own = charges.get(bookingId) ?? [];
  const stampCents = stamps.get(bookingId) ?? 0;
  const chargedCents = totalCents(own) + stampCents;
  const paidCents = paid.get(bookingId) ?? 0;
  const refundedCents = refunded.get(bookingId) ?? 0;
  return { charges: own, stampCents, chargedCents, paidCents, refundedCents, owedCents: balanceCents(chargedCents, paidCents, refundedCents) };
}

interface OwedCharge extends Charge {
  /** What is still to pay of this charge (all of it, or the rest after a partial payment). */
  owedCents: number;
}

/**
 * The charges a member still owes, oldest first: what was paid (less refunds) covers the charges in
 * date order, as on the receipts. Each is payable on its own (online, one Checkout per charge).
 */
export async function owedCharges(db: Executor, bookingId: string): Promise<OwedCharge[]> {
  const balance = await memberBalance(db, bookingId);
  let covered = balance.paidCents - balance.refundedCents - balance.stampCents;
  const owed: OwedCharge[] = [];
  for (const charge of balance.charges) {
    const paidOfThis = Math.min(Math.max(covered, 0), charge.amountCents);
    covered -= paidOfThis;
    if (paidOfThis < charge.amountCents) owed.push({ ...charge, owedCents: charge.amountCents - paidOfThis });
  }
  return owed;
}

/** The latest payments, with their invoice or, while it waits, whether the person's fiscal data are there. */
export function recentPayments(db: Executor, limit = 20) {
  return db
    .select({
      id: payments.id,
      bookingId: payments.bookingId,
      payerName: payments.payerName,
      amountCents: payments.amountCents,
      method: payments.method,
      paidAt: payments.paidAt,
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
      stripeReference: payments.stripeReference,
      hasFiscalProfile: sql<boolean>`exists (select 1 from ${fiscalProfiles} where ${fiscalProfiles.email} = lower(${groupBookings.email}))`,
    })
    .from(payments)
    .leftJoin(invoices, eq(invoices.paymentId, payments.id))
    .leftJoin(groupBookings, eq(groupBookings.id, payments.bookingId))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

/** The latest refunds and corrections, each with its credit note. */
export function recentRefunds(db: Executor, limit = 20) {
  return db
    .select({
      id: refunds.id,
      bookingId: refunds.bookingId,
      kind: refunds.kind,
      name: groupBookings.name,
      email: groupBookings.email,
      amountCents: refunds.amountCents,
      reason: refunds.reason,
      createdAt: refunds.createdAt,
      creditNoteId: invoices.id,
      creditNoteNumber: invoices.number,
    })
    .from(refunds)
    .leftJoin(groupBookings, eq(groupBookings.id, refunds.bookingId))
    .leftJoin(invoices, eq(invoices.refundId, refunds.id))
    .orderBy(desc(refunds.createdAt))
    .limit(limit);
}

/* ------------------------------------------------------------------------------------------------
 * Recording
 * ---------------------------------------------------------------------------------------------- */

async function bookingName(tx: Executor, bookingId: string) {
  const [booking] = await tx.select({ name: groupBookings.name, email: groupBookings.email }).from(groupBookings).where(eq(groupBookings.id, bookingId));
  if (!booking) throw new HttpError(404, "Persona non trovata.", { booking_id: "Persona non trovata: ricarica la pagina." });
  return booking.name ?? booking.email;
}

interface PaymentInput {
  bookingId: string;
  amountCents: number;
  method: PaymentMethod;
  /** Italian date the money arrived. */
  paidOn: string;
  note: string | null;
  idempotencyKey: string;
  /** Online payments: the Stripe PaymentIntent (or Checkout Session) id. */
  stripeReference?: string | null;
  /** The bank transfer's causale, when staff matched one. */
  reference?: string | null;
  /** Staff confirmed recording more than is owed (the rest becomes credit); online payments always may. */
  allowCredit?: boolean;
}

/**
 * Records a payment and, when the practice's and the person's fiscal data are complete, its invoice
 * (otherwise the invoice waits for them). The same idempotency key (a double submit) returns the
 * payment already recorded instead of a second one. A payment above what the person owes is refused
 * unless `allowCredit` (staff confirmed it; online payments always): the difference is their credit.
 */
export async function recordPayment(db: Executor, actor: SessionInfo | null, input: PaymentInput, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const payerName = await bookingName(tx, input.bookingId);
    // A parallel double submit waits here, then finds the payment the first one recorded.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment:${input.idempotencyKey}`}))`);
    const [existing] = await tx
      .select({ id: payments.id, invoiceNumber: invoices.number })
      .from(payments)
      .leftJoin(invoices, eq(invoices.paymentId, payments.id))
      .where(eq(payments.idempotencyKey, input.idempotencyKey));
    if (existing) return { ...existing, duplicate: true, fiscalDataRequested: false };
    if (!input.allowCredit) {
      // The person's own lock: two payments for one person are judged one after the other.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ledger:${input.bookingId}`}))`);
      const [{ owedCents }, { settings }] = await Promise.all([memberBalance(tx, input.bookingId), practiceFiscalIdentity(tx)]);
      // Settling it all may carry the €2 stamp duty the practice recharges: that is owed too, not credit.
      const payable = transferAmount(Math.max(owedCents, 0), settings?.stampDutyCharged ?? false).amountCents;
      if (input.amountCents > payable) {
        throw new CreditNeedsConfirmation(creditWarning(input.amountCents, payable));
      }
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        bookingId: input.bookingId,
        payerName,
        amountCents: input.amountCents,
        method: input.method,
        paidAt: romeTimeToUtc(input.paidOn, "12:00"),
        note: input.note,
        reference: input.reference ?? null,
        idempotencyKey: input.idempotencyKey,
        stripeReference: input.stripeReference ?? null,
        recordedBy: actor?.user.id ?? null,
      })
      .returning({ id: payments.id });
    const { outcome, fiscalDataRequested } = await issueInvoiceForPayment(tx, payment!.id, actor?.user.id ?? null, now);
    const invoiceNumber = outcome.status === "issued" ? outcome.number : null;
    if (actor)
      await audit(tx, actor, { action: "create", entity: "payment", entityId: payment!.id, detail: { bookingId: input.bookingId, amountCents: input.amountCents, invoiceNumber } });
    return { id: payment!.id, invoiceNumber, duplicate: false, fiscalDataRequested };
  });
}

/** A payment above what the person owes, refused until staff confirm it (the rest becomes credit); the message is on `amount`. */
export class CreditNeedsConfirmation extends HttpError {
  constructor(message: string) {
    super(409, message, { amount: message });
  }
}

/** What staff confirm before recording more than is owed. */
function creditWarning(amountCents: number, owedCents: number) {
  const owed = Math.max(owedCents, 0);
  return `La persona deve ${formatEuro(owed)}: ${formatEuro(amountCents - owed)} in più resterebbero come credito per le prossime sedute. Conferma per registrarlo.`;
}

interface RefundInput {
  bookingId: string;
  kind: CorrectionKind;
  amountCents: number;
  reason: string;
  idempotencyKey: string;
}

/**
 * Records money given back (kind refund) or a payment recorded wrongly (kind correction), with its
 * credit note against the person's latest invoice that can still be reduced by the amount. Refused
 * above what the person paid and was not yet given back, and while no invoice can carry it.
 */
export async function recordRefund(db: Database, actor: SessionInfo, input: RefundInput, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    await bookingName(tx, input.bookingId);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ledger:${input.bookingId}`}))`);
    const [existing] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.idempotencyKey, input.idempotencyKey));
    if (existing) return { id: existing.id, duplicate: true, creditNoteNumber: null };
    const [totals] = await tx
      .select({
        paid: sql<string>`coalesce((select sum(${payments.amountCents}) from ${payments} where ${payments.bookingId} = ${input.bookingId}), 0)`,
        refunded: sql<string>`coalesce((select sum(${refunds.amountCents}) from ${refunds} where ${refunds.bookingId} = ${input.bookingId}), 0)`,
      })
      .from(sql`(select 1) as one`);
    const refundable = Number(totals!.paid) - Number(totals!.refunded);
    if (input.amountCents > refundable) {
      const message =
        refundable <= 0
          ? "Questa persona non ha pagamenti da rimborsare o correggere."
          : `Al massimo ${formatEuro(refundable)}: è quanto la persona ha pagato e non ha ancora avuto indietro.`;
      throw new HttpError(422, message, { amount: message });
    }
    const [invoice] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.bookingId, input.bookingId),
          eq(invoices.kind, "invoice"),
          sql`${invoices.totalCents} - coalesce((select sum(r.amount_cents) from ${refunds} r where r.invoice_id = ${invoices.id}), 0) >= ${input.amountCents}`,
        ),
      )
      .orderBy(desc(invoices.issuedOn), desc(invoices.sequence))
      .limit(1);
    if (!invoice) {
      const message = "Nessuna fattura emessa di questa persona copre l'importo: emetti prima le fatture in attesa (servono i dati fiscali) o registra la correzione in più parti.";
      throw new HttpError(409, message, { amount: message });
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        bookingId: input.bookingId,
        kind: input.kind,
        invoiceId: invoice.id,
        amountCents: input.amountCents,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        recordedBy: actor.user.id,
        createdAt: now,
      })
      .returning({ id: refunds.id });
    const note = await issueCreditNote(tx, refund!.id, actor.user.id, now);
    await audit(tx, actor, {
      action: "create",
      entity: "refund",
      entityId: refund!.id,
      detail: { bookingId: input.bookingId, kind: input.kind, amountCents: input.amountCents, creditNoteNumber: note.number },
    });
    return { id: refund!.id, duplicate: false, creditNoteNumber: note.number };
  });
}

/** In the caller's transaction: the reduced rate applies to the member's sessions after `now`. */
export async function markIseeApproved(tx: Tx, actor: SessionInfo, bookingId: string, now: Date) {
  const [row] = await tx
    .update(groupBookings)
    .set({ iseeApprovedAt: now, iseeApprovedBy: actor.user.id, updatedAt: now })
    .where(and(eq(groupBookings.id, bookingId), sql`${groupBookings.iseeApprovedAt} is null`))
    .returning({ id: groupBookings.id });
  if (!row) throw new HttpError(409, "Tariffa agevolata già approvata, o persona non trovata.");
  await audit(tx, actor, { action: "update", entity: "booking", entityId: bookingId, detail: { iseeApproved: true } });
}

/** Staff approve a member's ISEE attestation: the reduced rate applies to the sessions after `now`. */
export async function approveIsee(db: Database, actor: SessionInfo, bookingId: string, now: Date = new Date()) {
  return db.transaction((tx) => markIseeApproved(tx, actor, bookingId, now));
}

/**
 * Staff revoke a member's ISEE approval: the sessions starting from `now` are charged the standard
 * rate again; those that started while it held stay reduced (kept in isee_revocations).
 */
export async function revokeIsee(db: Database, actor: SessionInfo, bookingId: string, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ approvedAt: groupBookings.iseeApprovedAt, approvedBy: groupBookings.iseeApprovedBy })
      .from(groupBookings)
      .where(eq(groupBookings.id, bookingId))
      .for("update");
    if (!booking?.approvedAt) throw new HttpError(409, "Nessuna tariffa agevolata da revocare, o persona non trovata.");
    await tx.insert(iseeRevocations).values({ bookingId, approvedAt: booking.approvedAt, approvedBy: booking.approvedBy, revokedAt: now, revokedBy: actor.user.id });
    await tx.update(groupBookings).set({ iseeApprovedAt: null, iseeApprovedBy: null, updatedAt: now }).where(eq(groupBookings.id, bookingId));
    await audit(tx, actor, { action: "update", entity: "booking", entityId: bookingId, detail: { iseeRevoked: true, approvedAt: booking.approvedAt.toISOString() } });
  });
}
