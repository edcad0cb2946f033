import { logger } from "./logger.server";

/**
 * Text as a byte stream read on demand, one chunk each time the client has taken the last: a large
 * file never sits whole in memory. When a chunk fails the download breaks off (the headers are gone),
 * and the log says where, never the rows.
 */
export function textStream(chunks: Iterator<string> | AsyncIterator<string>, scope: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          logger.error({ scope, name: (error as Error)?.name }, "download interrupted");
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return?.(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
