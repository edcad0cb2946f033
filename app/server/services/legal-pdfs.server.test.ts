import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { LegalDocument } from "~/content/types";
import { generatedDocumentKey, legalTexts, pdfSafeText, renderLegalPdf } from "./legal-pdfs.server";

/** WinAnsiEncoding is Latin-1 except for 0x80-0x9f (Node's TextDecoder reads windows-1252 as Latin-1). */
const winAnsiHigh = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const winAnsi = (bytes: Buffer) => Array.from(bytes, (byte) => (byte >= 0x80 && byte <= 0x9f ? winAnsiHigh[byte - 0x80] : String.fromCharCode(byte))).join("");

/** The text drawn in a PDF made by pdfkit with the standard fonts: its TJ strings, line by line, in WinAnsi. */
function pdfTextLines(pdf: Buffer) {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const line of content.split("\n")) {
      if (!line.endsWith("TJ")) continue;
      lines.push([...line.matchAll(/<([0-9a-f]*)>/g)].map((hex) => winAnsi(Buffer.from(hex[1]!, "hex"))).join(""));
    }
  }
  return lines;
}

const squeeze = (text: string) => text.replace(/\s+/g, "");

/** Every word of the document, in order, as a PDF must show it (justified lines lose their spaces). */
function documentText(document: LegalDocument) {
  return [document.title, document.intro ?? "", ...document.sections.flatMap((section) => [section.heading, ...section.paragraphs, ...(section.items ?? [])])];
}

describe("legal PDFs generated from the site's texts", () => {
  it("draws every character of the three texts (nothing turns into '?')", () => {
    for (const { document } of Object.values(legalTexts)) {
      for (const text of documentText(document)) {
        expect(pdfSafeText(text).split("?").length, text).toBe(text.split("?").length);
      }
    }
  });

  it("writes the schwa as the o/a of Italian forms and keeps typographic quotes and the euro sign", () => {
    expect(pdfSafeText("Sei liberə di essere spostatə")).toBe("Sei libero/a di essere spostato/a");
    expect(pdfSafeText("l’accordo “firmato” costa €35 — à è ì ò ù")).toBe("l’accordo “firmato” costa €35 — à è ì ò ù");
    expect(pdfSafeText("→")).toBe("?");
  });

  it.each(Object.entries(legalTexts))("%s: the PDF holds the page's whole text, its version date and its address", async (_type, { document, path }) => {
    const pdf = await renderLegalPdf(document, path);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const lines = pdfTextLines(pdf);
    expect(lines).toContain(`Ultimo aggiornamento: ${document.updated}`);
    expect(lines.some((line) => line.includes(`https://www.insieme-terapia.it${path}`))).toBe(true);
    const footers = lines.filter((line) => / · pagina \d+ di \d+$/.test(line));
    expect(footers[0]).toBe(pdfSafeText(`${document.title} · versione del ${document.updated} · pagina 1 di ${footers.length}`));
    const body = squeeze(lines.filter((line) => !footers.includes(line)).join(""));
    for (const text of documentText(document)) expect(body).toContain(squeeze(pdfSafeText(text)));
  });

  it("names the stored PDF after the text's version, so a new text gets a new file", () => {
    for (const [type, { document }] of Object.entries(legalTexts) as [keyof typeof legalTexts, (typeof legalTexts)[keyof typeof legalTexts]][]) {
      expect(generatedDocumentKey(type)).toMatch(new RegExp(`^generated/${type}-${document.version}-[0-9a-f]{12}\\.pdf$`));
    }
  });
});
