import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityPreloads, lowPriorityPreloadStream } from "./preload-priority.server";

const page =
  '<html><head><title>Perché è così</title></head><body><p>Città</p><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/><script type="module">import "/assets/a.js";</script></body></html>';
const expected = page.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("script preloads at low priority", () => {
  it("marks every modulepreload link of a whole document and nothing else", () => {
    expect(lowPriorityPreloads(page)).toBe(expected);
    expect(lowPriorityPreloads('<link rel="stylesheet" href="/a.css">')).toBe('<link rel="stylesheet" href="/a.css">');
  });

  it("gives a streamed document the same bytes wherever the chunks are cut, even inside a tag or an accented letter", async () => {
    const bytes = Buffer.from(page, "utf8");
    for (let cut = 1; cut < bytes.length; cut++) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
      const out = await text(Readable.from(chunks).pipe(lowPriorityPreloadStream()));
      expect(out, `cut at ${cut}`).toBe(expected);
    }
    const byteByByte = await text(Readable.from([...bytes].map((byte) => Buffer.from([byte]))).pipe(lowPriorityPreloadStream()));
    expect(byteByByte).toBe(expected);
  });
});
