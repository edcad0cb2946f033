import { describe, expect, it } from "vitest";
import { countWords, readingMinutes, readTimeLabel } from "./reading-time";

describe("countWords", () => {
  it("counts words across spaces, tabs and new lines", () => {
    expect(countWords("La terapia di gruppo\n\naiuta a sentirsi\tmeno soli.")).toBe(9);
  });

  it("ignores lone punctuation and counts elisions and numbers as words", () => {
    expect(countWords("L'ansia — a volte — passa in 6-8 settimane")).toBe(7);
  });

  it("gives 0 for empty or blank text", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("   \n ")).toBe(0);
  });
});

describe("readingMinutes", () => {
  it("reads 200 words per minute, rounding up", () => {
    expect(readingMinutes(200)).toBe(1);
    expect(readingMinutes(201)).toBe(2);
    expect(readingMinutes(1000)).toBe(5);
  });

  it("never says less than a minute", () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(12)).toBe(1);
  });
});

describe("readTimeLabel", () => {
  it("labels a 1000-word article as 5 min", () => {
    expect(readTimeLabel(Array.from({ length: 1000 }, () => "parola").join(" "))).toBe("5 min");
  });

  it("labels a short text as 1 min", () => {
    expect(readTimeLabel("Breve nota.")).toBe("1 min");
  });
});
