import { WORDS_PER_MINUTE } from "~/content/site";

/** Words are whitespace-separated runs holding at least one letter or digit ("—" is not one). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Minutes at 200 words per minute, rounded up, never less than 1. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** The blog's read_time text, e.g. "5 min". */
export function readTimeLabel(text: string): string {
  return `${readingMinutes(countWords(text))} min`;
}
