import { and, desc, eq, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { blogPosts } from "../db/schema";

/** Today's date in Italy: a post scheduled for a date appears from that day on. */
const todayInRome = () => sql`(now() at time zone 'Europe/Rome')::date`;

const isVisible = () => and(eq(blogPosts.isPublished, true), lte(blogPosts.publishedDate, todayInRome()));

export function listPublishedPosts(db: Database) {
  return db.select().from(blogPosts).where(isVisible()).orderBy(desc(blogPosts.publishedDate), desc(blogPosts.createdAt));
}

/** A published post by slug, or by id when the link uses the id. */
export async function findPublishedPost(db: Database, slugOrId: string) {
  const byId = /^[0-9a-f-]{36}$/i.test(slugOrId) ? eq(blogPosts.id, slugOrId) : undefined;
  const match = byId ? or(eq(blogPosts.slug, slugOrId), byId) : eq(blogPosts.slug, slugOrId);
  const [post] = await db.select().from(blogPosts).where(and(match, isVisible())).limit(1);
  return post;
}

/** Any post, published or not, by slug or id: for the admins' draft preview only. */
export async function findAnyPost(db: Database, slugOrId: string) {
  const byId = /^[0-9a-f-]{36}$/i.test(slugOrId) ? eq(blogPosts.id, slugOrId) : undefined;
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(byId ? or(eq(blogPosts.slug, slugOrId), byId) : eq(blogPosts.slug, slugOrId))
    .limit(1);
  return post;
}
