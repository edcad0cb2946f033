import { z } from "./zod";

/**
 * The IBAN the practice is paid on (ISO 13616): country, two check digits, the national account
 * number. Checked by its length for the country and the mod-97 rule, which catches every single
 * mistyped character and almost every swap of two.
 */

/** Lengths from the SWIFT IBAN registry for the SEPA countries; others are checked for 15-34 characters only. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/** Italy: IT, check digits, CIN letter, ABI (5 digits), CAB (5 digits), account (12 letters or digits). */
const ITALIAN_IBAN = /^IT\d{2}[A-Z]\d{10}[A-Z0-9]{12}$/;
const ANY_IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** " it60 x054 2811…" → "IT60X0542811…": the IBAN as stored and encoded. */
export function normaliseIban(input: string) {
  return input.replace(/\s+/g, "").toUpperCase();
}

/** ISO 7064 mod 97-10 on the rearranged IBAN (letters as 10-35), digit by digit to stay in safe integers. */
function mod97(iban: string) {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let remainder = 0;
  for (const character of rearranged) {
    const value = Number.parseInt(character, 36);
    remainder = value > 9 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

export const ibanMessages = {
  empty: "Scrivi l'IBAN.",
  format: "L'IBAN non è nel formato corretto: inizia con le due lettere del paese (IT per l'Italia) e due cifre, poi lettere e cifre.",
  check: "L'IBAN non è corretto: le cifre di controllo non corrispondono. Controlla di averlo copiato bene.",
} as const;

export type IbanProblem = keyof typeof ibanMessages | "length";
export type IbanResult = { ok: true; value: string } | { ok: false; problem: IbanProblem; message: string };

function lengthMessage(country: string, expected: number, actual: number) {
  return `Un IBAN che inizia con ${country} ha ${expected} caratteri, questo ne ha ${actual}: controlla di averlo copiato tutto.`;
}

/** Checks an IBAN; on success `value` is the normalised IBAN, without spaces. */
export function checkIban(input: string): IbanResult {
  const iban = normaliseIban(input);
  if (iban === "") return { ok: false, problem: "empty", message: ibanMessages.empty };
  const country = iban.slice(0, 2);
  const expected = IBAN_LENGTHS[country];
  if (/^[A-Z]{2}\d{2}/.test(iban) && expected !== undefined && iban.length !== expected) {
    return { ok: false, problem: "length", message: lengthMessage(country, expected, iban.length) };
  }
  if (!ANY_IBAN.test(iban) || (country === "IT" && !ITALIAN_IBAN.test(iban))) {
    return { ok: false, problem: "format", message: ibanMessages.format };
  }
  if (mod97(iban) !== 1) return { ok: false, problem: "check", message: ibanMessages.check };
  return { ok: true, value: iban };
}

/** "IT60 X054 2811 1010 0000 0123 456": groups of four, as an IBAN is printed for people to read. */
export function formatIban(iban: string) {
  return normaliseIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
}

export const ibanSchema = z.string({ error: ibanMessages.empty }).transform((input, context) => {
  const result = checkIban(input);
  if (result.ok) return result.value;
  context.addIssue({ code: "custom", message: result.message });
  return z.NEVER;
});
