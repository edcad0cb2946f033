import { createHash } from "node:crypto";
import { legalEntity, privacyDocument, serviceAgreementDocument, termsDocument } from "~/content/legal";
import { site } from "~/content/site";
import type { LegalDocument } from "~/content/types";
import { absoluteUrl } from "~/domain/seo";
import { storage } from "../storage.server";
import type { DocumentType } from "./admin-documents.server";

/** Each registration document and the page of the site that shows the same text. */
export const legalTexts: Record<DocumentType, { document: LegalDocument; path: string }> = {
  "accordo-servizio": { document: serviceAgreementDocument, path: "/accordo-servizio" },
  "termini-condizioni": { document: termsDocument, path: "/termini" },
  "privacy-policy": { document: privacyDocument, path: "/privacy" },
};

/** Bump when the layout below changes, so the PDFs already in storage are drawn again. */
const LAYOUT_REVISION = 1;

/**
 * Characters PDF's standard fonts can draw besides Latin-1 (WinAnsiEncoding), by code point.
 * Helvetica needs no font file, but anything outside this set would print as garbage.
 */
const winAnsiExtras = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030,
  0x2039, 0x203a, 0x20ac, 0x2122,
]);

const drawable = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(code);
};

/**
 * The text as the standard fonts can draw it. The schwa of the site's inclusive Italian ("liberə")
 * becomes the "o/a" of Italian forms ("libero/a"); other letters lose their diacritics; anything
 * still undrawable becomes "?" (a unit test keeps the legal texts free of those).
 */
export function pdfSafeText(text: string) {
  return text
    .replace(/ə(?![\p{L}])/gu, "o/a")
    .replace(/ə/gu, "e")
    .replace(/Ə/gu, "E")
    .replace(/[\u2028\u2029]/g, " ")
    .split("")
    .map((char) => {
      if (drawable(char)) return char;
      const folded = char.normalize("NFKD").replace(/\p{M}/gu, "");
      return folded && [...folded].every(drawable) ? folded : "?";
    })
    .join("");
}

const colors = { ink: "#1f2933", muted: "#52606d", accent: "#0f5c57", rule: "#d9cfc0" } as const;

/** An A4 PDF of a legal text: title, version date, the page it comes from, sections, numbered pages. */
export async function renderLegalPdf(document: LegalDocument, path: string): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const versionDate = new Date(`${document.version}T12:00:00Z`);
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: 64, bottom: 72, left: 64, right: 64 },
    bufferPages: true,
    lang: "it-IT",
    displayTitle: true,
    pdfVersion: "1.7",
    info: {
      Title: pdfSafeText(document.title),
      Author: pdfSafeText(legalEntity.name),
      Subject: pdfSafeText(`${document.title}, versione del ${document.updated}`),
      Creator: site.brand,
      CreationDate: versionDate,
      ModDate: versionDate,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const width = pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) => pdf.text(pdfSafeText(value), { width, ...options });

  pdf.font("Helvetica-Bold").fontSize(11).fillColor(colors.accent);
  text(site.brand, { characterSpacing: 1 });
  pdf.moveDown(0.8);
  pdf.font("Helvetica-Bold").fontSize(20).fillColor(colors.ink);
  text(document.title, { lineGap: 2 });
  pdf.moveDown(0.4);
  pdf.font("Helvetica").fontSize(10).fillColor(colors.muted);
  text(`Ultimo aggiornamento: ${document.updated}`);
  text(`Lo stesso testo è pubblicato su ${absoluteUrl(path)}`, { link: absoluteUrl(path) });
  pdf.moveDown(0.6);
  pdf
    .moveTo(pdf.page.margins.left, pdf.y)
    .lineTo(pdf.page.margins.left + width, pdf.y)
    .lineWidth(0.5)
    .strokeColor(colors.rule)
    .stroke();
  pdf.moveDown(1);

  pdf.fontSize(10.5).fillColor(colors.ink);
  if (document.intro) {
    pdf.font("Helvetica");
    text(document.intro, { lineGap: 3, align: "justify" });
    pdf.moveDown(0.8);
  }
  for (const section of document.sections) {
    // Keep a heading with the first lines of its section.
    if (pdf.y > pdf.page.height - pdf.page.margins.bottom - 80) pdf.addPage();
    pdf.moveDown(0.4);
    pdf.font("Helvetica-Bold").fontSize(13).fillColor(colors.accent);
    text(section.heading, { lineGap: 2 });
    pdf.moveDown(0.3);
    pdf.font("Helvetica").fontSize(10.5).fillColor(colors.ink);
    for (const paragraph of section.paragraphs) {
      text(paragraph, { lineGap: 3, align: "justify" });
      pdf.moveDown(0.5);
    }
    if (section.items) {
      pdf.list(section.items.map(pdfSafeText), pdf.page.margins.left + 8, pdf.y, {
        width: width - 8,
        lineGap: 3,
        bulletRadius: 2,
        textIndent: 14,
        paragraphGap: 3,
      });
      pdf.moveDown(0.5);
    }
  }

  const pages = pdf.bufferedPageRange();
  for (let index = 0; index < pages.count; index += 1) {
    pdf.switchToPage(pages.start + index);
    const bottom = pdf.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    pdf.page.margins.bottom = 0;
    pdf.font("Helvetica").fontSize(8.5).fillColor(colors.muted);
    pdf.text(pdfSafeText(`${document.title} · versione del ${document.updated} · pagina ${index + 1} di ${pages.count}`), pdf.page.margins.left, pdf.page.height - 44, {
      width,
      align: "center",
      lineBreak: false,
    });
    pdf.page.margins.bottom = bottom;
  }
  pdf.end();
  return done;
}

/** Where the generated PDF of a text lives: a new text (or layout) gets a new key, an old key never changes. */
export function generatedDocumentKey(type: DocumentType) {
  const { document } = legalTexts[type];
  const digest = createHash("sha256")
    .update(JSON.stringify({ document, layout: LAYOUT_REVISION }))
    .digest("hex")
    .slice(0, 12);
  return `generated/${type}-${document.version}-${digest}.pdf`;
}

/** Generations under way in this process, so parallel registrations draw a missing PDF once. */
const generating = new Map<string, Promise<string>>();

/**
 * The PDF of the site's text, drawn once per text version and kept in storage (shared by every
 * instance), so a registration only checks that it is there. Returns its storage key.
 */
export async function ensureGeneratedDocument(type: DocumentType): Promise<string> {
  const key = generatedDocumentKey(type);
  if (await storage().exists("documents", key)) return key;
  let pending = generating.get(key);
  if (!pending) {
    pending = (async () => {
      const { document, path } = legalTexts[type];
      await storage().put("documents", key, await renderLegalPdf(document, path), "application/pdf");
      return key;
    })().finally(() => generating.delete(key));
    generating.set(key, pending);
  }
  return pending;
}
