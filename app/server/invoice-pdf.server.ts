import { formatIban } from "~/domain/iban";
import {
  SISTEMA_TS_OPPOSITION_NOTE,
  VAT_EXEMPTION_NOTE,
  creditNoteReference,
  invoicePaymentMethodLabels,
  invoiceTotals,
  paymentNote,
  stampDutyNote,
  type InvoicePaymentMethod,
} from "~/domain/invoice-rules";
import { formatNumericDate } from "~/domain/italian-date";
import { formatEuro } from "~/domain/money";
import { a4Pdf, numberPages, pdfColors } from "./pdf-document.server";
import { pdfSafeText } from "./services/legal-pdfs.server";

/**
 * The fattura sanitaria (or the nota di credito that corrects one) as the PDF given to the person:
 * never sent through SdI, VAT-exempt, with the stamp duty above €77.47. Drawn from a plain object,
 * so the document shows exactly what was recorded when it was issued.
 */

export type InvoicePdfKind = "invoice" | "creditNote";

export interface InvoicePdfIssuer {
  legalName: string;
  /** As printed, one line each: "Via Esempio 1", "20100 Milano (MI)". */
  addressLines: string[];
  partitaIva: string;
  codiceFiscale: string;
  /** E.g. "Regime fiscale: ordinario"; empty when none was recorded. */
  taxRegime: string;
  iban?: string | null;
  email?: string | null;
}

export interface InvoicePdfRecipient {
  firstName: string;
  lastName: string;
  addressLines: string[];
  codiceFiscale: string;
}

export interface InvoicePdfLine {
  /** "Seduta di psicoterapia di gruppo del 12/11/2026" (`sessionLineDescription`). */
  description: string;
  /** Who held the session: by register, or as the invoice froze it ("Dott.ssa …, iscrizione all'Albo n. …"); none for an advance. */
  therapist: { name: string; register: string; registerNumber: string } | string | null;
  amountCents: number;
}

export interface InvoicePdfDocument {
  kind: InvoicePdfKind;
  number: string;
  /** YYYY-MM-DD. */
  issuedOn: string;
  issuer: InvoicePdfIssuer;
  recipient: InvoicePdfRecipient;
  lines: InvoicePdfLine[];
  /** The practice's setting: the €2 stamp duty is added to the total, or borne by the practice. */
  stampDutyChargedToClient: boolean;
  /** The identification number of the marca da bollo applied on the original, when there is one. */
  stampDutyMarkId?: string;
  /** How and when (YYYY-MM-DD) the person paid (invoice) or was refunded (credit note); null while pending. */
  payment: { method: InvoicePaymentMethod; paidOn: string | null };
  /** The person opposed the transmission to the Sistema Tessera Sanitaria. */
  opposed: boolean;
  /** For a credit note: the invoice it corrects. */
  refersTo?: { number: string; issuedOn: string; scope: "total" | "partial" };
}

const NOT_SDI_NOTE = "Documento emesso in formato PDF e non trasmesso al Sistema di Interscambio, come previsto per le prestazioni sanitarie rese a persone fisiche.";

const documentName = (kind: InvoicePdfKind) => (kind === "invoice" ? "Fattura" : "Nota di credito");

/** "Fattura n. 2026-0001 del 26/11/2026": the title, in the metadata too. */
export function invoicePdfTitle(document: Pick<InvoicePdfDocument, "kind" | "number" | "issuedOn">) {
  return `${documentName(document.kind)} n. ${document.number} del ${formatNumericDate(document.issuedOn)}`;
}

const colors = pdfColors;
const margin = 56;
const footerHeight = 36;

export async function invoicePdf(document: InvoicePdfDocument): Promise<Buffer> {
  const title = invoicePdfTitle(document);
  const recipientName = `${document.recipient.firstName} ${document.recipient.lastName}`.trim();
  const issuedAt = new Date(`${document.issuedOn}T12:00:00Z`);
  const { pdf, bytes } = await a4Pdf(margin, { title, author: document.issuer.legalName, subject: `${title} - ${recipientName}`, date: issuedAt });
  const left = margin;
  const width = pdf.page.width - 2 * margin;
  const right = left + width;
  const bottomLimit = () => pdf.page.height - margin - footerHeight;
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) => pdf.text(pdfSafeText(value), x, y, { lineGap: 1.5, ...options });
  const style = (font: "Helvetica" | "Helvetica-Bold", size: number, color: string) => pdf.font(font).fontSize(size).fillColor(color);
  const label = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) => {
    style("Helvetica-Bold", 7.5, colors.muted);
    return text(value.toUpperCase(), x, y, { characterSpacing: 0.8, ...options });
  };
  const rule = (y: number, from = left, to = right, color: string = colors.rule) => pdf.moveTo(from, y).lineTo(to, y).lineWidth(0.6).strokeColor(color).stroke();

  // Header: the issuer on the left, the kind of document on the right.
  const { issuer } = document;
  style("Helvetica-Bold", 13, colors.accent);
  text(issuer.legalName, left, margin, { width: width * 0.62 });
  style("Helvetica", 9, colors.muted);
  for (const line of issuer.addressLines) text(line, left, pdf.y, { width: width * 0.62 });
  // A legacy invoice (a receipt of before) prints what it has.
  const identifiers = [issuer.partitaIva && `P. IVA ${issuer.partitaIva}`, issuer.codiceFiscale && `C.F. ${issuer.codiceFiscale}`].filter(Boolean).join(" - ");
  if (identifiers) text(identifiers, left, pdf.y, { width: width * 0.62 });
  if (issuer.email) text(issuer.email, left, pdf.y, { width: width * 0.62 });
  if (issuer.taxRegime) text(issuer.taxRegime, left, pdf.y, { width: width * 0.62 });
  const headerBottom = pdf.y;
  label(document.kind === "invoice" ? "Fattura sanitaria" : documentName(document.kind), left + width * 0.62, margin + 3, { width: width * 0.38, align: "right" });
  rule(headerBottom + 14, left, right, colors.accent);

  // Title on the left, the recipient in a box on the right.
  const rowTop = headerBottom + 30;
  const titleWidth = width * 0.54;
  // "Fattura n. 2026-0001" / "del 26/11/2026": broken where it reads well rather than where it runs out.
  const heading = pdfSafeText(`${documentName(document.kind)} n. ${document.number}`);
  let headingSize = 18;
  while (headingSize > 13 && style("Helvetica-Bold", headingSize, colors.ink).widthOfString(heading) > titleWidth) headingSize--;
  text(heading, left, rowTop, { width: titleWidth, lineGap: 2 });
  style("Helvetica", 13, colors.ink);
  text(`del ${formatNumericDate(document.issuedOn)}`, left, pdf.y, { width: titleWidth });
  if (document.kind === "creditNote" && document.refersTo) {
    const { number, issuedOn, scope } = document.refersTo;
    style("Helvetica", 10, colors.muted);
    text(creditNoteReference(number, issuedOn, scope), left, pdf.y + 4, { width: titleWidth });
  }
  const titleBottom = pdf.y;

  const boxX = left + width * 0.58;
  const boxWidth = right - boxX;
  const padding = 10;
  label("Intestata a", boxX + padding, rowTop + padding, { width: boxWidth - 2 * padding });
  style("Helvetica-Bold", 10.5, colors.ink);
  text(recipientName, boxX + padding, pdf.y + 3, { width: boxWidth - 2 * padding });
  style("Helvetica", 9, colors.ink);
  for (const line of document.recipient.addressLines) text(line, boxX + padding, pdf.y, { width: boxWidth - 2 * padding });
  if (document.recipient.codiceFiscale) text(`C.F. ${document.recipient.codiceFiscale}`, boxX + padding, pdf.y + 2, { width: boxWidth - 2 * padding });
  const boxBottom = pdf.y + padding;
  pdf
    .roundedRect(boxX, rowTop, boxWidth, boxBottom - rowTop, 4)
    .lineWidth(0.8)
    .strokeColor(colors.rule)
    .stroke();

  // The lines, one per session, amounts right-aligned; the header repeats on every page.
  const amountWidth = 90;
  const descriptionWidth = width - amountWidth - 16;
  const tableHeader = (y: number) => {
    pdf.rect(left, y, width, 20).fillColor(colors.fill).fill();
    label("Descrizione", left + 8, y + 7, { width: descriptionWidth });
    label("Importo", right - amountWidth - 8, y + 7, { width: amountWidth, align: "right" });
    return y + 26;
  };
  let y = tableHeader(Math.max(titleBottom, boxBottom) + 28);
  for (const line of document.lines) {
    const { description } = line;
    const professional =
      typeof line.therapist === "string" ? line.therapist : line.therapist ? `${line.therapist.name}, ${line.therapist.register} n. ${line.therapist.registerNumber}` : "";
    style("Helvetica", 10, colors.ink);
    const descriptionHeight = pdf.heightOfString(pdfSafeText(description), { width: descriptionWidth, lineGap: 1.5 });
    style("Helvetica", 8.5, colors.muted);
    const rowHeight = descriptionHeight + pdf.heightOfString(pdfSafeText(professional), { width: descriptionWidth, lineGap: 1.5 }) + 14;
    if (y + rowHeight > bottomLimit()) {
      pdf.addPage();
      y = tableHeader(margin);
    }
    style("Helvetica", 10, colors.ink);
    text(description, left + 8, y, { width: descriptionWidth });
    text(formatEuro(line.amountCents), right - amountWidth - 8, y, { width: amountWidth, align: "right" });
    style("Helvetica", 8.5, colors.muted);
    text(professional, left + 8, y + descriptionHeight + 1, { width: descriptionWidth });
    y += rowHeight;
    rule(y - 6);
  }

  // Totals on the right, payment on the left, kept together on one page.
  const totals = invoiceTotals(
    document.lines.map((line) => line.amountCents),
    { rechargeStampDuty: document.stampDutyChargedToClient },
  );
  const totalsRows: [string, number][] = [[document.kind === "invoice" ? "Totale prestazioni" : "Prestazioni stornate", totals.servicesCents]];
  if (totals.stampDutyChargedCents > 0) totalsRows.push(["Imposta di bollo", totals.stampDutyChargedCents]);
  const totalsHeight = totalsRows.length * 17 + 44;
  if (y + 8 + totalsHeight > bottomLimit()) {
    pdf.addPage();
    y = margin;
  }
  const totalsTop = y + 8;
  const totalsX = left + width * 0.55;
  const totalsWidth = right - totalsX;
  pdf.roundedRect(totalsX, totalsTop, totalsWidth, totalsHeight, 4).fillColor(colors.fill).fill();
  let totalsY = totalsTop + 12;
  for (const [name, cents] of totalsRows) {
    style("Helvetica", 9.5, colors.muted);
    text(name, totalsX + 12, totalsY, { width: totalsWidth / 2 });
    style("Helvetica", 9.5, colors.ink);
    text(formatEuro(cents), totalsX + totalsWidth / 2, totalsY, { width: totalsWidth / 2 - 12, align: "right" });
    totalsY += 17;
  }
  rule(totalsY + 2, totalsX + 12, right - 12, colors.accent);
  style("Helvetica-Bold", 11.5, colors.ink);
  text(`Totale ${documentName(document.kind).toLowerCase()}`, totalsX + 12, totalsY + 10, { width: totalsWidth / 2 + 10 });
  text(formatEuro(totals.totalCents), totalsX + totalsWidth / 2, totalsY + 10, { width: totalsWidth / 2 - 12, align: "right" });

  const paymentWidth = totalsX - left - 24;
  label(document.kind === "invoice" ? "Pagamento" : "Rimborso", left, totalsTop + 2, { width: paymentWidth });
  style("Helvetica", 9.5, colors.ink);
  const { method, paidOn } = document.payment;
  if (document.kind === "invoice") {
    text(paymentNote(method), left, pdf.y + 4, { width: paymentWidth });
    text(paidOn ? `Ricevuto il ${formatNumericDate(paidOn)}` : "In attesa di pagamento", left, pdf.y, { width: paymentWidth });
    if (issuer.iban) text(`IBAN ${formatIban(issuer.iban)}`, left, pdf.y + 2, { width: paymentWidth });
  } else {
    text(invoicePaymentMethodLabels[method], left, pdf.y + 4, { width: paymentWidth });
    text(paidOn ? `Effettuato il ${formatNumericDate(paidOn)}` : "Da effettuare", left, pdf.y, { width: paymentWidth });
  }
  y = Math.max(totalsTop + totalsHeight, pdf.y) + 26;

  // Notes: the exemption always; the stamp duty, the opposition and the reference when they apply.
  const notes = [`${VAT_EXEMPTION_NOTE}.`];
  if (totals.stampDutyApplies) {
    notes.push(`${stampDutyNote(document.stampDutyMarkId)}, ${document.stampDutyChargedToClient ? "addebitata al destinatario" : "a carico dell'emittente"}.`);
  }
  if (document.opposed) notes.push(`${SISTEMA_TS_OPPOSITION_NOTE}.`);
  notes.push(NOT_SDI_NOTE);
  style("Helvetica", 8.5, colors.ink);
  const notesHeight = notes.reduce((sum, note) => sum + pdf.heightOfString(pdfSafeText(note), { width, lineGap: 1.5 }) + 4, 18);
  if (y + notesHeight > bottomLimit()) {
    pdf.addPage();
    y = margin;
  }
  label("Note", left, y, { width });
  style("Helvetica", 8.5, colors.ink);
  pdf.y += 4;
  for (const note of notes) text(note, left, pdf.y + 2, { width });

  // Footer on every page: who issued it, and where this page sits.
  numberPages(pdf, margin, [issuer.legalName, issuer.partitaIva && `P. IVA ${issuer.partitaIva}`, title].filter(Boolean).join(" - "));
  pdf.end();
  return bytes;
}
