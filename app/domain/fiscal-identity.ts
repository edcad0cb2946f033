import { ROME_TIME_ZONE } from "./calendar";
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

/** The labels of what is still missing, in the order of the form. */
export function practiceFiscalGaps(fields: PracticeFiscalFields): string[] {
  return (Object.keys(practiceFiscalLabels) as (keyof PracticeFiscalFields)[])
    .filter((key) => !fields[key]?.trim())
    .map((key) => practiceFiscalLabels[key]);
}

/** "2026-0001" for an invoice (the receipts' numbering, continued), "NC-2026-0001" for a credit note. */
export const formatInvoiceNumber = (kind: InvoiceKind, year: number, sequence: number) =>
  `${kind === "credit_note" ? "NC-" : ""}${year}-${String(sequence).padStart(4, "0")}`;

const lineDate = new Intl.DateTimeFormat("it-IT", { timeZone: ROME_TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });

/** One line of an invoice: one session by its date, or an advance on the sessions to come. */
export function invoiceLineDescription(startsAt: Date | null, advance = false) {
  if (!startsAt) return "Anticipo su sedute di psicoterapia di gruppo";
  return `Seduta di psicoterapia di gruppo del ${lineDate.format(startsAt)}${advance ? " (pagamento anticipato)" : ""}`;
}

/** Stamp duty is due on an exempt invoice whose amount exceeds €77.47 (art. 13 DPR 642/1972, tariff art. 13). */
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;
export const STAMP_DUTY_CENTS = 200;

/**
 * The stamp duty of an invoice documenting `paidCents`. Charged to the person (a practice setting),
 * it is part of what they paid, so it applies when the rest still exceeds the threshold; when only
 * the whole exceeds it, the practice bears it.
 */
export function stampDutyFor(paidCents: number, chargedToPerson: boolean) {
  if (chargedToPerson && paidCents - STAMP_DUTY_CENTS > STAMP_DUTY_THRESHOLD_CENTS) return { cents: STAMP_DUTY_CENTS, charged: true };
  if (paidCents > STAMP_DUTY_THRESHOLD_CENTS) return { cents: STAMP_DUTY_CENTS, charged: false };
  return { cents: 0, charged: false };
}
