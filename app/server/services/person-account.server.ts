import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import { consentsOf, privacyRequestsOf } from "./client-data.server";
import { fiscalEmail } from "./invoices.server";
import { memberBalance } from "./payments.server";
import type { Database } from "../db/client.server";
import {
  attendance,
  fiscalDataRequests,
  fiscalProfiles,
  groupBookings,
  groups,
  groupSessions,
  invoices,
  iseeRequests,
  moveRequests,
  payments,
  refunds,
  therapists,
} from "../db/schema";
import { HttpError } from "../http/errors.server";
import { ADMIN_PAGE_SIZE, clampPage } from "./admin-lists.server";
import { iseeRequestState, paymentWithInvoice, refundWithCreditNote } from "./booking-columns.server";

/**
 * One person's account for staff (`/admin/persone/:bookingId`): who they are, their fiscal data, and
 * everything the practice holds about their path and their money. A person is a booking (the ledger's
 * member); what hangs on their address (fiscal data, consents, privacy requests, their other
 * bookings) is read by the address in lower case. Every list is indexed by the booking or the
 * address, and the long ones (attendance, payments, refunds) are read one page at a time.
 */

/**
 * Staff's names for these bookings: the full name and the e-mail of each, by id, so two "Giulia R." of
 * one group read apart on a staff screen that otherwise shows the therapist's short names.
 */
export async function bookingContacts(db: Database, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return new Map<string, { name: string; email: string }>();
  const rows = await db
    .select({ id: groupBookings.id, name: groupBookings.name, email: groupBookings.email })
    .from(groupBookings)
    .where(inArray(groupBookings.id, [...bookingIds]));
  return new Map(rows.map((row) => [row.id, { name: row.name ?? row.email, email: row.email }]));
}

/** The groups a move request names, and the invoice a refund corrects. */
const preferredGroup = alias(groups, "preferred_group");
const targetGroup = alias(groups, "target_group");
const correctedInvoice = alias(invoices, "corrected_invoice");

type Sections = "attendance" | "payments" | "refunds";
export type AccountPages = Record<Sections, number>;

/**
 * One page of a booking's long list: `table`'s rows of the booking are counted, and `rows` (the list's
 * query, ordered, without a filter nor a limit) is read at the page asked for, clamped to the last one.
 */
async function sectionPage<Q extends PgSelect>(db: Database, table: typeof attendance | typeof payments | typeof refunds, bookingId: string, requested: number, rows: Q) {
  const ofBooking = eq(table.bookingId, bookingId);
  const [counted] = await db.select({ value: count() }).from(table).where(ofBooking);
  const value = counted?.value ?? 0;
  const page = clampPage(requested, value);
  const pageRows: Awaited<Q> = await rows
    .where(ofBooking)
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { rows: pageRows, total: value, page, pageSize: ADMIN_PAGE_SIZE };
}

async function bookingOf(db: Database, bookingId: string) {
  const [booking] = await db
    .select({
      id: groupBookings.id,
      name: groupBookings.name,
      email: groupBookings.email,
      phone: groupBookings.phone,
      ageBracket: groupBookings.ageBracket,
      status: groupBookings.status,
      createdAt: groupBookings.createdAt,
      iseeApprovedAt: groupBookings.iseeApprovedAt,
      groupId: groups.id,
      groupName: groups.name,
      therapistName: therapists.name,
    })
    .from(groupBookings)
    .leftJoin(groups, eq(groups.id, groupBookings.groupId))
    .leftJoin(therapists, eq(therapists.id, groupBookings.therapistId))
    .where(eq(groupBookings.id, bookingId));
  if (!booking) throw new HttpError(404, "Persona non trovata.");
  return booking;
}

/** Meetings of the booking, newest first, with the charge each one made (from the ledger). */
function attendancePage(db: Database, bookingId: string, page: number) {
  return sectionPage(
    db,
    attendance,
    bookingId,
    page,
    db
      .select({
        sessionId: groupSessions.id,
        startsAt: groupSessions.startsAt,
        sessionStatus: groupSessions.status,
        groupName: groups.name,
        status: attendance.status,
        announcedAt: attendance.announcedAt,
      })
      .from(attendance)
      .innerJoin(groupSessions, eq(groupSessions.id, attendance.sessionId))
      .innerJoin(groups, eq(groups.id, groupSessions.groupId))
      .orderBy(desc(groupSessions.startsAt), desc(groupSessions.id))
      .$dynamic(),
  );
}

/** Payments, newest first, each with its fattura (or none yet: it waits for the fiscal data). */
function paymentsPage(db: Database, bookingId: string, page: number) {
  return sectionPage(
    db,
    payments,
    bookingId,
    page,
    db
      .select({
        ...paymentWithInvoice,
        note: payments.note,
        stripeReference: payments.stripeReference,
        invoiceIssuedOn: invoices.issuedOn,
        stampDutyCents: invoices.stampDutyCents,
        stampDutyCharged: invoices.stampDutyCharged,
      })
      .from(payments)
      .leftJoin(invoices, eq(invoices.paymentId, payments.id))
      .orderBy(desc(payments.paidAt), desc(payments.createdAt))
      .$dynamic(),
  );
}

/** Refunds and corrections, newest first, each with its nota di credito and the invoice it corrects. */
function refundsPage(db: Database, bookingId: string, page: number) {
  return sectionPage(
    db,
    refunds,
    bookingId,
    page,
    db
      .select({
        ...refundWithCreditNote,
        kind: refunds.kind,
        reason: refunds.reason,
        correctsNumber: correctedInvoice.number,
      })
      .from(refunds)
      .leftJoin(invoices, eq(invoices.refundId, refunds.id))
      .leftJoin(correctedInvoice, eq(correctedInvoice.id, refunds.invoiceId))
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .$dynamic(),
  );
}

/** Requests and consents are few per person: the latest of each, by booking or by address (indexed). */
const REQUESTS_SHOWN = 50;

async function requestsOf(db: Database, bookingId: string, email: string) {
  const [moves, isee, privacy, consents, otherBookings] = await Promise.all([
    db
      .select({
        id: moveRequests.id,
        reason: moveRequests.reason,
        status: moveRequests.status,
        decisionReason: moveRequests.decisionReason,
        createdAt: moveRequests.createdAt,
        decidedAt: moveRequests.decidedAt,
        preferredGroup: preferredGroup.name,
        toGroup: targetGroup.name,
      })
      .from(moveRequests)
      .leftJoin(preferredGroup, eq(preferredGroup.id, moveRequests.preferredGroupId))
      .leftJoin(targetGroup, eq(targetGroup.id, moveRequests.toGroupId))
      .where(eq(moveRequests.bookingId, bookingId))
      .orderBy(desc(moveRequests.createdAt))
      .limit(REQUESTS_SHOWN),
    db
      .select({
        id: iseeRequests.id,
        ...iseeRequestState,
      })
      .from(iseeRequests)
      .where(eq(iseeRequests.bookingId, bookingId))
      .orderBy(desc(iseeRequests.createdAt))
      .limit(REQUESTS_SHOWN),
    privacyRequestsOf(db, email).limit(REQUESTS_SHOWN),
    consentsOf(db, email).limit(REQUESTS_SHOWN),
    db
      .select({ id: groupBookings.id, status: groupBookings.status, createdAt: groupBookings.createdAt, groupName: groups.name })
      .from(groupBookings)
      .leftJoin(groups, eq(groups.id, groupBookings.groupId))
      .where(and(eq(sql`lower(${groupBookings.email})`, email), ne(groupBookings.id, bookingId)))
      .orderBy(desc(groupBookings.createdAt))
      .limit(REQUESTS_SHOWN),
  ]);
  return { moves, isee, privacy, consents, otherBookings };
}

async function fiscalOf(db: Database, bookingId: string, email: string) {
  const [[profile], [asked], [waiting]] = await Promise.all([
    db.select().from(fiscalProfiles).where(eq(fiscalProfiles.email, email)),
    db.select({ requestedAt: fiscalDataRequests.requestedAt }).from(fiscalDataRequests).where(eq(fiscalDataRequests.email, email)),
    db
      .select({ value: count() })
      .from(payments)
      .leftJoin(invoices, eq(invoices.paymentId, payments.id))
      .where(and(eq(payments.bookingId, bookingId), sql`${invoices.id} is null`)),
  ]);
  return { profile: profile ?? null, requestedAt: asked?.requestedAt ?? null, invoicesWaiting: waiting?.value ?? 0 };
}

/**
 * Everything on the account page of one booking; `pages` are the pages asked for of the long lists.
 * Staff only: the route audits the read. 404 when there is no such booking.
 */
export async function personAccount(db: Database, bookingId: string, pages: AccountPages) {
  const person = await bookingOf(db, bookingId);
  const email = fiscalEmail(person.email);
  const [balance, fiscal, requests, attended, paid, refunded] = await Promise.all([
    memberBalance(db, bookingId),
    fiscalOf(db, bookingId, email),
    requestsOf(db, bookingId, email),
    attendancePage(db, bookingId, pages.attendance),
    paymentsPage(db, bookingId, pages.payments),
    refundsPage(db, bookingId, pages.refunds),
  ]);
  const charges = new Map(balance.charges.map((charge) => [charge.sessionId, charge]));
  const { charges: all, ...totals } = balance;
  return {
    person,
    fiscal,
    balance: { ...totals, sessionsCharged: all.length },
    attendance: { ...attended, rows: attended.rows.map((row) => ({ ...row, charge: charges.get(row.sessionId) ?? null })) },
    payments: paid,
    refunds: refunded,
    ...requests,
  };
}
