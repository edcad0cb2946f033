/**
 * The yearly file of health expenses for the Sistema Tessera Sanitaria ("730 precompilato"):
 * every fattura sanitaria and credit note issued to a private person, in the XML the Sistema TS
 * takes as an upload (schema `730_precompilata.xsd`, see docs/sistema-ts.md for the sources and
 * the field-by-field mapping). Pure: plain objects in, plain objects or text out; the codici
 * fiscali are encrypted by a function the caller passes (the server holds the certificate).
 */
import { checkCodiceFiscale, normaliseCodiceFiscale } from "./codice-fiscale";
import { sistemaTsCodiceFiscale } from "./invoice-rules";
import { checkIssuerCodiceFiscale, checkPartitaIva, normalisePartitaIva } from "./partita-iva";

/** Tipo spesa of the psychologists' register (Disciplinare tecnico, §2.7.1): "prestazioni sanitarie". */
export const SISTEMA_TS_EXPENSE_TYPE = "SP";
/** Natura IVA of the sessions: exempt under art. 10, c. 1, n. 18, DPR 633/1972. */
export const SISTEMA_TS_EXEMPT_NATURE = "N4";
/** Natura IVA of a stamp duty charged to the person: a sum outside the VAT base (art. 15 DPR 633/1972). */
export const SISTEMA_TS_STAMP_DUTY_NATURE = "N1";
/** Invoices take cash-register number 1 ("dispositivo"): the register belongs to receipts. */
const INVOICE_DEVICE = 1;
/** `numDocType` of the schema: at most 20 of these characters. */
const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9_./\\-]{1,20}$/;
/** `Dec7MinTipo`: from 0.01 to 99999.99. */
const MAX_AMOUNT_CENTS = 9_999_999;
const EARLIEST_ISSUE = "2014-01-01";
const EARLIEST_PAYMENT = "2015-01-01";

export type SistemaTsDocumentKind = "invoice" | "creditNote";

export interface SistemaTsIssuer {
  /** 11 digits; identifies the document together with its number and date. */
  partitaIva: string;
  /** The "proprietario" sending the data: the psychologist's codice fiscale (or the company's 11 digits). */
  codiceFiscale: string;
  name: string;
}

export interface SistemaTsDocument {
  kind: SistemaTsDocumentKind;
  /** The document's number as printed, e.g. "2026-0001". */
  number: string;
  /** YYYY-MM-DD. */
  issuedOn: string;
  /** YYYY-MM-DD: when the person paid (invoice) or was refunded (credit note). */
  paidOn: string;
  personCodiceFiscale: string | null;
  /** The person opposed the transmission: the record goes without their codice fiscale. */
  opposed: boolean;
  /** What the person paid (or got back), stamp duty charged to them included. Positive. */
  totalCents: number;
  /** The part of `totalCents` that is the €2 stamp duty charged to the person; 0 when the practice bears it. */
  stampDutyChargedCents?: number;
  /** As shown to staff ("Bonifico", "Carta"); the file only says whether it was traceable. */
  paymentMethod: string;
  traceable: boolean;
  /** The invoice a credit note corrects. */
  refersTo?: { number: string; issuedOn: string };
}

export interface SistemaTsInput {
  issuer: SistemaTsIssuer;
  documents: readonly SistemaTsDocument[];
}

/** `idDocumentoFiscale`: who issued which document when. */
export interface SistemaTsDocumentId {
  pIva: string;
  dataEmissione: string;
  dispositivo: number;
  numDocumento: string;
}

export interface SistemaTsExpenseItem {
  tipoSpesa: typeof SISTEMA_TS_EXPENSE_TYPE;
  /** "1065.00": dot, two decimals, never negative. */
  importo: string;
  naturaIVA: typeof SISTEMA_TS_EXEMPT_NATURE | typeof SISTEMA_TS_STAMP_DUTY_NATURE;
}

/** One `documentoSpesa`, named as in the schema, with the codice fiscale still in clear. */
export interface SistemaTsRecord {
  idSpesa: SistemaTsDocumentId;
  /** Only for a refund: the invoice it corrects. */
  idRimborso: SistemaTsDocumentId | null;
  dataPagamento: string;
  /** Paid before the document was issued. */
  flagPagamentoAnticipato: boolean;
  /** I = inserimento (an invoice), R = rimborso (a credit note). */
  flagOperazione: "I" | "R";
  /** Absent when the person opposed. */
  cfCittadino: string | null;
  pagamentoTracciato: "SI" | "NO";
  /** F = fattura; a credit note is part of the invoice's family (D is for commercial receipts). */
  tipoDocumento: "F";
  flagOpposizione: "0" | "1";
  voceSpesa: SistemaTsExpenseItem[];
}

export class SistemaTsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Dati non validi per il Sistema TS: ${problems.join("; ")}`);
    this.name = "SistemaTsError";
  }
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => isoDate.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const stampCents = (document: SistemaTsDocument) => document.stampDutyChargedCents ?? 0;

function documentLabel(document: SistemaTsDocument) {
  return `${document.kind === "invoice" ? "Fattura" : "Nota di credito"} n. ${document.number}`;
}

/** Everything that would make the Sistema TS reject a record, in Italian for the screen before download. */
export function sistemaTsProblems(input: SistemaTsInput): string[] {
  const problems: string[] = [];
  const { issuer } = input;
  const partitaIva = checkPartitaIva(issuer.partitaIva);
  if (!partitaIva.ok) problems.push(`Partita IVA dell'emittente: ${partitaIva.message}`);
  const owner = checkIssuerCodiceFiscale(issuer.codiceFiscale);
  if (!owner.ok) problems.push(`Codice fiscale del titolare dell'invio: ${owner.message}`);
  if (input.documents.length === 0) problems.push("Non ci sono documenti da trasmettere.");

  const seen = new Set<string>();
  for (const document of input.documents) {
    const label = documentLabel(document);
    // The Sistema TS tells documents apart by issuer, date and number only.
    const key = `${document.issuedOn}|${document.number}`;
    if (seen.has(key)) problems.push(`${label}: c'è già un documento con lo stesso numero e la stessa data.`);
    seen.add(key);
    if (!DOCUMENT_NUMBER_PATTERN.test(document.number)) problems.push(`${label}: il numero può avere al massimo 20 caratteri tra lettere, cifre e _ . / \\ -.`);
    if (!isDate(document.issuedOn) || document.issuedOn < EARLIEST_ISSUE) problems.push(`${label}: la data di emissione non è valida.`);
    if (!isDate(document.paidOn) || document.paidOn < EARLIEST_PAYMENT) problems.push(`${label}: la data di pagamento non è valida.`);

    const code = normaliseCodiceFiscale(document.personCodiceFiscale ?? "");
    if (!document.opposed && !code) problems.push(`${label}: manca il codice fiscale e la persona non si è opposta alla trasmissione.`);
    const person = checkCodiceFiscale(code);
    if (!document.opposed && code && !person.ok) problems.push(`${label}: ${code}. ${person.message}`);

    const stamp = stampCents(document);
    if (!Number.isInteger(document.totalCents) || document.totalCents <= 0 || document.totalCents > MAX_AMOUNT_CENTS) {
      problems.push(`${label}: l'importo deve essere tra 0,01 e 99.999,99 euro.`);
    } else if (!Number.isInteger(stamp) || stamp < 0 || stamp >= document.totalCents) {
      problems.push(`${label}: l'imposta di bollo addebitata non può superare il totale.`);
    }

    if (document.kind === "creditNote") {
      const original = document.refersTo;
      if (!original) problems.push(`${label}: manca la fattura a cui si riferisce.`);
      else if (!DOCUMENT_NUMBER_PATTERN.test(original.number) || !isDate(original.issuedOn) || original.issuedOn < EARLIEST_ISSUE) {
        problems.push(`${label}: il riferimento alla fattura originale non è valido.`);
      }
    }
  }
  return problems;
}

/** "1065.00": the schema's decimal, from cents. */
function schemaAmount(cents: number) {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

function expenseItems(document: SistemaTsDocument): SistemaTsExpenseItem[] {
  const stamp = stampCents(document);
  const items: SistemaTsExpenseItem[] = [{ tipoSpesa: SISTEMA_TS_EXPENSE_TYPE, importo: schemaAmount(document.totalCents - stamp), naturaIVA: SISTEMA_TS_EXEMPT_NATURE }];
  // The stamp duty charged to the person is part of what they paid, and so of what they may deduct.
  if (stamp > 0) items.push({ tipoSpesa: SISTEMA_TS_EXPENSE_TYPE, importo: schemaAmount(stamp), naturaIVA: SISTEMA_TS_STAMP_DUTY_NATURE });
  return items;
}

/** The records to send, one per document, in the order given; throws `SistemaTsError` listing every problem. */
export function sistemaTsRecords(input: SistemaTsInput): SistemaTsRecord[] {
  const problems = sistemaTsProblems(input);
  if (problems.length > 0) throw new SistemaTsError(problems);
  const pIva = normalisePartitaIva(input.issuer.partitaIva);
  const id = (number: string, issuedOn: string): SistemaTsDocumentId => ({ pIva, dataEmissione: issuedOn, dispositivo: INVOICE_DEVICE, numDocumento: number });
  return input.documents.map((document) => ({
    idSpesa: id(document.number, document.issuedOn),
    idRimborso: document.kind === "creditNote" && document.refersTo ? id(document.refersTo.number, document.refersTo.issuedOn) : null,
    dataPagamento: document.paidOn,
    flagPagamentoAnticipato: document.paidOn < document.issuedOn,
    flagOperazione: document.kind === "creditNote" ? "R" : "I",
    cfCittadino: sistemaTsCodiceFiscale(normaliseCodiceFiscale(document.personCodiceFiscale ?? ""), document.opposed),
    pagamentoTracciato: document.traceable ? "SI" : "NO",
    tipoDocumento: "F",
    flagOpposizione: document.opposed ? "1" : "0",
    voceSpesa: expenseItems(document),
  }));
}

const xmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => xmlEscapes[char] ?? char);

type XmlNode = [name: string, content: string | XmlNode[]];

function renderXml([name, content]: XmlNode, depth: number): string {
  const indent = "  ".repeat(depth);
  if (typeof content === "string") return `${indent}<${name}>${escapeXml(content)}</${name}>`;
  return [`${indent}<${name}>`, ...content.map((child) => renderXml(child, depth + 1)), `${indent}</${name}>`].join("\n");
}

function documentIdNode(name: string, id: SistemaTsDocumentId): XmlNode {
  return [
    name,
    [
      ["pIva", id.pIva],
      ["dataEmissione", id.dataEmissione],
      [
        "numDocumentoFiscale",
        [
          ["dispositivo", String(id.dispositivo)],
          ["numDocumento", id.numDocumento],
        ],
      ],
    ],
  ];
}

function documentNode(record: SistemaTsRecord, encryptCodiceFiscale: (codiceFiscale: string) => string): XmlNode {
  const children: XmlNode[] = [documentIdNode("idSpesa", record.idSpesa)];
  if (record.idRimborso) children.push(documentIdNode("idRimborso", record.idRimborso));
  children.push(["dataPagamento", record.dataPagamento]);
  if (record.flagPagamentoAnticipato) children.push(["flagPagamentoAnticipato", "1"]);
  children.push(["flagOperazione", record.flagOperazione]);
  if (record.cfCittadino) children.push(["cfCittadino", encryptCodiceFiscale(record.cfCittadino)]);
  children.push(["pagamentoTracciato", record.pagamentoTracciato], ["tipoDocumento", record.tipoDocumento], ["flagOpposizione", record.flagOpposizione]);
  for (const item of record.voceSpesa) {
    children.push([
      "voceSpesa",
      [
        ["tipoSpesa", item.tipoSpesa],
        ["importo", item.importo],
        ["naturaIVA", item.naturaIVA],
      ],
    ]);
  }
  return ["documentoSpesa", children];
}

/**
 * The file in parts, for a caller that writes it as it goes (a year of a large practice is tens of
 * megabytes): the records are checked now, throwing `SistemaTsError` before anything is written;
 * each part (the opening with the `proprietario`, one `documentoSpesa`, the closing) is drawn, and its
 * codici fiscali encrypted, when it is read.
 */
export function sistemaTsXmlParts(input: SistemaTsInput, encryptCodiceFiscale: (codiceFiscale: string) => string): Iterable<string> {
  const records = sistemaTsRecords(input);
  return (function* () {
    const owner: XmlNode = ["proprietario", [["cfProprietario", encryptCodiceFiscale(normaliseCodiceFiscale(input.issuer.codiceFiscale))]]];
    yield `<?xml version="1.0" encoding="UTF-8"?>\n<precompilata>\n${renderXml(owner, 1)}\n`;
    for (const record of records) yield `${renderXml(documentNode(record, encryptCodiceFiscale), 1)}\n`;
    yield "</precompilata>\n";
  })();
}

/**
 * The file to zip and upload: `<precompilata>`, one `proprietario`, one `documentoSpesa` per
 * document, elements in the schema's sequence. The Sistema TS wants both codici fiscali (owner
 * and person) encrypted with its public key: `encryptCodiceFiscale` does it.
 */
export function sistemaTsXml(input: SistemaTsInput, encryptCodiceFiscale: (codiceFiscale: string) => string): string {
  return [...sistemaTsXmlParts(input, encryptCodiceFiscale)].join("");
}

export interface SistemaTsTotals {
  count: number;
  totalCents: number;
}

export interface SistemaTsSummary {
  invoices: SistemaTsTotals;
  creditNotes: SistemaTsTotals;
  /** Invoices minus credit notes: what the persons spent, net. */
  netCents: number;
  /** Records that go without a codice fiscale. */
  opposedCount: number;
  /** Records paid (or refunded) in cash or another untraceable way: no 19% deduction for those. */
  untraceableCount: number;
  /** Empty when the file can be produced. */
  problems: string[];
}

/** What the screen shows before the download: counts and totals per kind, and what is still wrong. */
export function sistemaTsSummary(input: SistemaTsInput): SistemaTsSummary {
  const totals = (kind: SistemaTsDocumentKind): SistemaTsTotals => {
    const documents = input.documents.filter((document) => document.kind === kind);
    return { count: documents.length, totalCents: documents.reduce((sum, document) => sum + document.totalCents, 0) };
  };
  const invoices = totals("invoice");
  const creditNotes = totals("creditNote");
  return {
    invoices,
    creditNotes,
    netCents: invoices.totalCents - creditNotes.totalCents,
    opposedCount: input.documents.filter((document) => document.opposed).length,
    untraceableCount: input.documents.filter((document) => !document.traceable).length,
    problems: sistemaTsProblems(input),
  };
}
