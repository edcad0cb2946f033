import { describe, expect, it } from "vitest";
import { placeImages, safeHref } from "./article";

const words = (n: number, prefix = "parola") => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(" ");

/** Three blocks of 100, 200 and 100 words: block ends at 100, 300 and 400 words. */
const blocks = [words(100, "uno"), words(200, "due"), words(100, "tre")];

function layout(items: ReturnType<typeof placeImages<{ position: number; alt: string }>>) {
  return items.map((item) => (item.kind === "image" ? item.image.alt : `block:${blocks.indexOf(item.block)}`));
}

describe("placeImages", () => {
  it("puts an image at position 0 before the first block", () => {
    expect(layout(placeImages(blocks, [{ position: 0, alt: "copertina" }]))).toEqual(["copertina", "block:0", "block:1", "block:2"]);
  });

  it("puts an image after the block where the running word count reaches its position", () => {
    const images = [
      { position: 100, alt: "fine del primo" },
      { position: 101, alt: "dentro il secondo" },
      { position: 350, alt: "dentro il terzo" },
    ];
    expect(layout(placeImages(blocks, images))).toEqual(["block:0", "fine del primo", "block:1", "dentro il secondo", "block:2", "dentro il terzo"]);
  });

  it("puts images past the end of the text at the end, in order of position", () => {
    const images = [
      { position: 5000, alt: "ultima" },
      { position: 401, alt: "penultima" },
    ];
    expect(layout(placeImages(blocks, images))).toEqual(["block:0", "block:1", "block:2", "penultima", "ultima"]);
  });

  it("keeps images with the same position in the order given", () => {
    const images = [
      { position: 150, alt: "a" },
      { position: 150, alt: "b" },
    ];
    expect(layout(placeImages(blocks, images))).toEqual(["block:0", "block:1", "a", "b", "block:2"]);
  });

  it("treats a negative or missing position as 0", () => {
    const images = [
      { position: -20, alt: "negativa" },
      { position: Number.NaN, alt: "mancante" },
    ];
    expect(layout(placeImages(blocks, images)).slice(0, 2)).toEqual(["negativa", "mancante"]);
  });

  it("reads the words of any block shape through textOf", () => {
    const sections = [
      { title: "Introduzione", content: words(49) },
      { title: "Il gruppo", content: words(48) },
    ];
    const items = placeImages(sections, [{ position: 60, alt: "foto" }], (s) => `${s.title} ${s.content}`);
    expect(items.map((item) => (item.kind === "image" ? item.image.alt : item.block.title))).toEqual(["Introduzione", "Il gruppo", "foto"]);
  });

  it("returns just the blocks without images, and just the images without blocks", () => {
    expect(placeImages(blocks, [])).toHaveLength(3);
    expect(placeImages([], [{ position: 300, alt: "sola" }])).toEqual([{ kind: "image", image: { position: 300, alt: "sola" } }]);
  });
});

describe("safeHref", () => {
  it.each([
    ...[["https://www.salute.gov.it/portale/home.html"], ["http://example.org/a?b=1#c"]], // absolute http and https links
    ...[["/questionario"], ["/blog/ansia-sociale#consigli"]], // pages of this site
  ])("keeps %j", (url) => {
    expect(safeHref(url)).toBe(url);
  });

  it("keeps an absolute link without the spaces around it", () => {
    expect(safeHref("  HTTPS://example.org  ")).toBe("HTTPS://example.org");
  });

  it.each([
    ...["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>alert(1)</script>", "mailto:info@example.org", "ftp://example.org/file"], // other schemes
    ...["//evil.example", "/\\evil.example"], // protocol-relative links and their backslash disguise
    ...["questionario", "https://", "/\t/evil.example", "java\nscript:alert(1)", "", null, undefined], // relative, malformed, control characters, empty
  ])("rejects %j", (url) => {
    expect(safeHref(url)).toBeNull();
  });
});
