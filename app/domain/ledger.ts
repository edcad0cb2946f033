import { z } from "zod";
import { labelled } from "./labelled";
import { prices } from "~/content/site";
import { invoicePaymentMethods, type InvoicePaymentMethod } from "./invoice-rules";
import { owesFee, type AttendanceStatus, type SessionStatus } from "./sessions";

/**
 * What a member owes, session by session, as pure arithmetic in cents. The rules are the public ones
 * (`prices` in content/site.ts, the terms in content/legal.ts): the first charged session is the trial,
 * then the standard fee, or the reduced one from the first session after staff approved an ISEE
 * attestation. Only sessions that `owesFee()` charges cost anything.
 */

type ChargeKind = "trial" | "standard" | "reduced";

export const chargeKindLabels: Record<ChargeKind, string> = { trial: "Seduta di prova", standard: "Seduta", reduced: "Seduta (tariffa agevolata)" };

const cents = (euro: number) => Math.round(euro * 100);

/**
 * Amount and platform/therapist split per kind. The legal texts give no split for the trial: it is
 * recorded like the reduced one (same €30 total, therapist paid the same €21).
 */
export const tariffs: Record<ChargeKind, { amountCents: number; platformCents: number; therapistCents: number }> = {
  trial: { amountCents: cents(prices.firstSession), platformCents: cents(prices.reducedSplit.platform), therapistCents: cents(prices.reducedSplit.therapist) },
  standard: { amountCents: cents(prices.followingSession), platformCents: cents(prices.standardSplit.platform), therapistCents: cents(prices.standardSplit.therapist) },
  reduced: { amountCents: cents(prices.reducedRate), platformCents: cents(prices.reducedSplit.platform), therapistCents: cents(prices.reducedSplit.therapist) },
};

export interface LedgerSession {
  sessionId: string;
  startsAt: Date;
  sessionStatus: SessionStatus;
  attendanceStatus: AttendanceStatus | null;
}

export interface Charge {
  sessionId: string;
  startsAt: Date;
  kind: ChargeKind;
  amountCents: number;
  platformCents: number;
  therapistCents: number;
}

/** An ISEE approval staff revoked: the sessions that started strictly between the two stay reduced. */
export interface RevokedPeriod {
  approvedAt: Date;
  revokedAt: Date;
}

/**
 * The charges of one booking. `reducedApprovedAt`: when staff approved the ISEE attestation; the
 * reduced rate applies to sessions starting after it ("dalla prima seduta successiva"), and to those
 * that started within an approval later revoked (`revoked`). The first charged session is the trial
 * whatever the rate. The database applies the same rule in SQL (services/charges.server.ts, ledger_balances).
 */
export function chargesFor(sessions: readonly LedgerSession[], reducedApprovedAt: Date | null = null, revoked: readonly RevokedPeriod[] = []): Charge[] {
  const charged = sessions.filter((session) => owesFee(session.sessionStatus, session.attendanceStatus)).toSorted((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return charged.map((session, index) => {
    const at = session.startsAt.getTime();
    const reduced = (reducedApprovedAt && at > reducedApprovedAt.getTime()) || revoked.some((period) => at > period.approvedAt.getTime() && at < period.revokedAt.getTime());
    const kind: ChargeKind = index === 0 ? "trial" : reduced ? "reduced" : "standard";
    return { sessionId: session.sessionId, startsAt: session.startsAt, kind, ...tariffs[kind] };
  });
}

export const totalCents = (items: readonly { amountCents: number }[]) => items.reduce((sum, item) => sum + item.amountCents, 0);

/** Charged − paid + refunded: positive means the member still owes. */
export function balanceCents(chargedCents: number, paidCents: number, refundedCents: number) {
  return chargedCents - paidCents + refundedCents;
}

/** How the person paid: the invoice's methods (traceable or not, as the Sistema TS record says). */
export const paymentMethods = invoicePaymentMethods;
export type PaymentMethod = InvoicePaymentMethod;
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  bank_transfer: "Bonifico",
  card: "Carta o bancomat (POS)",
  stripe: "Carta (Stripe)",
  cheque: "Assegno",
  cash: "Contanti",
  other: "Altro",
};
/** A fattura sanitaria, or the nota di credito that corrects one. */
export const invoiceKinds = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];
/** Money given back (refund), or a payment recorded wrongly corrected with no money moving (correction). */
export const correctionKinds = ["refund", "correction"] as const;
export type CorrectionKind = (typeof correctionKinds)[number];

/** Staff record these by hand; Stripe payments arrive only through its webhook. */
export const manualPaymentMethods = ["bank_transfer", "card", "cheque", "cash", "other"] as const;

/** A single payment or refund above this is surely a typo. */
const MAX_AMOUNT_CENTS = 1_000_000;

/** "35", "35,00", "35.5" → cents; anything else → NaN. */
export function parseEuroToCents(input: string) {
  const text = input.trim().replace(/\s|€/g, "");
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text.replace(",", ".")) * 100);
}

const amount = z
  .string({ error: "Indica l'importo." })
  .trim()
  .min(1, "Indica l'importo.")
  .transform(parseEuroToCents)
  .refine((cents) => Number.isFinite(cents), "Importo non valido: scrivi per esempio 35 oppure 35,00.")
  .refine((cents) => cents > 0, "L'importo deve essere maggiore di zero.")
  .refine((cents) => cents <= MAX_AMOUNT_CENTS, "Importo troppo alto: controlla la cifra.");

const idempotencyKey = z.uuid("Modulo scaduto: ricarica la pagina.");
/** Nothing chosen (Conform sends an empty select as missing) is asked for; anything else is not a person of the list. */
const bookingId = z.uuid({ error: (issue) => (issue.input === undefined ? "Scegli la persona." : "Persona non valida.") });

export const paymentSchema = z.object({
  booking_id: bookingId,
  amount,
  method: z.enum(manualPaymentMethods, "Scegli il metodo di pagamento."),
  paid_on: z.iso.date("Indica una data valida."),
  note: z
    .string()
    .trim()
    .max(500, "Massimo 500 caratteri.")
    .optional()
    .transform((value) => value || null),
  /** Staff confirmed recording more than is owed: the difference is the person's credit. */
  confirm_credit: z.boolean().optional(),
  idempotency_key: idempotencyKey,
});

export const refundSchema = z.object({
  booking_id: bookingId,
  kind: z.enum(correctionKinds, "Scegli se è un rimborso o una correzione.").default("refund"),
  amount,
  reason: z.string({ error: "Scrivi il motivo del rimborso." }).trim().min(1, "Scrivi il motivo del rimborso.").max(500, "Massimo 500 caratteri."),
  idempotency_key: idempotencyKey,
});

type Split = Pick<Charge, "amountCents" | "platformCents" | "therapistCents">;

/**
 * How a payment divides between platform and therapist: it pays the member's charges in date order
 * after what `priorPaidCents` already covered, each share split like its charge; whatever is paid
 * ahead of any charge is split like `ahead` (the tariff the member pays now).
 */
export function splitPayment(amountCents: number, priorPaidCents: number, charges: readonly Split[], ahead: Split) {
  let covered = priorPaidCents;
  let left = amountCents;
  let platformCents = 0;
  const share = (cents: number, split: Split) => Math.round((cents * split.platformCents) / split.amountCents);
  for (const charge of charges) {
    if (left <= 0) break;
    const open = charge.amountCents - Math.min(covered, charge.amountCents);
    covered = Math.max(0, covered - charge.amountCents);
    const paid = Math.min(open, left);
    platformCents += share(paid, charge);
    left -= paid;
  }
  if (left > 0) platformCents += share(left, ahead);
  return { platformCents, therapistCents: amountCents - platformCents };
}

/** The filters of the accounts list (/admin/pagamenti): who owes money, who has credit, whose invoice waits for fiscal data. */
export const [accountFilters, accountFilterLabels] = labelled({ deve: "Deve dei soldi", credito: "Ha credito", "fattura-in-attesa": "Fattura in attesa dei dati" });
export type AccountFilter = (typeof accountFilters)[number];
