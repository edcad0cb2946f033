import { site } from "~/content/site";
import { epcQr, type EpcQr } from "./epc-qr";
import { checkIban, formatIban } from "./iban";
import { STAMP_DUTY_CENTS, stampDutyApplies } from "./invoice-rules";
import { formatNumericDate } from "./italian-date";

/**
 * Paying by bank transfer: the causale a member writes on the transfer, so staff can tell whose money
 * arrived, and what the payments page and the e-mails show beside what is owed. Pure, shared by the
 * page, the reminder e-mail and staff's search.
 *
 * The causale is "INSIEME 7K2M9QXA 3 sedute fino al 12/11/2026": the brand, a code of the booking and
 * what it pays for. The code is the first 40 bits of the booking's id (a random UUID) in Crockford's
 * base 32: eight characters without I, L, O or U, so it reads aloud and survives a bank writing it in
 * capitals; a mistyped character gives no match rather than someone else. Two bookings share a code
 * with a chance of about n²/2⁴¹ (1 in 22,000 with 10,000 bookings): the search lists every match.
 * Only the characters every SEPA bank accepts (EPC217-08 basic Latin set) appear.
 */

/** What any SEPA bank carries unchanged: a-z A-Z 0-9 / - ? : ( ) . , ' + and the space (EPC217-08, §1.4). */
const SEPA_BASIC_LATIN = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
export const isSepaText = (text: string) => SEPA_BASIC_LATIN.test(text);

export const PAYMENT_REFERENCE_PREFIX = site.brand.toUpperCase();
export const PAYMENT_CODE_LENGTH = 8;
/** Crockford's base 32: digits and letters without I, L, O, U. */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** 40 bits: the first ten hexadecimal digits of the UUID. */
const CODE_HEX_DIGITS = 10;

/** "3f9c2a71-5b…" → "7YE2MWAV": the booking's code on its transfers. */
export function paymentCode(bookingId: string) {
  const hex = bookingId.replace(/-/g, "").slice(0, CODE_HEX_DIGITS);
  if (!/^[0-9a-f]{10}$/i.test(hex)) throw new RangeError(`Not a booking id: ${bookingId}`);
  let value = Number.parseInt(hex, 16);
  let code = "";
  for (let index = 0; index < PAYMENT_CODE_LENGTH; index++) {
    code = CROCKFORD[value % 32] + code;
    value = Math.floor(value / 32);
  }
  return code;
}

/** The causale of a booking's transfer for the sessions it still owes (their start, oldest first). */
export function paymentReference(bookingId: string, owedSessions: readonly (Date | string)[] = []) {
  const head = `${PAYMENT_REFERENCE_PREFIX} ${paymentCode(bookingId)}`;
  const last = owedSessions.at(-1);
  if (last === undefined) return head;
  const date = formatNumericDate(last);
  return owedSessions.length === 1 ? `${head} seduta del ${date}` : `${head} ${owedSessions.length} sedute fino al ${date}`;
}

/** One character as Crockford reads it: lower case, and I/L for 1, O for 0; undefined for anything else. */
function crockfordDigit(character: string) {
  const upper = character.toUpperCase().replace(/[IL]/, "1").replace("O", "0");
  const digit = CROCKFORD.indexOf(upper);
  return digit < 0 ? undefined : CROCKFORD[digit];
}

function readCode(candidate: string) {
  const digits = [...candidate].map(crockfordDigit);
  return digits.every((digit) => digit !== undefined) ? digits.join("") : null;
}

const CODE_AFTER_PREFIX = new RegExp(`${PAYMENT_REFERENCE_PREFIX}[\\s:.\\-]*([0-9A-Z]{${PAYMENT_CODE_LENGTH}})(?![0-9A-Z])`, "gi");
const BARE_CODE = new RegExp(`^[0-9A-Z]{${PAYMENT_CODE_LENGTH}}$`, "i");

/**
 * The booking codes in a text staff paste from a bank statement ("BONIFICO … INSIEME 7K2M9QXA 3
 * SEDUTE …", in any case, with the space lost or not) or in the code alone. Empty when there is none.
 */
export function paymentCodesIn(text: string): string[] {
  const trimmed = text.trim();
  const candidates = BARE_CODE.test(trimmed) ? [trimmed] : [...trimmed.matchAll(CODE_AFTER_PREFIX)].map((match) => match[1]!);
  return [...new Set(candidates.map(readCode).filter((code) => code !== null))];
}

/** The booking ids that carry a code: every UUID whose first 40 bits are its digits, as an inclusive range. */
export function bookingIdRange(code: string) {
  let value = 0;
  for (const character of code) {
    const digit = CROCKFORD.indexOf(character);
    if (digit < 0 || code.length !== PAYMENT_CODE_LENGTH) throw new RangeError(`Not a payment code: ${code}`);
    value = value * 32 + digit;
  }
  const hex = value.toString(16).padStart(CODE_HEX_DIGITS, "0");
  const prefix = `${hex.slice(0, 8)}-${hex.slice(8)}`;
  return { from: `${prefix}00-0000-0000-000000000000`, to: `${prefix}ff-ffff-ffff-ffffffffffff` };
}

/**
 * What to transfer to settle `owedCents`. When the practice recharges the stamp duty, an invoice above
 * €77.47 carries €2 more, and the invoice of a transfer counts it within the amount paid
 * (`stampDutyFor`): paying the €2 with the rest settles the account in one transfer.
 */
export function transferAmount(owedCents: number, stampDutyCharged: boolean) {
  const stampDutyCents = stampDutyCharged && stampDutyApplies(owedCents) ? STAMP_DUTY_CENTS : 0;
  return { amountCents: owedCents + stampDutyCents, stampDutyCents };
}

/** The practice's bank details, as its settings hold them. */
export interface PracticeAccount {
  iban: string | null;
  accountHolder: string | null;
  stampDutyCharged: boolean;
}

export interface OwedByBooking {
  bookingId: string;
  /** The balance: positive when the member owes. */
  owedCents: number;
  /** The start of each session still owed, oldest first. */
  owedSessions: readonly (Date | string)[];
}

export type BankTransferDetails =
  | {
      status: "ready";
      /** Without spaces, as it is copied and encoded; `ibanGroups` is the same in groups of four. */
      iban: string;
      ibanGroups: string;
      holder: string;
      amountCents: number;
      stampDutyCents: number;
      reference: string;
      /** Null when the holder's name cannot go in the code (longer than 70 characters); the values still show. */
      qr: EpcQr | null;
    }
  | { status: "contact"; amountCents: number; stampDutyCents: number };

/**
 * How a member pays what they owe by transfer; null when they owe nothing. Without the practice's IBAN
 * (a valid one) and account holder, the member is told to contact the practice: no IBAN is ever made up.
 * The code carries no BIC: EPC069-12 version 002 leaves it out within the EEA, and a BIC mistyped in
 * the settings would otherwise cost the member the code.
 */
export function bankTransferDetails(practice: PracticeAccount | null, debt: OwedByBooking): BankTransferDetails | null {
  if (debt.owedCents <= 0) return null;
  const { amountCents, stampDutyCents } = transferAmount(debt.owedCents, practice?.stampDutyCharged ?? false);
  const iban = checkIban(practice?.iban ?? "");
  const holder = practice?.accountHolder?.trim() ?? "";
  if (!iban.ok || holder === "") return { status: "contact", amountCents, stampDutyCents };
  const reference = paymentReference(debt.bookingId, debt.owedSessions);
  const qr = epcQr({ name: holder, iban: iban.value, amountCents, remittance: reference });
  return { status: "ready", iban: iban.value, ibanGroups: formatIban(iban.value), holder, amountCents, stampDutyCents, reference, qr: qr.ok ? qr.qr : null };
}

/** The page's block: the details, and the EPC code drawn as SVG on the server (the browser loads no QR library). */
export type BankTransferView = BankTransferDetails & { qrSvg: string | null };
