import { and, eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as staffAction, loader as staffLoader } from "../../app/routes/admin/person-fiscal-data";
import { loader as homeLoader } from "../../app/routes/client/home";
import { action as fiscalAction, loader as fiscalLoader } from "../../app/routes/client/fiscal-data";
import { loader as paymentsLoader } from "../../app/routes/client/payments";
import { auth } from "../../app/server/auth.server";
import { auditLog, fiscalDataRequests, fiscalProfiles, invoices, user } from "../../app/server/db/schema";
import { resetEnvForTests } from "../../app/server/env.server";

import { handleStripeWebhook } from "../../app/server/services/stripe.server";
import { signedInClient } from "./client-session";
import { staffFile } from "./staff-file";
import { attendingMember, cookieHeader, mistypedAddress, practiceReady, queuedMail, staffPayment, rowsWhere } from "./helpers";
import { answer, form, pageRequest, refusal, thrownResponse } from "./route-calls";
import { signedCheckoutEvent } from "./stripe-events";

/**
 * The person's fiscal data (issue 29): entered by the signed-in person in
 * /area-personale/dati-fiscali (only their own), or by staff on /admin/persone/:id/dati-fiscali
 * (audited); a payment of someone without them waits for its invoice and asks them once by e-mail;
 * saving issues what waited. Who may: the person for their own data, staff for anyone's; nobody else.
 */

const PAGE = "/area-personale/dati-fiscali";
const WEBHOOK_SECRET = "whsec_insiemeFiscalDataTest";
const suite = staffFile("staff-dati-fiscali@example.com", "198.51.100.30", () => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-fiscal-profiles-"));
  process.env.STRIPE_SECRET_KEY = "sk_test_insiemeFiscalData";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  resetEnvForTests();
});
const { call } = suite;
let therapistCookie: string;
let counter = 0;

beforeAll(async () => {
  await auth(suite.db).api.signUpEmail({ body: { email: "terapeuta-dati-fiscali@example.com", password: "password-terapeuta-1", name: "Terapeuta" } });
  await suite.db.update(user).set({ emailVerified: true, role: "therapist" }).where(eq(user.email, "terapeuta-dati-fiscali@example.com"));
  therapistCookie = cookieHeader(
    await auth(suite.db).api.signInEmail({ body: { email: "terapeuta-dati-fiscali@example.com", password: "password-terapeuta-1" }, asResponse: true }),
  );
  await practiceReady(suite.db);
});

afterAll(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  resetEnvForTests();
});

/** A confirmed member without fiscal data who attended `attended` meetings (the first is the trial), signed in. */
async function member(attended = 2) {
  const tag = ++counter;
  const email = `dati-fiscali-${tag}@example.com`;
  const booking = await attendingMember(suite.db, email, attended, `fiscale-${tag}`);
  return { booking, email, cookie: await signedInClient(suite.db, email) };
}

const pay = (bookingId: string, amountCents = 3000) => staffPayment(suite.db, suite.staff, bookingId, { amountCents });

const validProfile = {
  first_name: "Giulia",
  last_name: "Rossi",
  address_line: "Via Verdi 2",
  postal_code: "20100",
  city: "Milano",
  province: "mi",
  codice_fiscale: "rss gli 90a41 h501y",
};

const saveOwn = async (cookie: string, values: Record<string, string>) => answer(await call(fiscalAction, pageRequest(PAGE, { method: "POST", cookie, body: form(values) })));

type OwnPage = { data: { defaults?: Record<string, string>; saved: boolean; waiting: number } };
const ownPage = async (cookie: string) => ((await call(fiscalLoader, pageRequest(PAGE, { cookie }))) as OwnPage).data;

const staffPath = (bookingId: string) => `/admin/persone/${bookingId}/dati-fiscali`;
type StaffPage = { booking: { email: string }; version: string; profile: { codiceFiscale: string } | null; waiting: number };
const staffPage = async (bookingId: string, cookie = suite.staffCookie) => (await call(staffLoader, pageRequest(staffPath(bookingId), { cookie }), { bookingId })) as StaffPage;
const saveByStaff = async (bookingId: string, values: Record<string, string>, cookie = suite.staffCookie) =>
  answer(await call(staffAction, pageRequest(staffPath(bookingId), { method: "POST", cookie, body: form(values) }), { bookingId }));

const requestMails = async (email: string) => (await queuedMail(suite.db)).filter((mail) => mail.to === email && mail.template === "client-fiscal-data-request");

describe("who may use the fiscal data forms", () => {
  it("sends anonymous visitors to sign in and back, refuses an anonymous post, staff and therapists", async () => {
    const redirect = await thrownResponse(() => call(fiscalLoader, pageRequest(PAGE)));
    expect(redirect.headers.get("location")).toBe(`/area-personale?${new URLSearchParams({ ritorno: PAGE })}`);
    expect((await thrownResponse(() => call(fiscalAction, pageRequest(PAGE, { method: "POST", body: form(validProfile) })))).status).toBe(401);
    for (const cookie of [suite.staffCookie, therapistCookie]) {
      expect((await thrownResponse(() => call(fiscalLoader, pageRequest(PAGE, { cookie })))).status).toBe(403);
      expect((await thrownResponse(() => call(fiscalAction, pageRequest(PAGE, { method: "POST", cookie, body: form(validProfile) })))).status).toBe(403);
    }
    expect(await suite.db.select().from(fiscalProfiles)).toHaveLength(0);
  });

  it("keeps staff's edit for staff: anonymous 401, clients and therapists 403, an unknown booking 404", async () => {
    const { booking, cookie } = await member(1);
    expect((await thrownResponse(() => staffPage(booking.id, ""))).status).toBe(401);
    expect((await thrownResponse(() => staffPage(booking.id, cookie))).status).toBe(403);
    expect((await thrownResponse(() => staffPage(booking.id, therapistCookie))).status).toBe(403);
    for (const other of [cookie, therapistCookie]) {
      expect((await thrownResponse(() => saveByStaff(booking.id, { ...validProfile, version: "0" }, other))).status).toBe(403);
    }
    expect((await thrownResponse(() => staffPage(crypto.randomUUID()))).status).toBe(404);
    expect((await staffPage(booking.id)).profile).toBeNull();
    expect(await suite.db.select().from(fiscalProfiles)).toHaveLength(0);
  });
});

describe("the person's own fiscal data", () => {
  it("refuses a wrong check character, a short code and the other wrong fields in Italian, keeping what was typed", async () => {
    const { email, cookie } = await member(1);
    const wrongCheck = await saveOwn(cookie, { ...validProfile, codice_fiscale: "RSSGLI90A41H501X", ...mistypedAddress.typed, first_name: " " });
    expect(wrongCheck.status).toBe(400);
    expect(refusal(wrongCheck.body).fieldErrors).toEqual({
      codice_fiscale: "Il carattere di controllo del codice fiscale (l'ultimo) non è corretto: controlla di averlo scritto bene.",
      ...mistypedAddress.messages,
      first_name: "Scrivi il tuo nome, come sulla tessera sanitaria.",
    });
    expect((wrongCheck.body.result as { initialValue: Record<string, string> }).initialValue).toMatchObject({ codice_fiscale: "RSSGLI90A41H501X", city: "Milano" });
    const short = await saveOwn(cookie, { ...validProfile, codice_fiscale: "RSSGLI90A41" });
    expect(refusal(short.body).fieldErrors).toEqual({ codice_fiscale: "Il codice fiscale deve avere 16 caratteri." });
    const company = await saveOwn(cookie, { ...validProfile, codice_fiscale: "86334519757" });
    expect(refusal(company.body).fieldErrors.codice_fiscale).toContain("società");
    expect(await suite.db.select().from(fiscalProfiles).where(eq(fiscalProfiles.email, email))).toHaveLength(0);
  });

  it("accepts an omocodic codice fiscale, stores the opposition, and shows the saved data", async () => {
    const { email, cookie } = await member(1);
    const saved = await saveOwn(cookie, { ...validProfile, codice_fiscale: "abcdef12b23p43ne", ts_opposition: "on" });
    expect(saved).toEqual({ status: 200, body: { saved: { issued: 0 } } });
    const [row] = await suite.db.select().from(fiscalProfiles).where(eq(fiscalProfiles.email, email));
    expect(row).toMatchObject({ codiceFiscale: "ABCDEF12B23P43NE", province: "MI", tsOpposition: true, updatedBy: null });
    const shown = await ownPage(cookie);
    expect(shown.saved).toBe(true);
    expect(shown.defaults).toMatchObject({ codice_fiscale: "ABCDEF12B23P43NE", ts_opposition: "on" });
    // Unticked, the opposition is withdrawn.
    await saveOwn(cookie, { ...validProfile, codice_fiscale: "ABCDEF12B23P43NE" });
    expect((await suite.db.select().from(fiscalProfiles).where(eq(fiscalProfiles.email, email)))[0]!.tsOpposition).toBe(false);
    // Both saves are audited as the person's own, naming the changed fields, never their values; a save changing nothing is not.
    await saveOwn(cookie, { ...validProfile, codice_fiscale: "ABCDEF12B23P43NE" });
    const entries = await suite.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "fiscal_profile"), eq(auditLog.entityId, email)))
      .orderBy(auditLog.createdAt);
    expect(entries.map((entry) => [entry.action, entry.actorEmail, entry.detail])).toEqual([
      ["create", email, { changed: expect.arrayContaining(["codiceFiscale", "tsOpposition"]), by: "self" }],
      ["update", email, { changed: ["tsOpposition"], by: "self" }],
    ]);
    expect(JSON.stringify(entries)).not.toContain("ABCDEF12B23P43NE");
  });

  it("saves only the signed-in person's own data, whatever address the post names", async () => {
    const one = await member(1);
    const other = await member(1);
    await saveOwn(one.cookie, { ...validProfile, email: other.email, first_name: "Una" });
    const rows = await suite.db.select().from(fiscalProfiles).where(eq(fiscalProfiles.firstName, "Una"));
    expect(rows.map((row) => row.email)).toEqual([one.email]);
    expect((await ownPage(other.cookie)).saved).toBe(false);
    expect((await ownPage(other.cookie)).defaults).toBeUndefined();
  });
});

describe("invoices waiting for the person's data", () => {
  it("asks once by e-mail for two payments, shows the notice until the data arrive, then issues both invoices", async () => {
    const { booking, email, cookie } = await member(2);
    const first = await pay(booking.id, 3000);
    const second = await pay(booking.id, 3500);
    expect([first.invoiceNumber, second.invoiceNumber]).toEqual([null, null]);
    expect([first.fiscalDataRequested, second.fiscalDataRequested]).toEqual([true, false]);
    const mails = await requestMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Ci servono i tuoi dati per la fattura");
    expect(mails[0]!.html).toContain("/area-personale/dati-fiscali");
    // Nothing personal beyond the request: no name, no amount.
    expect(mails[0]!.text).not.toContain(booking.name!);
    expect(mails[0]!.text).not.toMatch(/€|30,00|35,00/);

    const home = (await call(homeLoader, pageRequest("/area-personale", { cookie }))) as { data: { fiscalDataAsked: boolean } };
    expect(home.data.fiscalDataAsked).toBe(true);
    const payments = (await call(paymentsLoader, pageRequest("/area-personale/pagamenti", { cookie }))) as { data: { fiscalDataAsked: boolean } };
    expect(payments.data.fiscalDataAsked).toBe(true);
    expect((await ownPage(cookie)).waiting).toBe(2);

    const saved = await saveOwn(cookie, { ...validProfile, ts_opposition: "on" });
    expect(saved.body).toEqual({ saved: { issued: 2 } });
    const issued = await suite.db.select().from(invoices).where(eq(invoices.bookingId, booking.id));
    expect(issued).toHaveLength(2);
    for (const invoice of issued) {
      expect(invoice.recipient).toMatchObject({ name: "Giulia Rossi", codiceFiscale: "RSSGLI90A41H501Y", province: "MI" });
      expect(invoice.tsOpposition).toBe(true);
    }
    const after = (await call(homeLoader, pageRequest("/area-personale", { cookie }))) as { data: { fiscalDataAsked: boolean } };
    expect(after.data.fiscalDataAsked).toBe(false);
    // A later payment is invoiced at once and asks nothing.
    const third = await staffPayment(suite.db, suite.staff, booking.id, { amountCents: 3500, method: "cash", paidOn: "2026-01-20", allowCredit: true });
    expect(third.invoiceNumber).not.toBeNull();
    expect(await requestMails(email)).toHaveLength(1);
  });

  it("asks once when the payment comes from Stripe, however many times Stripe delivers it", async () => {
    const { booking, email } = await member(1);
    const { payload, signature } = signedCheckoutEvent({ bookingId: booking.id, secret: WEBHOOK_SECRET });
    for (let delivery = 0; delivery < 2; delivery++) expect((await handleStripeWebhook(suite.db, Buffer.from(payload), signature)).status).toBe(200);
    expect(await requestMails(email)).toHaveLength(1);
    expect(await suite.db.select().from(fiscalDataRequests).where(eq(fiscalDataRequests.email, email))).toHaveLength(1);
  });
});

describe("staff's edit of a person's fiscal data", () => {
  it("saves with an audit entry naming the changed fields, issues what waited, and refuses a stale version", async () => {
    const { booking, email, cookie } = await member(1);
    await pay(booking.id, 3000);
    const loaded = await staffPage(booking.id);
    expect(loaded).toMatchObject({ version: "0", profile: null, waiting: 1 });
    const read = await rowsWhere(suite.db, auditLog, { entity: "fiscal_profile", action: "read", entityId: email });
    expect(read).toHaveLength(1);

    const refused = await saveByStaff(booking.id, { ...validProfile, codice_fiscale: "RSSGLI90A41H501X", version: "0" });
    expect(refused.status).toBe(400);
    expect(refusal(refused.body).fieldErrors.codice_fiscale).toBe("Il carattere di controllo del codice fiscale (l'ultimo) non è corretto: controlla di averlo scritto bene.");

    const saved = await saveByStaff(booking.id, { ...validProfile, version: "0" });
    expect(saved.body).toMatchObject({ ok: true, message: "Dati fiscali salvati. 1 fattura emessa tra quelle in attesa." });
    expect((await suite.db.select().from(fiscalProfiles).where(eq(fiscalProfiles.email, email)))[0]).toMatchObject({
      codiceFiscale: "RSSGLI90A41H501Y",
      updatedBy: suite.staff.user.id,
    });
    expect(await suite.db.select().from(invoices).where(eq(invoices.bookingId, booking.id))).toHaveLength(1);

    const version = (await staffPage(booking.id)).version;
    expect((await saveByStaff(booking.id, { ...validProfile, city: "Monza", province: "MB", version })).body).toMatchObject({ ok: true, message: "Dati fiscali salvati." });
    const entries = await rowsWhere(suite.db, auditLog, { entity: "fiscal_profile", entityId: email });
    const writes = entries.filter((entry) => entry.action !== "read");
    expect(writes.map((entry) => entry.action).sort()).toEqual(["create", "update"]);
    expect(writes.find((entry) => entry.action === "update")!.detail).toEqual({ changed: ["city", "province"] });
    expect(JSON.stringify(writes.map((entry) => entry.detail))).not.toContain("RSSGLI90A41H501Y");

    const stale = await saveByStaff(booking.id, { ...validProfile, city: "Lecco", province: "LC", version });
    expect(stale.status).toBe(409);
    expect((await suite.db.select().from(fiscalProfiles).where(eq(fiscalProfiles.email, email)))[0]!.city).toBe("Monza");
    // The person sees what staff saved.
    expect((await ownPage(cookie)).defaults).toMatchObject({ city: "Monza", province: "MB" });
  });
});
