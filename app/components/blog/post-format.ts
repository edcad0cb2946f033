import { readTimeLabel } from "~/domain/reading-time";
import { ROME_TIME_ZONE } from "~/domain/calendar";

const italianDate = new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric", timeZone: ROME_TIME_ZONE });

/** "2025-03-18" -> "18 marzo 2025" (same text on the server and in the browser). */
export function formatItalianDate(isoDate: string): string {
  // Noon UTC is the same calendar day in Rome all year round.
  return italianDate.format(new Date(`${isoDate.slice(0, 10)}T12:00:00Z`));
}

/** The article's address: its slug, or its id when it has none. */
export function postPath(post: { id: string; slug: string | null }): string {
  return `/blog/${encodeURIComponent(post.slug || post.id)}`;
}

/** A legacy post keeps its whole body in `content` and has no structured sections. */
function isLegacyPost(post: { content: string | null; mainSections: readonly unknown[] }): post is { content: string; mainSections: readonly unknown[] } {
  return Boolean(post.content?.trim()) && post.mainSections.length === 0;
}

/** The stored read time, or for legacy posts one computed from the text (200 words per minute). */
export function postReadTime(post: { readTime: string; content: string | null; mainSections: readonly unknown[] }): string {
  return isLegacyPost(post) ? readTimeLabel(post.content) : post.readTime;
}
