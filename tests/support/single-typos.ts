import fc from "fast-check";
import { expect } from "vitest";

/** `code` with the character at `position` moved on by `shift` (1-9): a digit stays a digit, a letter a letter. */
export function withTypo(code: string, position: number, shift: number) {
  const original = code.charAt(position);
  const replaced = /\d/.test(original) ? String((Number(original) + shift) % 10) : String.fromCharCode(65 + ((original.charCodeAt(0) - 65 + shift) % 26));
  return `${code.slice(0, position)}${replaced}${code.slice(position + 1)}`;
}

/** Property: `check` refuses `valid` with any single mistyped character among its first `positions`. */
export function expectEverySingleTypoRefused(valid: string, check: (input: string) => { ok: boolean }, positions = valid.length) {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: positions - 1 }), fc.integer({ min: 1, max: 9 }), (position, shift) => {
      expect(check(withTypo(valid, position, shift)).ok).toBe(false);
    }),
  );
}
