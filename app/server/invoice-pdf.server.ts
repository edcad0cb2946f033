import PDFDocument from "pdfkit";
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
  /** E.g. "Regime fiscale: ordinario". */
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
  /** "Seduta di psicoterapia di gruppo". */
  service: string;
  /** YYYY-MM-DD. */
  sessionOn: string;
  therapist: { name: string; register: string; registerNumber: string };
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
  /** How the stamp duty is paid, printed when it applies. */
  stampDutyNote?: string;
  /** When the person paid (invoice) or was refunded (credit note); null while pending. */
  payment: { method: string; paidOn: string | null };
  /** The person opposed the transmission to the Sistema Tessera Sanitaria. */
  opposed: boolean;
  /** For a credit note: the invoice it corrects. */
  refersTo?: { number: string; issuedOn: string };
}

/** Receipts and invoices of exempt operations above this amount owe the stamp duty (DPR 642/1972, tariffa art. 13). */
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;
export const STAMP_DUTY_CENTS = 200;
export const VAT_EXEMPTION_NOTE = "Operazione esente da IVA ai sensi dell'art. 10, comma 1, n. 18, D.P.R. 633/1972.";
export const OPPOSITION_NOTE = "Il destinatario si è opposto alla trasmissione dei dati al Sistema Tessera Sanitaria.";
export const DEFAULT_STAMP_DUTY_NOTE = "assolta in modo virtuale ai sensi dell'art. 6 del D.M. 17 giugno 2014";
const NOT_SDI_NOTE = "Documento emesso in formato PDF e non trasmesso al Sistema di Interscambio, come previsto per le prestazioni sanitarie rese a persone fisiche.";

export interface InvoicePdfTotals {
  subtotalCents: number;
  stampDutyApplies: boolean;
  /** The stamp duty added to the total: 0 when it does not apply or the practice bears it. */
  stampDutyChargedCents: number;
  totalCents: number;
}

/** The amounts the document shows; the same the Sistema TS file must report. */
export function invoicePdfTotals(document: Pick<InvoicePdfDocument, "lines" | "stampDutyChargedToClient">): InvoicePdfTotals {
  const subtotalCents = document.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const stampDutyApplies = subtotalCents > STAMP_DUTY_THRESHOLD_CENTS;
  const stampDutyChargedCents = stampDutyApplies && document.stampDutyChargedToClient ? STAMP_DUTY_CENTS : 0;
  return { subtotalCents, stampDutyApplies, stampDutyChargedCents, totalCents: subtotalCents + stampDutyChargedCents };
}

/** "1.065,00 €" (it-IT's own format leaves four-digit amounts ungrouped); a no-break space keeps the euro sign attached. */
export function formatInvoiceAmount(cents: number) {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  const euros = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${sign}${euros},${String(absolute % 100).padStart(2, "0")}\u00a0€`;
}

/** "2026-11-26" → "26/11/2026". */
export function formatInvoiceDate(isoDate: string) {
  const [year, month, day] = isoDate.split("-");
  return `${day}/${month}/${year}`;
}

/** "IT60X0542811101000000123456" → "IT60 X054 2811 1010 0000 0123 456". */
const groupIban = (iban: string) => iban.replace(/\s+/g, "").toUpperCase().replace(/(.{4})(?=.)/g, "$1 ");

const documentName = (kind: InvoicePdfKind) => (kind === "invoice" ? "Fattura" : "Nota di credito");

/** "Fattura n. 2026-0001 del 26/11/2026": the title, in the metadata too. */
export function invoicePdfTitle(document: Pick<InvoicePdfDocument, "kind" | "number" | "issuedOn">) {
  return `${documentName(document.kind)} n. ${document.number} del ${formatInvoiceDate(document.issuedOn)}`;
}

const colors = { ink: "#1f2933", muted: "#52606d", accent: "#0f5c57", rule: "#d9cfc0", fill: "#f6f3ee" } as const;
const margin = 56;
const footerHeight = 36;

export function invoicePdf(document: InvoicePdfDocument): Promise<Buffer> {
  const title = invoicePdfTitle(document);
  const recipientName = `${document.recipient.firstName} ${document.recipient.lastName}`;
  const issuedAt = new Date(`${document.issuedOn}T12:00:00Z`);
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    bufferPages: true,
    lang: "it-IT",
    displayTitle: true,
    pdfVersion: "1.7",
    info: {
      Title: pdfSafeText(title),
      Author: pdfSafeText(document.issuer.legalName),
      Subject: pdfSafeText(`${title} - ${recipientName}`),
      Creator: pdfSafeText(document.issuer.legalName),
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

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
  text(`P. IVA ${issuer.partitaIva} - C.F. ${issuer.codiceFiscale}`, left, pdf.y, { width: width * 0.62 });
  if (issuer.email) text(issuer.email, left, pdf.y, { width: width * 0.62 });
  text(issuer.taxRegime, left, pdf.y, { width: width * 0.62 });
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
  text(`del ${formatInvoiceDate(document.issuedOn)}`, left, pdf.y, { width: titleWidth });
  if (document.kind === "creditNote" && document.refersTo) {
    style("Helvetica", 10, colors.muted);
    text(`A storno della fattura n. ${document.refersTo.number} del ${formatInvoiceDate(document.refersTo.issuedOn)}`, left, pdf.y + 4, { width: titleWidth });
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
  text(`C.F. ${document.recipient.codiceFiscale}`, boxX + padding, pdf.y + 2, { width: boxWidth - 2 * padding });
  const boxBottom = pdf.y + padding;
  pdf.roundedRect(boxX, rowTop, boxWidth, boxBottom - rowTop, 4).lineWidth(0.8).strokeColor(colors.rule).stroke();

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
    const description = `${line.service} del ${formatInvoiceDate(line.sessionOn)}`;
    const professional = `${line.therapist.name}, ${line.therapist.register} n. ${line.therapist.registerNumber}`;
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
    text(formatInvoiceAmount(line.amountCents), right - amountWidth - 8, y, { width: amountWidth, align: "right" });
    style("Helvetica", 8.5, colors.muted);
    text(professional, left + 8, y + descriptionHeight + 1, { width: descriptionWidth });
    y += rowHeight;
    rule(y - 6);
  }

  // Totals on the right, payment on the left, kept together on one page.
  const totals = invoicePdfTotals(document);
  const totalsRows: [string, number][] = [[document.kind === "invoice" ? "Totale prestazioni" : "Prestazioni stornate", totals.subtotalCents]];
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
    text(formatInvoiceAmount(cents), totalsX + totalsWidth / 2, totalsY, { width: totalsWidth / 2 - 12, align: "right" });
    totalsY += 17;
  }
  rule(totalsY + 2, totalsX + 12, right - 12, colors.accent);
  style("Helvetica-Bold", 11.5, colors.ink);
  text(`Totale ${documentName(document.kind).toLowerCase()}`, totalsX + 12, totalsY + 10, { width: totalsWidth / 2 + 10 });
  text(formatInvoiceAmount(totals.totalCents), totalsX + totalsWidth / 2, totalsY + 10, { width: totalsWidth / 2 - 12, align: "right" });

  const paymentWidth = totalsX - left - 24;
  label(document.kind === "invoice" ? "Pagamento" : "Rimborso", left, totalsTop + 2, { width: paymentWidth });
  style("Helvetica", 9.5, colors.ink);
  const { method, paidOn } = document.payment;
  const when = document.kind === "invoice" ? (paidOn ? `ricevuto il ${formatInvoiceDate(paidOn)}` : "in attesa di pagamento") : paidOn ? `effettuato il ${formatInvoiceDate(paidOn)}` : "da effettuare";
  text(`${method}, ${when}`, left, pdf.y + 4, { width: paymentWidth });
  if (issuer.iban && document.kind === "invoice") text(`IBAN ${groupIban(issuer.iban)}`, left, pdf.y + 2, { width: paymentWidth });
  y = Math.max(totalsTop + totalsHeight, pdf.y) + 26;

  // Notes: the exemption always; the stamp duty, the opposition and the reference when they apply.
  const notes = [VAT_EXEMPTION_NOTE];
  if (totals.stampDutyApplies) {
    const who = document.stampDutyChargedToClient ? "addebitata al destinatario" : "a carico dell'emittente";
    notes.push(`Imposta di bollo di ${formatInvoiceAmount(STAMP_DUTY_CENTS)} ${who}, ${document.stampDutyNote ?? DEFAULT_STAMP_DUTY_NOTE}.`);
  }
  if (document.opposed) notes.push(OPPOSITION_NOTE);
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
  const range = pdf.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    pdf.switchToPage(index);
    const footerY = pdf.page.height - margin - 12;
    pdf.page.margins.bottom = 0;
    rule(footerY - 8);
    style("Helvetica", 7.5, colors.muted);
    text(`${issuer.legalName} - P. IVA ${issuer.partitaIva} - ${title}`, left, footerY, { width: width - 80, lineBreak: false });
    text(`Pagina ${index - range.start + 1} di ${range.count}`, right - 80, footerY, { width: 80, align: "right", lineBreak: false });
    pdf.page.margins.bottom = margin;
  }
  pdf.end();
  return done;
}
