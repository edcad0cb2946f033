import { eq } from "drizzle-orm";
import type { ClientIdentity } from "../gates.server";
import type { Database } from "../db/client.server";
import { invoices, type InvoiceParty } from "../db/schema";
import { invoicePdf, type InvoicePdfDocument } from "../invoice-pdf.server";
import { getInvoice } from "./invoices.server";

/**
 * The PDF of a fattura sanitaria or nota di credito, drawn from its frozen `invoices` row: what was
 * recorded when it was issued, whatever changed since (the practice's settings, the person's data).
 * Legacy invoices (receipts of before) print what they have.
 */

type Invoice = typeof invoices.$inferSelect;

/** "Via Roma 1" and "00100 Roma (RM)", each only when recorded. */
function addressLines(party: Pick<InvoiceParty, "addressLine" | "postalCode" | "city" | "province">) {
  const place = [party.postalCode, party.city].filter(Boolean).join(" ") + (party.province ? ` (${party.province})` : "");
  return [party.addressLine, place.trim()].filter(Boolean);
}

/** The document the PDF draws, from the invoice and (for a credit note) the invoice it corrects. */
function documentOf(invoice: Invoice, corrected: Invoice | null): InvoicePdfDocument {
  const { issuer, recipient } = invoice;
  return {
    kind: invoice.kind === "invoice" ? "invoice" : "creditNote",
    number: invoice.number,
    issuedOn: invoice.issuedOn,
    issuer: {
      legalName: issuer.name,
      addressLines: addressLines(issuer),
      partitaIva: issuer.partitaIva,
      codiceFiscale: issuer.codiceFiscale,
      taxRegime: issuer.taxRegimeNote ?? "",
      iban: issuer.iban,
    },
    recipient: { firstName: recipient.name, lastName: "", addressLines: addressLines(recipient), codiceFiscale: recipient.codiceFiscale },
    lines: invoice.lines.map((line) => ({ description: line.description, therapist: line.therapist, amountCents: line.amountCents })),
    stampDutyChargedToClient: invoice.stampDutyCharged,
    payment: { method: invoice.paymentMethod, paidOn: invoice.paidOn },
    opposed: invoice.tsOpposition,
    ...(corrected
      ? { refersTo: { number: corrected.number, issuedOn: corrected.issuedOn, scope: invoice.totalCents === corrected.totalCents ? ("total" as const) : ("partial" as const) } }
      : {}),
  };
}

/** "fattura-2026-0001.pdf", "nota-di-credito-NC-2026-0001.pdf". */
export const invoiceFileName = (invoice: Pick<Invoice, "kind" | "number">) => `${invoice.kind === "invoice" ? "fattura" : "nota-di-credito"}-${invoice.number}.pdf`;

/** An invoice or credit note as the browser gets it: private, never cached, never sniffed. */
export async function invoicePdfResponse(db: Database, invoice: Invoice, disposition: "inline" | "attachment") {
  const corrected = invoice.correctsInvoiceId ? await getInvoice(db, invoice.correctsInvoiceId) : null;
  const pdf = await invoicePdf(documentOf(invoice, corrected));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${disposition}; filename="${invoiceFileName(invoice)}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

const isId = (value: string) => /^[0-9a-f-]{36}$/i.test(value);

/** Any invoice or credit note, for staff; null when there is none with that id. */
export async function staffInvoice(db: Database, id: string) {
  return isId(id) ? getInvoice(db, id) : null;
}

/** One of the client's own invoices or credit notes; anyone else's (or a missing one) is null. */
export async function clientInvoice(db: Database, client: ClientIdentity, id: string) {
  if (!isId(id)) return null;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!invoice?.bookingId || !client.bookings.some((booking) => booking.id === invoice.bookingId)) return null;
  return invoice;
}
