import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it("lowercases, folds accents and joins words with hyphens", () => {
    expect(slugify("Perché la Terapia di Gruppo è Efficace")).toBe("perche-la-terapia-di-gruppo-e-efficace");
    expect(slugify("Più città, più opportunità")).toBe("piu-citta-piu-opportunita");
  });

  it("removes punctuation and collapses separators", () => {
    expect(slugify("  Ansia & solitudine:   cosa fare?  ")).toBe("ansia-solitudine-cosa-fare");
    expect(slugify("L'ansia del futuro")).toBe("lansia-del-futuro");
    expect(slugify("--- 5 consigli -- per dormire ---")).toBe("5-consigli-per-dormire");
    expect(slugify("Riga uno\nriga\tdue")).toBe("riga-uno-riga-due");
  });

  it("gives an empty slug for a title with no letters or digits", () => {
    expect(slugify("?!… —")).toBe("");
  });

  it("keeps slugs within 80 characters without cutting a word in half", () => {
    const title =
      "Come affrontare la solitudine quando tutti intorno a te sembrano avere già capito cosa fare della propria vita";
    const slug = slugify(title);

    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toBe("come-affrontare-la-solitudine-quando-tutti-intorno-a-te-sembrano-avere-gia");
    expect(slugify("a".repeat(100))).toBe("a".repeat(80));
  });
});

describe("uniqueSlug", () => {
  it("returns the base when it is free", () => {
    expect(uniqueSlug("ansia-sociale", new Set())).toBe("ansia-sociale");
  });

  it("appends -2, -3, ... while the slug is taken", () => {
    const taken = new Set(["ansia-sociale", "ansia-sociale-2"]);
    expect(uniqueSlug("ansia-sociale", taken)).toBe("ansia-sociale-3");
  });

  it("accepts a predicate instead of a set", () => {
    const asked: string[] = [];
    const slug = uniqueSlug("blog", (s) => {
      asked.push(s);
      return s !== "blog-4";
    });
    expect(slug).toBe("blog-4");
    expect(asked).toEqual(["blog", "blog-2", "blog-3", "blog-4"]);
  });

  it("stays within 80 characters with the suffix", () => {
    const base = "a".repeat(80);
    const slug = uniqueSlug(base, new Set([base]));
    expect(slug).toBe(`${"a".repeat(78)}-2`);
  });

  it("falls back to a readable base when the title gave no slug", () => {
    expect(uniqueSlug("", new Set())).toBe("articolo");
    expect(uniqueSlug("", new Set(["articolo"]))).toBe("articolo-2");
  });
});
