import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/** React Router's script preloads at low priority, so the stylesheet and images of a page come first and it paints before its scripts arrive. */
export function lowPriorityPreloads(html: string): string {
  return html.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
}

/** The same for a streamed document: a tag cut between two chunks waits for the next one. */
export function lowPriorityPreloadStream(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = held + decoder.write(chunk);
      const lastTag = text.lastIndexOf("<");
      const cut = lastTag !== -1 && PRELOAD.startsWith(text.slice(lastTag, lastTag + PRELOAD.length)) ? lastTag : text.length;
      held = text.slice(cut);
      done(null, lowPriorityPreloads(text.slice(0, cut)));
    },
    flush(done) {
      done(null, lowPriorityPreloads(held + decoder.end()));
    },
  });
}
