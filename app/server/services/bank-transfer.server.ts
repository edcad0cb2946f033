import { asc, eq } from "drizzle-orm";
import { bankTransferDetails, paymentCode, paymentCodesIn, type BankTransferDetails, type BankTransferView, type PracticeAccount } from "~/domain/bank-transfer";
import { epcQrSvg } from "~/domain/epc-qr";
import type { Database } from "../db/client.server";
import { groupBookings, groups } from "../db/schema";
import { demoValuesRefused, practiceFiscalIdentity } from "./invoices.server";
import { bookingsWithPaymentCodes, memberBalance, owedCharges } from "./payments.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

/**
 * Paying by bank transfer (issue 29, point 5): the practice's IBAN and holder from its settings, the
 * exact amount a member owes and the causale that names their booking (rules in domain/bank-transfer.ts),
 * for the client's payments page and the session reminder; and staff's way back from a causale read
 * on a bank statement to the booking.
 */

/**
 * The practice's bank details from its settings; null before they were ever saved, and while they are
 * the demo's fictitious values on a real production start (decision 061): members are then told to
 * write to the practice, never shown an account that is not its own.
 */
export async function practiceAccount(db: Executor): Promise<PracticeAccount | null> {
  const { settings } = await practiceFiscalIdentity(db);
  if (!settings || (settings.demo && demoValuesRefused())) return null;
  return { iban: settings.iban, accountHolder: settings.accountHolder, stampDutyCharged: settings.stampDutyCharged };
}

function withSvg(details: BankTransferDetails): BankTransferView {
  return { ...details, qrSvg: details.status === "ready" && details.qr ? epcQrSvg(details.qr) : null };
}

/**
 * The transfer of each of these accounts that owes something (as `clientAccounts` lists them: the
 * balance, and the sessions still owed oldest first), by booking id.
 */
export async function bankTransfersFor(db: Executor, accounts: readonly { bookingId: string; owedCents: number; owed: readonly { startsAt: Date }[] }[]) {
  const owing = accounts.filter((account) => account.owedCents > 0);
  if (owing.length === 0) return {};
  const practice = await practiceAccount(db);
  const views: Record<string, BankTransferView> = {};
  for (const account of owing) {
    const details = bankTransferDetails(practice, { bookingId: account.bookingId, owedCents: account.owedCents, owedSessions: account.owed.map((charge) => charge.startsAt) });
    if (details) views[account.bookingId] = withSvg(details);
  }
  return views;
}

/** One booking's transfer, read from its ledger (for an e-mail: no SVG); null when it owes nothing. */
export async function bankTransferOf(db: Executor, practice: PracticeAccount | null, bookingId: string) {
  const [balance, owed] = await Promise.all([memberBalance(db, bookingId), owedCharges(db, bookingId)]);
  return bankTransferDetails(practice, { bookingId, owedCents: balance.owedCents, owedSessions: owed.map((charge) => charge.startsAt) });
}

export interface PaymentReferenceMatch {
  bookingId: string;
  code: string;
  name: string;
  email: string;
  groupName: string | null;
}

/**
 * The bookings a causale names, for staff matching a transfer: `text` is what the bank statement shows
 * ("… INSIEME 7YE2MWAV 3 SEDUTE FINO AL …", any case) or the code alone. Null when the text holds no
 * code (search it as a name instead); otherwise the bookings with that code, usually one, none when the
 * code is mistyped, two in the rare case two bookings share one. A range on the primary key: no scan.
 */
export async function bookingByPaymentReference(db: Executor, text: string): Promise<{ codes: string[]; matches: PaymentReferenceMatch[] } | null> {
  const codes = paymentCodesIn(text);
  if (codes.length === 0) return null;
  const rows = await db
    .select({ bookingId: groupBookings.id, name: groupBookings.name, email: groupBookings.email, groupName: groups.name })
    .from(groupBookings)
    .leftJoin(groups, eq(groups.id, groupBookings.groupId))
    .where(bookingsWithPaymentCodes(codes))
    .orderBy(asc(groupBookings.createdAt))
    .limit(10);
  return { codes, matches: rows.map((row) => ({ ...row, code: paymentCode(row.bookingId), name: row.name ?? row.email })) };
}
