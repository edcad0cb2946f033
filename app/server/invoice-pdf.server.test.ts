import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { sessionLineDescription } from "~/domain/invoice-rules";
import { invoicePdf, type InvoicePdfDocument, type InvoicePdfLine } from "./invoice-pdf.server";
import { pdfTextRuns } from "../../tests/support/pdf-text";

const therapist = { name: "Dott.ssa Maria Rossi", register: "Albo degli Psicologi del Lazio", registerNumber: "12345" };
const session = (sessionOn: string, amountCents = 3500): InvoicePdfLine => ({ description: sessionLineDescription(sessionOn), therapist, amountCents });
const invoice = (overrides: Partial<InvoicePdfDocument> = {}): InvoicePdfDocument => ({
  kind: "invoice",
  number: "2026-0001",
  issuedOn: "2026-11-26",
  issuer: {
    legalName: "Insieme Terapia S.r.l.",
    addressLines: ["Via Esempio 1", "20100 Milano (MI)"],
    partitaIva: "86334519757",
    codiceFiscale: "86334519757",
    taxRegime: "Regime fiscale: ordinario",
    iban: "IT60X0542811101000000123456",
  },
  recipient: { firstName: "Luca", lastName: "Bianchi", addressLines: ["Via Roma 10", "00184 Roma (RM)"], codiceFiscale: "BNCLCU75B41F205Z" },
  lines: [session("2026-11-12"), session("2026-11-19")],
  stampDutyChargedToClient: true,
  payment: { method: "bank_transfer", paidOn: "2026-11-26" },
  opposed: false,
  ...overrides,
});

/** All the document's text as one line, spaces (no-break ones too) collapsed. */
const pdfText = async (document: InvoicePdfDocument) =>
  pdfTextRuns(await invoicePdf(document))
    .join(" ")
    .replace(/\s+/g, " ");

/** Each expected line is somewhere in the PDF's text (the text is compared line by line, so a failure names the line). */
function expectLines(text: string, lines: string[]) {
  for (const line of lines) expect(text).toContain(line);
}

describe("invoicePdf", () => {
  it("prints a fattura sanitaria with every field an accountant looks for", async () => {
    const text = await pdfText(invoice());
    expectLines(text, [
      "FATTURA SANITARIA",
      "Fattura n. 2026-0001 del 26/11/2026",
      "Insieme Terapia S.r.l.",
      "Via Esempio 1 20100 Milano (MI)",
      "P. IVA 86334519757 - C.F. 86334519757",
      "Regime fiscale: ordinario",
      "INTESTATA A Luca Bianchi Via Roma 10 00184 Roma (RM) C.F. BNCLCU75B41F205Z",
      "DESCRIZIONE IMPORTO",
      "Seduta di psicoterapia di gruppo del 12/11/2026 35,00 € Dott.ssa Maria Rossi, Albo degli Psicologi del Lazio n. 12345",
      "Seduta di psicoterapia di gruppo del 19/11/2026 35,00 € Dott.ssa Maria Rossi, Albo degli Psicologi del Lazio n. 12345",
      "Totale prestazioni 70,00 €",
      "Totale fattura 70,00 €",
      "PAGAMENTO Pagamento tracciato: bonifico bancario Ricevuto il 26/11/2026 IBAN IT60 X054 2811 1010 0000 0123 456",
      "Operazione esente da IVA ai sensi dell'art. 10, comma 1, n. 18, D.P.R. 633/1972.",
      "Pagina 1 di 1",
    ]);
    expect(text).not.toContain("Sistema Tessera Sanitaria");
  });

  it("is one A4 page titled with the document's number and date", async () => {
    const pdf = await PDFDocument.load(new Uint8Array(await invoicePdf(invoice())));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe("Fattura n. 2026-0001 del 26/11/2026");
    expect(pdf.getAuthor()).toBe("Insieme Terapia S.r.l.");
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
  });

  it("owes no stamp duty at exactly 77,47 €", async () => {
    const text = await pdfText(invoice({ lines: [session("2026-11-12", 7747)] }));
    expect(text).toContain("Totale fattura 77,47 €");
    expect(text).not.toContain("bollo");
  });

  it("adds 2,00 € of stamp duty at 77,48 € when the client is charged", async () => {
    const text = await pdfText(invoice({ lines: [session("2026-11-12", 7748)] }));
    expect(text).toContain("Totale prestazioni 77,48 € Imposta di bollo 2,00 € Totale fattura 79,48 €");
    expect(text).toContain("Imposta di bollo di 2,00 € assolta sull'originale, addebitata al destinatario.");
  });

  it("only notes the stamp duty at 77,48 € when the practice bears it", async () => {
    const text = await pdfText(invoice({ lines: [session("2026-11-12", 7748)], stampDutyChargedToClient: false, stampDutyMarkId: "01234567890123" }));
    expect(text).toContain("Totale prestazioni 77,48 € Totale fattura 77,48 €");
    expect(text).toContain("Imposta di bollo di 2,00 € assolta sull'originale (identificativo marca da bollo: 01234567890123), a carico dell'emittente.");
  });

  it("states the person's opposition to the Sistema Tessera Sanitaria", async () => {
    expect(await pdfText(invoice({ opposed: true }))).toContain("Il destinatario si è opposto alla trasmissione dei dati al Sistema Tessera Sanitaria.");
  });

  it("prints a credit note with the invoice it corrects and the refund", async () => {
    const document = invoice({
      kind: "creditNote",
      number: "NC-2026-0001",
      issuedOn: "2026-12-03",
      lines: [session("2026-11-19")],
      payment: { method: "bank_transfer", paidOn: "2026-12-03" },
      refersTo: { number: "2026-0001", issuedOn: "2026-11-26", scope: "partial" },
    });
    const text = await pdfText(document);
    expectLines(text, [
      "NOTA DI CREDITO",
      "Nota di credito n. NC-2026-0001 del 03/12/2026",
      "Storno parziale della fattura n. 2026-0001 del 26/11/2026",
      "Prestazioni stornate 35,00 € Totale nota di credito 35,00 €",
      "RIMBORSO Bonifico bancario Effettuato il 03/12/2026",
    ]);
    expect(text).not.toContain("IBAN");
    expect((await PDFDocument.load(new Uint8Array(await invoicePdf(document)))).getTitle()).toBe("Nota di credito n. NC-2026-0001 del 03/12/2026");
  });

  it("says when a cash payment was not traceable, and when the payment is still due", async () => {
    expect(await pdfText(invoice({ payment: { method: "cash", paidOn: "2026-11-26" } }))).toContain("PAGAMENTO Pagamento in contanti Ricevuto il 26/11/2026");
    expect(await pdfText(invoice({ payment: { method: "bank_transfer", paidOn: null } }))).toContain("In attesa di pagamento");
  });

  it("groups thousands in amounts: 1.065,00 €", async () => {
    const text = await pdfText(invoice({ lines: [session("2026-11-12", 53250), session("2026-11-19", 53250)], stampDutyChargedToClient: false }));
    expect(text).toContain("Totale fattura 1.065,00 €");
  });

  it("carries a long list of sessions over several pages, every line and the total on them", async () => {
    const lines = Array.from({ length: 40 }, (_, index) => session(`2026-${String(1 + Math.floor(index / 4)).padStart(2, "0")}-${String(1 + (index % 4) * 7).padStart(2, "0")}`));
    const pdf = await invoicePdf(invoice({ lines }));
    const pages = (await PDFDocument.load(new Uint8Array(pdf))).getPageCount();
    expect(pages).toBeGreaterThan(1);
    const text = pdfTextRuns(pdf).join(" ").replace(/\s+/g, " ");
    expect(text.match(/Seduta di psicoterapia di gruppo del/g)).toHaveLength(40);
    expect(text.match(/DESCRIZIONE IMPORTO/g)).toHaveLength(pages);
    expect(text).toContain(`Pagina ${pages} di ${pages}`);
    expect(text).toContain("Totale fattura 1.402,00 €");
  });
});
