import { describe, expect, it } from "vitest";
import { SistemaTsError, sistemaTsProblems, sistemaTsRecords, sistemaTsSummary, sistemaTsXml, sistemaTsXmlParts, type SistemaTsDocument, type SistemaTsInput } from "./sistema-ts";

const issuer = { partitaIva: "86334519757", codiceFiscale: "rssmra80a41h501y", name: "Studio Rossi" };
const invoice = (overrides: Partial<SistemaTsDocument> = {}): SistemaTsDocument => ({
  kind: "invoice",
  number: "2026-0001",
  issuedOn: "2026-11-26",
  paidOn: "2026-11-26",
  personCodiceFiscale: "BNCLCU75B41F205Z",
  opposed: false,
  totalCents: 14000,
  paymentMethod: "Bonifico",
  traceable: true,
  ...overrides,
});
const creditNote = (overrides: Partial<SistemaTsDocument> = {}): SistemaTsDocument =>
  invoice({
    kind: "creditNote",
    number: "NC-2026-0001",
    issuedOn: "2026-12-03",
    paidOn: "2026-12-03",
    totalCents: 3500,
    refersTo: { number: "2026-0001", issuedOn: "2026-11-26" },
    ...overrides,
  });
const input = (...documents: SistemaTsDocument[]): SistemaTsInput => ({ issuer, documents });
/** Stands in for the RSA encryption: visible, and never the clear text. */
const fakeEncrypt = (codiceFiscale: string) => `CIFRATO(${codiceFiscale})`;

interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

/** Just enough XML to prove the file well formed: declaration, nested elements, text, the five entities. */
function parseXml(source: string): XmlElement {
  let position = 0;
  const fail = (message: string): never => {
    throw new Error(`${message} at ${position}: ${source.slice(position, position + 40)}`);
  };
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/.exec(source) ?? fail("missing XML declaration");
  position = declaration[0].length;
  const element = (): XmlElement => {
    const open = /^<([A-Za-z][\w.-]*)>/.exec(source.slice(position)) ?? fail("expected an opening tag");
    position += open[0].length;
    const node: XmlElement = { name: open[1]!, children: [], text: "" };
    for (;;) {
      const rest = source.slice(position);
      if (rest.startsWith("</")) {
        const close = /^<\/([A-Za-z][\w.-]*)>/.exec(rest);
        if (!close || close[1] !== node.name) fail(`expected </${node.name}>`);
        position += close![0].length;
        node.text = node.text.trim();
        return node;
      }
      if (rest.startsWith("<")) {
        node.children.push(element());
        continue;
      }
      const text = /^[^<]+/.exec(rest) ?? fail(`unclosed <${node.name}>`);
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(text[0])) fail("unescaped &");
      const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
      node.text += text[0].replace(/&(\w+);/g, (_, name: string) => entities[name]!);
      position += text[0].length;
    }
  };
  const root = element();
  if (source.slice(position).trim() !== "") fail("content after the root element");
  return root;
}

const child = (node: XmlElement, name: string) => node.children.find((candidate) => candidate.name === name);
const textAt = (node: XmlElement, ...path: string[]) => path.reduce<XmlElement | undefined>((current, name) => current && child(current, name), node)?.text;
const names = (node: XmlElement) => node.children.map((candidate) => candidate.name);
const documentsIn = (xml: string) => parseXml(xml).children.filter((node) => node.name === "documentoSpesa");

describe("sistemaTsRecords", () => {
  it("reports an invoice as an insertion of prestazioni sanitarie (SP), exempt (N4), with the person's codice fiscale", () => {
    expect(sistemaTsRecords(input(invoice()))).toEqual([
      {
        idSpesa: { pIva: "86334519757", dataEmissione: "2026-11-26", dispositivo: 1, numDocumento: "2026-0001" },
        idRimborso: null,
        dataPagamento: "2026-11-26",
        flagPagamentoAnticipato: false,
        flagOperazione: "I",
        cfCittadino: "BNCLCU75B41F205Z",
        pagamentoTracciato: "SI",
        tipoDocumento: "F",
        flagOpposizione: "0",
        voceSpesa: [{ tipoSpesa: "SP", importo: "140.00", naturaIVA: "N4" }],
      },
    ]);
  });

  it("leaves the codice fiscale out and sets flagOpposizione when the person opposed", () => {
    const [record] = sistemaTsRecords(input(invoice({ opposed: true })));
    expect(record).toMatchObject({ cfCittadino: null, flagOpposizione: "1" });
  });

  it("accepts an opposed person with no codice fiscale on file", () => {
    expect(sistemaTsProblems(input(invoice({ opposed: true, personCodiceFiscale: null })))).toEqual([]);
  });

  it("reports a credit note as a refund (R) of the invoice it corrects, with a positive amount", () => {
    const [record] = sistemaTsRecords(input(creditNote()));
    expect(record).toMatchObject({
      flagOperazione: "R",
      idSpesa: { numDocumento: "NC-2026-0001", dataEmissione: "2026-12-03" },
      idRimborso: { pIva: "86334519757", numDocumento: "2026-0001", dataEmissione: "2026-11-26", dispositivo: 1 },
      dataPagamento: "2026-12-03",
      voceSpesa: [{ tipoSpesa: "SP", importo: "35.00", naturaIVA: "N4" }],
    });
  });

  it("marks a cash payment as not traceable", () => {
    const [record] = sistemaTsRecords(input(invoice({ paymentMethod: "Contanti", traceable: false })));
    expect(record!.pagamentoTracciato).toBe("NO");
  });

  it("reports a stamp duty charged to the person as its own N1 item, and nothing for one the practice bears", () => {
    const [charged] = sistemaTsRecords(input(invoice({ totalCents: 14200, stampDutyChargedCents: 200 })));
    expect(charged!.voceSpesa).toEqual([
      { tipoSpesa: "SP", importo: "140.00", naturaIVA: "N4" },
      { tipoSpesa: "SP", importo: "2.00", naturaIVA: "N1" },
    ]);
    const [borne] = sistemaTsRecords(input(invoice({ totalCents: 14000, stampDutyChargedCents: 0 })));
    expect(borne!.voceSpesa).toEqual([{ tipoSpesa: "SP", importo: "140.00", naturaIVA: "N4" }]);
  });

  it("writes amounts with a dot and two decimals, without thousands separators", () => {
    const amounts = sistemaTsRecords(input(invoice({ totalCents: 106500 }), invoice({ number: "2026-0002", totalCents: 5 })));
    expect(amounts.map((record) => record.voceSpesa[0]!.importo)).toEqual(["1065.00", "0.05"]);
  });

  it("flags a payment received before the invoice was issued", () => {
    const [record] = sistemaTsRecords(input(invoice({ paidOn: "2026-11-20" })));
    expect(record!.flagPagamentoAnticipato).toBe(true);
  });

  it("throws every problem at once, in Italian", () => {
    const broken = input(
      invoice({ personCodiceFiscale: null }),
      invoice({ number: "2026 n.2", personCodiceFiscale: "NONVALIDO" }),
      creditNote({ refersTo: undefined }),
      invoice({ number: "2026-0004", totalCents: 0 }),
    );
    expect(() => sistemaTsRecords(broken)).toThrow(SistemaTsError);
    expect(sistemaTsProblems(broken)).toEqual([
      "Fattura n. 2026-0001: manca il codice fiscale e la persona non si è opposta alla trasmissione.",
      "Fattura n. 2026 n.2: il numero può avere al massimo 20 caratteri tra lettere, cifre e _ . / \\ -.",
      "Fattura n. 2026 n.2: NONVALIDO. Il codice fiscale deve avere 16 caratteri.",
      "Nota di credito n. NC-2026-0001: manca la fattura a cui si riferisce.",
      "Fattura n. 2026-0004: l'importo deve essere tra 0,01 e 99.999,99 euro.",
    ]);
  });

  it("checks the codici fiscali and the partita IVA to their check character", () => {
    const problems = sistemaTsProblems({
      issuer: { ...issuer, partitaIva: "86334519758", codiceFiscale: "RSSMRA80A41H501X" },
      documents: [invoice({ personCodiceFiscale: "BNCLCU75B41F205A" })],
    });
    expect(problems).toEqual([
      "Partita IVA dell'emittente: La cifra di controllo della partita IVA (l'ultima) non è corretta: controlla di averla scritta bene.",
      "Codice fiscale del titolare dell'invio: Il carattere di controllo del codice fiscale (l'ultimo) non è corretto: controlla di averlo scritto bene.",
      "Fattura n. 2026-0001: BNCLCU75B41F205A. Il carattere di controllo del codice fiscale (l'ultimo) non è corretto: controlla di averlo scritto bene.",
    ]);
  });

  it("refuses two documents the Sistema TS could not tell apart", () => {
    expect(sistemaTsProblems(input(invoice(), invoice()))).toEqual(["Fattura n. 2026-0001: c'è già un documento con lo stesso numero e la stessa data."]);
  });

  it("reads codici fiscali and the partita IVA as people type them", () => {
    const [record] = sistemaTsRecords({ issuer: { ...issuer, partitaIva: "IT 86334519757" }, documents: [invoice({ personCodiceFiscale: " bnclcu75b41f205z " })] });
    expect(record).toMatchObject({ idSpesa: { pIva: "86334519757" }, cfCittadino: "BNCLCU75B41F205Z" });
  });
});

describe("sistemaTsXml", () => {
  const year = input(
    invoice({ totalCents: 14200, stampDutyChargedCents: 200 }),
    invoice({ number: "2026-0002", personCodiceFiscale: "VRDGPP70C03F205G", opposed: true, paymentMethod: "Contanti", traceable: false, totalCents: 3500 }),
    creditNote(),
  );

  it("is well-formed XML rooted in <precompilata> with one proprietario and one documentoSpesa per document", () => {
    const root = parseXml(sistemaTsXml(year, fakeEncrypt));
    expect(root.name).toBe("precompilata");
    expect(names(root)).toEqual(["proprietario", "documentoSpesa", "documentoSpesa", "documentoSpesa"]);
    expect(textAt(root, "proprietario", "cfProprietario")).toBe("CIFRATO(RSSMRA80A41H501Y)");
  });

  it("writes each document's elements in the schema's order, the expense items last", () => {
    const [first, opposed, refund] = documentsIn(sistemaTsXml(year, fakeEncrypt));
    // Between the document's id (and a refund's reference) and its expense items, every document with a codice fiscale has these.
    const middle = ["dataPagamento", "flagOperazione", "cfCittadino", "pagamentoTracciato", "tipoDocumento", "flagOpposizione"];
    expect(names(first!)).toEqual(["idSpesa", ...middle, "voceSpesa", "voceSpesa"]);
    expect(names(child(first!, "idSpesa")!)).toEqual(["pIva", "dataEmissione", "numDocumentoFiscale"]);
    expect(names(child(child(first!, "idSpesa")!, "numDocumentoFiscale")!)).toEqual(["dispositivo", "numDocumento"]);
    expect(names(child(first!, "voceSpesa")!)).toEqual(["tipoSpesa", "importo", "naturaIVA"]);
    expect(names(opposed!)).toEqual(["idSpesa", "dataPagamento", "flagOperazione", "pagamentoTracciato", "tipoDocumento", "flagOpposizione", "voceSpesa"]);
    expect(names(refund!)).toEqual(["idSpesa", "idRimborso", ...middle, "voceSpesa"]);
  });

  it("carries the values: encrypted codice fiscale, flags, amounts, the refunded invoice", () => {
    const [first, opposed, refund] = documentsIn(sistemaTsXml(year, fakeEncrypt));
    expect(textAt(first!, "cfCittadino")).toBe("CIFRATO(BNCLCU75B41F205Z)");
    expect(first!.children.filter((node) => node.name === "voceSpesa").map((node) => [textAt(node, "importo"), textAt(node, "naturaIVA")])).toEqual([
      ["140.00", "N4"],
      ["2.00", "N1"],
    ]);
    expect([textAt(opposed!, "flagOpposizione"), textAt(opposed!, "pagamentoTracciato"), textAt(opposed!, "voceSpesa", "importo")]).toEqual(["1", "NO", "35.00"]);
    expect([textAt(refund!, "flagOperazione"), textAt(refund!, "idRimborso", "numDocumentoFiscale", "numDocumento"), textAt(refund!, "idRimborso", "dataEmissione")]).toEqual([
      "R",
      "2026-0001",
      "2026-11-26",
    ]);
  });

  it("never hands an opposed person's codice fiscale to the encryption", () => {
    const encrypted: string[] = [];
    sistemaTsXml(year, (code) => (encrypted.push(code), fakeEncrypt(code)));
    expect(encrypted).not.toContain("VRDGPP70C03F205G");
    expect(encrypted.sort()).toEqual(["BNCLCU75B41F205Z", "BNCLCU75B41F205Z", "RSSMRA80A41H501Y"]);
  });

  it("escapes what it writes, so any text reads back unchanged", () => {
    const xml = sistemaTsXml(input(invoice()), () => `a&b<c>"d'`);
    expect(xml).toContain("<cfProprietario>a&amp;b&lt;c&gt;&quot;d&apos;</cfProprietario>");
    expect(textAt(parseXml(xml), "proprietario", "cfProprietario")).toBe(`a&b<c>"d'`);
  });

  it("produces nothing from documents with problems", () => {
    expect(() => sistemaTsXml(input(invoice({ personCodiceFiscale: null })), fakeEncrypt)).toThrow(/manca il codice fiscale/);
  });

  it("writes the file in parts (opening, one per document, closing) that join into the whole, checked before the first part", () => {
    const parts = [...sistemaTsXmlParts(year, fakeEncrypt)];
    expect(parts).toHaveLength(year.documents.length + 2);
    expect(parts[0]).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<precompilata>\n {2}<proprietario>/);
    expect(parts.slice(1, -1).every((part) => part.startsWith("  <documentoSpesa>\n") && part.endsWith("  </documentoSpesa>\n"))).toBe(true);
    expect(parts.at(-1)).toBe("</precompilata>\n");
    expect(parts.join("")).toBe(sistemaTsXml(year, fakeEncrypt));
    expect(() => sistemaTsXmlParts(input(invoice({ personCodiceFiscale: null })), fakeEncrypt)).toThrow(SistemaTsError);
  });
});

describe("sistemaTsSummary", () => {
  it("counts and totals invoices and credit notes, the net, the opposed and the untraceable", () => {
    const summary = sistemaTsSummary(
      input(
        invoice({ totalCents: 14200, stampDutyChargedCents: 200 }),
        invoice({ number: "2026-0002", opposed: true, traceable: false, totalCents: 3500 }),
        creditNote({ totalCents: 3500 }),
      ),
    );
    expect(summary).toEqual({
      invoices: { count: 2, totalCents: 17700 },
      creditNotes: { count: 1, totalCents: 3500 },
      netCents: 14200,
      opposedCount: 1,
      untraceableCount: 1,
      problems: [],
    });
  });

  it("lists the problems instead of throwing, for the screen before the download", () => {
    expect(sistemaTsSummary(input()).problems).toEqual(["Non ci sono documenti da trasmettere."]);
  });
});
