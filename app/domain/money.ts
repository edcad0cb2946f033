/**
 * Euro amounts for people to read, from the integer cents money is kept in. Written by hand rather
 * than with Intl: Italian number formatting leaves four-digit amounts ungrouped ("1065,00 €", CLDR's
 * minimum grouping digits), and an invoice wants "1.065,00 €" in every browser and on the server alike.
 */

function parts(cents: number) {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`An amount in cents must be a whole number, got ${cents}`);
  const absolute = Math.abs(cents);
  return { sign: cents < 0 ? "-" : "", euros: String(Math.floor(absolute / 100)), cents: String(absolute % 100).padStart(2, "0") };
}

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ".");

/** 106500 → "1.065,00 €" (with a non-breaking space, so the sign never wraps away from the number). */
export function formatEuro(cents: number) {
  const { sign, euros, cents: rest } = parts(cents);
  return `${sign}${grouped(euros)},${rest}\u00a0€`;
}

/** 1065 → "1.065": a whole number (a count, a length) grouped as the amounts are, four digits included. */
export function formatInteger(value: number) {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number: ${value}`);
  return `${value < 0 ? "-" : ""}${grouped(String(Math.abs(value)))}`;
}

/** 106500 → "1065,00": a decimal comma and nothing else, as a spreadsheet reads a number in Italian. */
export function formatEuroPlain(cents: number) {
  const { sign, euros, cents: rest } = parts(cents);
  return `${sign}${euros},${rest}`;
}
