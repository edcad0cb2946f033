import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterCommit, type Database, type Transaction } from "./db/client.server";

/**
 * A write that changes what a publicly cached page shows says so, in its own transaction:
 * `publicPagesChanged(tx, pages)`. Every instance's page cache (server/page-cache.ts) then drops
 * those pages: this instance's right after the COMMIT, before the write's answer is sent (staff who
 * reload after saving never get the old page), the others' when PostgreSQL delivers the NOTIFY
 * queued in the transaction (on commit only; a rollback announces nothing). A write that announces
 * nothing (attendance, the mailbox, two-factor set-up, groups and their members) clears nothing.
 *
 * The publicly cached pages (`Cache-Control: public, s-maxage`, `handle = contentPage`) and what
 * their loaders read: `/` the newest therapists; `/terapeuti` and `/terapeuti/:id` the therapists;
 * `/blog` and `/blog/:slug` the published posts (and `/blog/rss.xml`, `/sitemap.xml`, shared caches
 * only: the page cache keeps HTML); the other pages (prezzi, about, legal texts, problems...) only
 * the code's own content, which changes with a deploy. Groups, documents and accounts (better-auth's
 * admin endpoints included) appear on no cached page.
 */

/** The NOTIFY channel every instance's page cache listens on. */
export const PAGE_CACHE_CHANNEL = "page_cache_clear";

/** The pages a write changed, by path (`/blog/ansia`: no query, no trailing slash), or every page. */
export type PublicPages = readonly string[] | "all";

/** A blog post's pages: its article (by slug and by id), the list, the feed and the sitemap. */
export function blogPostPages(...posts: { id: string; slug: string | null }[]): string[] {
  const articles = posts.flatMap((post) => [`/blog/${post.id}`, ...(post.slug ? [`/blog/${post.slug}`] : [])]);
  return [...new Set([...articles, "/blog", "/blog/rss.xml", "/sitemap.xml"])];
}

/** A therapist's pages: their profile, the list, the home page's preview and the sitemap. */
export function therapistPages(id: string): string[] {
  return ["/", "/terapeuti", `/terapeuti/${id}`, "/sitemap.xml"];
}

/** This process, in its announcements: it has cleared its own cache already and ignores its echo. */
const INSTANCE = randomUUID();
/** PostgreSQL refuses a payload of 8000 bytes or more: a longer list is announced as every page. */
const MAX_PAYLOAD_BYTES = 7000;

let clearHere: ((pages: PublicPages) => void) | undefined;

/** Registers this instance's page cache (server/app.ts, at start-up): none when routes are called directly. */
export function onPublicPagesChanged(clear: (pages: PublicPages) => void) {
  clearHere = clear;
}

/**
 * Announces that `pages` change with what `db` writes: a NOTIFY queued in the transaction for the
 * other instances, and this instance's clear once it has committed (at once when `db` is the pool).
 * For staff edits only: a transaction that notifies takes a database-wide lock at its commit
 * (docs/decisions/007-outbox-wakes-after-commit.md), which a busy write path must not.
 */
export async function publicPagesChanged(db: Database | Transaction, pages: PublicPages) {
  if (pages !== "all" && pages.length === 0) return;
  let payload = JSON.stringify({ from: INSTANCE, pages });
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) payload = JSON.stringify({ from: INSTANCE, pages: "all" });
  await db.execute(sql`select pg_notify(${PAGE_CACHE_CHANNEL}, ${payload})`);
  afterCommit(db, () => clearHere?.(pages));
}

/**
 * The pages a NOTIFY on PAGE_CACHE_CHANNEL names: null for this instance's own announcement (cleared
 * already), every page for one it cannot read (a bare NOTIFY; none at all after a reconnection).
 */
export function announcedPages(payload: string | undefined): PublicPages | null {
  try {
    const { from, pages } = JSON.parse(payload ?? "") as { from?: unknown; pages?: unknown };
    if (from === INSTANCE) return null;
    if (Array.isArray(pages) && pages.every((page) => typeof page === "string")) return pages;
  } catch {
    // Not an announcement of publicPagesChanged.
  }
  return "all";
}
