import { monthLabel, type StatementSession, type StatementTotals } from "~/domain/books-exports";
import { formatNumericDate } from "~/domain/italian-date";
import { tariffs } from "~/domain/ledger";
import { formatEuro } from "~/domain/money";
import { sessionTime } from "~/domain/sessions";
import { a4Pdf, numberPages, pdfColors } from "./pdf-document.server";
import { pdfSafeText } from "./services/legal-pdfs.server";

/**
 * A therapist's monthly statement as an A4 PDF for the practice and its accountant: the meetings
 * held, the member-sessions charged and the therapist's share of each, with the totals. No member is
 * named: the statement counts, it does not list people.
 */

export interface StatementPdfInput {
  /** Who issues it: the practice's legal name. */
  practice: string;
  therapist: { name: string; registrationNumber: string | null };
  month: string;
  sessions: readonly StatementSession[];
  totals: StatementTotals;
  /** When it was drawn, printed at the foot. */
  drawnAt: Date;
}

/** "Prospetto di novembre 2026 - Dott.ssa Maria Rossi": the title, in the metadata too. */
export const statementTitle = (input: Pick<StatementPdfInput, "month" | "therapist">) => `Prospetto di ${monthLabel(input.month)} - ${input.therapist.name}`;

/** The share of a member-session as the note says it: one figure when every tariff pays the therapist the same. */
function shareNote() {
  const shares = [...new Set(Object.values(tariffs).map((tariff) => tariff.therapistCents))];
  return shares.length === 1
    ? `Quota del terapeuta: ${formatEuro(shares[0]!)} per ogni seduta-persona addebitata (presenza o assenza senza preavviso), qualunque sia la tariffa pagata dalla persona.`
    : "Quota del terapeuta secondo la tariffa di ciascuna seduta-persona addebitata (presenza o assenza senza preavviso).";
}

const colors = pdfColors;
const margin = 56;

export async function therapistStatementPdf(input: StatementPdfInput): Promise<Buffer> {
  const title = statementTitle(input);
  const { pdf, bytes } = await a4Pdf(margin, { title, author: input.practice, date: input.drawnAt });
  const left = margin;
  const width = pdf.page.width - 2 * margin;
  const right = left + width;
  const write = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) => pdf.text(pdfSafeText(value), x, y, { lineGap: 1.5, ...options });
  const style = (bold: boolean, size: number, color: string) =>
    pdf
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(size)
      .fillColor(color);
  const rule = (y: number, color: string = colors.rule) => pdf.moveTo(left, y).lineTo(right, y).lineWidth(0.6).strokeColor(color).stroke();

  style(true, 12, colors.accent);
  write(input.practice, left, margin, { width });
  style(false, 8, colors.muted);
  write("PROSPETTO MENSILE PER IL TERAPEUTA", left, pdf.y + 2, { width, characterSpacing: 0.8 });
  rule(pdf.y + 10, colors.accent);
  style(true, 18, colors.ink);
  write(`${monthLabel(input.month).replace(/^./, (first) => first.toUpperCase())}`, left, pdf.y + 24, { width });
  style(false, 11, colors.ink);
  write(input.therapist.name, left, pdf.y + 2, { width });
  if (input.therapist.registrationNumber) {
    style(false, 9.5, colors.muted);
    write(`Iscrizione all'albo: ${input.therapist.registrationNumber}`, left, pdf.y, { width });
  }

  // Three figures side by side.
  const figures: [string, string][] = [
    ["Incontri tenuti", String(input.totals.sessionsHeld)],
    ["Sedute-persona addebitate", String(input.totals.memberSessions)],
    ["Quota del terapeuta", formatEuro(input.totals.shareCents)],
  ];
  const figuresTop = pdf.y + 18;
  const boxWidth = (width - 2 * 10) / 3;
  figures.forEach(([name, value], index) => {
    const x = left + index * (boxWidth + 10);
    pdf.roundedRect(x, figuresTop, boxWidth, 54, 4).fillColor(colors.fill).fill();
    style(false, 8.5, colors.muted);
    write(name, x + 10, figuresTop + 10, { width: boxWidth - 20 });
    style(true, 15, colors.ink);
    write(value, x + 10, figuresTop + 26, { width: boxWidth - 20 });
  });

  // The meetings, one line each; the header repeats on a new page.
  const columns = { date: left + 8, group: left + 120, count: right - 190, share: right - 98 };
  const header = (y: number) => {
    pdf.rect(left, y, width, 20).fillColor(colors.fill).fill();
    style(true, 7.5, colors.muted);
    write("DATA", columns.date, y + 7, { width: 100 });
    write("GRUPPO", columns.group, y + 7, { width: columns.count - columns.group - 8 });
    write("SEDUTE-PERSONA", columns.count, y + 7, { width: 90, align: "right" });
    write("QUOTA", columns.share, y + 7, { width: 90, align: "right" });
    return y + 26;
  };
  let y = header(figuresTop + 54 + 24);
  const bottom = () => pdf.page.height - margin - 40;
  if (input.sessions.length === 0) {
    style(false, 10, colors.muted);
    write("Nessun incontro tenuto in questo mese.", columns.date, y, { width: width - 16 });
    y = pdf.y + 8;
  }
  for (const session of input.sessions) {
    style(false, 10, colors.ink);
    const groupHeight = pdf.heightOfString(pdfSafeText(session.groupName), { width: columns.count - columns.group - 8, lineGap: 1.5 });
    if (y + groupHeight + 10 > bottom()) {
      pdf.addPage();
      y = header(margin);
      style(false, 10, colors.ink);
    }
    write(`${formatNumericDate(session.startsAt)} ${sessionTime(session.startsAt)}`, columns.date, y, { width: 110 });
    write(session.groupName, columns.group, y, { width: columns.count - columns.group - 8 });
    write(String(session.memberSessions), columns.count, y, { width: 90, align: "right" });
    write(formatEuro(session.shareCents), columns.share, y, { width: 90, align: "right" });
    y += groupHeight + 10;
    rule(y - 5);
  }
  if (y + 60 > bottom()) {
    pdf.addPage();
    y = margin;
  }
  style(true, 11, colors.ink);
  write("Totale", columns.date, y + 4, { width: 100 });
  write(String(input.totals.memberSessions), columns.count, y + 4, { width: 90, align: "right" });
  write(formatEuro(input.totals.shareCents), columns.share, y + 4, { width: 90, align: "right" });
  style(false, 8.5, colors.muted);
  write(shareNote(), left, y + 30, { width });

  numberPages(pdf, margin, `${title} - redatto il ${formatNumericDate(input.drawnAt)}`);
  pdf.end();
  return bytes;
}
