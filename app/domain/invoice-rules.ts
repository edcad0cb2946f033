import { addDays, isoWeekday } from "./calendar";
import { labelled } from "./labelled";
import { formatNumericDate } from "./italian-date";
import { formatEuro } from "./money";

/**
 * The rules of the fattura sanitaria, the invoice a practice gives a private person for psychotherapy
 * (sources in docs/books-sources.md). It is issued on paper or as PDF, never through SdI (art. 10-bis
 * D.L. 119/2018, made permanent by D.Lgs. 81/2025); it is VAT-exempt; above €77.47 of exempt amount it
 * bears €2 of stamp duty; it names the person by codice fiscale; and once a year it is reported to the
 * Sistema Tessera Sanitaria, without the codice fiscale when the person opposed.
 */

/** Stamp duty is due when a document's amounts outside VAT exceed this (art. 13 Tariffa, D.P.R. 642/1972). */
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;
export const STAMP_DUTY_CENTS = 200;

/** `exemptCents`: the exempt services of the invoice, without any stamp duty recharged. Exactly €77.47 owes none. */
export const stampDutyApplies = (exemptCents: number) => exemptCents > STAMP_DUTY_THRESHOLD_CENTS;

export interface InvoiceTotals {
  servicesCents: number;
  stampDutyApplies: boolean;
  /** What the person pays for the stamp: 200 when it applies and the practice recharges it, else 0. */
  stampDutyChargedCents: number;
  totalCents: number;
}

/** The totals of an invoice from its lines; whether the €2 is recharged to the person is the practice's choice. */
export function invoiceTotals(lineCents: readonly number[], { rechargeStampDuty }: { rechargeStampDuty: boolean }): InvoiceTotals {
  const servicesCents = lineCents.reduce((sum, cents) => sum + cents, 0);
  const applies = stampDutyApplies(servicesCents);
  const stampDutyChargedCents = applies && rechargeStampDuty ? STAMP_DUTY_CENTS : 0;
  return { servicesCents, stampDutyApplies: applies, stampDutyChargedCents, totalCents: servicesCents + stampDutyChargedCents };
}

export const VAT_EXEMPTION_NOTE = "Operazione esente da IVA ai sensi dell'art. 10, comma 1, n. 18, D.P.R. 633/1972";

/**
 * The stamp-duty note of the PDF sent to the person. The practice keeps the original, with the marca da
 * bollo applied, and the copy names it: the wording the Agenzia delle Entrate indicated for invoices sent
 * by e-mail, with the mark's identification number.
 */
export function stampDutyNote(markId?: string) {
  const id = markId?.trim();
  return `Imposta di bollo di ${formatEuro(STAMP_DUTY_CENTS)} assolta sull'originale${id ? ` (identificativo marca da bollo: ${id})` : ""}`;
}

/** Printed on the invoice when the person opposed; the data still go to the Sistema TS, without their codice fiscale. */
export const SISTEMA_TS_OPPOSITION_NOTE = "Il destinatario si è opposto alla trasmissione dei dati al Sistema Tessera Sanitaria";

/** The codice fiscale reported to the Sistema TS for an invoice: none when the person opposed. */
export const sistemaTsCodiceFiscale = (codiceFiscale: string, opposed: boolean) => (opposed ? null : codiceFiscale);

/**
 * The day by which the invoices paid in `paymentYear` must reach the Sistema TS: 31 January of the
 * following year (yearly since D.Lgs. 81/2025, D.M. 29 ottobre 2025), moved to Monday when it falls on a weekend.
 */
export function sistemaTsDeadline(paymentYear: number) {
  const deadline = `${paymentYear + 1}-01-31`;
  const weekday = isoWeekday(deadline);
  return weekday >= 6 ? addDays(deadline, 8 - weekday) : deadline;
}

export type DocumentKind = "invoice" | "credit_note";
const CREDIT_NOTE_PREFIX = "NC-";

function documentNumber(year: number, sequence: number) {
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError(`Not a year: ${year}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Not a sequence number: ${sequence}`);
  return `${year}-${String(sequence).padStart(4, "0")}`;
}

/** "2026-0001": invoices are numbered from 1 each year, in one unbroken series. */
export const formatInvoiceNumber = (year: number, sequence: number) => documentNumber(year, sequence);

/** "NC-2026-0001": credit notes have their own series, so neither leaves gaps in the other. */
export const formatCreditNoteNumber = (year: number, sequence: number) => `${CREDIT_NOTE_PREFIX}${documentNumber(year, sequence)}`;

/** The parts of a number written by the two functions above; null for anything else. */
export function parseDocumentNumber(text: string): { kind: DocumentKind; year: number; sequence: number } | null {
  const match = /^(NC-)?(\d{4})-(\d{4,})$/.exec(text);
  if (!match) return null;
  const kind: DocumentKind = match[1] ? "credit_note" : "invoice";
  const year = Number(match[2]);
  const sequence = Number(match[3]);
  if (year < 2000 || sequence < 1) return null;
  const canonical = kind === "invoice" ? formatInvoiceNumber(year, sequence) : formatCreditNoteNumber(year, sequence);
  return canonical === text ? { kind, year, sequence } : null;
}

/** The line of one session: "Seduta di psicoterapia di gruppo del 12/11/2026" (the day in Italy). */
export const sessionLineDescription = (startsAt: Date | string) => `Seduta di psicoterapia di gruppo del ${formatNumericDate(startsAt)}`;

/** What a credit note says of the invoice it corrects: "Storno totale della fattura n. 2026-0001 del 12/11/2026". */
export function creditNoteReference(invoiceNumber: string, invoiceDate: Date | string, scope: "total" | "partial") {
  return `Storno ${scope === "total" ? "totale" : "parziale"} della fattura n. ${invoiceNumber} del ${formatNumericDate(invoiceDate)}`;
}

/**
 * How the person paid. Since 2020 a health expense at a practice outside the national health service
 * is deductible only when paid by a traceable means (art. 1, commi 679-680, L. 160/2019); the Sistema TS
 * record says whether it was. The keys of the ledger's methods (bank_transfer, stripe, other) mean the same here.
 */

export const [invoicePaymentMethods, invoicePaymentMethodLabels] = labelled({
  bank_transfer: "Bonifico bancario",
  card: "Carta di debito, di credito o prepagata (POS)",
  stripe: "Carta di pagamento online",
  cheque: "Assegno bancario o circolare",
  cash: "Contanti",
  other: "Altro mezzo di pagamento",
});
export type InvoicePaymentMethod = (typeof invoicePaymentMethods)[number];

/** "Other" is not counted as traceable: nothing says it was, and the person's deduction depends on it. */
export const traceablePaymentMethods: readonly InvoicePaymentMethod[] = ["bank_transfer", "card", "stripe", "cheque"];

export const isTraceablePayment = (method: InvoicePaymentMethod) => traceablePaymentMethods.includes(method);

/** The payment line of the invoice; "pagamento tracciato" on it is what spares the person other proof of payment. */
export function paymentNote(method: InvoicePaymentMethod) {
  if (method === "cash") return "Pagamento in contanti";
  if (method === "other") return "Pagamento con altro mezzo";
  const label = invoicePaymentMethodLabels[method];
  return `Pagamento tracciato: ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

/**
 * Who held a session, as the invoice names them: "Dott.ssa Maria Rossi, Albo Psicologi Lazio n. 123" when the
 * registration already names its register (as therapists enter it), "…, iscrizione all'Albo n. 123" when it is a bare number.
 */
export function invoiceTherapistLabel(name: string, registration: string | null) {
  const number = registration?.trim();
  if (!number) return name;
  return /\balbo\b/i.test(number) ? `${name}, ${number}` : `${name}, iscrizione all'Albo n. ${number}`;
}
