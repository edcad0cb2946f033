import PDFDocument from "pdfkit";
import { legalEntity } from "~/content/legal";
import { site } from "~/content/site";
import { formatCents, paymentMethodLabels, type PaymentMethod } from "~/domain/ledger";
import { pdfSafeText } from "./legal-pdfs.server";
import { ROME_TIME_ZONE } from "~/domain/calendar";

interface ReceiptData {
  receiptNumber: string;
  payerName: string;
  amountCents: number;
  method: PaymentMethod;
  paidAt: Date;
  createdAt: Date;
  split: { platformCents: number; therapistCents: number };
}

const colors = { ink: "#1f2933", muted: "#52606d", accent: "#0f5c57", rule: "#d9cfc0" } as const;
const dateFormat = new Intl.DateTimeFormat("it-IT", { timeZone: ROME_TIME_ZONE, day: "numeric", month: "long", year: "numeric" });

/** An A4 receipt: number, date, who paid, how much, and how it divides between platform and therapist. */
function renderReceiptPdf(receipt: ReceiptData): Promise<Buffer> {
  const title = `Ricevuta n. ${receipt.receiptNumber}`;
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: 64, bottom: 72, left: 64, right: 64 },
    lang: "it-IT",
    displayTitle: true,
    pdfVersion: "1.7",
    info: { Title: title, Author: pdfSafeText(legalEntity.name), Subject: pdfSafeText(`${title} - ${receipt.payerName}`), Creator: site.brand, CreationDate: receipt.createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const width = pdf.page.width - 128;
  pdf.font("Helvetica-Bold").fontSize(11).fillColor(colors.accent).text(pdfSafeText(legalEntity.name));
  pdf.font("Helvetica").fontSize(9.5).fillColor(colors.muted).text(pdfSafeText(`${legalEntity.address} - ${legalEntity.contactEmail}`));
  pdf.moveDown(2);
  pdf.font("Helvetica-Bold").fontSize(20).fillColor(colors.ink).text(title);
  pdf.font("Helvetica").fontSize(10.5).fillColor(colors.muted).text(`Emessa il ${dateFormat.format(receipt.createdAt)}`);
  pdf.moveDown(1.5);

  const row = (label: string, value: string, bold = false) => {
    const y = pdf.y;
    pdf.font("Helvetica").fontSize(11).fillColor(colors.muted).text(pdfSafeText(label), 64, y, { width: width / 2 });
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fillColor(colors.ink).text(pdfSafeText(value), 64 + width / 2, y, { width: width / 2, align: "right" });
    pdf.moveDown(0.6);
  };
  row("Ricevuto da", receipt.payerName);
  row("Data del pagamento", dateFormat.format(receipt.paidAt));
  row("Metodo", paymentMethodLabels[receipt.method]);
  row("Causale", "Sedute di psicoterapia di gruppo online");
  pdf.moveTo(64, pdf.y).lineTo(64 + width, pdf.y).strokeColor(colors.rule).stroke();
  pdf.moveDown(0.8);
  row("Importo", formatCents(receipt.amountCents), true);
  row(`di cui quota piattaforma (${site.brand})`, formatCents(receipt.split.platformCents));
  row("di cui compenso del terapeuta", formatCents(receipt.split.therapistCents));
  pdf.moveDown(2);
  pdf
    .font("Helvetica")
    .fontSize(8.5)
    .fillColor(colors.muted)
    .text(pdfSafeText(`Ricevuta n. ${receipt.receiptNumber}, numerata progressivamente per anno.`), 64, pdf.y, { width });
  pdf.end();
  return done;
}

/** A receipt as the browser gets it: private, never cached, never sniffed; `attachment` downloads it, `inline` opens it. */
export async function receiptResponse(receipt: ReceiptData, disposition: "inline" | "attachment") {
  const pdf = await renderReceiptPdf(receipt);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${disposition}; filename="ricevuta-${receipt.receiptNumber}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
