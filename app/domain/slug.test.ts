import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it.each([
    // lowercased, accents folded, words joined with hyphens
    ...[
      ["Perché la Terapia di Gruppo è Efficace", "perche-la-terapia-di-gruppo-e-efficace"],
      ["Più città, più opportunità", "piu-citta-piu-opportunita"],
    ],
    // punctuation removed, separators collapsed
    ...[
      ["  Ansia & solitudine:   cosa fare?  ", "ansia-solitudine-cosa-fare"],
      ["L'ansia del futuro", "lansia-del-futuro"],
    ],
    ...[
      ["--- 5 consigli -- per dormire ---", "5-consigli-per-dormire"],
      ["Riga uno\nriga\tdue", "riga-uno-riga-due"],
    ],
    ["?!… —", ""], // no letters or digits: an empty slug
  ])("%j → %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("keeps slugs within 80 characters without cutting a word in half", () => {
    const title = "Come affrontare la solitudine quando tutti intorno a te sembrano avere già capito cosa fare della propria vita";
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
