import { count, sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seedDemoContent } from "../../app/server/db/seed.server";
import { blogPosts, groupBookings, groups, therapists } from "../../app/server/db/schema";
import { runMigrations } from "../../app/server/db/migrate.server";
import { testDatabase, testDatabaseUrl } from "./database";

describe("database foundation", () => {
  it("has every table of the schema after migrations", async () => {
    const db = await testDatabase();
    const result = await db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
    const names = result.rows.map((row) => row.table_name);
    for (const table of ["therapists", "groups", "group_bookings", "blog_posts", "contacts", "internal_questionnaire_responses", "email_outbox", "jobs", "user", "session"]) {
      expect(names).toContain(table);
    }
  });

  it("applies migrations again without error (start-up is idempotent)", async () => {
    await testDatabase();
    await expect(runMigrations(testDatabaseUrl())).resolves.toBeUndefined();
  });

  it("seeds the demo content once, even when two instances seed at the same time", async () => {
    const db = await testDatabase();
    const previous = process.env.DATA_DIR;
    process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-seed-"));
    try {
      await Promise.all([seedDemoContent(db, process.env.DATA_DIR), seedDemoContent(db, process.env.DATA_DIR)]);
      await seedDemoContent(db, process.env.DATA_DIR);
    } finally {
      process.env.DATA_DIR = previous;
    }
    const [therapistCount] = await db.select({ value: count() }).from(therapists);
    const [groupCount] = await db.select({ value: count() }).from(groups);
    const [postCount] = await db.select({ value: count() }).from(blogPosts);
    expect(therapistCount!.value).toBeGreaterThanOrEqual(6);
    expect(groupCount!.value).toBeGreaterThanOrEqual(4);
    expect(postCount!.value).toBeGreaterThanOrEqual(5);
    const photos = await db.select({ image: therapists.image }).from(therapists);
    expect(photos.every((row) => row.image?.startsWith("/storage/therapist-photos/therapists/"))).toBe(true);
    const full = await db
      .select()
      .from(groups)
      .where(sql`${groups.status} = 'full'`);
    expect(full.length).toBeGreaterThanOrEqual(1);
    const [confirmed] = await db
      .select({ value: count() })
      .from(groupBookings)
      .where(sql`${groupBookings.status} = 'confirmed'`);
    expect(confirmed!.value).toBeGreaterThan(0);
  });
});
