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
