import express, { type Response } from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RENDERS_PER_CLIENT, pageCacheMiddleware } from "../../server/page-cache";

/**
 * Decision 073: one client address has at most MAX_RENDERS_PER_CLIENT (6) renders under way at once.
 * The page cache's middleware runs in front of a handler that holds every render until the test lets
 * it go, so what is under way is known exactly: the seventh request of an address waits for a place
 * and gets it when one ends, past twelve waiting the next is answered 503 at once, a wait longer than
 * 2 s is answered 503, and another address and /healthz are never held up by it.
 */

let server: http.Server;
let base: string;
/** Renders that reached the handler (the app), by path, still open until released. */
const held: { path: string; res: Response }[] = [];

beforeAll(async () => {
  const app = express();
  app.use(pageCacheMiddleware);
  app.get("/healthz", (_req, res) => void res.end("ok"));
  app.get("/{*path}", (req, res) => void held.push({ path: req.path, res }));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const { res } of held.splice(0)) res.end();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  status: number;
  retryAfter?: string;
  body: string;
}

/** A signed-in visitor's page (always rendered, never from the cache) from `client`. */
function ask(path: string, client: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { agent: false, headers: { "x-client-ip": client, cookie: "better-auth.session_token=qualsiasi" } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"] as string | undefined, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

/** Waits until `count` renders have reached the handler (or fails after 2 s). */
async function reached(count: number) {
  const deadline = Date.now() + 2000;
  while (held.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(held.length).toBe(count);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** Ends the held render of `path`: its answer is 200 "fatto". */
function release(path: string) {
  const index = held.findIndex((entry) => entry.path === path);
  expect(index).toBeGreaterThanOrEqual(0);
  held.splice(index, 1)[0]!.res.end("fatto");
}

describe("renders per client address (decision 073)", () => {
  it("lets six renders of one address run, holds the seventh until one ends, and never holds up another address or /healthz", async () => {
    expect(MAX_RENDERS_PER_CLIENT).toBe(6);
    const client = "203.0.113.7";
    const six = Array.from({ length: 6 }, (_, index) => ask(`/pagina-${index}`, client));
    await reached(6);
    const seventh = ask("/settima", client);
    await settle();
    // The seventh waits: it has not reached the app.
    expect(held.map((entry) => entry.path)).not.toContain("/settima");

    // Another address renders at once, and the health check answers.
    const other = ask("/altro-indirizzo", "198.51.100.9");
    await reached(7);
    expect(await ask("/healthz", client)).toMatchObject({ status: 200, body: "ok" });
    release("/altro-indirizzo");
    expect(await other).toMatchObject({ status: 200, body: "fatto" });

    // One of the six ends: the seventh takes its place and is answered.
    release("/pagina-0");
    expect(await six[0]).toMatchObject({ status: 200, body: "fatto" });
    await reached(6);
    expect(held.map((entry) => entry.path)).toContain("/settima");
    release("/settima");
    expect(await seventh).toMatchObject({ status: 200, body: "fatto" });
    for (let index = 1; index < 6; index++) release(`/pagina-${index}`);
    await Promise.all(six);
    expect(held).toHaveLength(0);
  });

  it("answers 503 with Retry-After at once past twelve waiting, and after 2 s of waiting", async () => {
    const client = "203.0.113.8";
    const running = Array.from({ length: 6 }, (_, index) => ask(`/lenta-${index}`, client));
    await reached(6);
    const startedWaiting = Date.now();
    const waiting = Array.from({ length: 12 }, (_, index) => ask(`/in-attesa-${index}`, client));
    await settle();
    const refusedAt = Date.now();
    const refused = await ask("/una-di-troppo", client);
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe("1");
    expect(refused.body).toBe("Troppe richieste insieme da questo indirizzo: riprova tra un attimo.");
    // Refused before any work and without waiting its turn.
    expect(Date.now() - refusedAt).toBeLessThan(1000);

    // Nobody ended: the twelve waiting are refused once they have waited 2 s, none reached the app.
    const answers = await Promise.all(waiting);
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 12 }, () => 503));
    expect(Date.now() - startedWaiting).toBeGreaterThanOrEqual(1900);
    expect(held.map((entry) => entry.path).filter((path) => path.startsWith("/in-attesa"))).toEqual([]);

    for (let index = 0; index < 6; index++) release(`/lenta-${index}`);
    expect((await Promise.all(running)).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // With its renders ended, the address renders again.
    const after = ask("/di-nuovo", client);
    await reached(1);
    release("/di-nuovo");
    expect(await after).toMatchObject({ status: 200 });
  });
});
