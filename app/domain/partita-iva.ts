import { checkCodiceFiscale, codiceFiscaleMessages, normaliseCodiceFiscale } from "./codice-fiscale";
import { codeSchema, refuser, type CodeCheck } from "./code-check";

/**
 * The partita IVA (11 digits: 7 for the taxpayer, 3 for the office, 1 check digit) and the numeric
 * codice fiscale of companies and entities, which uses the same check digit. The check digit is a
 * Luhn digit: odd positions summed as they are, even positions doubled (minus 9 above 9).
 */

/** The check digit (11th) of the first 10 digits. */
export function partitaIvaCheckDigit(first10: string) {
  let sum = 0;
  for (let index = 0; index < 10; index++) {
    const digit = Number(first10.charAt(index));
    if (index % 2 === 0) sum += digit;
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return String((10 - (sum % 10)) % 10);
}

/** " IT 012 345 678 90" → "01234567890": spaces go, and so does the IT of the European VAT number. */
export function normalisePartitaIva(input: string) {
  return input.replace(/\s+/g, "").toUpperCase().replace(/^IT/, "");
}

export const partitaIvaMessages = {
  empty: "Scrivi la partita IVA.",
  format: "La partita IVA è fatta di 11 cifre.",
  check: "La cifra di controllo della partita IVA (l'ultima) non è corretta: controlla di averla scritta bene.",
} as const;

const refuse = refuser(partitaIvaMessages);

/** Checks 11 digits and their check digit; eleven zeros pass the arithmetic but are nobody's number. */
function checkElevenDigits(digits: string): CodeCheck<keyof typeof partitaIvaMessages> {
  if (digits === "") return refuse("empty");
  if (!/^\d{11}$/.test(digits) || /^0+$/.test(digits)) return refuse("format");
  if (partitaIvaCheckDigit(digits) !== digits.charAt(10)) return refuse("check");
  return { ok: true, value: digits };
}

export const checkPartitaIva = (input: string) => checkElevenDigits(normalisePartitaIva(input));

export const partitaIvaSchema = codeSchema(partitaIvaMessages.empty, checkPartitaIva);

export const issuerCodiceFiscaleMessages = {
  empty: codiceFiscaleMessages.empty,
  length: "Il codice fiscale deve avere 16 caratteri (per una persona) oppure 11 cifre (per uno studio associato, una società o un ente).",
  numericCheck: "La cifra di controllo del codice fiscale numerico (l'ultima) non è corretta: controlla di averla scritta bene.",
} as const;

export type IssuerCodiceFiscaleResult = { ok: true; value: string; kind: "person" | "entity" } | { ok: false; message: string };

/**
 * The issuer's codice fiscale: a professional's personal code (16 characters) or the numeric code of
 * a practice, company or entity (11 digits, often the same as its partita IVA).
 */
export function checkIssuerCodiceFiscale(input: string): IssuerCodiceFiscaleResult {
  const code = normaliseCodiceFiscale(input);
  if (code === "") return { ok: false, message: issuerCodiceFiscaleMessages.empty };
  if (/^\d+$/.test(code)) {
    const numeric = checkElevenDigits(code);
    if (numeric.ok) return { ok: true, value: numeric.value, kind: "entity" };
    return { ok: false, message: numeric.problem === "check" ? issuerCodiceFiscaleMessages.numericCheck : issuerCodiceFiscaleMessages.length };
  }
  const person = checkCodiceFiscale(code);
  if (person.ok) return { ok: true, value: person.value, kind: "person" };
  return { ok: false, message: person.problem === "length" ? issuerCodiceFiscaleMessages.length : person.message };
}

export const issuerCodiceFiscaleSchema = codeSchema(issuerCodiceFiscaleMessages.empty, checkIssuerCodiceFiscale);
