import { countWords } from "./reading-time";

/** The part of a blog post's `images_data` entry that decides where it goes. */
interface PositionedImage {
  /** Words of text read before the image; 0 puts it before the first block. */
  position: number;
}

type ArticleItem<B, I extends PositionedImage> = { kind: "block"; block: B } | { kind: "image"; image: I };

/**
 * Interleaves an article's text blocks with its images. An image at position p goes
 * right after the first block at whose end the running word count reaches p; 0 (or a
 * negative or missing number) goes before the first block; past the end of the text, at
 * the end. Images landing in the same place keep their order by position, then as given.
 */
export function placeImages<I extends PositionedImage>(blocks: readonly string[], images: readonly I[]): ArticleItem<string, I>[];
export function placeImages<B, I extends PositionedImage>(blocks: readonly B[], images: readonly I[], textOf: (block: B) => string): ArticleItem<B, I>[];
export function placeImages<B, I extends PositionedImage>(blocks: readonly B[], images: readonly I[], textOf: (block: B) => string = String): ArticleItem<B, I>[] {
  const positionOf = (image: I) => (Number.isFinite(image.position) ? Math.max(0, image.position) : 0);
  const pending = images.map((image, index) => ({ image, index, position: positionOf(image) })).sort((a, b) => a.position - b.position || a.index - b.index);

  const items: ArticleItem<B, I>[] = [];
  let next = 0;
  const placeUpTo = (words: number) => {
    while (next < pending.length && pending[next]!.position <= words) {
      items.push({ kind: "image", image: pending[next]!.image });
      next++;
    }
  };

  let words = 0;
  placeUpTo(0);
  for (const block of blocks) {
    items.push({ kind: "block", block });
    words += countWords(textOf(block));
    placeUpTo(words);
  }
  placeUpTo(Infinity);
  return items;
}

/**
 * A link target safe to render from admin-entered content: an absolute http(s) URL or a
 * path on this site. Everything else — javascript:, data:, protocol-relative "//host",
 * "/\host" (which browsers read as "//host") and anything with control characters or
 * spaces that a browser would silently drop — gives null.
 */
export function safeHref(url: string | null | undefined): string | null {
  if (typeof url !== "string") return null;
  const href = url.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what we reject
  if (href.length === 0 || /[\u0000-\u0020\u007f]/.test(href)) return null;

  if (href.startsWith("/")) {
    return href[1] === "/" || href[1] === "\\" ? null : href;
  }

  if (!/^https?:\/\//i.test(href)) return null;
  try {
    const parsed = new URL(href);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? href : null;
  } catch {
    return null;
  }
}
