/** URL slugs for blog posts (SPEC section 5, "Admin, blog"). */

export const SLUG_MAX_LENGTH = 80;

/**
 * "Ansia e Solitudine: cosa fare?" → "ansia-e-solitudine-cosa-fare".
 * Lowercase, accents folded, other non-alphanumerics removed (so "L'ansia" gives
 * "lansia", as the spec reads), whitespace runs to one hyphen, at most 80 characters.
 * A title with no letters or digits gives "".
 */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return truncate(slug, SLUG_MAX_LENGTH);
}

/** Cuts at the last whole word that fits, so a slug never ends in half a word. */
function truncate(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max);
  const lastHyphen = cut.lastIndexOf("-");
  const wholeWords = slug[max] === "-" || lastHyphen <= 0 ? cut : cut.slice(0, lastHyphen);
  return wholeWords.replace(/-+$/, "");
}

/**
 * `base` if free, otherwise `base-2`, `base-3`, ...; the base is shortened when the
 * suffix would push the slug past 80 characters. An empty base falls back to "articolo".
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string> | ((slug: string) => boolean)): string {
  const isTaken = typeof taken === "function" ? taken : (slug: string) => taken.has(slug);
  const root = base || "articolo";
  if (!isTaken(root)) return root;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${root.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}
