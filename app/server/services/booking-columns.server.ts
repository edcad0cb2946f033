import { invoices, iseeRequests, payments, refunds } from "../db/schema";

/**
 * The columns a booking's money and requests are read with wherever they are shown: the person's own
 * payments page (client-payments), staff's account page (person-account) and the art. 15 export
 * (privacy-requests). Each query adds what only it shows.
 */

/** A payment and its fattura (none yet while it waits for the fiscal data): join `invoices` on `invoices.paymentId`. */
export const paymentWithInvoice = {
  id: payments.id,
  amountCents: payments.amountCents,
  method: payments.method,
  paidAt: payments.paidAt,
  invoiceId: invoices.id,
  invoiceNumber: invoices.number,
};

/** A refund or correction and its nota di credito: join `invoices` on `invoices.refundId`. */
export const refundWithCreditNote = {
  id: refunds.id,
  amountCents: refunds.amountCents,
  createdAt: refunds.createdAt,
  creditNoteId: invoices.id,
  creditNoteNumber: invoices.number,
};

/** Where an ISEE request (the reduced rate) stands. */
export const iseeRequestState = {
  status: iseeRequests.status,
  decisionReason: iseeRequests.decisionReason,
  createdAt: iseeRequests.createdAt,
  decidedAt: iseeRequests.decidedAt,
};
