import { eq, sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/admin/settings";
import { auth } from "../../app/server/auth.server";
import { auditLog, invoices, practiceSettings, user } from "../../app/server/db/schema";
import { resetEnvForTests } from "../../app/server/env.server";
import { practiceFiscalIdentity } from "../../app/server/services/invoices.server";

import { signedInClient } from "./client-session";
import { staffFile } from "./staff-file";
import { attendingMember, cookieHeader, fiscalProfile, mistypedAddress, practiceReady, staffPayment } from "./helpers";
import { answer, form, pageRequest, refusal, thrownResponse } from "./route-calls";

/**
 * /admin/impostazioni (issue 29): the practice's fiscal identity. Who may: staff only. Each field's
 * Italian message, nothing saved on a refusal, the save audited with old and new values, the
 * invoices that waited for it issued, and the demo values refused on a real production start.
 */

const suite = staffFile("staff-impostazioni@example.com", "198.51.100.29", () => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-fiscal-settings-"));
  resetEnvForTests();
});
const { call } = suite;
let counter = 0;

beforeEach(async () => {
  await suite.db.delete(practiceSettings);
});

/** A confirmed member with their fiscal data who attended `attended` meetings. */
async function member(attended = 1, withFiscalData = true) {
  const tag = ++counter;
  const email = `impostazioni-${tag}@example.com`;
  const booking = await attendingMember(suite.db, email, attended, `impostazioni-${tag}`);
  if (withFiscalData) await fiscalProfile(suite.db, email);
  return booking;
}

const pay = (bookingId: string) => staffPayment(suite.db, suite.staff, bookingId);

const validSettings = {
  legal_name: "Studio Verdi",
  address_line: "Via Nazionale 10",
  postal_code: "00184",
  city: "Roma",
  province: "rm",
  partita_iva: "IT 86334519757",
  codice_fiscale: "86334519757",
  tax_regime_note: "",
  iban: "IT60 X054 2811 1010 0000 0123 456",
  bic: "",
  account_holder: "Studio Verdi",
  stamp_duty: "practice",
};

type SettingsPage = { version: string; gaps: string[]; waiting: number; demoRefused: boolean; settings: { demo: boolean } | null; defaults: Record<string, string> };
const page = async (cookie = suite.staffCookie) => (await call(settingsLoader, pageRequest("/admin/impostazioni", { cookie }))) as SettingsPage;

async function save(values: Record<string, string>, cookie = suite.staffCookie) {
  const version = values.version ?? (await page()).version;
  return answer(await call(settingsAction, pageRequest("/admin/impostazioni", { method: "POST", cookie, body: form({ ...values, version }) })));
}

describe("who may use /admin/impostazioni", () => {
  it("refuses anonymous visitors (401), clients and therapists (403), and changes nothing", async () => {
    expect((await thrownResponse(() => call(settingsLoader, pageRequest("/admin/impostazioni")))).status).toBe(401);
    expect((await thrownResponse(() => call(settingsAction, pageRequest("/admin/impostazioni", { method: "POST", body: form({ ...validSettings, version: "0" }) })))).status).toBe(
      401,
    );
    const clientCookie = await signedInClient(suite.db, (await member()).email);
    expect((await thrownResponse(() => call(settingsLoader, pageRequest("/admin/impostazioni", { cookie: clientCookie })))).status).toBe(403);
    await auth(suite.db).api.signUpEmail({ body: { email: "terapeuta-impostazioni@example.com", password: "password-terapeuta-1", name: "Terapeuta" } });
    await suite.db.update(user).set({ emailVerified: true, role: "therapist" }).where(eq(user.email, "terapeuta-impostazioni@example.com"));
    const therapistCookie = cookieHeader(
      await auth(suite.db).api.signInEmail({ body: { email: "terapeuta-impostazioni@example.com", password: "password-terapeuta-1" }, asResponse: true }),
    );
    expect((await thrownResponse(() => call(settingsLoader, pageRequest("/admin/impostazioni", { cookie: therapistCookie })))).status).toBe(403);
    const post = await thrownResponse(() =>
      call(settingsAction, pageRequest("/admin/impostazioni", { method: "POST", cookie: therapistCookie, body: form({ ...validSettings, version: "0" }) })),
    );
    expect(post.status).toBe(403);
    expect(await suite.db.select().from(practiceSettings)).toHaveLength(0);
    expect((await page()).gaps).toContain("Partita IVA");
  });
});

describe("saving the practice's identity", () => {
  it("refuses each wrong field with its Italian message, keeps what was typed, and saves nothing", async () => {
    const typed = {
      ...validSettings,
      legal_name: " ",
      ...mistypedAddress.typed,
      partita_iva: "86334519758",
      codice_fiscale: "RSSMRA85T10A562",
      iban: "IT60X0542811101000000123457",
      bic: "BANCA",
      account_holder: "",
      stamp_duty: "nessuno",
    };
    const refused = await save(typed);
    expect(refused.status).toBe(400);
    expect(refusal(refused.body).fieldErrors).toEqual({
      legal_name: "Scrivi la denominazione: il nome dello studio o del professionista che emette le fatture.",
      ...mistypedAddress.messages,
      partita_iva: "La cifra di controllo della partita IVA (l'ultima) non è corretta: controlla di averla scritta bene.",
      codice_fiscale: "Il codice fiscale deve avere 16 caratteri (per una persona) oppure 11 cifre (per uno studio associato, una società o un ente).",
      iban: "L'IBAN non è corretto: le cifre di controllo non corrispondono. Controlla di averlo copiato bene.",
      bic: "Il BIC (o SWIFT) ha 8 o 11 caratteri, per esempio BPPIITRRXXX.",
      account_holder: "Scrivi l'intestatario del conto, come lo conosce la banca.",
      stamp_duty: "Scegli chi paga l'imposta di bollo.",
    });
    expect((refused.body.result as { initialValue: Record<string, string> }).initialValue).toMatchObject({ iban: typed.iban, partita_iva: typed.partita_iva, city: "Roma" });
    expect(await suite.db.select().from(practiceSettings)).toHaveLength(0);
  });

  it("issues the invoices that waited for the identity, audits the save with old and new values, and shows the IBAN grouped", async () => {
    const first = await member();
    const second = await member();
    const paid = [await pay(first.id), await pay(second.id)];
    // A payment whose booking was then erased (the booking deleted, the payment kept with booking_id null) still waits.
    const erased = await member();
    await pay(erased.id);
    await suite.db.execute(sql`delete from group_bookings where id = ${erased.id}`);
    expect(paid.map((payment) => payment.invoiceNumber)).toEqual([null, null]);
    const before = await page();
    expect(before.gaps).toEqual(["Denominazione", "Indirizzo", "CAP", "Comune", "Provincia", "Partita IVA", "Codice fiscale", "IBAN", "Intestatario del conto"]);
    expect(before.waiting).toBeGreaterThanOrEqual(2);
    // The screen's count (kept per booking in ledger_balances) is what matching every payment to its invoice finds.
    const [matched] = await suite.db
      .execute<{ count: number }>(sql`select count(*)::int as count from payments p where not exists (select 1 from invoices i where i.payment_id = p.id)`)
      .then((r) => r.rows);
    expect(before.waiting).toBe(matched!.count);

    const saved = await save({ ...validSettings, stamp_duty: "person", bic: "bppi it rr xxx" });
    expect(saved.body).toMatchObject({ ok: true });
    expect(saved.body.message).toMatch(/^Dati dello studio salvati\. \d+ fatture emesse tra quelle in attesa\.$/);
    for (const payment of paid) expect(await suite.db.select().from(invoices).where(eq(invoices.paymentId, payment.id))).toHaveLength(1);
    const [row] = await suite.db.select().from(practiceSettings);
    expect(row).toMatchObject({
      partitaIva: "86334519757",
      province: "RM",
      iban: "IT60X0542811101000000123456",
      bic: "BPPIITRRXXX",
      stampDutyCharged: true,
      demo: false,
      updatedBy: suite.staff.user.id,
    });
    const after = await page();
    expect(after.gaps).toEqual([]);
    expect(after.defaults.iban).toBe("IT60 X054 2811 1010 0000 0123 456");

    const [created] = await suite.db.select().from(auditLog).where(eq(auditLog.entity, "practice_settings"));
    expect(created).toMatchObject({ action: "create", actorEmail: "staff-impostazioni@example.com" });
    expect((created!.detail as { changes: Record<string, unknown> }).changes.partitaIva).toEqual({ from: null, to: "86334519757" });

    const changed = await save({ ...validSettings, stamp_duty: "person", bic: "BPPIITRRXXX", city: "Roma Capitale" });
    expect(changed.body).toMatchObject({ ok: true, message: "Dati dello studio salvati." });
    const entries = await suite.db.select().from(auditLog).where(eq(auditLog.entity, "practice_settings"));
    expect(entries.map((entry) => entry.action).sort()).toEqual(["create", "update"]);
    expect(entries.find((entry) => entry.action === "update")!.detail).toEqual({ changes: { city: { from: "Roma", to: "Roma Capitale" } } });
  });

  it("refuses a save over a version saved after the form was loaded (409), changing nothing", async () => {
    await practiceReady(suite.db);
    const stale = (await page()).version;
    expect((await save({ ...validSettings, city: "Milano" })).body).toMatchObject({ ok: true });
    const refused = await save({ ...validSettings, city: "Torino", version: stale });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, conflict: true });
    const [row] = await suite.db.select().from(practiceSettings);
    expect(row!.city).toBe("Milano");
  });
});

describe("the demo's practice identity", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of ["NODE_ENV", "SESSION_SECRET", "DATA_ENCRYPTION_KEY", "SEED_DEMO"]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetEnvForTests();
  });

  /** A real production start: NODE_ENV=production with its secrets, no SEED_DEMO. */
  function production(seedDemo?: "true") {
    process.env.NODE_ENV = "production";
    process.env.SESSION_SECRET = "s".repeat(40);
    process.env.DATA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");
    if (seedDemo) process.env.SEED_DEMO = seedDemo;
    else delete process.env.SEED_DEMO;
    resetEnvForTests();
  }

  it("issues no invoice with demo values in production, and says so on the screen", async () => {
    await practiceReady(suite.db, { demo: true });
    production();
    const booking = await member();
    const payment = await pay(booking.id);
    expect(payment.invoiceNumber).toBeNull();
    expect((await practiceFiscalIdentity(suite.db)).gaps).toEqual(["Dati di prova"]);
    const shown = await page();
    expect(shown).toMatchObject({ demoRefused: true, settings: { demo: true }, gaps: ["Dati di prova"] });
    expect(await suite.db.select().from(invoices).where(eq(invoices.paymentId, payment.id))).toHaveLength(0);
  });

  it("keeps issuing the local trial's invoices (production build with SEED_DEMO=true)", async () => {
    await practiceReady(suite.db, { demo: true });
    production("true");
    const payment = await pay((await member()).id);
    expect(payment.invoiceNumber).not.toBeNull();
    expect((await page()).demoRefused).toBe(false);
  });

  it("stays demo until the demo's name, partita IVA, codice fiscale and IBAN are all replaced; then the waiting invoices are issued", async () => {
    await practiceReady(suite.db, { demo: true, legalName: "Studio Insieme – dati di prova" });
    production();
    const payment = await pay((await member()).id);
    expect(payment.invoiceNumber).toBeNull();
    const partly = await save({ ...validSettings, legal_name: "Studio Vero", partita_iva: "12345678903", codice_fiscale: "12345678903", iban: "IT60X0542811101000000123456" });
    expect(partly.body).toMatchObject({ ok: true });
    expect(partly.body.message).toContain("Restano dati di prova");
    expect((await suite.db.select().from(practiceSettings))[0]!.demo).toBe(true);
    expect(await suite.db.select().from(invoices).where(eq(invoices.paymentId, payment.id))).toHaveLength(0);

    const real = await save({ ...validSettings, legal_name: "Studio Vero", iban: "IT13L0306909606100000012345" });
    expect(real.body).toMatchObject({ ok: true });
    expect(real.body.message).toMatch(/fattur[ae] emess[ae] tra quelle in attesa/);
    expect((await suite.db.select().from(practiceSettings))[0]!.demo).toBe(false);
    expect(await suite.db.select().from(invoices).where(eq(invoices.paymentId, payment.id))).toHaveLength(1);
    const changes = (await suite.db.select().from(auditLog).where(eq(auditLog.entity, "practice_settings"))).map(
      (entry) => (entry.detail as { changes: Record<string, unknown> }).changes,
    );
    expect(changes.filter((change) => change.demo)).toContainEqual(
      expect.objectContaining({ demo: { from: true, to: false }, partitaIva: { from: "12345678903", to: "86334519757" } }),
    );
  });
});
