import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compressResponses } from "../../server/page-cache";

/**
 * A large page streamed as React Router streams it (`writeReadableStreamToWritable`: a write, and a
 * `once("drain")` then `off("drain")` whenever the buffer is full) through the server's compression,
 * asked with Brotli: no `MaxListenersExceededWarning` (server/drain-relay.ts). The same page through
 * `compression` alone shows the warning, so the test sees the leak it guards against.
 */

/** About 2 MB of HTML in 16 KB chunks, hex text so that Brotli has work to do and the buffer fills. */
const CHUNKS = Array.from({ length: 128 }, () => `<tr><td>${randomBytes(8 * 1024).toString("hex")}</td></tr>`);

let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** The page through `middleware`, asked with Brotli: the HTML received and the warnings the process emitted meanwhile. */
async function bigPage(middleware: RequestHandler) {
  const app = express();
  app.use(middleware);
  app.get("/", (_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of CHUNKS) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    void writeReadableStreamToWritable(body, res);
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  process.on("warning", onWarning);
  try {
    const answer = await new Promise<{ encoding?: string; html: string }>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/`, { headers: { "accept-encoding": "br" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], html: zlib.brotliDecompressSync(Buffer.concat(chunks)).toString("utf8") }));
          res.on("error", reject);
        })
        .on("error", reject);
    });
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    return { ...answer, leaks: warnings.filter((warning) => warning.name === "MaxListenersExceededWarning").map((warning) => warning.message) };
  } finally {
    process.off("warning", onWarning);
  }
}

describe("a large page compressed with Brotli", () => {
  it("is answered whole, with no MaxListenersExceededWarning", async () => {
    const answer = await bigPage(compressResponses);
    expect(answer.encoding).toBe("br");
    expect(answer.html).toBe(CHUNKS.join(""));
    expect(answer.leaks).toEqual([]);
  });

  it("through compression alone, leaves a drain listener per wait on the stream (what the relay fixes)", async () => {
    const answer = await bigPage(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } }));
    expect(answer.html).toBe(CHUNKS.join(""));
    expect(answer.leaks.some((message) => /drain listeners added to \[BrotliCompress\]/.test(message))).toBe(true);
  });
});
