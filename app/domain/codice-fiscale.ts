import { codeSchema, refuser, type CodeCheck } from "./code-check";

/**
 * The codice fiscale of a person (16 characters), as the fattura sanitaria and the Sistema Tessera
 * Sanitaria need it. The rules are those of D.M. 23 dicembre 1976 (Agenzia delle Entrate): surname
 * and name letters, year, month letter, day (+40 for women), place code, check character; when two
 * people would share a code (omocodia) the office replaces digits, from the right, with letters.
 */

export const CODICE_FISCALE_LENGTH = 16;

/** The positions (0-based) that hold digits, which omocodia may turn into letters. */
const OMOCODIA_POSITIONS = [6, 7, 9, 10, 12, 13, 14] as const;
/** 0→L, 1→M, … 9→V: the letter that stands for each digit in an omocodic code. */
const OMOCODIA_LETTERS = "LMNPQRSTUV";
const MONTH_LETTERS = "ABCDEHLMPRST";

const SHAPE = /^[A-Z]{6}[0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z]$/;
const COMPANY_CODE = /^\d{11}$/;

/** Values of a character in an odd position (1st, 3rd, … 15th) for the check character; digits count as A…J. */
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

const valueIndex = (character: string) => {
  const code = character.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 65; // "0"-"9" as 0-9, "A"-"Z" as 0-25
};

/** The check character (16th) of the first 15 characters, already normalised. */
export function codiceFiscaleCheckCharacter(first15: string) {
  let sum = 0;
  for (let index = 0; index < 15; index++) {
    const value = valueIndex(first15.charAt(index));
    // The official tables count positions from 1: index 0 is the first, odd, position.
    sum += index % 2 === 0 ? (ODD_VALUES[value] ?? 0) : value;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** "rss mra 85t10 a562s " → "RSSMRA85T10A562S": what people type, made comparable. */
export function normaliseCodiceFiscale(input: string) {
  return input.replace(/\s+/g, "").toUpperCase();
}

/** The code with omocodia letters turned back into the digits they stand for. */
function withDigits(code: string) {
  const characters = code.split("");
  for (const position of OMOCODIA_POSITIONS) {
    const letter = OMOCODIA_LETTERS.indexOf(characters[position] ?? "");
    if (letter >= 0) characters[position] = String(letter);
  }
  return characters.join("");
}

export const codiceFiscaleMessages = {
  empty: "Scrivi il codice fiscale.",
  company: "Questo sembra il codice fiscale di una società o di un ente (11 cifre): qui serve il codice fiscale della persona, di 16 caratteri.",
  length: "Il codice fiscale deve avere 16 caratteri.",
  format: "Il codice fiscale non è nel formato corretto: controlla lettere e cifre, per esempio RSSMRA85T10A562S.",
  month: "Il nono carattere del codice fiscale (il mese di nascita) deve essere una di queste lettere: A B C D E H L M P R S T.",
  day: "Il giorno di nascita nel codice fiscale (10° e 11° carattere) non è valido: controlla di averlo scritto bene.",
  check: "Il carattere di controllo del codice fiscale (l'ultimo) non è corretto: controlla di averlo scritto bene.",
} as const;

const refuse = refuser(codiceFiscaleMessages);

/** Checks a person's codice fiscale; on success `value` is the normalised code to store. */
export function checkCodiceFiscale(input: string): CodeCheck<keyof typeof codiceFiscaleMessages> {
  const code = normaliseCodiceFiscale(input);
  if (code === "") return refuse("empty");
  if (COMPANY_CODE.test(code)) return refuse("company");
  if (code.length !== CODICE_FISCALE_LENGTH) return refuse("length");
  if (!SHAPE.test(code)) return refuse("format");
  if (!MONTH_LETTERS.includes(code.charAt(8))) return refuse("month");
  const day = Number(withDigits(code).slice(9, 11));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return refuse("day");
  if (codiceFiscaleCheckCharacter(code) !== code.charAt(15)) return refuse("check");
  return { ok: true, value: code };
}

export const isCodiceFiscale = (input: string) => checkCodiceFiscale(input).ok;

/** A form field for a person's codice fiscale: parses to the normalised code, or fails with one message. */
export const codiceFiscaleSchema = codeSchema(codiceFiscaleMessages.empty, checkCodiceFiscale);
