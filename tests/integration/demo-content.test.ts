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
