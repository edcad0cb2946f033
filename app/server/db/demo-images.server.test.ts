import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { blogSeedPosts } from "~/content/blog-seed";
import { therapistSeeds } from "~/content/therapists-seed";
import { monogramSvg, postIllustrations } from "./demo-images.server";

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

/** Words that would claim a person is in the picture; none of the scenes draws one. */
const PERSON_WORDS = /\b(donn[ae]|uomo|uomini|person[ae]|giovan[ei]|ragazz[aoie]|amic[oaih]e?|mani|signor[ae]?|bambin[aoie]|coppia|foto(grafia)?)\b/i;

function drawings() {
  return blogSeedPosts.flatMap((post) => {
    const illustrations = postIllustrations[post.slug]!;
    return [{ name: `${post.slug} cover`, svg: illustrations.cover() }, ...illustrations.images.map((draw, index) => ({ name: `${post.slug} image ${index + 1}`, svg: draw() }))];
  });
}

describe("demo images", () => {
  it("draws a cover and one illustration per paragraph image for every demo post", () => {
    for (const post of blogSeedPosts) {
      expect(postIllustrations[post.slug], post.slug).toBeDefined();
      expect(postIllustrations[post.slug]!.images).toHaveLength(post.images_data.length);
    }
    expect(Object.keys(postIllustrations).sort()).toEqual(blogSeedPosts.map((post) => post.slug).sort());
  });

  it("never shows the same picture twice, in the SVG or in the rasterized image", async () => {
    const all = [...drawings(), ...therapistSeeds.map((seed, index) => ({ name: seed.name, svg: monogramSvg(seed.name, index) }))];
    expect(new Set(all.map((drawing) => sha256(drawing.svg))).size).toBe(all.length);
    const rasters = await Promise.all(all.map((drawing) => png(drawing.svg)));
    expect(new Set(rasters.map(sha256)).size).toBe(all.length);
  });

  it("rasterizes covers and paragraph images at 1280×720 and monograms as squares", async () => {
    for (const drawing of drawings()) {
      expect(await sharp(await png(drawing.svg)).metadata(), drawing.name).toMatchObject({ width: 1280, height: 720 });
    }
    expect(await sharp(await png(monogramSvg("Chiara Bellini", 0))).metadata()).toMatchObject({ width: 640, height: 640 });
  });

  it("writes the therapist's initials on the monogram, and they really render", async () => {
    const svg = monogramSvg("Chiara Bellini", 0);
    expect(svg).toContain(">CB</text>");
    // Without a usable font the text would rasterize to nothing, leaving only the background.
    const withoutText = svg.replace(/<text[^>]*>CB<\/text>/, "");
    expect(sha256(await png(svg))).not.toBe(sha256(await png(withoutText)));
  });

  it("describes each image as the illustration it is, never as a photo of a person", () => {
    for (const post of blogSeedPosts) {
      for (const image of post.images_data) {
        expect(image.alt, post.slug).toMatch(/^Illustrazione: \S/);
        expect(image.alt, post.slug).not.toMatch(PERSON_WORDS);
      }
      expect(post.image_credits, post.slug).toMatch(/^Illustrazioni realizzate per /);
      expect(post.image_credits, post.slug).not.toMatch(/unsplash|foto|ritratt/i);
    }
  });
});
