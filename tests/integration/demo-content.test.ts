import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blogSeedPosts } from "../../app/content/blog-seed";
import { seedDemoContent } from "../../app/server/db/seed.server";
import { eq } from "drizzle-orm";
import { blogPosts, intakeCalls, therapists } from "../../app/server/db/schema";
import { isBucket, storage } from "../../app/server/storage.server";
import { testDatabase } from "./database";

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-demo-images-"));

async function storedHash(url: string) {
  const [, bucket = "", key = ""] = /^\/storage\/([^/]+)\/(.+)$/.exec(url) ?? [];
  if (!isBucket(bucket)) throw new Error(`not a storage URL: ${url}`);
  const object = await storage().get(bucket, key);
  if (!object) throw new Error(`missing stored image: ${url}`);
  return createHash("sha256").update(object.body).digest("hex");
}

describe("demo content images", () => {
  it("stores a different image for every post cover, paragraph image and therapist, with the seed's alt texts", async () => {
    const db = await testDatabase();
    await seedDemoContent(db, process.env.DATA_DIR!);

    const posts = await db.select({ slug: blogPosts.slug, imageUrl: blogPosts.imageUrl, imagesData: blogPosts.imagesData }).from(blogPosts);
    const portraits = await db.select({ image: therapists.image }).from(therapists);
    const urls = [...posts.flatMap((post) => [post.imageUrl!, ...post.imagesData.map((image) => image.url)]), ...portraits.map((row) => row.image!)];
    expect(urls).toHaveLength(blogSeedPosts.reduce((total, post) => total + 1 + post.images_data.length, 0) + portraits.length);
    const hashes = await Promise.all(urls.map(storedHash));
    expect(new Set(hashes).size).toBe(urls.length);

    for (const seed of blogSeedPosts) {
      const post = posts.find((row) => row.slug === seed.slug)!;
      expect(post.imagesData.map((image) => image.alt)).toEqual(seed.images_data.map((image) => image.alt));
    }
  });
});

describe("demo intake calls", () => {
  it("the demo therapist takes calls in the evening too and has two calls ahead, each with a questionnaire; seeding again adds nothing", async () => {
    const db = await testDatabase();
    const [{ seedDemoIntakeCalls }, { callAvailability }] = await Promise.all([
      import("../../app/server/db/seed-intake-calls.server"),
      import("../../app/server/services/intake-calls.server"),
    ]);
    await seedDemoIntakeCalls(db);
    await seedDemoIntakeCalls(db);
    const calls = await db.select().from(intakeCalls).where(eq(intakeCalls.status, "booked"));
    expect(calls).toHaveLength(2);
    expect(calls.every((call) => call.startsAt > new Date() && call.bookingId !== null)).toBe(true);
    const [therapist] = await db.select().from(therapists).where(eq(therapists.id, calls[0]!.therapistId!));
    expect(therapist!.callRoomUrl).toMatch(/^https:\/\//);
    const slots = (await callAvailability(db)).flatMap((day) => day.slots);
    expect(slots.some((slot) => slot.time >= "18:00" && !slot.taken)).toBe(true);
    expect(slots.filter((slot) => slot.taken)).toHaveLength(2);
  });
});

describe("demo clinical notes", () => {
  it("the demo therapist has encrypted notes on the running group's past meetings, the last one left to write; seeding again adds nothing", async () => {
    const db = await testDatabase();
    const [{ seedDemoSessions }, { seedDemoCareNotes }, { unseal }, schema] = await Promise.all([
      import("../../app/server/db/seed-sessions.server"),
      import("../../app/server/db/seed-care-notes.server"),
      import("../../app/server/crypto.server"),
      import("../../app/server/db/schema"),
    ]);
    await seedDemoSessions(db);
    await seedDemoCareNotes(db);
    await seedDemoCareNotes(db);
    const [running] = await db.select().from(schema.groups).where(eq(schema.groups.status, "full"));
    const notes = await db
      .select({ sessionId: schema.careNotes.sessionId, bookingId: schema.careNotes.bookingId, therapistId: schema.careNotes.therapistId, body: schema.careNotes.body })
      .from(schema.careNotes);
    const groupNotes = notes.filter((note) => note.bookingId === null);
    expect(groupNotes).toHaveLength(4);
    expect(notes).toHaveLength(12);
    expect(notes.every((note) => note.therapistId === running!.therapistId)).toBe(true);
    for (const note of notes) {
      expect(JSON.stringify(note.body)).not.toContain("Demo");
      expect(unseal<{ text: string }>(note.body).text).toMatch(/^Demo\. /);
    }
    const held = await db.select().from(schema.groupSessions).where(eq(schema.groupSessions.groupId, running!.id));
    const past = held.filter((meeting) => meeting.status === "scheduled" && meeting.endsAt < new Date()).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const earlier = past.slice(0, -1).map((meeting) => meeting.id);
    expect(groupNotes.every((note) => earlier.includes(note.sessionId))).toBe(true);
    expect(notes.some((note) => note.sessionId === past.at(-1)!.id)).toBe(false);
    expect(await db.select().from(schema.careNoteAddenda)).toHaveLength(1);
  });
});

describe("demo call outcomes", () => {
  it("the demo therapist has past calls with one outcome of each kind, an acknowledged high-risk alert, and people waiting; seeding again adds nothing", async () => {
    const db = await testDatabase();
    const [{ seedDemoCallOutcomes }, { weeklyCareFunnel, waitingForDecision }, { funnelTotal }, schema] = await Promise.all([
      import("../../app/server/db/seed-call-outcomes.server"),
      import("../../app/server/services/funnel.server"),
      import("../../app/domain/care-funnel"),
      import("../../app/server/db/schema"),
    ]);
    await seedDemoCallOutcomes(db);
    const counts = async () =>
      Promise.all([schema.intakeCalls, schema.questionnaireResponses, schema.groupBookings, schema.safetyAlerts].map(async (table) => (await db.select().from(table)).length));
    const before = await counts();
    await seedDemoCallOutcomes(db);
    expect(await counts()).toEqual(before);

    const [running] = await db.select().from(schema.groups).where(eq(schema.groups.status, "full"));
    const past = (await db.select().from(intakeCalls)).filter((row) => row.startsAt < new Date());
    expect(past.every((row) => row.therapistId === running!.therapistId)).toBe(true);
    expect(past.map((row) => row.outcome ?? "none").sort()).toEqual(["no_show", "none", "not_suitable", "suitable", "suitable_other"]);
    const suitable = past.find((row) => row.outcome === "suitable")!;
    const [member] = await db.select().from(schema.groupBookings).where(eq(schema.groupBookings.id, suitable.bookingId!));
    expect(member).toMatchObject({ groupId: running!.id, status: "confirmed" });
    const other = past.find((row) => row.outcome === "suitable_other")!;
    const [otherGroup] = await db.select().from(schema.groups).where(eq(schema.groups.id, other.outcomeGroupId!));
    expect(otherGroup!.name).toBe("Nuove direzioni");
    const notSuitable = past.find((row) => row.outcome === "not_suitable")!;
    expect(notSuitable).toMatchObject({ riskLevel: "high", referralReason: "urgent_care" });
    const alerts = await db.select().from(schema.safetyAlerts);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: "intake_high_risk", sourceId: notSuitable.id, therapistId: running!.therapistId });
    expect(alerts[0]!.staffNote).toMatch(/\S/);
    expect(alerts[0]!.staffAcknowledgedAt).not.toBeNull();

    const total = funnelTotal(await weeklyCareFunnel(db));
    expect(total).toMatchObject({ held: 3, suitable: 2, attended: 1 });
    expect(total.booked).toBeGreaterThanOrEqual(5);
    const { people } = await waitingForDecision(db);
    expect(people.map((person) => [person.kind, person.name])).toEqual([
      ["outcome", "Luca (demo)"],
      ["questionnaire", "Teresa (demo)"],
    ]);
  });
});
