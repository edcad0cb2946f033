import { eq, sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as groupsApi } from "../../app/routes/api/groups";
import { action as submitQuestionnaire } from "../../app/routes/api/submit-questionnaire";
import { action as bookCallSlot } from "../../app/routes/api/call-slots";
import { action as updateGroupSelection } from "../../app/routes/api/update-group-selection";
import { action as joinWaitlist } from "../../app/routes/api/waitlist";
import { action as confirmAction, loader as confirmLoader } from "../../app/routes/conferma-richiesta";
import { loader as matchingLoader } from "../../app/routes/gruppi-matching";
import type { Database } from "../../app/server/db/client.server";
import { accessTokens, intakeCalls, emailOutbox, groupBookings, groups, groupWaitlist, pendingActions, therapists } from "../../app/server/db/schema";
import { callAvailability } from "../../app/server/services/intake-calls.server";
import { hashToken } from "../../app/server/services/identity.server";
import { testDatabase } from "./database";
import { intakeTherapist, postJson, validAnswers, rowsWhere } from "./helpers";
import { withBody } from "../../app/server/mail/outbox.server";

beforeAll(() => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-identity-"));
});

async function seedGroups(db: Database) {
  const [therapist] = await db
    .insert(therapists)
    .values({ name: "Marta Riservata", role: "Psicologa", specialization: "Gruppi", experience: "9 anni", description: "Conduce gruppi." })
    .returning();
  const values = (name: string, timeSlot: "Mattina" | "Sera", situations: string[]) => ({
    therapistId: therapist!.id,
    name,
    topic: `Il gruppo ${name}`,
    situations,
    weekday: 1,
    timeSlot,
    startTime: timeSlot === "Sera" ? "20:00" : "10:00",
    ageMin: 18,
    ageMax: 40,
    startsOn: "2026-12-07",
  });
  const rows = await db
    .insert(groups)
    .values([values("Mattutino", "Mattina", ["lavoro-stress"]), values("Serale", "Sera", ["sentirsi-soli"])])
    .returning();
  return { therapist: therapist!, morning: rows[0]!, evening: rows[1]! };
}

async function submit(db: Database, email: string) {
  const result = await postJson(submitQuestionnaire, db, { ...validAnswers, email });
  expect(result.status).toBe(201);
  return result.body as { id: string; token: string };
}

async function loaderJson(loader: (args: never) => unknown, url: string, db: Database, params: Record<string, string> = {}) {
  const args = { request: new Request(url), params, context: { db, clientIp: "10.9.9.9", cspNonce: "" } };
  const result = (await (loader as (a: typeof args) => Promise<unknown>)(args)) as Response | { data: unknown; init?: ResponseInit };
  if (result instanceof Response) return { status: result.status, body: await result.json() };
  return { status: result.init?.status ?? 200, body: result.data as Record<string, unknown> };
}

/** Rows of an address (one database serves the whole file). */
const count = async (db: Database, table: typeof groupBookings | typeof groupWaitlist | typeof intakeCalls, email: string) =>
  Number(
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(table)
        .where(eq(table.email, email))
    )[0]!.n,
  );

const confirmationSecret = async (db: Database, email: string) => {
  const [mail] = await rowsWhere(db, emailOutbox, { template: "confirm-request", to: email });
  return /conferma-richiesta\/([A-Za-z0-9_-]+)/.exec(mail!.html)![1]!;
};

describe("capability token", () => {
  it("is issued at submission: in the answer, in the e-mailed link, stored only as a hash that expires in 30 days", async () => {
    const db = await testDatabase();
    const { id, token } = await submit(db, "token@example.com");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await db.select().from(accessTokens).where(eq(accessTokens.responseId, id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 1);
    const [queued] = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "questionnaire-result"));
    // Queued as a sealed template for the worker: the link is in the e-mail, not readable in the table.
    expect(JSON.stringify(queued)).not.toContain(token);
    expect((await withBody(queued!)).html).toContain(`token=${token}`);
    const stored = await db.execute<{ body: unknown }>(sql`select body from idempotency_keys`);
    expect(JSON.stringify(stored.rows)).not.toContain(token);
  });

  it("a retried submission (same Idempotency-Key) gets the same token back", async () => {
    const db = await testDatabase();
    const headers = { headers: { "Idempotency-Key": "identity-retry-0001" } };
    const first = await postJson(submitQuestionnaire, db, { ...validAnswers, email: "retry@example.com" }, headers);
    const again = await postJson(submitQuestionnaire, db, { ...validAnswers, email: "retry@example.com" }, headers);
    expect(again.body).toEqual(first.body);
  });
});

describe("an e-mail address alone reveals nothing", () => {
  it("the matching page and /api/groups answer the same for a known address, an unknown one and no address", async () => {
    const db = await testDatabase();
    await seedGroups(db);
    const { token } = await submit(db, "known@example.com");

    const known = await loaderJson(matchingLoader, "http://localhost/gruppi-matching?email=known@example.com", db);
    const unknown = await loaderJson(matchingLoader, "http://localhost/gruppi-matching?email=nobody@example.com", db);
    const strip = (body: Record<string, unknown>) => ({ ...body, email: null });
    expect(strip(known.body)).toEqual(strip(unknown.body));
    expect(known.body).toMatchObject({ hasResponse: false, token: null });
    const cards = known.body.cards as { reasons: string; isRecommended: boolean }[];
    expect(cards.every((card) => card.reasons === "" && !card.isRecommended)).toBe(true);

    const apiKnown = await loaderJson(groupsApi, "http://localhost/api/groups?email=known@example.com", db);
    const apiUnknown = await loaderJson(groupsApi, "http://localhost/api/groups?email=nobody@example.com", db);
    expect(apiKnown.body).toEqual(apiUnknown.body);

    const personal = await loaderJson(matchingLoader, `http://localhost/gruppi-matching?email=nobody@example.com&token=${token}`, db);
    expect(personal.body).toMatchObject({ hasResponse: true, email: "known@example.com", name: "Giulia", token });
    const personalCards = personal.body.cards as { reasons: string; isRecommended: boolean }[];
    expect(personalCards[0]!.isRecommended).toBe(true);
    expect(personalCards[0]!.reasons).toContain("Stesso orario: Sera");
    const apiPersonal = await loaderJson(groupsApi, `http://localhost/api/groups?token=${token}`, db);
    expect((apiPersonal.body.groups as { reasons: string }[])[0]!.reasons).toContain("Stesso orario");
  });

  it("/api/groups lists the members (initial and age bracket) only to the holder of a token; anyone else gets the counts", async () => {
    const db = await testDatabase();
    const { morning } = await seedGroups(db);
    await db.insert(groupBookings).values({ groupId: morning.id, email: "membro@example.com", name: "Elena", ageBracket: "26-35", status: "confirmed" });
    const { token } = await submit(db, "membri@example.com");
    // By id: the file's database also holds the groups other tests seeded, with the same names.
    type Card = { groupId: string; occupiedSpots: number; participants: string[] };
    const cardOf = (body: Record<string, unknown>) => (body.groups as Card[]).find((card) => card.groupId === morning.id)!;

    const anonymous = cardOf((await loaderJson(groupsApi, "http://localhost/api/groups", db)).body);
    expect(anonymous).toMatchObject({ occupiedSpots: 1, participants: [] });
    const holder = cardOf((await loaderJson(groupsApi, `http://localhost/api/groups?token=${token}`, db)).body);
    expect(holder).toMatchObject({ occupiedSpots: 1, participants: ["E. · 26-35"] });
    const page = (await loaderJson(matchingLoader, `http://localhost/gruppi-matching?token=${token}`, db)).body;
    expect((page.cards as Card[]).find((card) => card.groupId === morning.id)!.participants).toEqual(["E. · 26-35"]);
  });

  it("an expired, unknown or malformed token is the same as none, and says the link expired", async () => {
    const db = await testDatabase();
    await seedGroups(db);
    const { token } = await submit(db, "expired@example.com");
    await db.update(accessTokens).set({ expiresAt: sql`now() - interval '1 minute'` });
    for (const value of [token, "x".repeat(43), "%00", "short"]) {
      const page = await loaderJson(matchingLoader, `http://localhost/gruppi-matching?token=${encodeURIComponent(value)}`, db);
      expect(page.body).toMatchObject({ hasResponse: false, token: null, linkExpired: true });
    }
  });
});

describe("a write for an address without proof", () => {
  it("stores nothing, e-mails the address a confirmation link, and answers the same for known and unknown addresses", async () => {
    const db = await testDatabase();
    const { evening } = await seedGroups(db);
    await submit(db, "victim@example.com");
    const payload = (email: string) => ({ email, selectedTherapist: "Marta Riservata", groupId: evening.id });

    const victim = await postJson(updateGroupSelection, db, payload("victim@example.com"));
    const stranger = await postJson(updateGroupSelection, db, payload("stranger@example.com"));
    expect(victim).toEqual(stranger);
    expect(victim.status).toBe(202);
    expect(victim.body).toEqual({ pending: true, message: "Ti abbiamo inviato un'email: apri il link che contiene per confermare la richiesta." });
    expect(await count(db, groupBookings, "victim@example.com")).toBe(0);

    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "victim@example.com"));
    expect(mails.map((mail) => mail.template)).toEqual(["questionnaire-result", "confirm-request"]);
    expect(mails.some((mail) => mail.subject.startsWith("Hai scelto"))).toBe(false);
    expect(mails[1]!.html).toContain("Serale");

    const waitlist = await postJson(joinWaitlist, db, { email: "victim@example.com", groupId: evening.id });
    expect(waitlist.status).toBe(202);
    expect(await count(db, groupWaitlist, "victim@example.com")).toBe(0);

    await intakeTherapist(db);
    const [day] = await callAvailability(db);
    const slot = await postJson(bookCallSlot, db, { email: "victim@example.com", phone: "333 1234567", adult: true, start: day!.slots[0]!.start });
    expect(slot.status).toBe(202);
    expect(await count(db, intakeCalls, "victim@example.com")).toBe(0);
    expect(await count(db, groupBookings, "victim@example.com")).toBe(0);
  });

  it("the link does nothing when opened, the button does it once, and the page then carries a token", async () => {
    const db = await testDatabase();
    const { evening } = await seedGroups(db);
    await submit(db, "confirm@example.com");
    await postJson(updateGroupSelection, db, { email: "confirm@example.com", selectedTherapist: "Marta Riservata", groupId: evening.id, name: "Giulia" });
    const secret = await confirmationSecret(db, "confirm@example.com");
    const url = `http://localhost/conferma-richiesta/${secret}`;

    const opened = await loaderJson(confirmLoader, url, db, { token: secret });
    expect(opened.body).toMatchObject({ state: "pending", summary: "la scelta del gruppo Serale" });
    expect(await count(db, groupBookings, "confirm@example.com")).toBe(0);

    const post = () =>
      confirmAction({
        request: new Request(url, { method: "POST" }),
        params: { token: secret },
        context: { db, clientIp: "10.1.1.1", cspNonce: "" },
      } as never) as Promise<Response>;
    const [first, second] = await Promise.all([post(), post()]);
    expect([first.status, second.status]).toEqual([302, 302]);
    const bookings = await db.select().from(groupBookings).where(eq(groupBookings.email, "confirm@example.com"));
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ email: "confirm@example.com", groupId: evening.id, status: "requested" });
    const [pending] = await db.select().from(pendingActions).where(eq(pendingActions.email, "confirm@example.com"));
    expect(pending!.confirmedAt).not.toBeNull();

    const done = await loaderJson(confirmLoader, url, db, { token: secret });
    expect(done.body).toMatchObject({ state: "done", kind: "select-group" });
    const next = (done.body.links as { call: string }).call;
    const token = new URL(next, "http://localhost").searchParams.get("token")!;
    const page = await loaderJson(matchingLoader, `http://localhost${next}`, db);
    expect(page.body).toMatchObject({ hasResponse: true, token, showCall: true, groupId: evening.id });
    const booked = (await db.select().from(emailOutbox).where(eq(emailOutbox.to, "confirm@example.com"))).filter((m) => m.template === "booking-requested");
    expect(booked).toHaveLength(1);
  });

  it("an expired confirmation link does nothing", async () => {
    const db = await testDatabase();
    const { evening } = await seedGroups(db);
    await postJson(updateGroupSelection, db, { email: "late@example.com", selectedTherapist: "Marta Riservata", groupId: evening.id });
    const secret = await confirmationSecret(db, "late@example.com");
    await db
      .update(pendingActions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(pendingActions.email, "late@example.com"));
    const url = `http://localhost/conferma-richiesta/${secret}`;
    expect((await loaderJson(confirmLoader, url, db, { token: secret })).body).toEqual({ state: "invalid" });
    const response = (await confirmAction({
      request: new Request(url, { method: "POST" }),
      params: { token: secret },
      context: { db, clientIp: "10.1.1.2", cspNonce: "" },
    } as never)) as { init?: ResponseInit };
    expect(response.init?.status).toBe(410);
    expect(await count(db, groupBookings, "late@example.com")).toBe(0);
  });

  it("with the token the same request is done at once, for the token's address whatever the payload says", async () => {
    const db = await testDatabase();
    const { evening } = await seedGroups(db);
    const { token } = await submit(db, "owner@example.com");
    const result = await postJson(updateGroupSelection, db, { email: "someone-else@example.com", selectedTherapist: "Marta Riservata", groupId: evening.id, token });
    expect(result.status).toBe(201);
    expect(await count(db, groupBookings, "someone-else@example.com")).toBe(0);
    expect(await count(db, groupBookings, "owner@example.com")).toBe(1);
    const header = await postJson(joinWaitlist, db, { email: "owner@example.com" }, { headers: { "X-Access-Token": token } });
    expect(header.status).toBe(201);
  });
});
