import { formatNumericDate } from "./italian-date";
import { formatEuroPlain } from "./money";

/**
 * CSV that Excel opens right on an Italian computer: UTF-8 with a byte-order mark (accents), ";" between
 * fields (the comma is the decimal separator there), CRLF line ends, dates as 12/11/2026 in Italian time,
 * amounts as 1065,00. A header line and one line per row, so an export can stream rows as it reads them.
 */

export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";
export const CSV_LINE_END = "\r\n";

/** An amount kept in cents; written "1065,00" and left for the spreadsheet to read as a number. */
export interface CsvEuro {
  readonly euroCents: number;
}
export const csvEuro = (cents: number): CsvEuro => ({ euroCents: cents });

export type CsvCell = string | number | boolean | Date | CsvEuro | null | undefined;

/** A text starting like this would run as a formula when the file is opened (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** One field. Only texts are guarded against formulas: amounts, numbers and dates are ours, never typed by a person. */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "boolean") return cell ? "Sì" : "No";
  if (typeof cell === "number") {
    if (!Number.isFinite(cell)) throw new RangeError(`Not a number for a CSV field: ${cell}`);
    return String(cell).replace(".", ",");
  }
  if (cell instanceof Date) return formatNumericDate(cell);
  if (typeof cell === "object") return formatEuroPlain(cell.euroCents);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row as one line, line end included. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(CSV_SEPARATOR)}${CSV_LINE_END}`;
}

/** The first line of the file: the byte-order mark, then the column names. */
export function csvHeader(headers: readonly string[]): string {
  return `${CSV_BOM}${csvLine(headers)}`;
}

/** A whole file, for exports small enough to build in memory. */
export function italianCsv(headers: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  let text = csvHeader(headers);
  for (const row of rows) text += csvLine(row);
  return text;
}
