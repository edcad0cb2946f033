import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { BankTransfer } from "../../app/components/client/bank-transfer";
import { paymentCode } from "../../app/domain/bank-transfer";
import type { BankTransferView } from "../../app/domain/bank-transfer";
import { formatEuro } from "../../app/domain/money";
import AdminPayments, { loader as adminPaymentsLoader } from "../../app/routes/admin/payments";
import { loader as paymentsLoader } from "../../app/routes/client/payments";
import { groupBookings, groupSessions, practiceSettings } from "../../app/server/db/schema";
import { resetEnvForTests } from "../../app/server/env.server";
import { bookingByPaymentReference } from "../../app/server/services/bank-transfer.server";

import { queueSessionReminders } from "../../app/server/services/reminders.server";
import { signedInClient } from "./client-session";
import { staffFile } from "./staff-file";
import { attendingMember, fiscalProfile, practiceReady, queuedMail, staffPayment } from "./helpers";
import { pageRequest } from "./route-calls";

/**
 * Paying by bank transfer (issue 29, point 5): the block on /area-personale/pagamenti (signed-in
 * client, own bookings only), the EPC QR payload built for that member, the causale staff search by,
 * and the session reminder that tells a member who owes how to pay.
 */

const IBAN = "IT60X0542811101000000123456";
const HOLDER = "Studio di prova S.r.l.";
const suite = staffFile("staff-bonifici@example.com", "198.51.100.92");
const { call } = suite;
let counter = 0;

type PaymentsPage = { data: { accounts: { bookingId: string; owedCents: number }[]; transfers: Record<string, BankTransferView> } };
const page = async (cookie: string) => (await call(paymentsLoader, pageRequest("/area-personale/pagamenti", { cookie }))) as PaymentsPage;

beforeAll(async () => {
  await practiceReady(suite.db);
});

/** A confirmed member who attended `attended` weekly meetings from Wednesday 4 November 2026, 19:00 in Italy (the first is the trial). */
async function member(email: string, attended: number) {
  const tag = ++counter;
  const booking = await attendingMember(suite.db, email, attended, tag, { startsOn: "2026-11-04", therapist: "Dott. Bonifico", group: "Gruppo bonifici" });
  await fiscalProfile(suite.db, email);
  return { booking, group: { id: booking.groupId!, name: `Gruppo bonifici ${tag}` }, cookie: await signedInClient(suite.db, email) };
}

const markup = (transfer: BankTransferView, online = false) => renderToStaticMarkup(createElement(BankTransfer, { transfer, online }));

describe("the transfer block on /area-personale/pagamenti", () => {
  it("shows a member who owes the IBAN, the holder, the exact amount, the causale and the EPC code of that transfer", async () => {
    const { booking, cookie } = await member("bonifico-giulia@example.com", 3);
    const { accounts, transfers } = (await page(cookie)).data;
    expect(accounts[0]!.owedCents).toBe(10_000);
    const transfer = transfers[booking.id]!;
    const reference = `INSIEME ${paymentCode(booking.id)} 3 sedute fino al 18/11/2026`;
    expect(transfer).toMatchObject({ status: "ready", iban: IBAN, ibanGroups: "IT60 X054 2811 1010 0000 0123 456", holder: HOLDER, amountCents: 10_000, reference });
    // EPC069-12 version 002, UTF-8, SCT, no BIC, beneficiary, IBAN, amount, no purpose, no structured reference, the causale.
    expect(transfer.status === "ready" && transfer.qr?.payload).toBe(["BCD", "002", "1", "SCT", "", HOLDER, IBAN, "EUR100.00", "", "", reference].join("\n"));
    expect(transfer.qrSvg).toMatch(/^<svg role="img" aria-label="Codice QR per pagare 100,00\u00a0€ con bonifico a Studio di prova S\.r\.l\., causale «INSIEME /);

    // Without JavaScript: every value as plain text, the code and its explanation, no copy button yet.
    const html = markup(transfer);
    for (const text of ["Paga con bonifico", "IT60 X054 2811 1010 0000 0123 456", HOLDER, "100,00\u00a0€", reference, "Inquadra il codice con l&#x27;app della tua banca"])
      expect(html).toContain(text);
    expect(html).toContain('<svg role="img"');
    expect(html).not.toContain("Copia");
  });

  it("shows nothing to a member who owes nothing", async () => {
    const { booking, cookie } = await member("bonifico-pari@example.com", 2);
    await staffPayment(suite.db, suite.staff, booking.id, { amountCents: 6500, paidOn: "2026-11-12" });
    const { accounts, transfers } = (await page(cookie)).data;
    expect(accounts[0]!.owedCents).toBe(0);
    expect(transfers).toEqual({});
  });

  it("says to contact the practice, with no IBAN at all, while its IBAN is not set", async () => {
    const { booking, cookie } = await member("bonifico-senza-iban@example.com", 1);
    await suite.db.update(practiceSettings).set({ iban: null }).where(eq(practiceSettings.id, 1));
    try {
      const transfer = (await page(cookie)).data.transfers[booking.id]!;
      expect(transfer).toEqual({ status: "contact", amountCents: 3000, stampDutyCents: 0, qrSvg: null });
      const html = markup(transfer);
      expect(html).toContain("Per pagare con bonifico scrivici a");
      expect(html).toContain('href="mailto:info@insieme-terapia.it"');
      expect(html).not.toMatch(/IT\d\d/);
      expect(html).not.toContain('<svg role="img"');
    } finally {
      await suite.db.update(practiceSettings).set({ iban: IBAN }).where(eq(practiceSettings.id, 1));
    }
  });

  it("shows no IBAN while the settings hold the demo's values on a real production start", async () => {
    const { booking, cookie } = await member("bonifico-demo@example.com", 1);
    const saved = { ...process.env };
    await suite.db.update(practiceSettings).set({ demo: true }).where(eq(practiceSettings.id, 1));
    try {
      Object.assign(process.env, { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") });
      delete process.env.SEED_DEMO;
      resetEnvForTests();
      expect((await page(cookie)).data.transfers[booking.id]).toMatchObject({ status: "contact", amountCents: 3000 });
      // The local trial (a production build with SEED_DEMO=true) shows the demo's account.
      process.env.SEED_DEMO = "true";
      resetEnvForTests();
      expect((await page(cookie)).data.transfers[booking.id]).toMatchObject({ status: "ready", iban: IBAN });
    } finally {
      for (const key of ["NODE_ENV", "SESSION_SECRET", "DATA_ENCRYPTION_KEY", "SEED_DEMO"]) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      resetEnvForTests();
      await suite.db.update(practiceSettings).set({ demo: false }).where(eq(practiceSettings.id, 1));
    }
  });

  it("adds the €2 stamp duty when the practice recharges it and the amount exceeds €77.47", async () => {
    const { booking, cookie } = await member("bonifico-bollo@example.com", 3);
    await suite.db.update(practiceSettings).set({ stampDutyCharged: true }).where(eq(practiceSettings.id, 1));
    try {
      const transfer = (await page(cookie)).data.transfers[booking.id]!;
      expect(transfer).toMatchObject({ amountCents: 10_200, stampDutyCents: 200 });
      expect(markup(transfer)).toContain("L&#x27;importo comprende 2,00\u00a0€ di imposta di bollo della fattura.");
      // Paid as shown, with no warning about credit, the account is settled: the invoice counts the stamp within the amount.
      await staffPayment(suite.db, suite.staff, booking.id, { amountCents: 10_200, paidOn: "2026-11-20" });
      expect((await page(cookie)).data.accounts[0]!.owedCents).toBe(0);
    } finally {
      await suite.db.update(practiceSettings).set({ stampDutyCharged: false }).where(eq(practiceSettings.id, 1));
    }
  });

  it("shows each client only their own transfer; staff and anonymous visitors get none", async () => {
    const owner = await member("bonifico-proprietaria@example.com", 2);
    const other = await member("bonifico-altra@example.com", 1);
    const seen = (await page(other.cookie)).data.transfers;
    expect(Object.keys(seen)).toEqual([other.booking.id]);
    expect(JSON.stringify(seen)).not.toContain(paymentCode(owner.booking.id));
    const anonymous = await call(paymentsLoader, pageRequest("/area-personale/pagamenti")).catch((thrown: unknown) => thrown);
    expect((anonymous as Response).headers.get("location")).toMatch(/^\/area-personale\?ritorno=/);
    const staffPage = await call(paymentsLoader, pageRequest("/area-personale/pagamenti", { cookie: suite.staffCookie })).catch((thrown: unknown) => thrown);
    expect((staffPage as Response).status).toBe(403);
  });
});

describe("bookingByPaymentReference", () => {
  it("finds the booking from a bank statement's line, or the code alone; null for a name", async () => {
    const { booking } = await member("bonifico-estratto@example.com", 1);
    const code = paymentCode(booking.id);
    const expected = { codes: [code], matches: [{ bookingId: booking.id, code, name: booking.name, email: booking.email, groupName: expect.stringMatching(/^Gruppo bonifici/) }] };
    expect(await bookingByPaymentReference(suite.db, `BONIFICO SEPA DA ROSSI GIULIA CAUSALE: INSIEME ${code} SEDUTA DEL 04/11/2026`)).toEqual(expected);
    expect(await bookingByPaymentReference(suite.db, code.toLowerCase())).toEqual(expected);
    expect(await bookingByPaymentReference(suite.db, "Giulia Rossi")).toBeNull();
    // A mistyped code names nobody rather than someone else.
    const typo = `${code.slice(0, 7)}${code.endsWith("0") ? "1" : "0"}`;
    expect(await bookingByPaymentReference(suite.db, `INSIEME ${typo}`)).toEqual({ codes: [typo], matches: [] });
  });
});

/** /admin/pagamenti as the server renders it for staff at `url`, from its real loader. */
async function renderedPayments(url: string) {
  const loaderData = await call(adminPaymentsLoader, pageRequest(url, { cookie: suite.staffCookie }));
  const Stub = createRoutesStub([{ id: "payments", path: "/admin/pagamenti", Component: AdminPayments as never, loader: () => loaderData }]);
  return renderToString(createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { payments: loaderData } } }));
}

describe("staff's search on /admin/pagamenti by the causale", () => {
  type AdminPage = { rows: { bookingId: string; owedCents: number }[]; chosen: string; reference: string };
  const search = async (q: string) => (await call(adminPaymentsLoader, pageRequest(`/admin/pagamenti?q=${encodeURIComponent(q)}`, { cookie: suite.staffCookie }))) as AdminPage;

  it("finds the person from the bank statement's line or the code alone, chooses them in the payment form with the causale as its note", async () => {
    const { booking, group } = await member("bonifico-ricerca@example.com", 2);
    const code = paymentCode(booking.id);
    const line = `BONIFICO SEPA DA ROSSI GIULIA CAUSALE: INSIEME ${code} 2 SEDUTE FINO AL 11/11/2026`;
    for (const q of [line, `INSIEME ${code}`, code.toLowerCase()]) {
      const found = await search(q);
      expect(found.rows.map((row) => [row.bookingId, row.owedCents])).toEqual([[booking.id, 6500]]);
      expect(found.chosen).toBe(booking.id);
      expect(found.reference).toBe(q);
    }
    // What staff see: the person chosen in both forms (name, e-mail and group), the causale as the payment's note.
    const html = (await renderedPayments(`/admin/pagamenti?q=${encodeURIComponent(line)}`)).replaceAll("<!-- -->", "");
    const chosen = [...html.matchAll(/<option[^>]*selected=""[^>]*>([^<]*)</g)].map((match) => match[1]);
    expect(chosen).toContain(`${booking.name} · bonifico-ricerca@example.com · ${group.name} (da pagare ${formatEuro(6500)})`);
    expect(/<input[^>]*name="note"[^>]*>/.exec(html)?.[0]).toContain(`value="${line}"`);
    // A mistyped code finds nobody; a name is searched as before and chooses nobody.
    const typo = `${code.slice(0, 7)}${code.endsWith("0") ? "1" : "0"}`;
    expect((await search(`INSIEME ${typo}`)).rows).toEqual([]);
    const byName = await search(booking.name!);
    expect(byName.rows.map((row) => row.bookingId)).toContain(booking.id);
    expect(byName).toMatchObject({ chosen: "", reference: "" });
  });
});

describe("a row of /admin/pagamenti", () => {
  it("has «Registra pagamento», which opens the same list with that person chosen in both forms, at the payment form", async () => {
    const { booking } = await member("bonifico-riga@example.com", 1);
    const url = "/admin/pagamenti?q=bonifico-riga&status=deve";
    const html = await renderedPayments(url);
    const link = new RegExp(`<a[^>]*href="([^"]*persona=${booking.id}[^"]*)"[^>]*>(.*?)</a>`).exec(html);
    expect(link?.[2]).toContain("Registra pagamento");
    const target = link![1]!.replaceAll("&amp;", "&");
    expect(target).toBe(`/admin/pagamenti?q=bonifico-riga&status=deve&persona=${booking.id}#payment-form-title`);
    const opened = (await call(adminPaymentsLoader, pageRequest(target.split("#")[0]!, { cookie: suite.staffCookie }))) as { chosen: string };
    expect(opened.chosen).toBe(booking.id);
  });
});

describe("the session reminder of a member who owes", () => {
  it("tells the IBAN, holder, exact amount and causale in the text and the html; nothing for a member who owes nothing", async () => {
    const owing = await member("bonifico-promemoria@example.com", 2);
    const square = await suite.db
      .insert(groupBookings)
      .values({ groupId: owing.group.id, email: "bonifico-promemoria-pari@example.com", name: "Pari", status: "confirmed" })
      .returning();
    // Monday 7 December 2026, 19:00 in Italy; the job runs the evening before.
    await suite.db.insert(groupSessions).values({ groupId: owing.group.id, startsAt: new Date("2026-12-07T18:00:00Z"), endsAt: new Date("2026-12-07T19:30:00Z") });
    expect(await queueSessionReminders(suite.db, new Date("2026-12-06T19:00:00Z"))).toBe(2);
    const mails = await queuedMail(suite.db);
    const mail = mails.find((row) => row.to === "bonifico-promemoria@example.com" && row.template === "session-reminder")!;
    const reference = `INSIEME ${paymentCode(owing.booking.id)} 2 sedute fino al 11/11/2026`;
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("IT60 X054 2811 1010 0000 0123 456");
      expect(part).toContain(HOLDER);
      expect(part).toContain(formatEuro(6500));
      expect(part).toContain(reference);
    }
    expect(mail.text).toContain("Risultano da pagare 65,00\u00a0€");
    expect(mail.text).toContain("/area-personale/pagamenti");
    const settled = mails.find((row) => row.to === square[0]!.email && row.template === "session-reminder")!;
    expect(settled.text).not.toContain("IBAN");
    expect(settled.text).not.toContain("da pagare");
  });
});
