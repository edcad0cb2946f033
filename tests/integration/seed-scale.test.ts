import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { romeDate, meetingInstants } from "../../app/domain/sessions";
import { isoWeekday } from "../../app/domain/calendar";
import { isCodiceFiscale } from "../../app/domain/codice-fiscale";
import { formatInvoiceNumber } from "../../app/domain/invoice-rules";
import { tariffs } from "../../app/domain/ledger";
import { questionnaireSchema } from "../../app/domain/questionnaire-schema";
import { readAnswers } from "../../app/server/crypto.server";
import type { Database } from "../../app/server/db/client.server";
import { user } from "../../app/server/db/schema";
import { growDatabase, inspectDatabase, ScaleRefusal, type ScaleReport } from "../../app/server/db/seed-scale.server";
import { memberBalance } from "../../app/server/services/payments.server";
import { testDatabase } from "./database";

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-seed-scale-"));

let db: Database;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(query))[0]!.n;
/** The generator's own people, apart from the demo's (partecipante-…@example.invalid). */
const GENERATED = sql`b.email not like 'partecipante-%'`;

beforeAll(async () => {
  db = await testDatabase();
});
afterAll(() => fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true }));

describe("npm run seed:scale", () => {
  it("refuses a database that holds a person who is not demo data, and writes nothing", async () => {
    await db.insert(user).values({ id: "real-person", name: "Maria Bianchi", email: "maria.bianchi@gmail.com" });

    const attempt = growDatabase(db, { members: 40, years: 1 });
    await expect(attempt).rejects.toBeInstanceOf(ScaleRefusal);
    await expect(attempt).rejects.toThrow(/not demo data \(1 in user\)/);
    expect(await count(sql`select count(*)::int as n from therapists`)).toBe(0);

    await db.delete(user).where(eq(user.id, "real-person"));
    expect(await inspectDatabase(db)).toEqual({ kind: "empty" });
  });

  let report: ScaleReport;

  it("grows an empty database: the demo first, then 40 members with a year of history", { timeout: 240_000 }, async () => {
    report = await growDatabase(db, { members: 40, years: 1 });
    expect(report.seededDemo).toBe(true);
    for (const table of ["internal_questionnaire_responses", "group_sessions", "attendance", "payments", "contacts", "newsletter_subscribers", "email_outbox", "audit_log"]) {
      expect(report.counts[table], table).toBeGreaterThan(0);
    }
    expect(await count(sql`select count(*)::int as n from group_bookings b where b.status = 'confirmed' and ${GENERATED}`)).toBe(40);
  });

  it("never puts more than 8 confirmed members in a group, nor anyone confirmed in an ended group", async () => {
    const [largest] = await rows<{ n: number }>(
      sql`select coalesce(max(n), 0)::int as n from (select count(*) as n from group_bookings where status = 'confirmed' group by group_id) x`,
    );
    expect(largest!.n).toBeLessThanOrEqual(8);
    const [closed] = await rows<{ n: number }>(
      sql`select count(*)::int as n from group_bookings b join groups g on g.id = b.group_id where g.status = 'closed' and b.status = 'confirmed'`,
    );
    expect(closed!.n).toBe(0);
    const [full] = await rows<{ wrong: number }>(sql`
      select count(*)::int as wrong from groups g
      where g.status <> 'closed' and (g.status = 'full') <> ((select count(*) from group_bookings b where b.group_id = g.id and b.status = 'confirmed') >= 8)`);
    expect(full!.wrong).toBe(0);
  });

  it("marks attendance only on meetings of the member's own group that took place", async () => {
    const [marks] = await rows<{ foreign: number; notHeld: number; future: number }>(sql`
      select count(*) filter (where s.group_id <> b.group_id)::int as "foreign",
             count(*) filter (where s.status <> 'scheduled')::int as "notHeld",
             count(*) filter (where a.status = 'present' and s.starts_at > now())::int as future
      from attendance a join group_sessions s on s.id = a.session_id join group_bookings b on b.id = a.booking_id`);
    expect(marks).toEqual({ foreign: 0, notHeld: 0, future: 0 });
  });

  it("materialises meetings as the sessions service does: the group's weekday and start time in Italy", async () => {
    const meetings = await rows<{ starts_at: string; ends_at: string; weekday: number; start_time: string }>(sql`
      select s.starts_at, s.ends_at, g.weekday, g.start_time from group_sessions s join groups g on g.id = s.group_id`);
    expect(meetings.length).toBeGreaterThan(100);
    for (const meeting of meetings) {
      const date = romeDate(new Date(meeting.starts_at));
      expect(isoWeekday(date)).toBe(meeting.weekday);
      expect(meetingInstants(date, meeting.start_time)).toEqual({ startsAt: new Date(meeting.starts_at), endsAt: new Date(meeting.ends_at) });
    }
  });

  it("gives every payment its invoice, numbered per year without gaps, and keeps the counters in step", async () => {
    const unbilled = await rows<{ id: string }>(sql`select p.id from payments p left join invoices i on i.payment_id = p.id where i.id is null`);
    expect(unbilled).toEqual([]);
    const invoices = await rows<{ number: string; year: number; sequence: number; recipient: { codiceFiscale: string }; lines: { amountCents: number }[]; total_cents: number }>(
      sql`select number, year, sequence, recipient, lines, total_cents from invoices where kind = 'invoice'`,
    );
    const counters = await rows<{ year: number; last_number: number }>(sql`select year, last_number from invoice_counters where kind = 'invoice'`);
    const byYear = new Map<number, number[]>();
    for (const invoice of invoices) {
      expect(invoice.number).toBe(formatInvoiceNumber(invoice.year, invoice.sequence));
      expect(isCodiceFiscale(invoice.recipient.codiceFiscale)).toBe(true);
      expect(invoice.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(invoice.total_cents);
      byYear.set(invoice.year, [...(byYear.get(invoice.year) ?? []), invoice.sequence]);
    }
    expect(counters.map((counter) => counter.year).sort()).toEqual([...byYear.keys()].sort());
    for (const counter of counters) {
      const numbers = byYear.get(counter.year)!.sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: counter.last_number }, (_, index) => index + 1));
    }
  });

  it("pays charges as the ledger counts them: one or two sessions at a time, never more than charged", async () => {
    const amounts = new Set(
      [tariffs.trial, tariffs.standard, tariffs.reduced].flatMap((a) => [a.amountCents, ...[tariffs.standard, tariffs.reduced].map((b) => a.amountCents + b.amountCents)]),
    );
    const payments = await rows<{ amount_cents: number }>(sql`select p.amount_cents from payments p join group_bookings b on b.id = p.booking_id where ${GENERATED}`);
    for (const payment of payments) expect(amounts).toContain(payment.amount_cents);
    const bookings = await rows<{ id: string }>(sql`select distinct b.id from group_bookings b join payments p on p.booking_id = b.id where ${GENERATED}`);
    expect(bookings.length).toBeGreaterThan(10);
    let charged = 0;
    let paid = 0;
    for (const booking of bookings) {
      const balance = await memberBalance(db, booking.id);
      expect(balance.paidCents).toBeLessThanOrEqual(balance.chargedCents);
      charged += balance.chargedCents;
      paid += balance.paidCents;
    }
    expect(paid / charged).toBeGreaterThan(0.8);
  });

  it("stores every questionnaire's answers encrypted, readable with the data key and valid for the questionnaire", async () => {
    const responses = await rows<{ name: string; email: string; age: string; gender: string; city: string; answers: unknown }>(
      sql`select name, email, age, gender, city, answers from internal_questionnaire_responses where email not like 'chiamata-demo-%'`,
    );
    // The generator's 25 per member; the demo's own two (its callers, chiamata-demo-…) are not counted.
    expect(responses.length).toBe(40 * 25);
    const ciphertexts = new Set<string>();
    for (const response of responses) {
      expect(response.answers).toMatchObject({ v: 1, kid: expect.any(String), iv: expect.any(String) });
      ciphertexts.add((response.answers as { data: string }).data);
      const answers = readAnswers(response.answers);
      const parsed = questionnaireSchema.safeParse({
        ...answers,
        name: response.name,
        email: response.email,
        age: response.age,
        gender: response.gender,
        city: response.city,
        privacy_consent: true,
      });
      expect(parsed.error?.issues ?? []).toEqual([]);
    }
    expect(ciphertexts.size).toBe(responses.length);
  });

  it("sends e-mails only to generated addresses, every stand-in filled in", async () => {
    const [mail] = await rows<{ outside: number; unfilled: number; unsent: number }>(sql`
      select count(*) filter (where "to" not like '%@example.invalid')::int as outside,
             count(*) filter (where html like '%Scale%' or text like '%Scale%')::int as unfilled,
             count(*) filter (where status <> 'sent')::int as unsent
      from email_outbox where template in ('questionnaire-result', 'booking-requested', 'contact-auto-reply', 'newsletter-confirm', 'newsletter-welcome')`);
    expect(mail).toEqual({ outside: 0, unfilled: 0, unsent: 0 });
  });

  it("refuses to grow the same database a second time", async () => {
    await expect(growDatabase(db, { members: 40, years: 1 })).rejects.toThrow(/already grown by seed:scale/);
    expect(await count(sql`select count(*)::int as n from group_bookings b where b.status = 'confirmed' and ${GENERATED}`)).toBe(40);
  });
});
