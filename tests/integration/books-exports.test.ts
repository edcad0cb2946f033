import { and, eq } from "drizzle-orm";
import { constants, privateDecrypt } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as booksLoader } from "../../app/routes/admin/books";
import { loader as documentsLoader } from "../../app/routes/admin/books-documents";
import { loader as sistemaTsLoader } from "../../app/routes/admin/sistema-ts-file";
import { loader as statementLoader } from "../../app/routes/admin/therapist-statement";
import { booksCsvHeaders } from "../../app/domain/books-exports";
import type { Database } from "../../app/server/db/client.server";
import { attendance, auditLog, groupBookings, groupSessions } from "../../app/server/db/schema";
import { env, resetEnvForTests } from "../../app/server/env.server";
import { recordPayment, recordRefund } from "../../app/server/services/payments.server";
import { certificate, privateKey } from "../support/sanitel-test-certificate";
import { downloaded, italianNumber, readCsvDownload, roleCookies, staffOnly, type RoleCookies } from "./books-fixtures";
import { testDatabase } from "./database";
import { fiscalProfile, practiceReady, therapistWithGroup } from "./helpers";
import { pageRequest, routeCaller } from "./route-calls";

let db: Database;
let cookies: RoleCookies;
let therapistId: string;
const call = routeCaller(() => ({ db, clientIp: "198.51.100.8", cspNonce: "" }));
const get = (loader: Parameters<typeof call>[0], url: string) => call(loader, pageRequest(url, { cookie: cookies.adminCookie }));

const CF = { anna: "RSSGLI90A41H501Y", bruno: "BNCLCU75B41F205Z", carla: "RSSMRA80A41H501Y" } as const;

/** A confirmed member of the group; with fiscal data unless `fiscal` is false. */
async function member(groupId: string, email: string, name: string, fiscal: Parameters<typeof fiscalProfile>[2] | false = {}) {
  const [row] = await db.insert(groupBookings).values({ groupId, email, name, status: "confirmed" }).returning();
  if (fiscal) await fiscalProfile(db, email, { firstName: name.split(" ")[0], lastName: name.split(" ")[1], ...fiscal });
  return row!;
}

const pay = (bookingId: string, amountCents: number, method: "bank_transfer" | "cash" | "card", paidOn: string) =>
  recordPayment(db, cookies.staff, { bookingId, amountCents, method, paidOn, note: null, idempotencyKey: crypto.randomUUID(), allowCredit: true }, new Date(`${paidOn}T15:00:00Z`));

/** Meetings of the group in March 2026 (Mondays, 19:00 in Rome), the last one cancelled. */
async function marchMeetings(groupId: string) {
  return db
    .insert(groupSessions)
    .values(
      [2, 9, 16].map((day, index) => ({
        groupId,
        startsAt: new Date(Date.UTC(2026, 2, day, 18)),
        endsAt: new Date(Date.UTC(2026, 2, day, 19, 30)),
        status: index === 2 ? ("cancelled" as const) : ("scheduled" as const),
      })),
    )
    .returning();
}

beforeAll(async () => {
  db = await testDatabase({ dataDir: "books-exports" });
  cookies = await roleCookies(db);
  await practiceReady(db, { codiceFiscale: "RSSMRA80A01H501U" });
  const { therapist, group } = await therapistWithGroup(db, { name: "Dott.ssa Maria Conti", registrationNumber: "12345" }, { name: "Gruppo Ansia", startsOn: "2026-03-01" });
  therapistId = therapist.id;

  // March 2026: Anna pays in cash (later refunded), Bruno opposed the Sistema TS, Carla pays €105 with the stamp duty charged to her, Dario has no fiscal data yet.
  const anna = await member(group.id, "anna@example.com", "Anna Rossi", { codiceFiscale: CF.anna });
  const bruno = await member(group.id, "bruno@example.com", "Bruno Bianchi", { codiceFiscale: CF.bruno, tsOpposition: true });
  const carla = await member(group.id, "carla@example.com", "Carla Verdi", { codiceFiscale: CF.carla });
  const dario = await member(group.id, "dario@example.com", "Dario Neri", false);
  await pay(anna.id, 3500, "cash", "2026-03-05");
  await pay(bruno.id, 3500, "bank_transfer", "2026-03-06");
  await practiceReady(db, { stampDutyCharged: true });
  await pay(carla.id, 10_500, "card", "2026-03-09");
  await practiceReady(db, { stampDutyCharged: false });
  await pay(dario.id, 3500, "bank_transfer", "2026-03-10");
  await recordRefund(
    db,
    cookies.staff,
    { bookingId: anna.id, kind: "refund", amountCents: 3500, reason: "Gruppo non adatto", idempotencyKey: crypto.randomUUID() },
    new Date("2026-03-12T10:00:00Z"),
  );

  // Attendance: Anna present at both meetings, Bruno present then announced his absence in time, Carla absent without notice then present.
  const [first, second, cancelled] = await marchMeetings(group.id);
  await db.insert(attendance).values([
    { sessionId: first!.id, bookingId: anna.id, status: "present" },
    { sessionId: second!.id, bookingId: anna.id, status: "present" },
    { sessionId: first!.id, bookingId: bruno.id, status: "present" },
    { sessionId: second!.id, bookingId: bruno.id, status: "absent_notified" },
    { sessionId: first!.id, bookingId: carla.id, status: "absent_unnotified" },
    { sessionId: second!.id, bookingId: carla.id, status: "present" },
    { sessionId: cancelled!.id, bookingId: carla.id, status: "present" },
  ]);
});

afterAll(() => {
  delete process.env.SISTEMA_TS_CERTIFICATE;
  resetEnvForTests();
});

describe("the staff-only screen and downloads", () => {
  it("refuse anonymous visitors (401), clients and therapists (403)", async () => {
    await staffOnly(call, booksLoader, "/admin/contabilita", cookies);
    await staffOnly(call, documentsLoader, "/admin/contabilita/documenti?dal=2026-03-01&al=2026-03-31", cookies);
    await staffOnly(call, statementLoader, `/admin/contabilita/prospetto?terapeuta=${therapistId}&mese=2026-03&formato=pdf`, cookies);
    await staffOnly(call, sistemaTsLoader, "/admin/contabilita/sistema-ts?anno=2026", cookies);
  });
});

describe("the documents' CSV", () => {
  it("opens in Italian Excel: BOM, semicolons, Italian dates, decimal commas, credit notes negative, waiting payments last", async () => {
    const { response, bytes } = await downloaded(await get(documentsLoader, "/admin/contabilita/documenti?dal=2026-03-01&al=2026-03-31"));
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="documenti-2026-03-01-2026-03-31.csv"');
    const { header, rows } = readCsvDownload(bytes);
    expect(header).toEqual([...booksCsvHeaders]);
    expect(rows).toEqual([
      ["Fattura", "2026-0001", "05/03/2026", "05/03/2026", "Anna Rossi", CF.anna, "35,00", "", "", "35,00", "Contanti", "No", "No", ""],
      ["Fattura", "2026-0002", "06/03/2026", "06/03/2026", "Bruno Bianchi", CF.bruno, "35,00", "", "", "35,00", "Bonifico bancario", "Sì", "Sì", ""],
      [
        "Fattura",
        "2026-0003",
        "09/03/2026",
        "09/03/2026",
        "Carla Verdi",
        CF.carla,
        "103,00",
        "2,00",
        "Cliente",
        "105,00",
        "Carta di debito, di credito o prepagata (POS)",
        "Sì",
        "No",
        "",
      ],
      ["Nota di credito", "NC-2026-0001", "12/03/2026", "12/03/2026", "Anna Rossi", CF.anna, "-35,00", "", "", "-35,00", "Contanti", "No", "No", "2026-0001 del 05/03/2026"],
      ["Pagamento senza fattura", "", "", "10/03/2026", "Dario Neri", "", "35,00", "", "", "35,00", "Bonifico bancario", "Sì", "", ""],
    ]);
    // The net of the period, as a SUM of the Totale column gives it.
    expect(rows.reduce((sum, row) => sum + italianNumber(row[9]!), 0)).toBe(35 + 35 + 105 - 35 + 35);
    const [audited] = await db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, "export"), eq(auditLog.entity, "books_documents")));
    expect(audited?.detail).toEqual({ from: "2026-03-01", to: "2026-03-31" });
  });

  it("streams more rows than one batch in order, each once, with no row limit", async () => {
    // 1,234 invoices of May 2025, several on each day (SQL: the numbers matter here, not how they were issued).
    await db.$client.query(`
      with paid as (
        insert into payments (payer_name, amount_cents, method, paid_at)
        select 'Persona ' || g, 3500, 'bank_transfer', timestamptz '2025-05-01 10:00+00' + make_interval(mins => g) from generate_series(1, 1234) g
        returning id, payer_name, paid_at
      ), numbered as (select *, row_number() over (order by paid_at) as n from paid)
      insert into invoices (kind, number, year, sequence, issued_on, payment_id, issuer, recipient, lines, subtotal_cents, total_cents, payment_method, paid_on)
      select 'invoice', '2025-' || lpad(n::text, 4, '0'), 2025, n, date '2025-05-01' + (n % 28)::int, id, '{}'::jsonb,
             jsonb_build_object('name', payer_name, 'codiceFiscale', '${CF.anna}'), '[]'::jsonb, 3500, 3500, 'bank_transfer', date '2025-05-01'
      from numbered`);
    const { bytes } = await downloaded(await get(documentsLoader, "/admin/contabilita/documenti?dal=2025-05-01&al=2025-05-31"));
    const { rows } = readCsvDownload(bytes);
    expect(rows).toHaveLength(1234);
    expect(new Set(rows.map((row) => row[1])).size).toBe(1234);
    const keys = rows.map((row) => `${row[2]!.split("/").reverse().join("-")}|${row[1]}`);
    expect(keys).toEqual(keys.toSorted());
  });

  it("refuses a period that ends before it starts, naming it (400)", async () => {
    await expect(get(documentsLoader, "/admin/contabilita/documenti?dal=2026-03-31&al=2026-03-01")).rejects.toMatchObject({ status: 400 });
    const refused = await get(documentsLoader, "/admin/contabilita/documenti?dal=2026-03-31&al=2026-03-01").catch((error: Response) => error.text());
    expect(refused).toBe("La data finale viene prima di quella iniziale.");
  });

  it("shows the period's counts on the screen first, defaulting to the current month, and field errors for a bad one", async () => {
    const screen = (await get(booksLoader, "/admin/contabilita?dal=2026-03-01&al=2026-03-31")) as {
      period: { figures: { invoices: { count: number; totalCents: number }; creditNotes: { count: number }; waiting: { count: number } } };
    };
    expect(screen.period.figures).toEqual({ invoices: { count: 3, totalCents: 17_500 }, creditNotes: { count: 1, totalCents: 3500 }, waiting: { count: 1, totalCents: 3500 } });
    const fallback = (await get(booksLoader, "/admin/contabilita")) as { today: string; period: { values: { dal: string } }; sistemaTs: { summary: unknown } };
    expect(fallback.period.values.dal).toBe(`${fallback.today.slice(0, 7)}-01`);
    // The year is read only when staff ask for it.
    expect(fallback.sistemaTs.summary).toBeNull();
    const refused = (await get(booksLoader, "/admin/contabilita?dal=2026-03-31&al=marzo")) as { period: { errors: Record<string, string>; figures: unknown } };
    expect(refused.period).toMatchObject({ errors: { al: "Scrivi una data valida." }, figures: null });
  });
});

describe("the therapist's monthly statement", () => {
  it("counts the meetings held, the member-sessions charged and €21 for each, on the screen and in the CSV", async () => {
    const screen = (await get(booksLoader, "/admin/contabilita?mese=2026-03")) as { statements: { therapists: { id: string; sessionsHeld: number; memberSessions: number }[] } };
    // Two meetings held (the third was cancelled); charged: Anna ×2, Bruno ×1 (his absence was announced), Carla ×2 (absent without notice, then present).
    expect(screen.statements.therapists.find((row) => row.id === therapistId)).toMatchObject({ sessionsHeld: 2, memberSessions: 5 });
    const { response, bytes } = await downloaded(await get(statementLoader, `/admin/contabilita/prospetto?terapeuta=${therapistId}&mese=2026-03&formato=csv`));
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="prospetto-2026-03-dottssa-maria-conti.csv"');
    const { header, rows } = readCsvDownload(bytes);
    expect(header).toEqual(["Data", "Gruppo", "Sedute-persona addebitate", "Quota terapeuta"]);
    expect(rows).toEqual([
      ["02/03/2026", "Gruppo Ansia", "3", "63,00"],
      ["09/03/2026", "Gruppo Ansia", "2", "42,00"],
      ["Totale: 2 incontri", "", "5", "105,00"],
    ]);
  });

  it("is an A4 PDF titled with the month and the therapist, audited", async () => {
    const { response, bytes } = await downloaded(await get(statementLoader, `/admin/contabilita/prospetto?terapeuta=${therapistId}&mese=2026-03&formato=pdf`));
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe("Prospetto di marzo 2026 - Dott.ssa Maria Conti");
    expect(pdf.getPages().map((page) => page.getSize())).toEqual([{ width: 595.28, height: 841.89 }]);
    const exports = await db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "therapist_statement"), eq(auditLog.entityId, therapistId)));
    expect(exports.map((row) => row.detail)).toContainEqual({ month: "2026-03", format: "pdf" });
  });

  it("answers 404 for a therapist that does not exist and 400 for a bad month", async () => {
    await expect(get(statementLoader, "/admin/contabilita/prospetto?terapeuta=00000000-0000-4000-8000-000000000000&mese=2026-03&formato=pdf")).rejects.toMatchObject({
      status: 404,
    });
    await expect(get(statementLoader, `/admin/contabilita/prospetto?terapeuta=${therapistId}&mese=2026-13&formato=pdf`)).rejects.toMatchObject({ status: 400 });
  });
});

/** The records of a Sistema TS file, each as its XML text. */
const records = (xml: string) => xml.split("<documentoSpesa>").slice(1);
const element = (record: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(record)?.[1] ?? null;

describe("the Sistema TS file", () => {
  it("shows the year's counts, totals and no problems before the download, and says the certificate is missing", async () => {
    const screen = (await get(booksLoader, "/admin/contabilita?anno=2026")) as {
      sistemaTs: { summary: Record<string, unknown>; certificate: { state: string } };
    };
    expect(screen.sistemaTs.summary).toMatchObject({
      invoices: { count: 3, totalCents: 17_500 },
      creditNotes: { count: 1, totalCents: 3500 },
      netCents: 14_000,
      opposedCount: 1,
      // Anna's cash payment, and its credit note.
      untraceableCount: 2,
      problems: [],
      problemCount: 0,
    });
    expect(screen.sistemaTs.certificate).toEqual({ state: "missing" });
  });

  it("without the certificate, gives the preview: named as such, codici fiscali in clear, one record per document paid in the year", async () => {
    const { response, bytes } = await downloaded(await get(sistemaTsLoader, "/admin/contabilita/sistema-ts?anno=2026"));
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="sistema-ts-2026-anteprima.xml"');
    const xml = new TextDecoder().decode(bytes);
    expect(element(xml, "cfProprietario")).toBe("RSSMRA80A01H501U");
    const [anna, bruno, carla, note] = records(xml);
    expect(records(xml)).toHaveLength(4);
    expect([element(anna!, "numDocumento"), element(anna!, "cfCittadino"), element(anna!, "pagamentoTracciato"), element(anna!, "flagOperazione")]).toEqual([
      "2026-0001",
      CF.anna,
      "NO",
      "I",
    ]);
    // Bruno opposed: his record goes without his codice fiscale.
    expect([element(bruno!, "cfCittadino"), element(bruno!, "flagOpposizione"), element(bruno!, "pagamentoTracciato")]).toEqual([null, "1", "SI"]);
    expect(bruno).not.toContain(CF.bruno);
    // Carla paid the stamp duty: a second expense item, outside the VAT base.
    const items = carla!.replace(/\s+/g, "");
    expect(items).toContain("<voceSpesa><tipoSpesa>SP</tipoSpesa><importo>103.00</importo><naturaIVA>N4</naturaIVA></voceSpesa>");
    expect(items).toContain("<voceSpesa><tipoSpesa>SP</tipoSpesa><importo>2.00</importo><naturaIVA>N1</naturaIVA></voceSpesa>");
    // The credit note is a refund of Anna's invoice.
    expect([element(note!, "flagOperazione"), element(note!, "dataPagamento"), element(note!.split("<idRimborso>")[1]!, "numDocumento")]).toEqual(["R", "2026-03-12", "2026-0001"]);
    expect(xml).not.toContain("Dario");
  });

  it("with SISTEMA_TS_CERTIFICATE, encrypts every codice fiscale and names the file for the upload", async () => {
    const file = path.join(process.env.DATA_DIR!, "SanitelCF.pem");
    fs.writeFileSync(file, certificate);
    process.env.SISTEMA_TS_CERTIFICATE = file;
    resetEnvForTests();
    try {
      const screen = (await get(booksLoader, "/admin/contabilita?anno=2026")) as { sistemaTs: { certificate: unknown } };
      expect(screen.sistemaTs.certificate).toEqual({ state: "ready", validTo: "2126-11-02" });
      const { response, bytes } = await downloaded(await get(sistemaTsLoader, "/admin/contabilita/sistema-ts?anno=2026"));
      expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="sistema-ts-2026.xml"');
      const xml = new TextDecoder().decode(bytes);
      for (const code of [CF.anna, CF.carla, "RSSMRA80A01H501U"]) expect(xml).not.toContain(code);
      // PKCS#1 v1.5 by hand (Node refuses that padding for private decryption): 00 02, random bytes, 00, the code.
      const decrypt = (base64: string) => {
        const block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(base64, "base64"));
        return block.subarray(block.indexOf(0, 2) + 1).toString("ascii");
      };
      expect(
        records(xml)
          .map((record) => element(record, "cfCittadino"))
          .map((value) => value && decrypt(value)),
      ).toEqual([CF.anna, null, CF.carla, CF.anna]);
      const audited = await db.select({ detail: auditLog.detail }).from(auditLog).where(eq(auditLog.entity, "sistema_ts")).orderBy(auditLog.createdAt);
      expect(audited.map((row) => row.detail)).toEqual([
        { year: 2026, documents: 4, preview: true },
        { year: 2026, documents: 4, preview: false },
      ]);
    } finally {
      delete process.env.SISTEMA_TS_CERTIFICATE;
      resetEnvForTests();
    }
  });

  it("lists the problems on the screen and refuses the download while the Sistema TS would reject the file (409)", async () => {
    const { group } = await therapistWithGroup(db, { name: "Dott. Senza" }, { name: "Gruppo 2024", startsOn: "2024-01-01" });
    const enzo = await member(group.id, "enzo@example.com", "Enzo Gialli", { codiceFiscale: "" });
    await pay(enzo.id, 3500, "bank_transfer", "2024-05-06");
    const screen = (await get(booksLoader, "/admin/contabilita?anno=2024")) as { sistemaTs: { summary: { problems: string[]; problemCount: number } } };
    expect(screen.sistemaTs.summary.problems).toEqual(["Fattura n. 2024-0001: manca il codice fiscale e la persona non si è opposta alla trasmissione."]);
    const refused = await get(sistemaTsLoader, "/admin/contabilita/sistema-ts?anno=2024").catch((error: Response) => error);
    expect((refused as Response).status).toBe(409);
    expect(await (refused as Response).text()).toContain("manca il codice fiscale");
  });
});

describe("SISTEMA_TS_CERTIFICATE", () => {
  it("refuses to start with a path that cannot be read or a file that is not a certificate, naming the variable", () => {
    try {
      process.env.SISTEMA_TS_CERTIFICATE = path.join(process.env.DATA_DIR!, "missing.pem");
      resetEnvForTests();
      expect(() => env()).toThrow(/SISTEMA_TS_CERTIFICATE: cannot read .*missing\.pem/);
      const notACertificate = path.join(process.env.DATA_DIR!, "note.txt");
      fs.writeFileSync(notACertificate, "non è un certificato");
      process.env.SISTEMA_TS_CERTIFICATE = notACertificate;
      resetEnvForTests();
      expect(() => env()).toThrow(/SISTEMA_TS_CERTIFICATE: .*note\.txt is not an X\.509 certificate/);
    } finally {
      delete process.env.SISTEMA_TS_CERTIFICATE;
      resetEnvForTests();
    }
  });
});
