import { addDays } from "./calendar";
import { csvEuro, type CsvCell } from "./italian-csv";
import { formatNumericDate } from "./italian-date";
import { invoicePaymentMethodLabels, isTraceablePayment, type InvoicePaymentMethod } from "./invoice-rules";
import { z } from "./zod";

/**
 * What the practice hands its accountant (admin → Contabilità): the documents of a period as a CSV
 * for Italian Excel, and each therapist's monthly statement. Pure: the forms' schemas, the CSV's
 * columns and rows, the statement's figures; the database work is in books-exports.server.ts.
 */

const isoDate = z.iso.date("Scrivi una data valida.");

/** The period of the documents' CSV, both days included (Italian calendar dates). */
export const booksPeriodSchema = z
  .object({ dal: isoDate, al: isoDate })
  .refine((period) => period.dal <= period.al, { message: "La data finale viene prima di quella iniziale.", path: ["al"] });
export type BooksPeriod = z.output<typeof booksPeriodSchema>;

/** The current month of `today` (YYYY-MM-DD), first to last day: the period shown until staff choose another. */
export function monthPeriod(today: string): BooksPeriod {
  const first = `${today.slice(0, 7)}-01`;
  return { dal: first, al: addDays(nextMonth(today.slice(0, 7)) + "-01", -1) };
}

/** "2026-11" → "2026-12"; "2026-12" → "2027-01". */
export function nextMonth(month: string) {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
}

/** A month of the statement: YYYY-MM, from 2020 on. */
export const statementMonthSchema = z.object({
  mese: z.string({ error: "Scegli il mese." }).regex(/^20[2-9]\d-(0[1-9]|1[0-2])$/, "Scegli un mese valido."),
});

const monthFormat = new Intl.DateTimeFormat("it-IT", { month: "long", year: "numeric", timeZone: "UTC" });
/** "2026-11" → "novembre 2026". */
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-15T12:00:00Z`));

/** The year of the Sistema TS file. */
export const sistemaTsYearSchema = z.object({
  anno: z.coerce.number({ error: "Scegli l'anno." }).int("Scegli l'anno.").min(2020, "Scegli un anno dal 2020.").max(2100, "Scegli un anno valido."),
});

/**
 * The year whose file is being prepared on `today`: in January, the year just ended (its file is due by
 * 31 January); from February on, the year in progress.
 */
export const sistemaTsDefaultYear = (today: string) => Number(today.slice(0, 4)) - (today.slice(5, 7) === "01" ? 1 : 0);

/** The Sistema TS file's name: the real one, or the preview whose codici fiscali are in clear and that must not be uploaded. */
export const sistemaTsFileName = (year: number, preview: boolean) => `sistema-ts-${year}${preview ? "-anteprima" : ""}.xml`;

/* ------------------------------------------------------------------------------------------------
 * The documents' CSV
 * ---------------------------------------------------------------------------------------------- */

export const booksCsvHeaders = [
  "Tipo documento",
  "Numero",
  "Data",
  "Data pagamento",
  "Intestatario",
  "Codice fiscale",
  "Importo",
  "Bollo",
  "Bollo a carico",
  "Totale",
  "Metodo",
  "Tracciabile",
  "Opposizione STS",
  "Riferimento fattura",
] as const;

/** One line of the CSV: a fattura, a nota di credito, or a payment whose invoice still waits for fiscal data. */
export interface BooksDocumentRow {
  kind: "invoice" | "credit_note" | "payment";
  number: string | null;
  /** YYYY-MM-DD; null for a payment without its invoice yet. */
  issuedOn: string | null;
  /** YYYY-MM-DD: the payment, or the refund of a credit note. */
  paidOn: string;
  holder: string;
  codiceFiscale: string | null;
  /** The services (the lines), without a stamp duty charged to the person. */
  subtotalCents: number;
  /** The €2 due on the document, whoever bears it; 0 when none is due. */
  stampDutyCents: number;
  stampDutyCharged: boolean;
  /** What the person paid (or got back). */
  totalCents: number;
  method: InvoicePaymentMethod;
  opposed: boolean | null;
  refersTo: { number: string; issuedOn: string } | null;
}

const kindLabels: Record<BooksDocumentRow["kind"], string> = { invoice: "Fattura", credit_note: "Nota di credito", payment: "Pagamento senza fattura" };

/**
 * The cells of one line. A credit note's amounts are negative, so that the column's sum is the net of
 * the period; the stamp duty is shown wherever it is due, with who bears it (the person: it is part of
 * the total; the practice: it is not).
 */
export function booksCsvCells(row: BooksDocumentRow): CsvCell[] {
  const sign = row.kind === "credit_note" ? -1 : 1;
  const stampDue = row.stampDutyCents > 0;
  return [
    kindLabels[row.kind],
    row.number,
    row.issuedOn ? formatNumericDate(row.issuedOn) : null,
    formatNumericDate(row.paidOn),
    row.holder,
    row.codiceFiscale,
    csvEuro(sign * row.subtotalCents),
    stampDue ? csvEuro(row.stampDutyCents) : null,
    stampDue ? (row.stampDutyCharged ? "Cliente" : "Studio") : null,
    csvEuro(sign * row.totalCents),
    invoicePaymentMethodLabels[row.method],
    isTraceablePayment(row.method),
    row.opposed,
    row.refersTo ? `${row.refersTo.number} del ${formatNumericDate(row.refersTo.issuedOn)}` : null,
  ];
}

/* ------------------------------------------------------------------------------------------------
 * The therapist's monthly statement
 * ---------------------------------------------------------------------------------------------- */

/** One meeting the therapist held in the month, with the members it charged and the therapist's share of them. */
export interface StatementSession {
  sessionId: string;
  startsAt: Date;
  groupName: string;
  /** Members charged for this meeting (present, or absent without notice). */
  memberSessions: number;
  shareCents: number;
}

export interface StatementTotals {
  sessionsHeld: number;
  memberSessions: number;
  shareCents: number;
}

export function statementTotals(sessions: readonly StatementSession[]): StatementTotals {
  return {
    sessionsHeld: sessions.length,
    memberSessions: sessions.reduce((sum, session) => sum + session.memberSessions, 0),
    shareCents: sessions.reduce((sum, session) => sum + session.shareCents, 0),
  };
}

export const statementCsvHeaders = ["Data", "Gruppo", "Sedute-persona addebitate", "Quota terapeuta"] as const;

/** The statement's lines: one per meeting, then the totals line. */
export function statementCsvRows(sessions: readonly StatementSession[]): CsvCell[][] {
  const totals = statementTotals(sessions);
  return [
    ...sessions.map((session): CsvCell[] => [session.startsAt, session.groupName, session.memberSessions, csvEuro(session.shareCents)]),
    [`Totale: ${totals.sessionsHeld === 1 ? "1 incontro" : `${totals.sessionsHeld} incontri`}`, null, totals.memberSessions, csvEuro(totals.shareCents)],
  ];
}
