import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resetKeysForTests, seal, unseal } from "../../app/server/crypto.server";
import { outcomeAdministrations, outcomeConsents } from "../../app/server/db/schema";
import { reencryptAll } from "../../app/server/key-rotation.server";
import { testDatabase } from "./database";
import { attendingMember } from "./helpers";

/** The outcome measures (issue 33 points 1-3, docs/features/outcomes.md): consent, questionnaires, answers sealed at rest. */

const firstKey = randomBytes(32).toString("base64");

beforeAll(() => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-outcomes-"));
  process.env.DATA_ENCRYPTION_KEY = firstKey;
  resetKeysForTests();
});

describe("the outcome tables", () => {
  it("keep one consent in force per address, and one intake and one end questionnaire per booking", async () => {
    const db = await testDatabase();
    await db.insert(outcomeConsents).values({ email: "una@example.com", decision: "granted", textVersion: "v1" });
    await expect(db.insert(outcomeConsents).values({ email: "una@example.com", decision: "granted", textVersion: "v1" })).rejects.toThrow();
    await expect(db.insert(outcomeConsents).values({ email: "Una@Example.com", decision: "declined", textVersion: "v1" })).rejects.toThrow();
    const booking = await attendingMember(db, "una@example.com", 0, "tabelle");
    const dueAt = new Date();
    await db.insert(outcomeAdministrations).values({ bookingId: booking.id, occasion: "intake", dueAt });
    await expect(db.insert(outcomeAdministrations).values({ bookingId: booking.id, occasion: "intake", afterMeetings: 1, dueAt })).rejects.toThrow();
    await db.insert(outcomeAdministrations).values({ bookingId: booking.id, occasion: "periodic", afterMeetings: 4, dueAt });
    await expect(db.insert(outcomeAdministrations).values({ bookingId: booking.id, occasion: "periodic", afterMeetings: 4, dueAt })).rejects.toThrow();
    await expect(db.insert(outcomeAdministrations).values({ bookingId: booking.id, occasion: "periodic", afterMeetings: 8, dueAt, remindersSent: 3 })).rejects.toThrow();
    // Completed means answers, both totals and the time: never one without the others.
    await expect(db.insert(outcomeAdministrations).values({ bookingId: booking.id, occasion: "end", dueAt, status: "completed", phq9Total: 3 })).rejects.toThrow();
  });

  it("re-encrypt the outcome answers with a new key (keys:rotate)", async () => {
    const db = await testDatabase();
    const booking = await attendingMember(db, "ruota-esiti@example.com", 0, "ruota");
    const [row] = await db
      .insert(outcomeAdministrations)
      .values({ bookingId: booking.id, occasion: "intake", dueAt: new Date(), answers: seal({ phq9_1: 2 }) })
      .returning();
    const newKey = randomBytes(32).toString("base64");
    process.env.DATA_ENCRYPTION_KEY = newKey;
    process.env.DATA_ENCRYPTION_KEYS_PREVIOUS = firstKey;
    resetKeysForTests();
    expect(await reencryptAll(db)).toBeGreaterThanOrEqual(1);
    delete process.env.DATA_ENCRYPTION_KEYS_PREVIOUS;
    resetKeysForTests();
    const [after] = await db.select().from(outcomeAdministrations).where(eq(outcomeAdministrations.id, row!.id));
    expect(unseal(after!.answers!)).toEqual({ phq9_1: 2 });
    const raw = await db.execute<{ answers: string }>(sql`select answers::text as answers from outcome_administrations where id = ${row!.id}`);
    expect(raw.rows[0]!.answers).not.toContain("phq9_1");
    expect(await reencryptAll(db)).toBe(0);
    process.env.DATA_ENCRYPTION_KEY = firstKey;
    resetKeysForTests();
  });
});
