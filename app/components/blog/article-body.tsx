import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { splitParagraphs } from "~/components/site/paragraphs";
import { placeImages, safeHref } from "~/domain/article";
import { responsiveSrcSet } from "~/domain/images";
import { parseLegacyContent } from "~/domain/legacy-content";

type ArticleBlock = { kind: "p" | "h2" | "h3"; text: string };

interface ArticleImage {
  url: string;
  alt: string;
  caption?: string | null;
  position: number;
}

interface ArticleContent {
  introduction: string | null;
  mainSections: readonly { type: "h2" | "h3"; title: string; content: string }[];
  conclusion: string | null;
  /** Only for legacy posts without sections. */
  content: string | null;
  imagesData: readonly ArticleImage[];
}

/**
 * The article as a flat list of headings and paragraphs: introduction, sections, conclusion;
 * or, for a legacy post, its plain text with the detected headings.
 */
function articleBlocks(article: ArticleContent): ArticleBlock[] {
  if (article.mainSections.length === 0 && article.content?.trim()) {
    return parseLegacyContent(article.content).map((block) => ({ kind: block.type, text: block.text }));
  }
  const blocks: ArticleBlock[] = splitParagraphs(article.introduction).map((text) => ({ kind: "p", text }));
  for (const section of article.mainSections) {
    if (section.title.trim()) blocks.push({ kind: section.type, text: section.title.trim() });
    for (const text of splitParagraphs(section.content)) blocks.push({ kind: "p", text });
  }
  const conclusion = splitParagraphs(article.conclusion);
  if (conclusion.length > 0) {
    blocks.push({ kind: "h2", text: "In conclusione" });
    for (const text of conclusion) blocks.push({ kind: "p", text });
  }
  return blocks;
}

function ArticleFigure({ image }: { image: ArticleImage }) {
  const src = safeHref(image.url);
  if (!src) return null;
  return (
    <figure className="my-8">
      <img
        src={src}
        srcSet={responsiveSrcSet(src)}
        sizes="(min-width: 768px) 704px, calc(100vw - 2rem)"
        alt={image.alt}
        width={1280}
        height={720}
        loading="lazy"
        decoding="async"
        className="aspect-video h-auto w-full rounded-2xl bg-sand-100 object-cover"
      />
      {image.caption ? <figcaption className="mt-2 text-center text-sm text-ink-500">{image.caption}</figcaption> : null}
    </figure>
  );
}

/** Headings, paragraphs and the images at their word positions; all text rendered as text. */
export function ArticleBody({ article }: { article: ArticleContent }) {
  const blocks = articleBlocks(article);
  // Headings add no reading words: an image lands after the paragraph that reaches its position.
  const items = placeImages(blocks, article.imagesData, (block) => (block.kind === "p" ? block.text : ""));
  let leadShown = false;
  return (
    <div className="text-lg leading-relaxed text-ink-700">
      {items.map((item, index) => {
        if (item.kind === "image") return <ArticleFigure key={`image-${index}`} image={item.image} />;
        const { block } = item;
        if (block.kind === "h2")
          return (
            <h2 key={index} className="mb-3 mt-12 text-2xl first:mt-0 font-semibold leading-tight sm:text-3xl">
              {block.text}
            </h2>
          );
        if (block.kind === "h3")
          return (
            <h3 key={index} className="mb-2 mt-8 text-xl first:mt-0 font-semibold leading-snug sm:text-2xl">
              {block.text}
            </h3>
          );
        const lead = !leadShown;
        leadShown = true;
        return (
          <p key={index} className={lead ? "mt-0 text-xl text-ink-900" : "mt-5"}>
            {block.text}
          </p>
        );
      })}
    </div>
  );
}

interface ArticleLink {
  text: string;
  url: string;
}

const linkClass = "inline-flex min-h-11 items-center py-2 font-medium text-teal-800 underline decoration-teal-200 underline-offset-4 hover:decoration-teal-700";

/** The links an article keeps, without the unsafe or empty ones. */
function safeLinks(links: readonly ArticleLink[]) {
  return links.flatMap((link) => {
    const href = safeHref(link.url);
    return href && link.text.trim() ? [{ text: link.text, href }] : [];
  });
}

/** One box of links under the article, titled. */
function LinkBox({ id, title, tone, children }: { id: string; title: string; tone: "teal" | "sand"; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl p-6 ${tone === "teal" ? "bg-teal-50" : "bg-sand-100"}`}>
      <h2 id={id} className={`mb-3 font-sans text-base font-semibold uppercase tracking-[0.12em] ${tone === "teal" ? "text-teal-800" : "text-ink-700"}`}>
        {title}
      </h2>
      <ul className="grid gap-1">{children}</ul>
    </section>
  );
}

/** Internal links open in place; external ones carry rel="noopener noreferrer". Unsafe URLs are dropped. */
export function ArticleLinks({ internal, external }: { internal: readonly ArticleLink[]; external: readonly ArticleLink[] }) {
  const internalLinks = safeLinks(internal);
  const externalLinks = safeLinks(external);
  if (internalLinks.length === 0 && externalLinks.length === 0) return null;
  return (
    <div className="mt-12 grid gap-6 sm:grid-cols-2">
      {internalLinks.length > 0 ? (
        <LinkBox id="link-interni" title="Per approfondire" tone="teal">
          {internalLinks.map((link) => (
            <li key={link.href}>
              {link.href.startsWith("/") ? (
                <Link to={link.href} className={linkClass}>
                  {link.text}
                </Link>
              ) : (
                <a href={link.href} className={linkClass}>
                  {link.text}
                </a>
              )}
            </li>
          ))}
        </LinkBox>
      ) : null}
      {externalLinks.length > 0 ? (
        <LinkBox id="link-esterni" title="Fonti e risorse" tone="sand">
          {externalLinks.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center gap-1.5 py-2 font-medium text-ink-900 underline decoration-sand-200 underline-offset-4 hover:decoration-ink-700"
              >
                {link.text}
                <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only"> (sito esterno)</span>
              </a>
            </li>
          ))}
        </LinkBox>
      ) : null}
    </div>
  );
}
