/** Splits stored text on blank lines: each block becomes a paragraph (rendered as escaped text). */
export function splitParagraphs(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/\s*\n\s*/g, " ").trim())
    .filter((block) => block.length > 0);
}

export function Paragraphs({ text, className }: { text: string | null | undefined; className?: string }) {
  return (
    <>
      {splitParagraphs(text).map((paragraph, index) => (
        <p key={index} className={className}>
          {paragraph}
        </p>
      ))}
    </>
  );
}
