import { eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { action as adminPaymentsAction, loader as adminPaymentsLoader } from "../../app/routes/admin/payments";
import { loader as iseeFileLoader } from "../../app/routes/admin/isee-file";
import { action as paymentsAction, loader as paymentsLoader } from "../../app/routes/client/payments";
import { loader as invoiceLoader } from "../../app/routes/client/invoice-pdf";
import { loader as staffInvoiceLoader } from "../../app/routes/admin/invoice-pdf";
import { pdfTextOf } from "../support/pdf-text";
import { auditLog, groupBookings, invoices, iseeRequests } from "../../app/server/db/schema";
import { resetEnvForTests } from "../../app/server/env.server";
import { recordRefund } from "../../app/server/services/payments.server";
import { erasePersonalData } from "../../app/server/services/privacy-requests.server";
import { storage } from "../../app/server/storage.server";
import { signedInClient } from "./client-session";
import { staffFile } from "./staff-file";
import { attendingMember, fiscalProfile, onePagePdf, practiceReady, queuedMail, staffPayment } from "./helpers";
import { answer, flashOf, form, pageRequest, refusal } from "./route-calls";

/**
 * /area-personale/pagamenti (issue 19, money): the person's own ledger and receipts, and the reduced
 * rate asked for with an ISEE attestation that staff review on /admin/pagamenti. Who may: the signed-in
 * client for their own bookings; staff for the attestations; nobody else.
 */

const suite = staffFile("staff-pagamenti-area@example.com", "198.51.100.91", () => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-client-payments-"));
  resetEnvForTests();
});
const { call } = suite;
let counter = 0;

type PaymentsPage = {
  data: {
    online: boolean;
    outcome: string | null;
    accounts: {
      bookingId: string;
      chargedCents: number;
      paidCents: number;
      owedCents: number;
      iseeApprovedAt: Date | null;
      iseeRequest: { status: string; decisionReason: string | null } | null;
      charges: { kind: string; amountCents: number }[];
      owed: { sessionId: string; owedCents: number }[];
      payments: { id: string; invoiceId: string | null; invoiceNumber: string | null }[];
      refunds: { id: string; creditNoteId: string | null; creditNoteNumber: string | null }[];
    }[];
  };
};

beforeAll(async () => {
  await practiceReady(suite.db);
});

/** A confirmed member of a group of their own who attended `attended` meetings (the first is the trial). */
async function member(email: string, attended = 2) {
  const tag = ++counter;
  const booking = await attendingMember(suite.db, email, attended, tag, { therapist: "Dott. Conti", group: "Gruppo conti" });
  await fiscalProfile(suite.db, email);
  return { booking, cookie: await signedInClient(suite.db, email) };
}

const page = async (cookie: string, query = "") => (await call(paymentsLoader, pageRequest(`/area-personale/pagamenti${query}`, { cookie }))) as PaymentsPage;

function upload(cookie: string, bookingId: string, file: Blob | null, below = true) {
  const fields: Record<string, string | Blob> = { intent: "isee", booking: bookingId };
  if (file) fields.file = file;
  if (below) fields.below = "on";
  return call(paymentsAction, pageRequest("/area-personale/pagamenti", { method: "POST", cookie, body: form(fields) }));
}

/** The values a refusal sends back to the form (the booking's hidden field names the form it belongs to). */
const valuesOf = (body: Record<string, unknown>) => (body.result as { initialValue: Record<string, unknown> }).initialValue;

const pdfBlob = async (note = "") => new Blob([new Uint8Array(await onePagePdf(note))], { type: "application/pdf" });

describe("who may see /area-personale/pagamenti", () => {
  it("sends an anonymous visitor to the sign-in form and refuses an anonymous post", async () => {
    const redirect = await call(paymentsLoader, pageRequest("/area-personale/pagamenti")).catch((thrown: unknown) => thrown);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).headers.get("location")).toBe(`/area-personale?${new URLSearchParams({ ritorno: "/area-personale/pagamenti" })}`);
    const refused = await call(paymentsAction, pageRequest("/area-personale/pagamenti", { method: "POST", body: form({ intent: "isee", booking: crypto.randomUUID() }) })).catch(
      (thrown: unknown) => thrown,
    );
    expect((refused as Response).status).toBe(401);
  });

  it("refuses staff: they have their own area", async () => {
    const refused = await call(paymentsLoader, pageRequest("/area-personale/pagamenti", { cookie: suite.staffCookie })).catch((thrown: unknown) => thrown);
    expect((refused as Response).status).toBe(403);
  });
});

describe("the person's ledger", () => {
  it("shows the trial and standard charges, what was paid with its invoice, and what is still owed", async () => {
    const { booking, cookie } = await member("conti-giulia@example.com", 2);
    const before = (await page(cookie)).data.accounts;
    expect(before).toHaveLength(1);
    expect(before[0]!.charges.map((charge) => [charge.kind, charge.amountCents])).toEqual([
      ["trial", 3000],
      ["standard", 3500],
    ]);
    expect(before[0]!.owedCents).toBe(6500);
    expect(before[0]!.owed).toHaveLength(2);
    expect((await page(cookie)).data.online).toBe(false);

    const payment = await staffPayment(suite.db, suite.staff, booking.id);
    const after = (await page(cookie)).data.accounts[0]!;
    expect(after.paidCents).toBe(3000);
    expect(after.owedCents).toBe(3500);
    expect(after.owed.map((charge) => charge.owedCents)).toEqual([3500]);
    expect(after.payments.map((row) => row.invoiceNumber)).toEqual([payment.invoiceNumber]);
    const invoiceId = after.payments[0]!.invoiceId!;

    const pdf = (await call(invoiceLoader, pageRequest(`/area-personale/pagamenti/fattura/${invoiceId}`, { cookie }), { id: invoiceId })) as Response;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="fattura-${payment.invoiceNumber}.pdf"`);
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    const text = pdfTextOf(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of ["FATTURA SANITARIA", `Fattura n. ${payment.invoiceNumber}`, "Pagamento tracciato: bonifico", "Ricevuto il 10/01/2026"])
      expect(text).toContain(expected);
    expect(await suite.db.select().from(auditLog).where(eq(auditLog.entityId, invoiceId))).toMatchObject([
      { action: "read", entity: "invoice", actorEmail: "conti-giulia@example.com" },
    ]);

    // The credit note of a refund is theirs too, listed with its number.
    const refund = await recordRefund(suite.db, suite.staff, {
      bookingId: booking.id,
      kind: "refund",
      amountCents: 500,
      reason: "Seduta non usata",
      idempotencyKey: crypto.randomUUID(),
    });
    const [listed] = (await page(cookie)).data.accounts[0]!.refunds;
    expect(listed).toMatchObject({ creditNoteNumber: refund.creditNoteNumber });
    const note = (await call(invoiceLoader, pageRequest(`/area-personale/pagamenti/fattura/${listed!.creditNoteId}`, { cookie }), { id: listed!.creditNoteId! })) as Response;
    expect(note.headers.get("content-disposition")).toBe(`attachment; filename="nota-di-credito-${refund.creditNoteNumber}.pdf"`);
    expect(pdfTextOf(Buffer.from(await note.arrayBuffer()))).toContain(`Storno parziale della fattura n. ${payment.invoiceNumber}`);
  });

  it("answers 404 for an invoice of someone else's payment, as for a missing one; staff are refused there, and clients on the staff's", async () => {
    const owner = await member("conti-proprietaria@example.com", 1);
    const other = await member("conti-curiosa@example.com", 1);
    const payment = await staffPayment(suite.db, suite.staff, owner.booking.id, { method: "other" });
    const [invoice] = await suite.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    const open = (id: string, cookie?: string) =>
      call(invoiceLoader, pageRequest(`/area-personale/pagamenti/fattura/${id}`, cookie ? { cookie } : {}), { id }).catch((thrown: unknown) => thrown) as Promise<Response>;
    for (const id of [invoice!.id, crypto.randomUUID(), "non-un-id"]) expect((await open(id, other.cookie)).status).toBe(404);
    expect((await open(invoice!.id, suite.staffCookie)).status).toBe(403);
    const anonymous = await open(invoice!.id);
    expect([302, 303]).toContain(anonymous.status);
    const staffRoute = await call(staffInvoiceLoader, pageRequest(`/admin/pagamenti/fattura/${invoice!.id}`, { cookie: owner.cookie }), { id: invoice!.id }).catch(
      (thrown: unknown) => thrown,
    );
    expect((staffRoute as Response).status).toBe(403);
    expect((await page(other.cookie)).data.accounts.map((account) => account.bookingId)).toEqual([other.booking.id]);
  });

  it("offers no online payment without the Stripe keys: a pay post is refused and nothing is created", async () => {
    const { booking, cookie } = await member("conti-senza-stripe@example.com", 1);
    const [charge] = (await page(cookie)).data.accounts[0]!.owed;
    const result = answer(
      await call(
        paymentsAction,
        pageRequest("/area-personale/pagamenti", { method: "POST", cookie, body: form({ intent: "pay", booking: booking.id, session: charge!.sessionId }) }),
      ),
    );
    expect(result.status).toBe(404);
    expect(result.body.error).toBe("Pagamento online non disponibile.");
  });
});

describe("the reduced rate with an ISEE attestation", () => {
  it("refuses what is not a PDF, a file over 5 MB and a missing confirmation with field errors, storing nothing", async () => {
    const { booking, cookie } = await member("conti-isee-errori@example.com", 1);
    const fake = new Blob([Buffer.from("%PDF-1.7\n<html><script>alert(1)</script></html>")], { type: "application/pdf" });
    const notPdf = answer(await upload(cookie, booking.id, fake));
    expect(notPdf.status).toBe(415);
    expect(refusal(notPdf.body)).toEqual({ fieldErrors: { file: "Il file non è un PDF valido: non si apre come documento o non ha pagine." } });
    expect(valuesOf(notPdf.body).booking).toBe(booking.id);
    const missing = answer(await upload(cookie, booking.id, null));
    expect(refusal(missing.body).fieldErrors).toEqual({ file: "Nessun file selezionato." });
    const unconfirmed = answer(await upload(cookie, booking.id, await pdfBlob(), false));
    expect(unconfirmed.status).toBe(400);
    expect(refusal(unconfirmed.body).fieldErrors).toEqual({ below: "Conferma che il tuo ISEE è inferiore a 15.000 € l'anno." });
    const huge = new Blob([new Uint8Array(await onePagePdf()), new Uint8Array(5 * 1024 * 1024)], { type: "application/pdf" });
    const tooLarge = answer(await upload(cookie, booking.id, huge));
    expect(tooLarge.status).toBe(413);
    expect(refusal(tooLarge.body).fieldErrors).toEqual({ file: "Il file è troppo grande. Massimo 5MB." });
    expect(await suite.db.select().from(iseeRequests).where(eq(iseeRequests.bookingId, booking.id))).toEqual([]);
  });

  it("answers a post without JavaScript whose file input was left empty on that field, keeps the ticked confirmation and stores nothing", async () => {
    const { booking, cookie } = await member("conti-isee-senza-js@example.com", 1);
    const refused = answer(await upload(cookie, booking.id, new File([], "", { type: "application/octet-stream" }), true));
    expect(refused.status).toBe(400);
    expect(refusal(refused.body)).toEqual({ fieldErrors: { file: "Nessun file selezionato." } });
    // The page rendered from this answer shows it on this booking's form, the box still ticked.
    expect(valuesOf(refused.body)).toEqual({ intent: "isee", booking: booking.id, below: "on" });
    expect(await suite.db.select().from(iseeRequests).where(eq(iseeRequests.bookingId, booking.id))).toEqual([]);
    expect((await queuedMail(suite.db)).filter((mail) => mail.template.includes("isee") && mail.text.includes(`Persona ${counter}`))).toEqual([]);
  });

  it("stores the attestation once, e-mails the person and staff, and staff open it and approve: the reduced rate applies from then on", async () => {
    const { booking, cookie } = await member("conti-isee@example.com", 2);
    const sent = await upload(cookie, booking.id, await pdfBlob("isee"));
    expect((sent as Response).status).toBe(302);
    expect((sent as Response).headers.get("location")).toBe("/area-personale/pagamenti");
    expect(flashOf(sent)).toEqual({ form: "isee-request", outcome: "ok" });
    // Sending again (a double submit) finds the pending request: one row, one pair of e-mails.
    await upload(cookie, booking.id, await pdfBlob("isee di nuovo"));
    const rows = await suite.db.select().from(iseeRequests).where(eq(iseeRequests.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("pending");
    const stored = await storage().get("isee", rows[0]!.fileKey);
    expect(stored?.body.toString("latin1")).toContain("% isee\n");
    const mails = (await queuedMail(suite.db)).filter((mail) => mail.template === "client-isee-request" || mail.template === "staff-isee-request");
    expect(mails.filter((mail) => mail.to === "conti-isee@example.com").map((mail) => mail.subject)).toEqual(["Abbiamo ricevuto la tua attestazione ISEE"]);
    expect(mails.filter((mail) => mail.template === "staff-isee-request" && mail.text.includes(`Persona ${counter}`))).toHaveLength(1);
    const waiting = (await page(cookie)).data;
    expect(waiting.accounts[0]!.iseeRequest?.status).toBe("pending");

    // Staff see it in their queue, open the PDF (audited) and approve.
    const admin = (await call(adminPaymentsLoader, pageRequest("/admin/pagamenti", { cookie: suite.staffCookie }))) as { iseeRequests: { id: string; email: string }[] };
    const queued = admin.iseeRequests.find((request) => request.email === "conti-isee@example.com")!;
    expect(queued.id).toBe(rows[0]!.id);
    const file = (await call(iseeFileLoader, pageRequest(`/admin/pagamenti/isee/${queued.id}`, { cookie: suite.staffCookie }), { id: queued.id })) as Response;
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect((await suite.db.select().from(auditLog).where(eq(auditLog.entityId, queued.id))).map((row) => row.action)).toContain("read");
    const approved = answer(
      await call(
        adminPaymentsAction,
        pageRequest("/admin/pagamenti", { method: "POST", cookie: suite.staffCookie, body: form({ intent: "isee-request-approve", request_id: queued.id }) }),
      ),
    );
    expect(approved.body).toMatchObject({ ok: true });
    const [after] = await suite.db.select().from(groupBookings).where(eq(groupBookings.id, booking.id));
    expect(after!.iseeApprovedAt).not.toBeNull();
    const account = (await page(cookie)).data.accounts[0]!;
    expect(account.iseeRequest?.status).toBe("approved");
    expect(account.iseeApprovedAt).not.toBeNull();
    expect((await queuedMail(suite.db)).filter((mail) => mail.to === "conti-isee@example.com" && mail.template === "client-isee-approved")).toHaveLength(1);
    // Approved: the person cannot ask again.
    const again = answer(await upload(cookie, booking.id, await pdfBlob()));
    expect(again.status).toBe(409);
    expect(refusal(again.body).error).toBe("La tariffa agevolata è già attiva per questo percorso.");
  });

  it("staff decline with a reason the person reads, and a reason is required", async () => {
    const { booking, cookie } = await member("conti-isee-no@example.com", 1);
    await upload(cookie, booking.id, await pdfBlob());
    const [request] = await suite.db.select().from(iseeRequests).where(eq(iseeRequests.bookingId, booking.id));
    const decline = (reason: string) =>
      call(
        adminPaymentsAction,
        pageRequest("/admin/pagamenti", { method: "POST", cookie: suite.staffCookie, body: form({ intent: "isee-request-decline", request_id: request!.id, reason }) }),
      );
    const empty = answer(await decline("  "));
    expect(empty.status).toBe(400);
    expect(refusal(empty.body).fieldErrors).toEqual({ reason: "Scrivi il motivo: la persona lo legge nella sua area e per email." });
    expect(answer(await decline("L'attestazione è scaduta: serve quella di quest'anno.")).body).toMatchObject({ ok: true });
    const account = (await page(cookie)).data.accounts[0]!;
    expect(account.iseeRequest).toMatchObject({ status: "declined", decisionReason: "L'attestazione è scaduta: serve quella di quest'anno." });
    expect(account.iseeApprovedAt).toBeNull();
    const mail = (await queuedMail(suite.db)).find((item) => item.to === "conti-isee-no@example.com" && item.template === "client-isee-declined");
    expect(mail?.text).toContain("L'attestazione è scaduta");
    // Declined, a new attestation may be sent.
    expect(((await upload(cookie, booking.id, await pdfBlob("nuova"))) as Response).status).toBe(302);
  });

  it("nobody but staff opens an attestation, and nobody asks for someone else's booking", async () => {
    const owner = await member("conti-isee-privata@example.com", 1);
    const other = await member("conti-isee-altra@example.com", 1);
    // Someone else's booking is missing, as a booking that does not exist.
    const foreign = await upload(other.cookie, owner.booking.id, await pdfBlob()).catch((thrown: unknown) => thrown);
    expect((foreign as Response).status).toBe(404);
    await upload(owner.cookie, owner.booking.id, await pdfBlob());
    const [request] = await suite.db.select().from(iseeRequests).where(eq(iseeRequests.bookingId, owner.booking.id));
    for (const cookie of [owner.cookie, other.cookie, undefined]) {
      const refused = await call(iseeFileLoader, pageRequest(`/admin/pagamenti/isee/${request!.id}`, { cookie }), { id: request!.id }).catch((thrown: unknown) => thrown);
      expect(refused).toBeInstanceOf(Response);
      expect([302, 401, 403]).toContain((refused as Response).status);
    }
    const decided = answer(
      await call(
        adminPaymentsAction,
        pageRequest("/admin/pagamenti", { method: "POST", cookie: owner.cookie, body: form({ intent: "isee-request-approve", request_id: request!.id }) }),
      ).catch((thrown: unknown) => thrown),
    );
    expect([302, 401, 403]).toContain(decided.status);
    expect((await suite.db.select().from(iseeRequests).where(eq(iseeRequests.id, request!.id)))[0]!.status).toBe("pending");
  });

  it("erasure (art. 17) deletes the attestation's file with the request", async () => {
    const { booking, cookie } = await member("conti-isee-cancella@example.com", 1);
    await upload(cookie, booking.id, await pdfBlob("da cancellare"));
    const [request] = await suite.db.select().from(iseeRequests).where(eq(iseeRequests.bookingId, booking.id));
    expect(await storage().exists("isee", request!.fileKey)).toBe(true);
    const removed = await erasePersonalData(suite.db, suite.staff, "conti-isee-cancella@example.com");
    expect(removed.isee_attestations).toBe(1);
    expect(await suite.db.select().from(iseeRequests).where(eq(iseeRequests.id, request!.id))).toEqual([]);
    expect(await storage().exists("isee", request!.fileKey)).toBe(false);
  });
});
