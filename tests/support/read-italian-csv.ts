import { expect } from "vitest";
import { CSV_BOM } from "../../app/domain/italian-csv";

/** Reads the text back as a spreadsheet does: ";" between fields, CRLF between records, "" for a quote inside quotes. */
export function readItalianCsv(text: string): string[][] {
  expect(text.startsWith(CSV_BOM), "the byte-order mark").toBe(true);
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  const body = text.slice(CSV_BOM.length);
  for (let index = 0; index < body.length; index++) {
    const character = body.charAt(index);
    if (quoted) {
      if (character === '"' && body.charAt(index + 1) === '"') {
        field += '"';
        index++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"' && field === "") quoted = true;
    else if (character === ";") {
      record.push(field);
      field = "";
    } else if (character === "\r" && body.charAt(index + 1) === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      index++;
    } else field += character;
  }
  expect(field, "the file ends with a line end").toBe("");
  return records;
}
