import { prices } from "~/content/site";
import { owesFee, type AttendanceStatus, type SessionStatus } from "./sessions";

/**
 * What a member owes, session by session, as pure arithmetic in cents. The rules are the public ones
 * (`prices` in content/site.ts, the terms in content/legal.ts): the first charged session is the trial,
 * then the standard fee, or the reduced one from the first session after staff approved an ISEE
 * attestation. Only sessions that `owesFee()` charges cost anything.
 */

export const chargeKinds = ["trial", "standard", "reduced"] as const;
export type ChargeKind = (typeof chargeKinds)[number];

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

/**
 * The charges of one booking. `reducedApprovedAt`: when staff approved the ISEE attestation; the
 * reduced rate applies to sessions starting after it ("dalla prima seduta successiva").
 */
export function chargesFor(sessions: readonly LedgerSession[], reducedApprovedAt: Date | null = null): Charge[] {
  const charged = sessions
    .filter((session) => owesFee(session.sessionStatus, session.attendanceStatus))
    .toSorted((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return charged.map((session, index) => {
    const kind: ChargeKind =
      index === 0 ? "trial" : reducedApprovedAt && session.startsAt.getTime() > reducedApprovedAt.getTime() ? "reduced" : "standard";
    return { sessionId: session.sessionId, startsAt: session.startsAt, kind, ...tariffs[kind] };
  });
}

export const totalCents = (items: readonly { amountCents: number }[]) => items.reduce((sum, item) => sum + item.amountCents, 0);

/** Charged − paid + refunded: positive means the member still owes. */
export function balanceCents(chargedCents: number, paidCents: number, refundedCents: number) {
  return chargedCents - paidCents + refundedCents;
}

const euroFormat = new Intl.NumberFormat("it-IT", { style: "currency", currency: prices.currency });
export const formatCents = (amountCents: number) => euroFormat.format(amountCents / 100);
