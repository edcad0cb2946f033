import { describe, expect, it } from "vitest";
import { BLOG_TEXT_MAX, blogPostInputSchema } from "./blog-post-input";

const post = (overrides: Record<string, unknown>) => ({
  title: "Titolo",
  excerpt: "Estratto",
  read_time: "5 min",
  published_date: "2026-01-10",
  meta_title: "Meta",
  meta_description: "Descrizione",
  introduction: "Introduzione",
  main_sections: [{ type: "h2", title: "Sezione", content: "Testo" }],
  internal_links: [],
  external_links: [],
  conclusion: "Conclusione",
  cta_text: "Inizia",
  images_data: [],
  ...overrides,
});

describe("the blog post's long texts", () => {
  it("refuses an introduction one character over the limit, saying the limit and its length, and keeps it whole", () => {
    const pasted = "a".repeat(BLOG_TEXT_MAX + 1);
    const result = blogPostInputSchema.safeParse(post({ introduction: pasted }));
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ["introduction"], message: "L'introduzione supera il limite di 20.000 caratteri (ora 20.001): accorcia il testo." }),
    ]);
  });

  it("takes one at the limit as it is", () => {
    const result = blogPostInputSchema.parse(post({ introduction: "a".repeat(BLOG_TEXT_MAX), conclusion: "b".repeat(BLOG_TEXT_MAX) }));
    expect(result.introduction).toHaveLength(BLOG_TEXT_MAX);
    expect(result.conclusion).toHaveLength(BLOG_TEXT_MAX);
  });

  it("names a section's content over its limit on that section's field", () => {
    const result = blogPostInputSchema.safeParse(post({ main_sections: [{ type: "h2", title: "Sezione", content: "c".repeat(50_001) }] }));
    expect(result.error!.issues[0]).toMatchObject({ path: ["main_sections", 0, "content"], message: expect.stringContaining("(ora 50.001)") });
  });
});

describe("the blog post's lists of rows", () => {
  const empty = { type: "h2", title: "", content: "" };

  it("drops the rows left empty and keeps the others, an image's empty position read as 0", () => {
    const result = blogPostInputSchema.parse(
      post({
        main_sections: [empty, { type: "h3", title: "Sezione", content: "" }, empty],
        internal_links: [
          { text: "", url: "" },
          { text: "Chi siamo", url: "/about" },
        ],
        images_data: [
          { url: "", alt: "", caption: "", position: "" },
          { url: "/images/a.webp", alt: "Un'immagine", caption: "", position: "" },
        ],
      }),
    );
    expect(result.main_sections).toEqual([{ type: "h3", title: "Sezione", content: "" }]);
    expect(result.internal_links).toEqual([{ text: "Chi siamo", url: "/about" }]);
    expect(result.images_data).toEqual([{ url: "/images/a.webp", alt: "Un'immagine", caption: null, position: 0 }]);
  });

  it("names each wrong field of a filled row where it stands, and asks for one section when none is filled", () => {
    const result = blogPostInputSchema.safeParse(
      post({
        main_sections: [empty, { type: "h2", title: "", content: "" }],
        external_links: [
          { text: "", url: "" },
          { text: "", url: "javascript:alert(1)" },
        ],
        images_data: [{ url: "", alt: "", caption: "Didascalia", position: "due" }],
      }),
    );
    expect(result.error!.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ["main_sections"], message: "Deve esserci almeno una sezione" },
      { path: ["external_links", 1, "text"], message: "Il testo del link è obbligatorio" },
      { path: ["external_links", 1, "url"], message: expect.any(String) },
      { path: ["images_data", 0, "url"], message: "Indirizzo dell'immagine non valido" },
      { path: ["images_data", 0, "alt"], message: "Il testo alternativo dell'immagine è obbligatorio" },
      { path: ["images_data", 0, "position"], message: "La posizione deve essere un numero intero maggiore o uguale a 0" },
    ]);
  });

  it("asks for a section's title when it has content", () => {
    const result = blogPostInputSchema.safeParse(post({ main_sections: [{ type: "h2", title: "", content: "Testo" }] }));
    expect(result.error!.issues).toEqual([expect.objectContaining({ path: ["main_sections", 0, "title"], message: "Il titolo della sezione è obbligatorio" })]);
  });
});
