import { encode, renderSVG } from "uqr";
import { checkIban } from "./iban";
import { formatEuro } from "./money";

/**
 * The "SEPA credit transfer" QR code of an invoice, which a banking app scans to fill in a transfer.
 * Source: European Payments Council, EPC069-12 "Quick Response Code: Guidelines to Enable Data Capture
 * for the Initiation of a SEPA Credit Transfer" (version 2), as summarised by the BWIPP wiki
 * (github.com/bwipp/postscriptbarcode/wiki/EPC-QR-Code) and segno's docs: error correction level M, at
 * most version 13 (331 bytes), lines separated by a line feed in this order: service tag BCD, version
 * 002 (BIC optional within the EEA), character set 1 (UTF-8), identification SCT, BIC, beneficiary
 * name (≤ 70), IBAN, amount "EUR12.34" (0.01-999999999.99), purpose code, structured reference,
 * unstructured remittance (≤ 140, never together with the structured one), information for the payer
 * (≤ 70); nothing follows the last element given.
 */

export const EPC_MAX_NAME_LENGTH = 70;
export const EPC_MAX_REMITTANCE_LENGTH = 140;
export const EPC_MAX_AMOUNT_CENTS = 99_999_999_999;
export const EPC_MAX_PAYLOAD_BYTES = 331;
const EPC_MAX_QR_VERSION = 13;

export interface EpcTransfer {
  /** The beneficiary: the practice as its bank knows it. */
  name: string;
  iban: string;
  amountCents: number;
  /** The unstructured remittance ("causale"), e.g. "Fattura 2026-0001". */
  remittance?: string;
  bic?: string;
}

/** A payload that passed every rule, and the words that name it for people who cannot see the code. */
export interface EpcQr {
  payload: string;
  label: string;
}

export type EpcQrResult = { ok: true; qr: EpcQr } | { ok: false; message: string };

/** 123456 → "EUR1234.56": a point, two decimals, no grouping. */
export function epcAmount(cents: number) {
  return `EUR${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** One line per element: runs of spaces, tabs and line breaks become one space. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
const characters = (text: string) => [...text].length;
const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** Builds the EPC069-12 payload, refusing what a bank would refuse (in Italian, for the person setting it up). */
export function epcQr(transfer: EpcTransfer): EpcQrResult {
  const name = oneLine(transfer.name);
  const remittance = oneLine(transfer.remittance ?? "");
  const bic = (transfer.bic ?? "").replace(/\s+/g, "").toUpperCase();
  const iban = checkIban(transfer.iban);
  const { amountCents } = transfer;

  if (name === "") return { ok: false, message: "Manca il nome del beneficiario del bonifico." };
  if (characters(name) > EPC_MAX_NAME_LENGTH) {
    return { ok: false, message: `Il nome del beneficiario può avere al massimo ${EPC_MAX_NAME_LENGTH} caratteri.` };
  }
  if (!iban.ok) return { ok: false, message: iban.message };
  if (bic !== "" && !BIC.test(bic)) return { ok: false, message: "Il BIC deve avere 8 o 11 caratteri, per esempio BPPIITRRXXX." };
  if (!Number.isSafeInteger(amountCents) || amountCents < 1 || amountCents > EPC_MAX_AMOUNT_CENTS) {
    return { ok: false, message: "L'importo del bonifico deve essere tra 0,01 € e 999.999.999,99 €." };
  }
  if (characters(remittance) > EPC_MAX_REMITTANCE_LENGTH) {
    return { ok: false, message: `La causale può avere al massimo ${EPC_MAX_REMITTANCE_LENGTH} caratteri.` };
  }

  const elements = ["BCD", "002", "1", "SCT", bic, name, iban.value, epcAmount(amountCents), "", "", remittance, ""];
  while (elements.at(-1) === "") elements.pop();
  const payload = elements.join("\n");
  if (new TextEncoder().encode(payload).length > EPC_MAX_PAYLOAD_BYTES) {
    return { ok: false, message: "Il nome e la causale sono troppo lunghi per il codice QR: accorciali." };
  }
  const label = `Codice QR per pagare ${formatEuro(amountCents)} con bonifico a ${name}${remittance ? `, causale «${remittance}»` : ""}`;
  return { ok: true, qr: { payload, label } };
}

/** Level M exactly (no boost), and the quiet zone of four modules that ISO/IEC 18004 asks for. */
const qrOptions = { ecc: "M", boostEcc: false, maxVersion: EPC_MAX_QR_VERSION, border: 4 } as const;

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The code as SVG, error correction level M as EPC069-12 asks, named by a title for screen readers. */
export function epcQrSvg(qr: EpcQr) {
  const label = escapeXml(qr.label);
  return renderSVG(qr.payload, qrOptions).replace(/^<svg ([^>]*)>/, `<svg role="img" aria-label="${label}" shape-rendering="crispEdges" $1><title>${label}</title>`);
}

/** The modules (true = dark), quiet zone included, for drawing the code on a PDF page. */
export function epcQrModules(qr: EpcQr): boolean[][] {
  return encode(qr.payload, qrOptions).data;
}
