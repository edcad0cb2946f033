import { pdfSafeText } from "./services/legal-pdfs.server";

/** The books' documents (invoices, statements): the same palette and the same A4 page. */
export const pdfColors = { ink: "#1f2933", muted: "#52606d", accent: "#0f5c57", rule: "#d9cfc0", fill: "#f6f3ee" } as const;

interface PdfInfo {
  title: string;
  author: string;
  subject?: string;
  /** When the document is dated (its metadata's creation and modification). */
  date: Date;
}

/**
 * An A4 PDF in Italian, every page kept until the end so that `numberPages` can number them, and its
 * bytes once `pdf.end()` is called. The metadata's texts are made drawable like the page's.
 */
export async function a4Pdf(margin: number, info: PdfInfo) {
  // Loaded on the first document, not at start-up: PDFKit and its fonts' tables take 0.2 s to load (docs/performance.md).
  const { default: PDFDocument } = await import("pdfkit");
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    bufferPages: true,
    lang: "it-IT",
    displayTitle: true,
    pdfVersion: "1.7",
    info: {
      Title: pdfSafeText(info.title),
      Author: pdfSafeText(info.author),
      ...(info.subject ? { Subject: pdfSafeText(info.subject) } : {}),
      Creator: pdfSafeText(info.author),
      CreationDate: info.date,
      ModDate: info.date,
    },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  return { pdf, bytes };
}

/** At the foot of every page, over a rule: `footer` on the left, "Pagina n di m" on the right. */
export function numberPages(pdf: PDFKit.PDFDocument, margin: number, footer: string) {
  const left = margin;
  const right = pdf.page.width - margin;
  const range = pdf.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    pdf.switchToPage(index);
    const footerY = pdf.page.height - margin - 12;
    pdf.page.margins.bottom = 0;
    pdf
      .moveTo(left, footerY - 8)
      .lineTo(right, footerY - 8)
      .lineWidth(0.6)
      .strokeColor(pdfColors.rule)
      .stroke();
    pdf.font("Helvetica").fontSize(7.5).fillColor(pdfColors.muted);
    pdf.text(pdfSafeText(footer), left, footerY, { width: right - left - 80, lineBreak: false, lineGap: 1.5 });
    pdf.text(`Pagina ${index - range.start + 1} di ${range.count}`, right - 80, footerY, { width: 80, align: "right", lineBreak: false, lineGap: 1.5 });
    pdf.page.margins.bottom = margin;
  }
}
