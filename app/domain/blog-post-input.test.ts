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
