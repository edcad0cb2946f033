/** Splits stored text on blank lines: each block becomes a paragraph (rendered as escaped text). */
export function splitParagraphs(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/\s*\n\s*/g, " ").trim())
    .filter((block) => block.length > 0);
}

/** Stored text as paragraphs (split on blank lines). */
export function Paragraphs({ text, className }: { text: string | null | undefined; className?: string }) {
  return <ParagraphList paragraphs={splitParagraphs(text)} className={className} />;
}

/** Written paragraphs (a page's content), one <p> each. */
export function ParagraphList({ paragraphs, className }: { paragraphs: readonly string[]; className?: string }) {
  return paragraphs.map((paragraph, index) => (
    <p key={index} className={className}>
      {paragraph}
    </p>
  ));
}
