import { and, eq, inArray, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as bookingsAction } from "../../app/routes/admin/bookings";
import { action as intakeCallsAction } from "../../app/routes/api/call-slots";
import { action as newsletterSignup } from "../../app/routes/api/newsletter-signup";
import { action as sendContact } from "../../app/routes/api/send-contact-email";
import { action as submitQuestionnaire } from "../../app/routes/api/submit-questionnaire";
import { action as updateGroupSelection } from "../../app/routes/api/update-group-selection";
import { action as joinWaitlist } from "../../app/routes/api/waitlist";
import { insertRows, writeTogether, type Database } from "../../app/server/db/client.server";
import {
  accessTokens,
  intakeCalls,
  jobs,
  consentRecords,
  contacts,
  emailOutbox,
  groupBookings,
  groups,
  groupWaitlist,
  newsletterSubscribers,
  questionnaireResponses,
} from "../../app/server/db/schema";
import { callAvailability } from "../../app/server/services/intake-calls.server";
import { testDatabase, testDatabaseUrl } from "./database";
import { versionOf } from "../../app/server/record-versions.server";
import { accessTokenFor, intakeTherapist, postJson, validAnswers, signedInStaff, therapistWithGroup, confirmedMembers, rowsWhere } from "./helpers";

/**
 * What happens when people act at the same moment: the last seat of a group, one call slot, the
 * same request retried in parallel. The database decides, and the loser hears a clear 409.
 */

let db: Database;
let adminCookie: string;
let counter = 0;

beforeAll(async () => {
  db = await testDatabase({ dataDir: "concurrency" });
  await intakeTherapist(db);
  ({ cookie: adminCookie } = await signedInStaff(db, "staff@example.com"));
});

afterAll(() => fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true }));

async function seedGroup(options: { confirmed?: number; capacity?: number } = {}) {
  const tag = ++counter;
  const { therapist, group } = await therapistWithGroup(
    db,
    { name: `Terapeuta Parallela ${tag}` },
    {
      name: `Gruppo parallelo ${tag}`,
      topic: "Ansia",
      situations: ["sentirsi-soli"],
      weekday: 2,
      timeSlot: "Sera",
      startTime: "20:00",
      ageMin: 18,
      ageMax: 99,
      capacity: options.capacity ?? 8,
      startsOn: "2030-01-15",
    },
  );
  await confirmedMembers(db, group, options.confirmed ?? 0, tag);
  return { therapist: therapist!, group: group! };
}

async function requested(group: { id: string; therapistId: string }, count: number) {
  return db
    .insert(groupBookings)
    .values(Array.from({ length: count }, (_, index) => ({ groupId: group.id, therapistId: group.therapistId, email: `richiesta-${++counter}-${index}@example.com` })))
    .returning();
}

/** The admin's "Conferma" button, through the route action as the browser would post it. */
async function confirmAsAdmin(bookingId: string) {
  // The version the admin's screen was loaded from (optimistic concurrency of admin edits).
  const [row] = await db
    .select({ version: versionOf(groupBookings.updatedAt) })
    .from(groupBookings)
    .where(eq(groupBookings.id, bookingId));
  const body = new FormData();
  body.set("intent", "confirm");
  body.set("id", bookingId);
  body.set("version", row!.version);
  const request = new Request("http://localhost:3000/admin/prenotazioni", { method: "POST", body, headers: { cookie: adminCookie, origin: "http://localhost:3000" } });
  const result = (await bookingsAction({ request, params: {}, context: { db, clientIp: "198.51.100.2", cspNonce: "" } } as never)) as unknown;
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const wrapped = result as { data: { ok: boolean; error?: string; message?: string }; init: { status?: number } | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  }
  return { status: 200, body: result as { ok: boolean; error?: string; message?: string } };
}

const confirmedIn = async (groupId: string) => (await rowsWhere(db, groupBookings, { groupId, status: "confirmed" })).length;

describe("the last seat of a group", () => {
  it("two people choosing it at once both get their request stored; of the two confirmations one wins, the other a clear 409", async () => {
    const { group, therapist } = await seedGroup({ confirmed: 7 });
    const people = ["anna.ultimo@example.com", "bruno.ultimo@example.com"];
    const choices = await Promise.all(
      people.map(async (email) => postJson(updateGroupSelection, db, { email, selectedTherapist: therapist.name, groupId: group.id, token: await accessTokenFor(db, email) })),
    );
    expect(choices.map((choice) => choice.status)).toEqual([201, 201]);
    const requests = await db.select().from(groupBookings).where(inArray(groupBookings.email, people));
    expect(requests.map((row) => row.status)).toEqual(["requested", "requested"]);

    const outcomes = await Promise.all(requests.map((row) => confirmAsAdmin(row.id)));
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([200, 409]);
    const loser = outcomes.find((outcome) => outcome.status === 409)!;
    expect(loser.body.error).toBe(`Il gruppo "${group.name}" è al completo (8 posti).`);
    expect(await confirmedIn(group.id)).toBe(8);
    const [after] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(after!.status).toBe("full");
    const confirmations = await db
      .select()
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.to, people), eq(emailOutbox.template, "booking-confirmed")));
    expect(confirmations).toHaveLength(1);

    const late = await postJson(updateGroupSelection, db, {
      email: "carla.tardi@example.com",
      selectedTherapist: therapist.name,
      groupId: group.id,
      token: await accessTokenFor(db, "carla.tardi@example.com"),
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe("Il gruppo è al completo");
  });

  it("twelve confirmations racing for eight seats: exactly eight win", async () => {
    const { group } = await seedGroup();
    const rows = await requested(group, 12);
    const outcomes = await Promise.all(rows.map((row) => confirmAsAdmin(row.id)));
    expect(outcomes.filter((outcome) => outcome.status === 200)).toHaveLength(8);
    expect(outcomes.filter((outcome) => outcome.status === 409)).toHaveLength(4);
    expect(outcomes.every((outcome) => outcome.status === 200 || /al completo/.test(outcome.body.error ?? ""))).toBe(true);
    expect(await confirmedIn(group.id)).toBe(8);
  });

  it("the same person choosing the same group twice at once (no Idempotency-Key) gets one booking request", async () => {
    const { group, therapist } = await seedGroup();
    const email = "doppio.clic@example.com";
    const token = await accessTokenFor(db, email);
    const answers = await Promise.all(Array.from({ length: 4 }, () => postJson(updateGroupSelection, db, { email, selectedTherapist: therapist.name, groupId: group.id, token })));
    expect(
      answers.every((answer) => answer.status === 200 || answer.status === 201),
      JSON.stringify(answers),
    ).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.bookingId)).size).toBe(1);
    expect(await db.select().from(groupBookings).where(eq(groupBookings.email, email))).toHaveLength(1);
  });
});

describe("the database enforces the capacity, whoever writes", () => {
  const capacityError = { code: "23514", constraint: "group_bookings_capacity" };
  const rejection = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      let current: unknown = error;
      while (current && typeof current === "object" && !("code" in current)) current = (current as { cause?: unknown }).cause;
      return current;
    }
    throw new Error("the write was accepted");
  };

  it("refuses a ninth confirmed booking by INSERT, by UPDATE of the status and by moving one in", async () => {
    const { group, therapist } = await seedGroup({ confirmed: 8 });
    expect(
      await rejection(db.execute(sql`insert into group_bookings (group_id, therapist_id, email, status) values (${group.id}, ${therapist.id}, 'nono@example.com', 'confirmed')`)),
    ).toMatchObject(capacityError);
    const [waiting] = await requested(group, 1);
    expect(await rejection(db.execute(sql`update group_bookings set status = 'confirmed' where id = ${waiting!.id}`))).toMatchObject(capacityError);
    const other = await seedGroup({ confirmed: 1 });
    const [elsewhere] = await db.select().from(groupBookings).where(eq(groupBookings.groupId, other.group.id));
    expect(await rejection(db.execute(sql`update group_bookings set group_id = ${group.id} where id = ${elsewhere!.id}`))).toMatchObject(capacityError);
    expect(await confirmedIn(group.id)).toBe(8);
  });

  it("honours a group's own smaller capacity", async () => {
    const { group, therapist } = await seedGroup({ confirmed: 3, capacity: 3 });
    expect(
      await rejection(db.execute(sql`insert into group_bookings (group_id, therapist_id, email, status) values (${group.id}, ${therapist.id}, 'quarto@example.com', 'confirmed')`)),
    ).toMatchObject(capacityError);
  });

  it("serialises two raw SQL transactions taking the last seat: the second fails when the first commits", async () => {
    const { group, therapist } = await seedGroup({ confirmed: 7 });
    const first = new pg.Client({ connectionString: testDatabaseUrl() });
    const second = new pg.Client({ connectionString: testDatabaseUrl() });
    await Promise.all([first.connect(), second.connect()]);
    try {
      const insert = (client: pg.Client, email: string) =>
        client.query(`insert into group_bookings (group_id, therapist_id, email, status) values ($1, $2, $3, 'confirmed')`, [group.id, therapist.id, email]);
      await first.query("begin");
      await second.query("begin");
      await insert(first, "primo.sql@example.com");
      const blocked = insert(second, "secondo.sql@example.com").then(
        () => "inserted",
        (error: { code?: string; constraint?: string }) => error,
      );
      // The second insert waits on the group row the first one locked.
      const early = await Promise.race([blocked, new Promise((resolve) => setTimeout(() => resolve("waiting"), 300))]);
      expect(early).toBe("waiting");
      await first.query("commit");
      expect(await blocked).toMatchObject(capacityError);
      await second.query("rollback");
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    expect(await confirmedIn(group.id)).toBe(8);
  });
});

describe("one call slot, many callers", () => {
  it("ten people asking for the same slot at once: one 201, nine 409, and the nine leave nothing behind", async () => {
    const days = await callAvailability(db);
    const slot = days[1]!.slots.find((candidate) => !candidate.taken)!;
    const emails = Array.from({ length: 10 }, (_, index) => `slot-${index}@example.com`);
    const tokens = await Promise.all(emails.map((email) => accessTokenFor(db, email)));
    const answers = await Promise.all(
      emails.map((email, index) => postJson(intakeCallsAction, db, { email, name: "Mario", phone: "333 000 1111", adult: true, start: slot.start, token: tokens[index] })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.error === "Questo orario è appena stato preso: scegline un altro.")).toBe(true);
    const rows = await db
      .select()
      .from(intakeCalls)
      .where(eq(intakeCalls.startsAt, new Date(slot.start)));
    expect(rows).toHaveLength(1);
    const losers = emails.filter((email) => email !== rows[0]!.email);
    expect(await db.select().from(groupBookings).where(inArray(groupBookings.email, losers))).toEqual([]);
    expect(await db.select().from(emailOutbox).where(inArray(emailOutbox.to, losers))).toEqual([]);
  });
});

describe("the same request retried by parallel clients", () => {
  const PARALLEL = 12;

  /** Every endpoint with a payload that succeeds once; `rows` counts what it stored. */
  const cases = [
    {
      name: "send-contact-email",
      action: sendContact,
      body: () => ({ name: "Sara", email: "idem.contatto@example.com", subject: "Domanda", message: "Come funziona?" }),
      rows: () => db.select().from(contacts).where(eq(contacts.email, "idem.contatto@example.com")),
    },
    {
      name: "submit-questionnaire",
      action: submitQuestionnaire,
      body: () => ({ ...validAnswers, email: "idem.questionario@example.com" }),
      rows: () => db.select().from(questionnaireResponses).where(eq(questionnaireResponses.email, "idem.questionario@example.com")),
    },
    {
      name: "newsletter-signup",
      action: newsletterSignup,
      body: () => ({ email: "idem.newsletter@example.com" }),
      rows: () => db.select().from(emailOutbox).where(eq(emailOutbox.to, "idem.newsletter@example.com")),
    },
    {
      name: "waitlist",
      action: joinWaitlist,
      body: async () => ({ email: "idem.attesa@example.com", token: await accessTokenFor(db, "idem.attesa@example.com") }),
      rows: () => db.select().from(groupWaitlist).where(eq(groupWaitlist.email, "idem.attesa@example.com")),
    },
    {
      name: "update-group-selection (call request)",
      action: updateGroupSelection,
      body: async () => ({
        email: "idem.chiamata@example.com",
        selectedTherapist: "Chiamata conoscitiva",
        MarioCallRequested: true,
        adult: true,
        MarioPhone: "333 123 4567",
        token: await accessTokenFor(db, "idem.chiamata@example.com"),
      }),
      rows: () => db.select().from(groupBookings).where(eq(groupBookings.email, "idem.chiamata@example.com")),
    },
  ];

  for (const testCase of cases) {
    it(`${testCase.name}: ${PARALLEL} parallel retries with one Idempotency-Key store one record and all get the first answer`, async () => {
      const headers = { "Idempotency-Key": `parallel-${testCase.name.replace(/\W+/g, "-")}` };
      const body = await testCase.body();
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => postJson(testCase.action, db, body, { headers })));
      expect(new Set(answers.map((answer) => answer.status)).size, JSON.stringify(answers.map((answer) => answer.status))).toBe(1);
      expect(answers[0]!.status).toBeLessThan(300);
      for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
      expect(await testCase.rows()).toHaveLength(1);
    });
  }

  it("the same key with different payloads in parallel: one is stored, the others get 422", async () => {
    const headers = { "Idempotency-Key": "parallel-different-bodies" };
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        postJson(sendContact, db, { name: "Sara", email: `diversi-${index}@example.com`, subject: "Domanda", message: "Ciao" }, { headers }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(PARALLEL - 1);
    expect(
      await db
        .select()
        .from(contacts)
        .where(sql`${contacts.email} like 'diversi-%'`),
    ).toHaveLength(1);
  });
});

describe("the same person twice at once, without an Idempotency-Key", () => {
  it("newsletter: parallel sign-ups of one address give one subscriber and no 500", async () => {
    const email = "doppia.iscrizione@example.com";
    const answers = await Promise.all(Array.from({ length: 4 }, () => postJson(newsletterSignup, db, { email })));
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers),
    ).toEqual([200, 200, 200, 200]);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toHaveLength(1);
  });

  it("waitlist: parallel requests for one group give one entry and no 500", async () => {
    const { group } = await seedGroup({ confirmed: 8 });
    const email = "doppia.attesa@example.com";
    const token = await accessTokenFor(db, email);
    const answers = await Promise.all(Array.from({ length: 4 }, () => postJson(joinWaitlist, db, { email, groupId: group.id, token })));
    expect(
      answers.every((answer) => answer.status === 200 || answer.status === 201),
      JSON.stringify(answers),
    ).toBe(true);
    expect(await db.select().from(groupWaitlist).where(eq(groupWaitlist.email, email))).toHaveLength(1);
  });
});

describe("writes sent as one statement (writeTogether)", () => {
  it("store all of them or none: a write that fails leaves none of the others", async () => {
    const email = "insieme.together@example.com";
    const orphanToken = db.insert(accessTokens).values({ id: randomUUID(), tokenHash: "not-a-token", email, responseId: randomUUID(), expiresAt: new Date() });
    const consent = db.insert(consentRecords).values({ email, form: "questionnaire", consent: "terms", textVersion: "test" });
    // The token names a questionnaire that does not exist: the foreign key fails at the end of the statement.
    await expect(writeTogether(db, [consent, orphanToken])).rejects.toThrow();
    expect(await db.select().from(consentRecords).where(eq(consentRecords.email, email))).toEqual([]);
    await writeTogether(db, [db.insert(consentRecords).values({ email, form: "questionnaire", consent: "terms", textVersion: "test" })]);
    expect(await db.select().from(consentRecords).where(eq(consentRecords.email, email))).toHaveLength(1);
  });

  it("insertRows stores what Drizzle's insert would: dates, JSON, nulls, defaults, SQL expressions, a skipped conflict", async () => {
    const runAt = new Date("2031-02-03T04:05:06.789Z");
    const key = `together-${randomUUID()}`;
    const payload = { nested: { list: [1, "due", null], text: 'virgolette " e à' } };
    await writeTogether(db, [
      insertRows(jobs, [
        { type: "together-test", payload, runAt, dedupeKey: key },
        { type: "together-test", payload: {}, runAt, dedupeKey: null },
      ]),
      insertRows(consentRecords, [{ email: "insert.rows@example.com", form: "questionnaire", consent: "terms", textVersion: "v" }], {
        expressions: { givenAt: sql`'2030-01-01T00:00:00Z'::timestamptz` },
      }),
    ]);
    const stored = await db.select().from(jobs).where(eq(jobs.type, "together-test"));
    expect(stored.map(({ payload: json, runAt: at, dedupeKey, status, attempts }) => ({ json, at, dedupeKey, status, attempts }))).toEqual(
      expect.arrayContaining([
        { json: payload, at: runAt, dedupeKey: key, status: "pending", attempts: 0 },
        { json: {}, at: runAt, dedupeKey: null, status: "pending", attempts: 0 },
      ]),
    );
    const [consent] = await db.select().from(consentRecords).where(eq(consentRecords.email, "insert.rows@example.com"));
    expect(consent?.givenAt).toEqual(new Date("2030-01-01T00:00:00Z"));
    // The same dedupe key again: skipped, not an error.
    await db.execute(insertRows(jobs, [{ type: "together-test", payload: { again: true }, runAt, dedupeKey: key }], { onConflictDoNothing: jobs.dedupeKey }));
    expect(await db.select().from(jobs).where(eq(jobs.dedupeKey, key))).toEqual([expect.objectContaining({ payload })]);
    // Rows must name the same columns: a left-out one would be null, not its default.
    expect(() => insertRows(jobs, [{ type: "a", runAt }, { type: "b" }])).toThrow(/different keys/);
  });
});
