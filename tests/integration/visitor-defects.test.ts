import { eq } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { action as documentsAction, loader as documentsLoader } from "../../app/routes/admin/documents";
import { action as newsletterSignup } from "../../app/routes/api/newsletter-signup";
import { action as register } from "../../app/routes/api/send-registration-confirmation";
import { action as newsletterLink, loader as newsletterPage } from "../../app/routes/newsletter-token";
import type { Database } from "../../app/server/db/client.server";
import { consentRecords, documents, emailOutbox, newsletterSubscribers, registrations } from "../../app/server/db/schema";
import { documentTypes, saveDocument } from "../../app/server/services/admin-documents.server";
import { generatedDocumentKey } from "../../app/server/services/legal-pdfs.server";
import { storage } from "../../app/server/storage.server";
import { postJson, staffDatabase, validRegistration, rowsWhere } from "./helpers";

const BASE = "http://localhost:3000";
let db: Database;
let adminCookie: string;

beforeAll(async () => {
  ({ db, adminCookie } = await staffDatabase("visitor-defects", "password-molto-lunga-e-sicura"));
});

const registration = validRegistration;

const attachmentsTo = async (to: string) => {
  const [mail] = await rowsWhere(db, emailOutbox, { to, template: "registration-confirmation" });
  return Object.fromEntries(mail!.attachments.map((attachment) => [attachment.filename, attachment.key]));
};

type Handler = (args: never) => unknown;
const call = (handler: Handler, request: Request, params: Record<string, string> = {}) =>
  (handler as (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>)({
    request,
    params,
    context: { db, clientIp: "198.51.100.9", cspNonce: "" },
  });

function adminRequest(fields?: Record<string, string | Blob>) {
  const headers = new Headers({ origin: BASE, cookie: adminCookie });
  if (!fields) return new Request(`${BASE}/admin/documenti`, { headers });
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return new Request(`${BASE}/admin/documenti`, { method: "POST", headers, body });
}

type DocumentRow = { type: string; live: "uploaded" | "generated"; outdated: boolean; textUpdated: string; sitePath: string; uploadedBy: string | null };
const liveDocuments = async () => {
  const page = (await call(documentsLoader, adminRequest())) as { documents: DocumentRow[] };
  return Object.fromEntries(page.documents.map((document) => [document.type, document]));
};

describe("registration works on a fresh install (the three PDFs generated from the site's texts)", () => {
  it("e-mails the person and staff the three generated PDFs, drawn once and reused by the next registration", async () => {
    const first = await postJson(register, db, registration("anna@example.com"));
    expect(first.status).toBe(201);
    const files = documentTypes.map(({ type }) => path.join(process.env.DATA_DIR!, "uploads", "documents", generatedDocumentKey(type)));
    const drawnAt = files.map((file) => fs.statSync(file).mtimeMs);
    const second = await postJson(register, db, registration("marco@example.com"));
    expect(second.status).toBe(201);
    expect(files.map((file) => fs.statSync(file).mtimeMs)).toEqual(drawnAt);
    for (const file of files) expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");

    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "registration-confirmation"));
    expect(mails.map((mail) => mail.to).sort()).toEqual(["anna@example.com", "marco@example.com"]);
    const staff = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "registration-staff"));
    expect(staff).toHaveLength(2);
    for (const mail of [...mails, ...staff]) {
      expect(mail.attachments).toEqual(
        documentTypes.map(({ type }) => ({ filename: `${type}.pdf`, bucket: "documents", key: generatedDocumentKey(type), contentType: "application/pdf" })),
      );
    }
  });

  it("admin shows which version is live, warns when an upload is older than the site's text, and can go back to the generated PDF", async () => {
    const before = await liveDocuments();
    expect(before["termini-condizioni"]).toMatchObject({ live: "generated", outdated: false, textUpdated: "19/05/2025", sitePath: "/termini" });
    expect(before["privacy-policy"]).toMatchObject({ live: "generated", textUpdated: "13/04/2025", sitePath: "/privacy" });
    expect(before["accordo-servizio"]).toMatchObject({ live: "generated", sitePath: "/accordo-servizio" });

    await saveDocument(db, "termini-condizioni", Buffer.from("%PDF-1.4\n% vecchi termini\n%%EOF\n"), "staff@example.com");
    await db
      .update(documents)
      .set({ uploadedAt: new Date("2025-01-10T09:00:00Z") })
      .where(eq(documents.type, "termini-condizioni"));
    await saveDocument(db, "privacy-policy", Buffer.from("%PDF-1.4\n% privacy di oggi\n%%EOF\n"), "staff@example.com");
    const uploaded = await liveDocuments();
    expect(uploaded["termini-condizioni"]).toMatchObject({ live: "uploaded", outdated: true, uploadedBy: "staff@example.com" });
    expect(uploaded["privacy-policy"]).toMatchObject({ live: "uploaded", outdated: false });
    expect(uploaded["accordo-servizio"]).toMatchObject({ live: "generated", outdated: false });

    expect((await postJson(register, db, registration("lucia@example.com"))).status).toBe(201);
    expect(await attachmentsTo("lucia@example.com")).toEqual({
      "accordo-servizio.pdf": generatedDocumentKey("accordo-servizio"),
      "termini-condizioni.pdf": "termini-condizioni.pdf",
      "privacy-policy.pdf": "privacy-policy.pdf",
    });

    const result = (await call(documentsAction, adminRequest({ intent: "use-generated", type: "termini-condizioni" }))) as { ok: boolean; message: string };
    expect(result).toMatchObject({ ok: true, message: "PDF generato dal sito ripristinato" });
    expect(await storage().exists("documents", "termini-condizioni.pdf")).toBe(false);
    expect((await liveDocuments())["termini-condizioni"]).toMatchObject({ live: "generated", outdated: false, uploadedBy: null });
    expect((await postJson(register, db, registration("paolo@example.com"))).status).toBe(201);
    expect((await attachmentsTo("paolo@example.com"))["termini-condizioni.pdf"]).toBe(generatedDocumentKey("termini-condizioni"));
  });
});

describe("registration errors", () => {
  it("answers every missing field and consent in one 400", async () => {
    const result = await postJson(register, db, { newsletter: false });
    expect(result.status).toBe(400);
    expect(Object.keys(result.body.fields).sort()).toEqual(
      ["accordoServizio", "adult", "autorizzazioneContatto", "birthDate", "email", "firstName", "lastName", "privacy", "terminiCondizioni"].sort(),
    );
    expect(await db.select().from(registrations).where(eq(registrations.email, ""))).toHaveLength(0);
  });
});

describe("newsletter", () => {
  const confirmLink = (token: string) =>
    call(newsletterLink, new Request(`${BASE}/newsletter/conferma/${token}`, { method: "POST", headers: { origin: BASE } }), { intent: "conferma", token });
  const linksSentTo = async (email: string) =>
    (await rowsWhere(db, emailOutbox, { to: email, template: "newsletter-confirm" })).map((mail) => /\/newsletter\/conferma\/([A-Za-z0-9_-]+)/.exec(mail.html)![1]!);

  it("answers a mistyped address with the field's message", async () => {
    const result = await postJson(newsletterSignup, db, { email: "abc@" });
    expect(result.status).toBe(400);
    expect(result.body.fields.email).toBe("Inserisci un indirizzo email valido");
  });

  it("subscribing twice re-sends the first link, which still confirms", async () => {
    expect((await postJson(newsletterSignup, db, { email: "due.volte@example.com" })).status).toBe(200);
    expect((await postJson(newsletterSignup, db, { email: "due.volte@example.com" })).status).toBe(200);
    const links = await linksSentTo("due.volte@example.com");
    expect(links).toHaveLength(2);
    expect(links[1]).toBe(links[0]);
    expect(await confirmLink(links[0]!)).toEqual({ ok: true });
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "due.volte@example.com"));
    expect(row?.status).toBe("confirmed");
  });

  it("confirming twice sends one 'Iscrizione confermata' and records one consent", async () => {
    await postJson(newsletterSignup, db, { email: "clic.doppio@example.com" });
    const [link] = await linksSentTo("clic.doppio@example.com");
    expect(await confirmLink(link!)).toEqual({ ok: true });
    expect(await confirmLink(link!)).toEqual({ ok: true });
    const welcomes = await rowsWhere(db, emailOutbox, { to: "clic.doppio@example.com", template: "newsletter-welcome" });
    expect(welcomes.map((mail) => mail.subject)).toEqual(["Iscrizione confermata"]);
    expect(await rowsWhere(db, consentRecords, { email: "clic.doppio@example.com", form: "newsletter" })).toHaveLength(1);
  });

  it("a confirmation or unsubscribe link opened again says it was already used instead of showing the button", async () => {
    const opened = async (intent: string, token: string) => {
      const page = (await call(newsletterPage, new Request(`${BASE}/newsletter/${intent}/${token}`), { intent, token })) as {
        data: { state: string };
        init: { headers: Record<string, string> };
      };
      expect(page.init.headers["Cache-Control"]).toBe("private, no-store");
      return page.data.state;
    };
    await postJson(newsletterSignup, db, { email: "riaperto@example.com" });
    const [link] = await linksSentTo("riaperto@example.com");
    expect(await opened("conferma", link!)).toBe("open");
    await confirmLink(link!);
    expect(await opened("conferma", link!)).toBe("used");
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "riaperto@example.com"));
    expect(await opened("disiscrivi", row!.unsubscribeToken)).toBe("open");
    await call(newsletterLink, new Request(`${BASE}/newsletter/disiscrivi/${row!.unsubscribeToken}`, { method: "POST", headers: { origin: BASE } }), {
      intent: "disiscrivi",
      token: row!.unsubscribeToken,
    });
    expect(await opened("disiscrivi", row!.unsubscribeToken)).toBe("used");
    expect(await opened("conferma", link!)).toBe("invalid");
    expect(await opened("conferma", "non-esiste")).toBe("invalid");
    expect(await opened("conferma", "a%00b")).toBe("invalid");
  });

  it("a confirmation link no longer subscribes an address that has since unsubscribed", async () => {
    await postJson(newsletterSignup, db, { email: "uscita@example.com" });
    const [link] = await linksSentTo("uscita@example.com");
    await confirmLink(link!);
    await db.update(newsletterSubscribers).set({ status: "unsubscribed" }).where(eq(newsletterSubscribers.email, "uscita@example.com"));
    const again = (await confirmLink(link!)) as { init: { status: number } };
    expect(again.init.status).toBe(404);
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "uscita@example.com"));
    expect(row?.status).toBe("unsubscribed");
  });

  it("answers the same for a new, a pending and a confirmed address", async () => {
    const fresh = await postJson(newsletterSignup, db, { email: "mai.vista@example.com" });
    const pending = await postJson(newsletterSignup, db, { email: "mai.vista@example.com" });
    const confirmed = await postJson(newsletterSignup, db, { email: "due.volte@example.com" });
    expect(pending).toEqual(fresh);
    expect(confirmed).toEqual(fresh);
  });
});
