import { formatCreditNoteNumber, formatInvoiceNumber, sessionLineDescription, stampDutyApplies, STAMP_DUTY_CENTS } from "./invoice-rules";
import type { InvoiceKind } from "./ledger";

/**
 * The practice's fiscal identity and the documents' numbering (DESIGN §14a). Pure: shared by the
 * settings screen, which says what is missing, and the server, which issues no invoice until
 * nothing is.
 */

export interface PracticeFiscalFields {
  legalName?: string | null;
  addressLine?: string | null;
  postalCode?: string | null;
  city?: string | null;
  province?: string | null;
  partitaIva?: string | null;
  codiceFiscale?: string | null;
  iban?: string | null;
  accountHolder?: string | null;
}

/** The fields an invoice cannot go without, with the label staff read on the settings screen. */
export const practiceFiscalLabels = {
  legalName: "Denominazione",
  addressLine: "Indirizzo",
  postalCode: "CAP",
  city: "Comune",
  province: "Provincia",
  partitaIva: "Partita IVA",
  codiceFiscale: "Codice fiscale",
  iban: "IBAN",
  accountHolder: "Intestatario del conto",
} as const satisfies Record<keyof PracticeFiscalFields, string>;

/**
 * The local trial's practice identity (`npm start` seeds it, marked demo): plainly fictitious, with
 * numbers that pass their checks. A row stays marked demo while its name, partita IVA, codice fiscale
 * or IBAN is still one of these.
 */
export const demoPracticeIdentity = {
  legalName: "Studio Insieme – dati di prova",
  addressLine: "Via dell'Esempio 1",
  postalCode: "00100",
  city: "Roma",
  province: "RM",
  partitaIva: "12345678903",
  codiceFiscale: "12345678903",
  iban: "IT60X0542811101000000123456",
  accountHolder: "Studio Insieme – dati di prova",
} as const;

/** The gap of demo values where they are refused (a real production start): fictitious data issue no invoice. */
export const DEMO_VALUES_GAP = "Dati di prova";

/** The labels of what is still missing, in the order of the form. */
export function practiceFiscalGaps(fields: PracticeFiscalFields): string[] {
  return (Object.keys(practiceFiscalLabels) as (keyof PracticeFiscalFields)[]).filter((key) => !fields[key]?.trim()).map((key) => practiceFiscalLabels[key]);
}

/** The number of the `sequence`-th document of its kind in `year`. */
export const documentNumberOf = (kind: InvoiceKind, year: number, sequence: number) =>
  kind === "credit_note" ? formatCreditNoteNumber(year, sequence) : formatInvoiceNumber(year, sequence);

/** One line of an invoice: one session by its date (paid ahead, or not), or an advance on the sessions to come. */
export function invoiceLineDescription(startsAt: Date | null, advance = false) {
  if (!startsAt) return "Anticipo su sedute di psicoterapia di gruppo";
  return `${sessionLineDescription(startsAt)}${advance ? " (pagamento anticipato)" : ""}`;
}

/**
 * The stamp duty of an invoice documenting `paidCents`. Charged to the person (a practice setting),
 * it is part of what they paid, so it applies when the rest still exceeds the threshold; when only
 * the whole exceeds it, the practice bears it.
 */
export function stampDutyFor(paidCents: number, chargedToPerson: boolean) {
  if (chargedToPerson && stampDutyApplies(paidCents - STAMP_DUTY_CENTS)) return { cents: STAMP_DUTY_CENTS, charged: true };
  if (stampDutyApplies(paidCents)) return { cents: STAMP_DUTY_CENTS, charged: false };
  return { cents: 0, charged: false };
}
