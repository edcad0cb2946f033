import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { clientPaymentPaths, iseeMessages, type ReviewStatus } from "~/domain/client-area";
import { tariffs } from "~/domain/ledger";
import { audit } from "../audit.server";
import type { SessionInfo } from "../auth.server";
import type { Database } from "../db/client.server";
import { groupBookings, groups, invoices, iseeRequests, payments, refunds } from "../db/schema";
import { publicBaseUrl } from "../env.server";
import { HttpError } from "../http/errors.server";
import { ClientAreaNoticeEmail } from "../mail/client-area-templates";
import { emailBody, enqueueEmails, staffEmail } from "../mail/outbox.server";
import { storage } from "../storage.server";
import { bookingName, ownBooking } from "./client-area.server";
import { iseeRequestState, paymentWithInvoice, refundWithCreditNote } from "./booking-columns.server";
import { markIseeApproved, memberBalance, owedCharges } from "./payments.server";
import { type ClientIdentity } from "../gates.server";
import { formatEuro } from "~/domain/money";

/**
 * The money side of the client area (issue 19): what each of the person's bookings was charged,
 * paid and still owes (the ledger of payments.server.ts, never recomputed here), their receipts,
 * and the reduced rate asked for with an ISEE attestation that staff review. The attestation is a
 * checked PDF kept in the private `isee` bucket; e-mails say only that it arrived or was decided.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

interface IseeRequestView {
  id: string;
  bookingId: string;
  status: ReviewStatus;
  decisionReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

/** The newest ISEE request of each of these bookings. */
async function latestIseeRequests(db: Database, bookingIds: string[]) {
  const latest = new Map<string, IseeRequestView>();
  if (bookingIds.length === 0) return latest;
  const rows = await db
    .select({
      id: iseeRequests.id,
      bookingId: iseeRequests.bookingId,
      ...iseeRequestState,
    })
    .from(iseeRequests)
    .where(inArray(iseeRequests.bookingId, bookingIds))
    .orderBy(desc(iseeRequests.createdAt));
  for (const row of rows) if (!latest.has(row.bookingId)) latest.set(row.bookingId, row);
  return latest;
}

/**
 * Each of the person's bookings that has a ledger (a confirmed membership, or anything charged or
 * paid), newest first: charges, what is still owed per session, payments with their receipts,
 * refunds, and the state of the reduced rate.
 */
export async function clientAccounts(db: Database, client: ClientIdentity) {
  const ids = client.bookings.map((booking) => booking.id);
  if (ids.length === 0) return [];
  const [rows, paid, refunded, isee] = await Promise.all([
    db
      .select({ id: groupBookings.id, status: groupBookings.status, groupName: groups.name, iseeApprovedAt: groupBookings.iseeApprovedAt })
      .from(groupBookings)
      .leftJoin(groups, eq(groups.id, groupBookings.groupId))
      .where(inArray(groupBookings.id, ids))
      .orderBy(desc(groupBookings.createdAt)),
    db
      .select({
        ...paymentWithInvoice,
        bookingId: payments.bookingId,
      })
      .from(payments)
      .leftJoin(invoices, eq(invoices.paymentId, payments.id))
      .where(inArray(payments.bookingId, ids))
      .orderBy(asc(payments.paidAt), asc(payments.createdAt)),
    db
      .select({
        ...refundWithCreditNote,
        bookingId: refunds.bookingId,
      })
      .from(refunds)
      .leftJoin(invoices, eq(invoices.refundId, refunds.id))
      .where(inArray(refunds.bookingId, ids))
      .orderBy(asc(refunds.createdAt)),
    latestIseeRequests(db, ids),
  ]);
  const accounts = await Promise.all(
    rows.map(async (row) => {
      const [balance, owed] = await Promise.all([memberBalance(db, row.id), owedCharges(db, row.id)]);
      return {
        bookingId: row.id,
        groupName: row.groupName,
        member: row.status === "confirmed",
        iseeApprovedAt: row.iseeApprovedAt,
        iseeRequest: isee.get(row.id) ?? null,
        charges: balance.charges,
        chargedCents: balance.chargedCents,
        paidCents: balance.paidCents,
        refundedCents: balance.refundedCents,
        owedCents: balance.owedCents,
        owed,
        payments: paid.filter((payment) => payment.bookingId === row.id),
        refunds: refunded.filter((refund) => refund.bookingId === row.id),
      };
    }),
  );
  return accounts.filter((account) => account.member || account.charges.length > 0 || account.payments.length > 0);
}

/**
 * The member's request for the reduced rate, stored with its attestation before the answer, once:
 * while one is pending for the booking, sending again returns it (no second file, no second e-mail).
 * Someone else's booking is a 404; a booking that is not a membership, or already reduced, a 409.
 */
export async function requestIsee(db: Database, client: ClientIdentity, bookingId: string, pdf: Buffer) {
  const own = ownBooking(client, bookingId);
  if (own.status !== "confirmed") throw new HttpError(409, iseeMessages.notMember);
  const fileKey = `${bookingId}/${randomUUID()}.pdf`;
  const result = await db.transaction(async (tx) => {
    // One request at a time per booking: a double submit waits here, then finds the first one.
    const [booking] = await tx
      .select({ email: groupBookings.email, name: groupBookings.name, iseeApprovedAt: groupBookings.iseeApprovedAt, groupName: groups.name })
      .from(groupBookings)
      .leftJoin(groups, eq(groups.id, groupBookings.groupId))
      .where(eq(groupBookings.id, bookingId))
      .for("update", { of: groupBookings });
    if (!booking) throw new HttpError(404, "Non trovato nella tua area personale.");
    if (booking.iseeApprovedAt) throw new HttpError(409, iseeMessages.alreadyReduced);
    const [open] = await tx
      .select()
      .from(iseeRequests)
      .where(and(eq(iseeRequests.bookingId, bookingId), eq(iseeRequests.status, "pending")));
    if (open) return { request: open, created: false };
    // The file first: a row never points at a file that is not there (a failed commit leaves an orphan file, never the reverse).
    await storage().put("isee", fileKey, pdf, "application/pdf");
    const [created] = await tx.insert(iseeRequests).values({ bookingId, fileKey }).returning();
    await enqueueEmails(tx, [
      {
        to: client.user.email,
        subject: "Abbiamo ricevuto la tua attestazione ISEE",
        template: "client-isee-request",
        body: emailBody(ClientAreaNoticeEmail, {
          name: bookingName(client),
          preview: "Attestazione ISEE ricevuta",
          paragraphs: [
            "abbiamo ricevuto la tua attestazione ISEE per la tariffa agevolata.",
            "Lo staff la verifica e ti scrive appena ha deciso. Fino ad allora le sedute restano alla tariffa standard: nella tua area personale vedi a che punto è la richiesta.",
          ],
          areaUrl: `${publicBaseUrl()}${clientPaymentPaths.page}`,
        }),
      },
      staffEmail({
        subject: "Nuova attestazione ISEE da verificare",
        template: "staff-isee-request",
        title: "Una persona chiede la tariffa agevolata dalla sua area personale",
        rows: [
          ["Persona", booking.name ?? booking.email],
          ["Gruppo", booking.groupName ?? "—"],
          ["Dove", "Admin → Pagamenti (l'attestazione è lì)"],
        ],
      }),
    ]);
    await audit(tx, client.session, { action: "request-isee", entity: "isee-request", entityId: created!.id, detail: { bookingId } });
    return { request: created!, created: true };
  });
  if (!result.created)
    await storage()
      .remove("isee", fileKey)
      .catch(() => undefined);
  return result;
}

/** Staff's queue: the pending ISEE requests, oldest first. */
export function pendingIseeRequests(db: Database) {
  return db
    .select({ id: iseeRequests.id, createdAt: iseeRequests.createdAt, bookingId: groupBookings.id, name: groupBookings.name, email: groupBookings.email, groupName: groups.name })
    .from(iseeRequests)
    .innerJoin(groupBookings, eq(groupBookings.id, iseeRequests.bookingId))
    .leftJoin(groups, eq(groups.id, groupBookings.groupId))
    .where(eq(iseeRequests.status, "pending"))
    .orderBy(asc(iseeRequests.createdAt));
}

/** The attestation of one request, for staff (the caller audits the read); null when missing. */
export async function iseeAttestation(db: Database, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [request] = await db.select().from(iseeRequests).where(eq(iseeRequests.id, id));
  if (!request) return null;
  const file = await storage().get("isee", request.fileKey);
  return file ? { request, body: file.body } : null;
}

/** The pending request, locked for the decision; 404 when missing, 409 when already decided. */
async function lockPending(tx: Tx, id: string) {
  const [request] = await tx.select().from(iseeRequests).where(eq(iseeRequests.id, id)).for("update");
  if (!request) throw new HttpError(404, "Richiesta non trovata.");
  if (request.status !== "pending") throw new HttpError(409, "Questa richiesta è già stata gestita.");
  return request;
}

/** Staff's answer to the member, by e-mail, pointing to the payments page of their area. */
async function answerMember(tx: Tx, bookingId: string, mail: { subject: string; template: string; preview: string; paragraphs: string[] }) {
  const [member] = await tx.select({ email: groupBookings.email, name: groupBookings.name }).from(groupBookings).where(eq(groupBookings.id, bookingId));
  await enqueueEmails(tx, [
    {
      to: member!.email,
      subject: mail.subject,
      template: mail.template,
      body: emailBody(ClientAreaNoticeEmail, {
        name: member!.name,
        preview: mail.preview,
        paragraphs: mail.paragraphs,
        areaUrl: `${publicBaseUrl()}${clientPaymentPaths.page}`,
        footerNote: "Ti scriviamo per rispondere alla richiesta che hai fatto dalla tua area personale.",
      }),
    },
  ]);
}

/** Staff approve: the reduced rate applies to the member's sessions from now on; the member is e-mailed. */
export async function approveIseeRequest(db: Database, actor: SessionInfo, id: string, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const request = await lockPending(tx, id);
    await markIseeApproved(tx, actor, request.bookingId, now);
    await tx.update(iseeRequests).set({ status: "approved", decidedAt: now, decidedBy: actor.user.email }).where(eq(iseeRequests.id, id));
    await answerMember(tx, request.bookingId, {
      subject: "Tariffa agevolata attiva",
      template: "client-isee-approved",
      preview: "La tariffa agevolata è attiva",
      paragraphs: [
        `lo staff ha verificato la tua attestazione ISEE: da oggi le tue sedute costano ${formatEuro(tariffs.reduced.amountCents)} invece di ${formatEuro(tariffs.standard.amountCents)}.`,
        "Nella tua area personale, alla voce Pagamenti, vedi ogni seduta con la sua tariffa.",
      ],
    });
    await audit(tx, actor, { action: "approve", entity: "isee-request", entityId: id, detail: { bookingId: request.bookingId } });
  });
}

/** Staff decline with a reason the member reads in their area and in the e-mail; the standard rate stays. */
export async function declineIseeRequest(db: Database, actor: SessionInfo, id: string, reason: string, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const request = await lockPending(tx, id);
    await tx.update(iseeRequests).set({ status: "declined", decisionReason: reason, decidedAt: now, decidedBy: actor.user.email }).where(eq(iseeRequests.id, id));
    await answerMember(tx, request.bookingId, {
      subject: "La tua richiesta di tariffa agevolata",
      template: "client-isee-declined",
      preview: "Lo staff ha risposto alla tua richiesta di tariffa agevolata",
      paragraphs: [
        `lo staff ha verificato la tua attestazione ISEE e per ora non può applicare la tariffa agevolata. Il motivo: «${reason}».`,
        "Puoi caricare una nuova attestazione dalla tua area personale, alla voce Pagamenti, o rispondere a questa email per parlarne.",
      ],
    });
    await audit(tx, actor, { action: "decline", entity: "isee-request", entityId: id, detail: { bookingId: request.bookingId } });
  });
}
