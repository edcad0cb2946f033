import { inflateSync } from "node:zlib";

/** WinAnsi bytes that differ from Latin-1, as far as these documents use them. */
const winAnsi: Record<number, string> = { 0x80: "€", 0x92: "’", 0x96: "–", 0x97: "—" };

/** The text pdfkit drew, one entry per text run, read from the (deflated) content streams. */
export function pdfTextRuns(pdf: Buffer): string[] {
  const source = pdf.toString("latin1");
  const runs: string[] = [];
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const raw = pdf.subarray(start, source.indexOf("endstream", start));
    // Page contents are deflated; anything else (metadata) is read as it is.
    const content = (raw[0] === 0x78 ? inflateSync(raw) : raw).toString("latin1");
    for (const [, array] of content.matchAll(/\[(.*?)\] TJ/g)) {
      const bytes = [...array!.matchAll(/<([0-9a-f]*)>/g)].flatMap(([, hex]) => hex!.match(/../g)?.map((pair) => parseInt(pair, 16)) ?? []);
      runs.push(bytes.map((byte) => winAnsi[byte] ?? String.fromCharCode(byte)).join(""));
    }
  }
  return runs;
}

/** All of a PDF's text as one line, spaces (no-break ones too) collapsed. */
export const pdfTextOf = (pdf: Buffer) => pdfTextRuns(pdf).join(" ").replace(/\s+/g, " ");
