/**
 * Older blog posts carry their body as one plain `content` string. The spec renders it by
 * splitting on blank lines and guessing which blocks are headings (short lines, capitals,
 * numbering); this is that guess, kept pure so it can be tested on real Italian text.
 */

interface LegacyBlock {
  type: "h2" | "p";
  text: string;
}

const HEADING_MAX_LENGTH = 80;
const SHORT_HEADING_MAX_LENGTH = 60;

/** "1. ", "2) ", "IV. " followed by text. */
const NUMBERED = /^(?:\d{1,2}|[IVXLC]{1,6})[.)]\s+\S/;
const SENTENCE_END = /[.,;:!?…]$/;
const STARTS_WITH_CAPITAL = /^\p{Lu}/u;

function isMostlyCapitals(line: string): boolean {
  const letters = line.match(/\p{L}/gu) ?? [];
  if (letters.length < 3) return false;
  const capitals = letters.filter((letter) => /\p{Lu}/u.test(letter)).length;
  return capitals / letters.length >= 0.7;
}

export function isLegacyHeading(block: string): boolean {
  if (block.includes("\n")) return false;
  if (block.length > HEADING_MAX_LENGTH || block.endsWith(".")) return false;
  return NUMBERED.test(block) || isMostlyCapitals(block) || (block.length <= SHORT_HEADING_MAX_LENGTH && STARTS_WITH_CAPITAL.test(block) && !SENTENCE_END.test(block));
}

/**
 * Blocks of the legacy text in order. Lines inside a paragraph are joined with a space,
 * since the source wrapped them for its editor, not for the reader.
 */
export function parseLegacyContent(content: string): LegacyBlock[] {
  return content
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((block) =>
      block
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line.length > 0)
        .join("\n"),
    )
    .filter((block) => block.length > 0)
    .map((block): LegacyBlock => (isLegacyHeading(block) ? { type: "h2", text: block } : { type: "p", text: block.replace(/\n/g, " ") }));
}
