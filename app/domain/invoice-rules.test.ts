import { describe, expect, it } from "vitest";
import {
  invoiceTherapistLabel,
  creditNoteReference,
  formatCreditNoteNumber,
  formatInvoiceNumber,
  invoicePaymentMethods,
  invoiceTotals,
  isTraceablePayment,
  parseDocumentNumber,
  paymentNote,
  sessionLineDescription,
  sistemaTsCodiceFiscale,
  sistemaTsDeadline,
  SISTEMA_TS_OPPOSITION_NOTE,
  STAMP_DUTY_CENTS,
  STAMP_DUTY_THRESHOLD_CENTS,
  stampDutyApplies,
  stampDutyNote,
  VAT_EXEMPTION_NOTE,
} from "./invoice-rules";

describe("stamp duty", () => {
  it("is €2 and applies strictly above €77.47", () => {
    expect([STAMP_DUTY_THRESHOLD_CENTS, STAMP_DUTY_CENTS]).toEqual([7747, 200]);
    expect(stampDutyApplies(7746)).toBe(false);
    expect(stampDutyApplies(7747)).toBe(false);
    expect(stampDutyApplies(7748)).toBe(true);
  });

  it("is counted on the services and added to the total only when the practice recharges it", () => {
    // Two sessions at €35 (70,00) owe none; three (105,00) owe it.
    expect(invoiceTotals([3500, 3500], { rechargeStampDuty: true })).toEqual({
      servicesCents: 7000,
      stampDutyApplies: false,
      stampDutyChargedCents: 0,
      totalCents: 7000,
    });
    expect(invoiceTotals([3500, 3500, 3500], { rechargeStampDuty: true })).toEqual({
      servicesCents: 10500,
      stampDutyApplies: true,
      stampDutyChargedCents: 200,
      totalCents: 10700,
    });
    expect(invoiceTotals([3500, 3500, 3500], { rechargeStampDuty: false })).toMatchObject({ stampDutyApplies: true, totalCents: 10500 });
  });

  it("is noted as paid on the original, with the mark's number when known", () => {
    expect(stampDutyNote()).toBe("Imposta di bollo di 2,00\u00a0€ assolta sull'originale");
    expect(stampDutyNote(" 01234567890123 ")).toBe("Imposta di bollo di 2,00\u00a0€ assolta sull'originale (identificativo marca da bollo: 01234567890123)");
  });
});

describe("notes printed on the invoice", () => {
  it("cites the VAT exemption for health services", () => {
    expect(VAT_EXEMPTION_NOTE).toBe("Operazione esente da IVA ai sensi dell'art. 10, comma 1, n. 18, D.P.R. 633/1972");
  });

  it("records the opposition to the Sistema TS, and the code then reported is none", () => {
    expect(SISTEMA_TS_OPPOSITION_NOTE).toBe("Il destinatario si è opposto alla trasmissione dei dati al Sistema Tessera Sanitaria");
    expect(sistemaTsCodiceFiscale("RSSMRA85T10A562S", true)).toBeNull();
    expect(sistemaTsCodiceFiscale("RSSMRA85T10A562S", false)).toBe("RSSMRA85T10A562S");
  });

  it("describes a session by its day in Italy", () => {
    expect(sessionLineDescription("2026-11-12")).toBe("Seduta di psicoterapia di gruppo del 12/11/2026");
    expect(sessionLineDescription(new Date("2026-11-12T18:00:00Z"))).toBe("Seduta di psicoterapia di gruppo del 12/11/2026");
  });

  it("says which invoice a credit note corrects", () => {
    expect(creditNoteReference("2026-0001", "2026-11-12", "total")).toBe("Storno totale della fattura n. 2026-0001 del 12/11/2026");
    expect(creditNoteReference("2026-0001", "2026-11-12", "partial")).toBe("Storno parziale della fattura n. 2026-0001 del 12/11/2026");
  });
});

describe("Sistema TS deadline", () => {
  it("is 31 January of the year after the payment, moved to Monday from a weekend", () => {
    expect(sistemaTsDeadline(2025)).toBe("2026-02-02"); // 31/01/2026 is a Saturday
    expect(sistemaTsDeadline(2026)).toBe("2027-02-01"); // a Sunday
    expect(sistemaTsDeadline(2027)).toBe("2028-01-31"); // a Monday
  });
});

describe("document numbers", () => {
  it("numbers invoices YYYY-NNNN and credit notes NC-YYYY-NNNN", () => {
    expect(formatInvoiceNumber(2026, 1)).toBe("2026-0001");
    expect(formatInvoiceNumber(2026, 12345)).toBe("2026-12345");
    expect(formatCreditNoteNumber(2026, 7)).toBe("NC-2026-0007");
  });

  it("refuses what is no year or no sequence", () => {
    expect(() => formatInvoiceNumber(26, 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber(2026, 0)).toThrow(RangeError);
    expect(() => formatCreditNoteNumber(2026, 1.5)).toThrow(RangeError);
  });

  it("reads back the numbers it writes, and nothing else", () => {
    expect(parseDocumentNumber("2026-0001")).toEqual({ kind: "invoice", year: 2026, sequence: 1 });
    expect(parseDocumentNumber("NC-2026-0007")).toEqual({ kind: "credit_note", year: 2026, sequence: 7 });
    expect(parseDocumentNumber("2026-12345")).toEqual({ kind: "invoice", year: 2026, sequence: 12345 });
    for (const text of ["2026-1", "2026-00001", "2026-0000", "NC2026-0001", " 2026-0001", "1999-0001"]) {
      expect(parseDocumentNumber(text)).toBeNull();
    }
  });
});

describe("payment methods", () => {
  it("counts bank transfers, cards, online card payments and cheques as traceable, not cash or unknown means", () => {
    expect(invoicePaymentMethods.filter(isTraceablePayment)).toEqual(["bank_transfer", "card", "stripe", "cheque"]);
  });

  it("prints 'pagamento tracciato' only for traceable payments", () => {
    expect(paymentNote("bank_transfer")).toBe("Pagamento tracciato: bonifico bancario");
    expect(paymentNote("stripe")).toBe("Pagamento tracciato: carta di pagamento online");
    expect(paymentNote("cash")).toBe("Pagamento in contanti");
    expect(paymentNote("other")).toBe("Pagamento con altro mezzo");
  });
});

describe("the therapist on an invoice line", () => {
  it("names the register once: as entered when it says Albo, after «iscrizione all'Albo n.» when it is a bare number", () => {
    expect(invoiceTherapistLabel("Davide Conti", "Albo Psicologi Piemonte n. 6093")).toBe("Davide Conti, Albo Psicologi Piemonte n. 6093");
    expect(invoiceTherapistLabel("Davide Conti", "6093")).toBe("Davide Conti, iscrizione all'Albo n. 6093");
    expect(invoiceTherapistLabel("Davide Conti", "  ")).toBe("Davide Conti");
    expect(invoiceTherapistLabel("Davide Conti", null)).toBe("Davide Conti");
  });
});
