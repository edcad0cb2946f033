import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { retention } from "~/content/site";
import type { SessionInfo } from "../auth.server";
import { audit } from "../audit.server";
import { readAnswers } from "../crypto.server";
import type { Database } from "../db/client.server";
import {
  accessTokens,
  attendance,
  calendarFeeds,
  intakeCalls,
  consentRecords,
  contacts,
  emailOutbox,
  groupBookings,
  groupSessions,
  groupWaitlist,
  invoices,
  iseeRequests,
  moveRequests,
  newsletterSubscribers,
  outcomeConsents,
  payments,
  pendingActions,
  privacyRequests,
  questionnaireResponses,
  refunds,
  registrations,
  safetyAlerts,
  user,
} from "../db/schema";

import { erasureHoldReason, type OpenBalance, type PrivacyRequestType } from "~/domain/privacy-labels";
import { memberBalance } from "./payments.server";
import { iseeRequestState } from "./booking-columns.server";
import { storage } from "../storage.server";
import { formatDate } from "~/domain/format";
import { HttpError } from "../http/errors.server";
import { careNotesKeptUntil } from "./care-notes.server";

const normalize = (email: string) => email.trim().toLowerCase();

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export async function openPrivacyRequest(db: Pick<Database, "insert">, session: SessionInfo, email: string, type: PrivacyRequestType, note?: string) {
  const [row] = await db
    .insert(privacyRequests)
    .values({
      email: normalize(email),
      type,
      note: note || null,
      dueAt: sql`now() + make_interval(days => ${retention.privacyRequestDays})`,
    })
    .returning();
  await audit(db, session, { action: "create", entity: "privacy_request", entityId: row!.id, detail: { type } });
  return row!;
}

export function listPrivacyRequests(db: Database) {
  return db.select().from(privacyRequests).orderBy(asc(privacyRequests.status), asc(privacyRequests.dueAt)).limit(200);
}

export async function completePrivacyRequest(db: Database, session: SessionInfo, id: string) {
  await db
    .update(privacyRequests)
    .set({ status: "completed", completedAt: sql`now()`, handledBy: session.user.email })
    .where(and(eq(privacyRequests.id, id), eq(privacyRequests.status, "open")));
  await audit(db, session, { action: "complete", entity: "privacy_request", entityId: id });
}

/** Everything we hold about an address (art. 15/20), health answers decrypted, as one JSON document. */
export async function collectPersonalData(db: Database, emailInput: string) {
  const email = normalize(emailInput);
  // The tables that keep an address as typed are matched in lower case.
  const isAddress = (column: AnyPgColumn) => eq(sql`lower(${column})`, email);
  const [responses, bookings, slots, waitlist, contactRows, subscriber, registrationRows, consents, mails, accounts] = await Promise.all([
    db.select().from(questionnaireResponses).where(eq(questionnaireResponses.email, email)).orderBy(desc(questionnaireResponses.createdAt)),
    db.select().from(groupBookings).where(isAddress(groupBookings.email)),
    db.select().from(intakeCalls).where(isAddress(intakeCalls.email)),
    db.select().from(groupWaitlist).where(isAddress(groupWaitlist.email)),
    db.select().from(contacts).where(isAddress(contacts.email)),
    db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)),
    db.select().from(registrations).where(eq(registrations.email, email)),
    db.select().from(consentRecords).where(eq(consentRecords.email, email)),
    db
      .select({ subject: emailOutbox.subject, template: emailOutbox.template, status: emailOutbox.status, createdAt: emailOutbox.createdAt, sentAt: emailOutbox.sentAt })
      .from(emailOutbox)
      .where(isAddress(emailOutbox.to)),
    db.select({ id: user.id, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt }).from(user).where(eq(user.email, email)),
  ]);
  // What hangs on the bookings (meetings attended or missed, money) and on the account (its calendar feed).
  const bookingIds = bookings.map((row) => row.id);
  const accountIds = accounts.map((row) => row.id);
  const [attendanceRows, paymentRows, refundRows, requests, feeds, moves, isee] = await Promise.all([
    bookingIds.length
      ? db
          .select({
            bookingId: attendance.bookingId,
            sessionId: attendance.sessionId,
            startsAt: groupSessions.startsAt,
            status: attendance.status,
            announcedAt: attendance.announcedAt,
            recordedAt: attendance.recordedAt,
          })
          .from(attendance)
          .innerJoin(groupSessions, eq(groupSessions.id, attendance.sessionId))
          .where(inArray(attendance.bookingId, bookingIds))
          .orderBy(asc(groupSessions.startsAt))
      : [],
    bookingIds.length
      ? db
          .select({ bookingId: payments.bookingId, amountCents: payments.amountCents, method: payments.method, paidAt: payments.paidAt, invoiceNumber: invoices.number })
          .from(payments)
          .leftJoin(invoices, eq(invoices.paymentId, payments.id))
          .where(inArray(payments.bookingId, bookingIds))
      : [],
    bookingIds.length
      ? db
          .select({ bookingId: refunds.bookingId, amountCents: refunds.amountCents, reason: refunds.reason, createdAt: refunds.createdAt })
          .from(refunds)
          .where(inArray(refunds.bookingId, bookingIds))
      : [],
    db.select().from(privacyRequests).where(eq(privacyRequests.email, email)),
    accountIds.length ? db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(inArray(calendarFeeds.userId, accountIds)) : [],
    bookingIds.length
      ? db
          .select({
            bookingId: moveRequests.bookingId,
            reason: moveRequests.reason,
            status: moveRequests.status,
            decisionReason: moveRequests.decisionReason,
            createdAt: moveRequests.createdAt,
            decidedAt: moveRequests.decidedAt,
          })
          .from(moveRequests)
          .where(inArray(moveRequests.bookingId, bookingIds))
      : [],
    // The attestation itself stays a file staff open; the export says it was sent and what became of it.
    bookingIds.length
      ? db
          .select({
            bookingId: iseeRequests.bookingId,
            ...iseeRequestState,
          })
          .from(iseeRequests)
          .where(inArray(iseeRequests.bookingId, bookingIds))
      : [],
  ]);
  return {
    email,
    exportedAt: new Date().toISOString(),
    questionnaireResponses: responses.map(({ answers, ...row }) => ({ ...row, answers: readAnswers(answers) })),
    groupBookings: bookings,
    intakeCalls: slots,
    waitlist,
    contacts: contactRows,
    newsletter: subscriber.map(({ confirmToken: _c, unsubscribeToken: _u, ...row }) => row),
    registrations: registrationRows,
    consents,
    emailsSent: mails,
    accounts,
    attendance: attendanceRows,
    payments: paymentRows,
    refunds: refundRows,
    privacyRequests: requests,
    calendarFeeds: feeds,
    moveRequests: moves,
    iseeRequests: isee,
  };
}

export function summarize(data: Awaited<ReturnType<typeof collectPersonalData>>) {
  return {
    Questionari: data.questionnaireResponses.length,
    Prenotazioni: data.groupBookings.length,
    Chiamate: data.intakeCalls.length,
    "Lista d'attesa": data.waitlist.length,
    Messaggi: data.contacts.length,
    Newsletter: data.newsletter.length,
    Iscrizioni: data.registrations.length,
    Consensi: data.consents.length,
    "Email inviate": data.emailsSent.length,
    Presenze: data.attendance.length,
    Pagamenti: data.payments.length,
    Rimborsi: data.refunds.length,
  };
}

/** The person's bookings whose account is not settled (still owed, or a credit), from the ledger. */
export async function openBalances(db: Database, bookings: readonly { id: string; name: string | null; email: string }[]): Promise<OpenBalance[]> {
  const balances = await Promise.all(
    bookings.map(async (booking) => ({ bookingId: booking.id, name: booking.name ?? booking.email, owedCents: (await memberBalance(db, booking.id)).owedCents })),
  );
  return balances.filter((balance) => balance.owedCents !== 0);
}

/**
 * The art. 17 request an erasure answers, completed now: the one given, else the address's open
 * erasure request, else a new one received and completed today (an erasure done on a request made by
 * telephone or in person is on the register too).
 */
async function recordErasure(tx: Tx, session: SessionInfo, email: string, requestId?: string) {
  const completed = { status: "completed" as const, completedAt: sql`now()`, handledBy: session.user.email };
  const [open] = await tx
    .update(privacyRequests)
    .set(completed)
    .where(
      requestId
        ? and(eq(privacyRequests.id, requestId), eq(privacyRequests.status, "open"))
        : and(eq(privacyRequests.email, email), eq(privacyRequests.type, "erasure"), eq(privacyRequests.status, "open")),
    )
    .returning({ id: privacyRequests.id });
  if (open) return open;
  const [created] = await tx
    .insert(privacyRequests)
    .values({
      email,
      type: "erasure",
      ...completed,
      dueAt: sql`now() + make_interval(days => ${retention.privacyRequestDays})`,
      note: "Cancellazione eseguita dallo staff dalla pagina Privacy.",
    })
    .returning({ id: privacyRequests.id });
  await audit(tx, session, { action: "create", entity: "privacy_request", entityId: created!.id, detail: { type: "erasure" } });
  return created!;
}

/**
 * Art. 17: deletes the person's data. Kept, because the law requires it: consent records (proof of
 * consent), registrations (the signed service agreement, until its retention expires), the audit log
 * and the request itself. Pending e-mails to the address are dropped so nothing is sent afterwards;
 * the ISEE attestations the person uploaded are deleted from storage once the rows are gone.
 */
export async function erasePersonalData(db: Database, session: SessionInfo, emailInput: string, requestId?: string) {
  const email = normalize(emailInput);
  let iseeFiles: string[] = [];
  const removed = await db.transaction(async (tx) => {
    const counts: Record<string, number> = {};
    const del = async (name: string, query: Promise<{ rowCount: number | null }>) => {
      counts[name] = (await query).rowCount ?? 0;
    };
    const responseIds = (await tx.select({ id: questionnaireResponses.id }).from(questionnaireResponses).where(eq(questionnaireResponses.email, email))).map((row) => row.id);
    const bookingIds = (
      await tx
        .select({ id: groupBookings.id })
        .from(groupBookings)
        .where(eq(sql`lower(${groupBookings.email})`, email))
    ).map((row) => row.id);
    const keptUntil = await careNotesKeptUntil(tx, bookingIds);
    if (keptUntil)
      throw new HttpError(
        409,
        `Cancellazione sospesa. ${erasureHoldReason(formatDate(keptUntil.toISOString().slice(0, 10)))} La richiesta resta aperta nel registro; decidete come rispondere alla persona.`,
      );
    // The clinical notes of the bookings go with them (their lock trigger lets only an erasure delete).
    await tx.execute(sql`select set_config('insieme.erasure', 'on', true)`);
    if (bookingIds.length) iseeFiles = (await tx.select({ key: iseeRequests.fileKey }).from(iseeRequests).where(inArray(iseeRequests.bookingId, bookingIds))).map((row) => row.key);
    await del("access_tokens", tx.delete(accessTokens).where(eq(accessTokens.email, email)));
    await del("pending_actions", tx.delete(pendingActions).where(eq(pendingActions.email, email)));
    // Safety alerts name the person (address or booking) and carry staff's and the therapist's notes; an
    // erasure the clinical record does not hold (above) takes them too. Before the bookings: their link is cleared on delete.
    const alertsOf = bookingIds.length
      ? or(eq(sql`lower(${safetyAlerts.email})`, email), inArray(safetyAlerts.bookingId, bookingIds))
      : eq(sql`lower(${safetyAlerts.email})`, email);
    await del("safety_alerts", tx.delete(safetyAlerts).where(alertsOf));
    await del("intake_calls", tx.delete(intakeCalls).where(eq(sql`lower(${intakeCalls.email})`, email)));
    await del("group_bookings", tx.delete(groupBookings).where(eq(sql`lower(${groupBookings.email})`, email)));
    await del("group_waitlist", tx.delete(groupWaitlist).where(eq(sql`lower(${groupWaitlist.email})`, email)));
    if (responseIds.length) await del("internal_questionnaire_responses", tx.delete(questionnaireResponses).where(inArray(questionnaireResponses.id, responseIds)));
    await del("contacts", tx.delete(contacts).where(eq(sql`lower(${contacts.email})`, email)));
    // The outcome questionnaires go with their bookings (cascade); the consent to them goes with the address.
    await del("outcome_consents", tx.delete(outcomeConsents).where(eq(outcomeConsents.email, email)));
    await del("newsletter_subscribers", tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)));
    await del("email_outbox", tx.delete(emailOutbox).where(eq(sql`lower(${emailOutbox.to})`, email)));
    await tx.execute(sql`update jobs set status = 'cancelled' where status = 'pending' and payload::text ilike ${`%${email}%`}`);
    const request = await recordErasure(tx, session, email, requestId);
    await audit(tx, session, { action: "erase", entity: "person", entityId: null, detail: { requestId: request.id, removed: counts } });
    return { ...counts, isee_attestations: iseeFiles.length };
  });
  // After the commit: a rolled-back erasure keeps its files; a file left by a failed removal is unreachable (no row names it).
  for (const key of iseeFiles)
    await storage()
      .remove("isee", key)
      .catch(() => undefined);
  return removed;
}
