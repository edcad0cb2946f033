import compression from "compression";
import type { NextFunction, Request, Response } from "express";
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { FLASH_COOKIE } from "~/domain/flash";
import { env } from "~/server/env.server";
import { requestEnded, requestStarted } from "~/server/load.server";
import { logger, logWhenAnswered } from "~/server/logger.server";
import type { PublicPages } from "~/server/public-pages.server";
import { relayDrain } from "./drain-relay";
import { requestIsSecure, setSecurityHeaders } from "./security-headers";

/**
 * Public HTML, compressed once. A document every visitor gets the same (entry.server.tsx renders it
 * without a nonce, its CSP lists the hashes of its inline scripts) is kept per URL for its s-maxage
 * as ready identity, gzip and Brotli bytes, and each request gets the one its Accept-Encoding takes.
 * Anything else (personal pages, data requests, errors) passes through and is compressed per
 * response at a bounded level (`compressResponses`). A write that changes public pages announces
 * them (`publicPagesChanged`, app/server/public-pages.server.ts): each instance drops those pages,
 * this one right after the write's commit, the others on its NOTIFY (`listenForNotifications`).
 */

type Encoding = "br" | "gzip" | "identity";

interface Representation {
  body: Buffer;
  etag: string;
  /**
   * The header list a hit on it sends before Express, built on the first such hit (plain HTTP, then
   * HTTPS): the same names, values and order as the headers set one by one (`answerCachedHit`).
   */
  hitHeads?: [plain?: string[], secure?: string[]];
}

interface CachedPage {
  /** The response headers the route set that belong to the page (type, caching, CSP, links). */
  headers: Record<string, string>;
  representations: Record<Encoding, Representation>;
  bytes: number;
  expires: number;
}

const KEPT_HEADERS = ["content-type", "cache-control", "content-security-policy", "link"];
const MAX_CACHED_PAGES = 500;
const MAX_CACHED_BYTES = 16 * 1024 * 1024;
/**
 * The query parameters a shared page reads, kept in its cache key; every other one is dropped, and
 * the page's cached document answers `/?cb=<random>` as it answers `/`. No cached page reads one
 * today (blog-post.tsx's `anteprima` is for signed-in staff, who bypass the cache): a shared page
 * that starts reading one names it here. docs/decisions/073-page-cache-against-floods.md
 */
const KEPT_QUERY_PARAMETERS: readonly string[] = [];
/** Paths seen answering a shared document (the cache key of a clean request), kept past expiry; bounded. */
const MAX_SHARED_PATHS = 2000;
/** Renders (cache misses, personal pages included) one client address may have under way at once. */
export const MAX_RENDERS_PER_CLIENT = 6;

const pageCache = new Map<string, CachedPage>();
/** The clean keys known to answer a shared document: a request there with other query parameters renders the clean URL. */
const sharedKeys = new Set<string>();
/** Renders under way per client address (`MAX_RENDERS_PER_CLIENT`). */
const rendersByClient = new Map<string, number>();
/** Requests waiting for one of their client's render places, first come first served. */
const waitingByClient = new Map<string, (() => void)[]>();
const MAX_WAITING_PER_CLIENT = 12;
const RENDER_WAIT_MS = 2000;
/** Renders under way per URL: concurrent misses wait for the first instead of rendering and compressing again. */
const rendering = new Map<string, Promise<CachedPage | undefined>>();
let cachedBytes = 0;
/** Bumped by every clear: a page whose render began before a write is not stored after it (whichever page). */
let generation = 0;

/**
 * The page a cache key (the request's URL) shows, as `publicPagesChanged` names pages: the path
 * without its query, decoded, without a trailing slash, in lower case (routes match in any case).
 */
function pagePath(url: string) {
  let pathname = url.split(/[?#]/, 1)[0] ?? "";
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: compared as sent.
  }
  return (
    pathname
      .replace(/\/{2,}/g, "/")
      .replace(/(.)\/+$/, "$1")
      .toLowerCase() || "/"
  );
}

/**
 * Drops `pages` (every page: "all") from this instance's cache, also the renders of them under way:
 * a request that comes after the clear renders the page again rather than wait for the old one.
 */
export function clearPageCache(pages: PublicPages = "all") {
  generation += 1;
  if (pages === "all") {
    pageCache.clear();
    rendering.clear();
    cachedBytes = 0;
    return;
  }
  const changed = new Set(pages.map(pagePath));
  for (const [key, page] of pageCache) {
    if (!changed.has(pagePath(key))) continue;
    pageCache.delete(key);
    cachedBytes -= page.bytes;
  }
  for (const key of rendering.keys()) if (changed.has(pagePath(key))) rendering.delete(key);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** On the request path: a bounded level (a few milliseconds for a page), as for every other response. */
const FAST = { brotli: 5, gzip: 6 };
/** What is kept: the best compression, paid once per stored page, after its first answer left. */
const BEST = { brotli: zlib.constants.BROTLI_MAX_QUALITY, gzip: zlib.constants.Z_BEST_COMPRESSION };

/** The page's three representations at `level`, compressed in libuv's thread pool (off the event loop). */
async function compressPage(html: Buffer, level: typeof FAST): Promise<Record<Encoding, Representation>> {
  const [br, gz] = await Promise.all([
    brotli(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: level.brotli,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzip(html, { level: level.gzip }),
  ]);
  // One strong validator per representation, as their bytes differ; the content hash is shared.
  const tag = createHash("sha256").update(html).digest("base64url").slice(0, 27);
  return {
    identity: { body: html, etag: `"${tag}"` },
    gzip: { body: gz, etag: `"${tag}-gzip"` },
    br: { body: br, etag: `"${tag}-br"` },
  };
}

/** What `preferredEncoding` answered for the Accept-Encoding headers seen lately: browsers send a handful of them. */
const encodingsSeen = new Map<string, Encoding>();
const MAX_ENCODINGS_SEEN = 64;

/** The best coding the client accepts (RFC 9110 §12.5.3): Brotli, then gzip, else identity. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (acceptEncoding === undefined) return "identity";
  let encoding = encodingsSeen.get(acceptEncoding);
  if (encoding) return encoding;
  encoding = parsedPreferredEncoding(acceptEncoding);
  if (encodingsSeen.size >= MAX_ENCODINGS_SEEN) encodingsSeen.clear();
  encodingsSeen.set(acceptEncoding, encoding);
  return encoding;
}

function parsedPreferredEncoding(acceptEncoding: string): Encoding {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [coding = "", ...parameters] = part.split(";").map((item) => item.trim());
    if (!coding) continue;
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    weights.set(coding, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

/** If-None-Match names one of the page's representations (weak comparison, as for GET). */
function notModified(req: IncomingMessage, page: CachedPage) {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  const tags = header.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  return Object.values(page.representations).some((representation) => tags.includes(representation.etag) || tags.includes("*"));
}

type HeaderSink = Pick<ServerResponse, "setHeader" | "removeHeader">;

/** The page's headers for `encoding`; `withBody`: a 200's coding and length too (a 304 has neither). */
function setPageHeaders(res: HeaderSink, page: CachedPage, encoding: Encoding, outcome: "hit" | "miss", withBody: boolean) {
  const representation = page.representations[encoding];
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", representation.etag);
  res.setHeader("X-Page-Cache", outcome);
  res.removeHeader("Content-Encoding");
  if (!withBody) return;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(representation.body.length));
}

function serve(req: IncomingMessage, res: ServerResponse, page: CachedPage, outcome: "hit" | "miss", end: (body?: Buffer) => void) {
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const modified = !notModified(req, page);
  setPageHeaders(res, page, encoding, outcome, modified);
  res.statusCode = modified ? 200 : 304;
  if (!modified) return end();
  end(req.method === "HEAD" ? undefined : page.representations[encoding].body);
}

/**
 * The headers `setSecurityHeaders` and `setPageHeaders` set on a hit, as a list for `writeHead`: what
 * Node's own header map would hold after those calls (each name once, in the place it was first set,
 * with its last case and value), built once per representation instead of on every hit.
 */
function hitHead(page: CachedPage, encoding: Encoding, secure: boolean, contentSecurityPolicy: string) {
  const headers = new Map<string, [name: string, value: string]>();
  const sink: HeaderSink = {
    setHeader(name, value) {
      headers.set(name.toLowerCase(), [name, String(value)]);
      return this as ServerResponse;
    },
    removeHeader(name) {
      headers.delete(name.toLowerCase());
    },
  };
  setSecurityHeaders(sink, { secure, contentSecurityPolicy });
  setPageHeaders(sink, page, encoding, "hit", true);
  return [...headers.values()].flat();
}

function store(key: string, page: CachedPage) {
  if (page.bytes > MAX_CACHED_BYTES / 8) return false;
  const previous = pageCache.get(key);
  if (previous) cachedBytes -= previous.bytes;
  pageCache.delete(key);
  // Oldest first: a Map iterates in insertion order.
  while (pageCache.size >= MAX_CACHED_PAGES || cachedBytes + page.bytes > MAX_CACHED_BYTES) {
    const [oldestKey, oldest] = pageCache.entries().next().value!;
    pageCache.delete(oldestKey);
    cachedBytes -= oldest.bytes;
  }
  pageCache.set(key, page);
  cachedBytes += page.bytes;
  if (sharedKeys.size >= MAX_SHARED_PATHS) sharedKeys.clear();
  sharedKeys.add(key);
  return true;
}

/**
 * The stored page's bytes compressed again at the best level, in the background once its first
 * answer left: later hits get the smaller bytes, with the same validators (the same document).
 */
function recompress(key: string, page: CachedPage) {
  compressPage(page.representations.identity.body, BEST).then(
    (best) => {
      if (pageCache.get(key) !== page) return;
      best.identity = page.representations.identity;
      const bytes = Object.values(best).reduce((sum, r) => sum + r.body.length, 0);
      page.representations = best;
      cachedBytes += bytes - page.bytes;
      page.bytes = bytes;
    },
    (error: unknown) => logger.error({ err: error }, "page cache: compression failed"),
  );
}

/** A response the cache may keep: a 200 shared document whose CSP carries hashes, not a nonce. */
function storable(req: Request, res: Response) {
  const cacheControl = String(res.getHeader("Cache-Control") ?? "");
  const policy = String(res.getHeader("Content-Security-Policy") ?? "");
  return (
    req.method === "GET" &&
    res.statusCode === 200 &&
    String(res.getHeader("Content-Type") ?? "").startsWith("text/html") &&
    /\bpublic\b/.test(cacheControl) &&
    /\bs-maxage=\d+/.test(cacheControl) &&
    !res.getHeader("Set-Cookie") &&
    !res.getHeader("Content-Encoding") &&
    !policy.includes("'nonce-")
  );
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
/** A form's outcome to show once (`app/server/flash.server.ts`): that page is this visitor's alone. */
const FLASH = new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=`);

/**
 * The cache key of a URL: its path and the query parameters a shared page reads (`KEPT_QUERY_PARAMETERS`),
 * and whether the URL had others (dropped).
 */
export function cacheKey(url: string): { key: string; dropped: boolean } {
  const question = url.indexOf("?");
  if (question < 0) return { key: url, dropped: false };
  const path = url.slice(0, question);
  const query = new URLSearchParams(url.slice(question + 1).split("#", 1)[0]);
  const kept = new URLSearchParams();
  let dropped = false;
  for (const [name, value] of query) {
    if (KEPT_QUERY_PARAMETERS.includes(name)) kept.append(name, value);
    else dropped = true;
  }
  const rest = kept.toString();
  return { key: rest ? `${path}?${rest}` : path, dropped: dropped || (rest === "" && question === url.length - 1) };
}

/**
 * At most MAX_RENDERS_PER_CLIENT renders per client address (`x-client-ip`, set by `clientAddress`
 * with the TRUST_PROXY rules) at once. One more waits for a place, up to RENDER_WAIT_MS and behind
 * at most MAX_WAITING_PER_CLIENT others (a browser's burst, a client that left a moment ago); past
 * that it is answered 503 with Retry-After, before any work. Counted whatever cookie comes (a
 * session cookie is easy to invent); hits are not renders. Off with RATE_LIMITS=off.
 */
function withRenderPlace(req: Request, res: Response, start: () => void) {
  // A client already gone: its 'close' has fired, nothing would give its place back (see renderAndStore).
  if (res.closed || res.destroyed || req.socket.destroyed) return start();
  // A per-client limit: off with the rate limits for a load benchmark from one address (npm run bench's 50 challenges at once).
  if (env().rateLimitsOff) return start();
  const client = String(req.headers["x-client-ip"] ?? req.socket.remoteAddress ?? "unknown");
  const take = () => {
    rendersByClient.set(client, (rendersByClient.get(client) ?? 0) + 1);
    res.once("close", () => {
      const left = (rendersByClient.get(client) ?? 1) - 1;
      if (left > 0) rendersByClient.set(client, left);
      else rendersByClient.delete(client);
      const waiting = waitingByClient.get(client);
      const following = waiting?.shift();
      if (waiting?.length === 0) waitingByClient.delete(client);
      following?.();
    });
    start();
  };
  if ((rendersByClient.get(client) ?? 0) < MAX_RENDERS_PER_CLIENT) return take();
  const waiting = waitingByClient.get(client) ?? [];
  if (waiting.length >= MAX_WAITING_PER_CLIENT) return refuseRender(res);
  waitingByClient.set(client, waiting);
  const leave = () => {
    clearTimeout(timer);
    const index = waiting.indexOf(resume);
    if (index >= 0) waiting.splice(index, 1);
    if (waiting.length === 0 && waitingByClient.get(client) === waiting) waitingByClient.delete(client);
  };
  const resume = () => {
    clearTimeout(timer);
    res.off("close", leave);
    if (res.closed || res.destroyed) return start();
    take();
  };
  const timer = setTimeout(() => {
    leave();
    res.off("close", leave);
    refuseRender(res);
  }, RENDER_WAIT_MS);
  res.once("close", leave);
  waiting.push(resume);
}

function refuseRender(res: Response) {
  res.statusCode = 503;
  res.setHeader("Retry-After", "1");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end("Troppe richieste insieme da questo indirizzo: riprova tra un attimo.");
}

/** Signed-in people (staff checking an edit, clients) and a form's outcome always get a fresh render. */
const personal = (req: IncomingMessage) => {
  const cookie = req.headers.cookie;
  return cookie !== undefined && (SESSION_COOKIE.test(cookie) || FLASH.test(cookie));
};

/** The stored page a GET or HEAD of `url` is answered with now, if any. */
function freshHit(key: string) {
  const hit = pageCache.get(key);
  return hit && hit.expires > Date.now() ? hit : undefined;
}

/**
 * A cache hit answered straight from Node's request event, before Express and React Router
 * (server.mjs): the same answer `pageCacheMiddleware` gives a hit, with the headers Express's
 * middleware would have set before it (the security headers, the request counted and logged), at a
 * fraction of the cost. Anything else, and a page stored without its own CSP (Express would send
 * a nonce one), returns false and goes to Express. `trustedHops`: Express's `trust proxy`.
 * docs/decisions/082-cache-hits-before-express.md
 */
export function answerCachedHit(req: IncomingMessage, res: ServerResponse, trustedHops: number): boolean {
  if ((req.method !== "GET" && req.method !== "HEAD") || personal(req)) return false;
  const url = req.url ?? "/";
  const page = freshHit(cacheKey(url).key);
  const policy = page?.headers["content-security-policy"];
  if (!page || policy === undefined) return false;
  requestStarted();
  res.once("close", requestEnded);
  const secure = env().isProduction && requestIsSecure(req, trustedHops);
  logWhenAnswered(req, res, url);
  if (req.headers["if-none-match"]) {
    // A validator to compare: rare, answered header by header as through Express.
    setSecurityHeaders(res, { secure, contentSecurityPolicy: policy });
    serve(req, res, page, "hit", (body) => void res.end(body));
    return true;
  }
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const representation = page.representations[encoding];
  const heads = (representation.hitHeads ??= []);
  const head = (heads[secure ? 1 : 0] ??= hitHead(page, encoding, secure, policy));
  res.writeHead(200, head);
  res.end(req.method === "HEAD" ? undefined : representation.body);
  return true;
}

export function pageCacheMiddleware(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  // The health check answers whatever a client floods (a proxy or monitor asks from its own address).
  if (req.path === "/healthz") return next();
  const render = () => withRenderPlace(req, res, next);
  if (personal(req)) return render();
  const { key, dropped } = cacheKey(req.originalUrl);
  const end = (body?: Buffer) => void res.end(body);
  const hit = freshHit(key);
  if (hit) return serve(req, res, hit, "hit", end);
  if (req.method !== "GET") return render();
  const pending = rendering.get(key);
  if (pending) {
    void pending.then((page) => (page ? serve(req, res, page, "hit", end) : render()), next);
    return;
  }
  // Other query parameters: a page known to be shared is rendered from its clean URL (what it shows
  // does not depend on them) and stored; any other page is rendered as asked and not stored.
  if (dropped && !sharedKeys.has(key)) return render();
  withRenderPlace(req, res, () => {
    if (dropped) req.url = req.originalUrl = key;
    renderAndStore(req, res, next, key);
  });
}

/**
 * Lets the request handler render, holding back the body of a storable response: once complete,
 * it is compressed, stored, and this response gets its representation like any later hit.
 */
function renderAndStore(req: Request, res: Response, next: NextFunction, key: string) {
  // A client gone while an earlier middleware was busy (express.static's stat): its 'close' has
  // already fired, so nothing would settle a render registered now, and every later request for the
  // URL would wait on it for ever. It is answered (to nobody) without being waited on.
  if (res.closed || res.destroyed || req.socket.destroyed) return next();
  let settle!: (page: CachedPage | undefined) => void;
  rendering.set(
    key,
    new Promise<CachedPage | undefined>((resolve) => {
      settle = (page) => {
        if (rendering.get(key) === done) rendering.delete(key);
        resolve(page);
      };
    }),
  );
  const done = rendering.get(key)!;
  res.once("close", () => settle(undefined));
  const startedIn = generation;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let decided: boolean | undefined;
  const chunks: Buffer[] = [];
  const keep = () => {
    if (decided === undefined) {
      decided = storable(req, res);
      if (!decided) {
        res.write = write as typeof res.write;
        res.end = end as typeof res.end;
        settle(undefined);
      }
    }
    return decided;
  };
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk && typeof chunk !== "function")
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!keep()) return write(chunk, ...rest);
    collect(chunk, rest[0]);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!keep()) return end(chunk, ...rest);
    collect(chunk, rest[0]);
    const html = Buffer.concat(chunks);
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = res.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const maxAge = Number(/\bs-maxage=(\d+)/.exec(headers["cache-control"] ?? "")?.[1] ?? 0);
    compressPage(html, FAST).then(
      (representations) => {
        const page: CachedPage = {
          headers,
          representations,
          bytes: Object.values(representations).reduce((sum, r) => sum + r.body.length, 0),
          expires: Date.now() + maxAge * 1000,
        };
        const stored = generation === startedIn && store(key, page);
        settle(page);
        serve(req, res, page, "miss", (body) => void end(body));
        if (stored) recompress(key, page);
      },
      (error: unknown) => {
        settle(undefined);
        logger.error({ err: error }, "page cache: compression failed");
        end(html);
      },
    );
    return res;
  }) as typeof res.end;
  next();
}

/**
 * Everything the page cache does not serve is compressed per response at a level whose cost is
 * bounded (gzip 6, Brotli 4); the cache's own bytes are already encoded and pass through.
 */
const compress = compression({
  level: 6,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  filter: (req, res) => !res.getHeader("X-Page-Cache") && compression.filter(req, res),
});

/** `compress`, its "drain" listeners kept on the response's own relay (server/drain-relay.ts: compression leaks them). */
export function compressResponses(req: Request, res: Response, next: NextFunction) {
  compress(req, res, (error?: unknown) => {
    if (error) return next(error);
    relayDrain(res);
    next();
  });
}
