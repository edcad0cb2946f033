import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("initialsOf", () => {
  it.each([
    ...[
      ["Chiara Bellini", "CB"],
      ["  maria grazia de luca ", "ML"],
      ["Élodie Ørsted", "ÉØ"],
    ], // first and last names' first letters
    ...[
      ["Elena", "E"],
      ["   ", ""],
    ], // one letter for a single name, none for a blank one
    ...[
      ["Luca Ferraro (sostituto)", "LF"],
      ["Davide Conti - 2", "DC"],
    ], // words that do not start with a letter are skipped
  ])("%j → %j", (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
