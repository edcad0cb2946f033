import { formatDateTime } from "~/domain/format";
import { textStream } from "../text-stream.server";

/** Characters that make a spreadsheet read a cell as a formula (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a moment in Italian time and the screens' format ("21/11/25, 10:30"), a yes/no as
 * Sì/No; a text that a spreadsheet would run as a formula gets a leading apostrophe, then the cell is
 * quoted when it holds a separator, a quote or a line break.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (value instanceof Date) text = formatDateTime(value);
  else if (typeof value === "boolean") text = value ? "Sì" : "No";
  else if (typeof value === "number") text = String(value);
  else if (Array.isArray(value)) text = value.join("; ");
  else text = String(value);
  if (typeof value === "string" || Array.isArray(value)) {
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A download: the file's type and name, never cached (`body` may be a stream). */
export function downloadResponse(fileName: string, contentType: string, body: BodyInit) {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^a-z0-9._-]/gi, "_")}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const csvResponse = (fileName: string, body: BodyInit) => downloadResponse(fileName, "text/csv; charset=utf-8", body);

/** One CSV line of `cells`, line end included. */
const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * An export as a byte stream of RFC 4180 text (CRLF line ends, a BOM so spreadsheet programs read UTF-8 accents right): the BOM and the header, then each batch of rows turned into lines as the
 * client reads them, so a file of any length holds one batch in memory (no row limit).
 */
export function csvStream<R>(header: readonly string[], batches: AsyncIterable<R[]>, cells: (row: R) => readonly unknown[]) {
  async function* text() {
    yield `\uFEFF${csvLine(header)}`;
    for await (const batch of batches) yield batch.map((row) => csvLine(cells(row))).join("");
  }
  return textStream(text(), "admin-csv");
}
