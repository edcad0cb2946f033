/** Up to two initials of a person's name ("Chiara Bellini" → "CB"), for a monogram in place of a photo. */
export function initialsOf(name: string) {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word));
  if (words.length === 0) return "";
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : "";
  return (first.charAt(0) + last.charAt(0)).toLocaleUpperCase("it-IT");
}
