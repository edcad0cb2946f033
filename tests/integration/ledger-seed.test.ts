import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { todayInRome } from "../../app/domain/calendar";
import type { Database } from "../../app/server/db/client.server";
import { groupBookings, invoices, payments } from "../../app/server/db/schema";
import { seedDemoSessions } from "../../app/server/db/seed-sessions.server";
import { memberBalance } from "../../app/server/services/payments.server";
import { testDatabase } from "./database";
import { therapistWithGroup } from "./helpers";

let db: Database;

beforeAll(async () => {
  db = await testDatabase();
});

it("seeds payments with receipts for the demo members who attended past meetings", async () => {
  const { group } = await therapistWithGroup(
    db,
    { name: "Dott. Demo" },
    { name: "Ritmi propri", topic: "Tema", weekday: 2, timeSlot: "Sera", startTime: "19:00", startsOn: "2026-01-01", status: "full" },
  );
  await db.insert(groupBookings).values([1, 2, 3, 4, 5].map((n) => ({ groupId: group.id, email: `demo${n}@example.com`, name: `Persona ${n}`, status: "confirmed" as const })));

  await seedDemoSessions(db);

  const seeded = await db.select().from(payments);
  expect(seeded).toHaveLength(3);
  const documents = await db.select().from(invoices);
  expect(new Set(documents.map((invoice) => invoice.number)).size).toBe(3);
  expect(documents.map((invoice) => invoice.stampDutyCents).sort()).toEqual([0, 0, 200]);
  expect(documents.filter((invoice) => invoice.tsOpposition)).toHaveLength(1);
  // Each invoice is dated the day of the payment it documents, in that day's year, numbered in the order issued.
  for (const invoice of documents) {
    const payment = seeded.find((row) => row.id === invoice.paymentId)!;
    expect(invoice.issuedOn).toBe(todayInRome(payment.paidAt));
    expect(invoice.paidOn).toBe(invoice.issuedOn);
    expect(invoice.year).toBe(Number(invoice.issuedOn.slice(0, 4)));
  }
  expect(documents.every((invoice) => invoice.issuedOn < todayInRome())).toBe(true);
  const byNumber = [...documents].sort((a, b) => a.sequence - b.sequence);
  expect(byNumber.map((invoice) => invoice.issuedOn)).toEqual(byNumber.map((invoice) => invoice.issuedOn).sort());
  for (const payment of seeded) {
    const balance = await memberBalance(db, payment.bookingId!);
    expect(balance.paidCents).toBe(payment.amountCents);
    expect(balance.chargedCents).toBeGreaterThan(0);
  }
  const [first] = await db.select().from(groupBookings).where(eq(groupBookings.email, "demo1@example.com"));
  expect(seeded.some((payment) => payment.bookingId === first!.id)).toBe(true);
});
