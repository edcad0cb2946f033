import { describe, expect, it } from "vitest";
import {
  booksCsvCells,
  booksPeriodSchema,
  monthLabel,
  monthPeriod,
  nextMonth,
  sistemaTsDefaultYear,
  sistemaTsFileName,
  statementCsvRows,
  statementMonthSchema,
  statementTotals,
  type BooksDocumentRow,
} from "./books-exports";
import { csvLine } from "./italian-csv";

const invoice: BooksDocumentRow = {
  kind: "invoice",
  number: "2026-0007",
  issuedOn: "2026-11-12",
  paidOn: "2026-11-10",
  holder: "Giulia Rossi",
  codiceFiscale: "RSSGLI90A41H501Y",
  subtotalCents: 10_300,
  stampDutyCents: 200,
  stampDutyCharged: true,
  totalCents: 10_500,
  method: "cash",
  opposed: false,
  refersTo: null,
};

describe("the documents' CSV line", () => {
  it("writes an invoice with Italian dates, decimal commas, the stamp duty charged to the person and an untraceable payment", () => {
    expect(csvLine(booksCsvCells(invoice))).toBe("Fattura;2026-0007;12/11/2026;10/11/2026;Giulia Rossi;RSSGLI90A41H501Y;103,00;2,00;Cliente;105,00;Contanti;No;No;\r\n");
  });

  it("writes a credit note's amounts as negative, with the invoice it corrects", () => {
    const note: BooksDocumentRow = {
      ...invoice,
      kind: "credit_note",
      number: "NC-2026-0001",
      subtotalCents: 3500,
      stampDutyCents: 0,
      totalCents: 3500,
      method: "bank_transfer",
      refersTo: { number: "2026-0007", issuedOn: "2026-11-12" },
    };
    expect(booksCsvCells(note)).toEqual([
      "Nota di credito",
      "NC-2026-0001",
      "12/11/2026",
      "10/11/2026",
      "Giulia Rossi",
      "RSSGLI90A41H501Y",
      { euroCents: -3500 },
      null,
      null,
      { euroCents: -3500 },
      "Bonifico bancario",
      true,
      false,
      "2026-0007 del 12/11/2026",
    ]);
  });

  it("says who bears a stamp duty the practice did not charge, and leaves a waiting payment without number or codice fiscale", () => {
    expect(booksCsvCells({ ...invoice, subtotalCents: 10_500, stampDutyCharged: false }).slice(6, 10)).toEqual([
      { euroCents: 10_500 },
      { euroCents: 200 },
      "Studio",
      { euroCents: 10_500 },
    ]);
    const waiting = csvLine(
      booksCsvCells({ ...invoice, kind: "payment", number: null, issuedOn: null, codiceFiscale: null, stampDutyCents: 0, subtotalCents: 3500, totalCents: 3500, opposed: null }),
    );
    expect(waiting).toBe("Pagamento senza fattura;;;10/11/2026;Giulia Rossi;;35,00;;;35,00;Contanti;No;;\r\n");
  });
});

describe("the period and the month", () => {
  it("defaults to the current month, first to last day, also across the year's end", () => {
    expect(monthPeriod("2026-02-14")).toEqual({ dal: "2026-02-01", al: "2026-02-28" });
    expect(monthPeriod("2026-12-31")).toEqual({ dal: "2026-12-01", al: "2026-12-31" });
    expect(nextMonth("2026-12")).toBe("2027-01");
    expect(monthLabel("2026-11")).toBe("novembre 2026");
  });

  it("refuses a period that ends before it starts, or a date that is not one, on its field", () => {
    expect(booksPeriodSchema.safeParse({ dal: "2026-11-30", al: "2026-11-01" }).error?.issues[0]).toMatchObject({
      path: ["al"],
      message: "La data finale viene prima di quella iniziale.",
    });
    expect(booksPeriodSchema.safeParse({ dal: "2026-02-30", al: "2026-03-01" }).error?.issues[0]).toMatchObject({ path: ["dal"], message: "Scrivi una data valida." });
    expect(statementMonthSchema.safeParse({ mese: "2026-13" }).error?.issues[0]?.message).toBe("Scegli un mese valido.");
  });

  it("prepares last year's Sistema TS file in January, this year's from February, and names the preview as such", () => {
    expect(sistemaTsDefaultYear("2027-01-20")).toBe(2026);
    expect(sistemaTsDefaultYear("2026-02-01")).toBe(2026);
    expect(sistemaTsFileName(2026, false)).toBe("sistema-ts-2026.xml");
    expect(sistemaTsFileName(2026, true)).toBe("sistema-ts-2026-anteprima.xml");
  });
});

describe("the therapist's statement", () => {
  const sessions = [
    { sessionId: "a", startsAt: new Date("2026-11-02T18:00:00Z"), groupName: "Ansia", memberSessions: 6, shareCents: 12_600 },
    { sessionId: "b", startsAt: new Date("2026-11-09T18:00:00Z"), groupName: "Ansia", memberSessions: 5, shareCents: 10_500 },
  ];

  it("adds up the meetings, the member-sessions and the share", () => {
    expect(statementTotals(sessions)).toEqual({ sessionsHeld: 2, memberSessions: 11, shareCents: 23_100 });
  });

  it("ends the CSV lines with the totals", () => {
    expect(statementCsvRows(sessions).map(csvLine)).toEqual(["02/11/2026;Ansia;6;126,00\r\n", "09/11/2026;Ansia;5;105,00\r\n", "Totale: 2 incontri;;11;231,00\r\n"]);
  });
});
