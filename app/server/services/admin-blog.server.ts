import { and, count, desc, eq, getTableColumns, ne, sql } from "drizzle-orm";
import { type BlogPostInput } from "~/domain/blog-post-input";
import { slugify, uniqueSlug } from "~/domain/slug";
import { isUniqueViolation, type Database, type Transaction } from "../db/client.server";
import { blogPosts } from "../db/schema";
import { formColumns } from "../db/form-columns.server";
import { HttpError } from "../http/errors.server";
import { blogPostPages, publicPagesChanged } from "../public-pages.server";
import { hasVersion, VersionConflict, versionOf } from "../record-versions.server";

/** Every post, newest first (SPEC 7, admin: select all ordered by created_at descending). */
export function listPosts(db: Database) {
  return db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      publishedDate: blogPosts.publishedDate,
      readTime: blogPosts.readTime,
      isFeatured: blogPosts.isFeatured,
      isPublished: blogPosts.isPublished,
      imageUrl: blogPosts.imageUrl,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
}

/** Articoli Totali, Pubblicati, In Evidenza. */
export async function postCounters(db: Database) {
  const [row] = await db
    .select({
      total: count(),
      published: sql<number>`count(*) filter (where ${blogPosts.isPublished})::int`,
      featured: sql<number>`count(*) filter (where ${blogPosts.isFeatured})::int`,
    })
    .from(blogPosts);
  return { total: row?.total ?? 0, published: row?.published ?? 0, featured: row?.featured ?? 0 };
}

export async function findPost(db: Database, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db
    .select({ ...getTableColumns(blogPosts), version: versionOf(blogPosts.updatedAt) })
    .from(blogPosts)
    .where(eq(blogPosts.id, id));
  return row;
}

/** The slug asked for (or made from the title), suffixed -2, -3 ... when another post has it. */
async function freeSlug(db: Database | Transaction, input: BlogPostInput, exceptId?: string) {
  const base = input.slug || slugify(input.title);
  const taken = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(exceptId ? ne(blogPosts.id, exceptId) : undefined);
  return uniqueSlug(base, new Set(taken.map((row) => row.slug).filter((slug): slug is string => Boolean(slug))));
}

const columns = (input: BlogPostInput, slug: string) => ({ ...formColumns(blogPosts, input), content: null, slug });

/** Retries (up to twice) with a fresh slug when another save took the same one in the meantime. */
async function withFreeSlug<T>(db: Database | Transaction, input: BlogPostInput, exceptId: string | undefined, write: (slug: string) => Promise<T>) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write(await freeSlug(db, input, exceptId));
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}

/** A published post (before or after the write) is on public pages; a draft is on none. */
export function createPost(db: Database | Transaction, input: BlogPostInput) {
  return withFreeSlug(db, input, undefined, (slug) =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(blogPosts).values(columns(input, slug)).returning({ id: blogPosts.id, slug: blogPosts.slug });
      if (input.is_published) await publicPagesChanged(tx, blogPostPages(row!));
      return row!;
    }),
  );
}

/** Saves the form only over the version it was loaded from: 409 (VersionConflict) when someone saved in between. */
export function updatePost(db: Database | Transaction, id: string, version: string, input: BlogPostInput) {
  return withFreeSlug(db, input, id, (slug) =>
    db.transaction(async (tx) => {
      // The address it had: a new slug leaves the old article's page to be dropped too.
      const [before] = await tx.select({ id: blogPosts.id, slug: blogPosts.slug, isPublished: blogPosts.isPublished }).from(blogPosts).where(eq(blogPosts.id, id)).for("update");
      if (!before) throw new HttpError(404, "Articolo non trovato");
      const [row] = await tx
        .update(blogPosts)
        .set({ ...columns(input, slug), updatedAt: new Date() })
        .where(and(eq(blogPosts.id, id), hasVersion(blogPosts.updatedAt, version)))
        .returning({ id: blogPosts.id, slug: blogPosts.slug });
      if (!row) throw new VersionConflict();
      if (before.isPublished || input.is_published) await publicPagesChanged(tx, blogPostPages(before, row));
      return row;
    }),
  );
}

export function deletePost(db: Database | Transaction, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(blogPosts)
      .where(eq(blogPosts.id, id))
      .returning({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug, isPublished: blogPosts.isPublished });
    if (!row) throw new HttpError(404, "Articolo non trovato");
    if (row.isPublished) await publicPagesChanged(tx, blogPostPages(row));
    return { id: row.id, title: row.title };
  });
}
