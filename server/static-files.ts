import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { contentSecurityPolicy } from "~/server/csp.server";
import { env } from "~/server/env.server";
import { requestEnded, requestStarted } from "~/server/load.server";
import { logger, logWhenAnswered } from "~/server/logger.server";
import { preferredEncoding } from "./page-cache";
import { requestIsSecure, setSecurityHeaders } from "./security-headers";

/**
 * The build's client files (hashed scripts, styles and images under /assets/, the icons, pictures and demo video
 * beside them) answered before Express, as a page cache hit is: through Express's middleware and `express.static`
 * (a stat and a read stream per request) a 253-byte icon came at 2,100 a second, a hashed script at 5,200, when the
 * cached home page comes at 28,000 (docs/decisions/097-static-files-before-express.md).
 *
 * The files are listed once at start (the build does not change under a running server); a file's bytes are read on
 * its first request, and a compressible one is compressed at the best levels (Brotli 11, gzip 9), both in libuv's
 * pool, off the event loop; until that is done its requests go through Express, compressed per response as before. Each
 * answer's header list is built once per file, coding and scheme. What this does not answer goes on to Express as
 * before: another method, a byte range (the video's player asks for ranges), a file the build does not have.
 */

type Encoding = "br" | "gzip" | "identity";

interface StaticFile {
  path: string;
  type: string;
  compressible: boolean;
  etag: string;
  lastModified: string;
  /** Last-Modified's second, for If-Modified-Since. */
  modifiedSeconds: number;
  cacheControl: string;
  /** `/assets/` files are subresources: they get what a subresource uses, not a document's headers. */
  asset: boolean;
  bodies?: Partial<Record<Encoding, Buffer>>;
  /** Header lists for writeHead, by status, coding and scheme: `${status} ${encoding} ${secure}`. */
  heads: Map<string, string[]>;
}

/** Files larger than this (none in the build today) are left to express.static's streams. */
const MAX_KEPT_BYTES = 1024 * 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TYPES: Record<string, [type: string, compressible: boolean]> = {
  ".js": ["text/javascript; charset=utf-8", true],
  ".css": ["text/css; charset=utf-8", true],
  ".svg": ["image/svg+xml", true],
  ".json": ["application/json", true],
  ".txt": ["text/plain; charset=utf-8", true],
  ".xml": ["application/xml", true],
  ".webmanifest": ["application/manifest+json", true],
  ".webp": ["image/webp", false],
  ".png": ["image/png", false],
  ".jpg": ["image/jpeg", false],
  ".avif": ["image/avif", false],
  ".ico": ["image/x-icon", true],
  ".woff2": ["font/woff2", false],
  ".mp4": ["video/mp4", false],
  ".webm": ["video/webm", false],
};

/** A policy for a file that is not a page: no script of any kind runs in it (an SVG opened on its own). */
let filePolicy: string | undefined;

function listFiles(dir: string, urlPrefix: string, files: Map<string, StaticFile>) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    const url = `${urlPrefix}/${entry.name}`;
    if (entry.isDirectory()) {
      listFiles(file, url, files);
      continue;
    }
    const known = TYPES[path.extname(entry.name).toLowerCase()];
    if (!entry.isFile() || !known) continue;
    const stat = fs.statSync(file);
    if (stat.size > MAX_KEPT_BYTES) continue;
    const asset = url.startsWith("/assets/");
    files.set(url, {
      path: file,
      type: known[0],
      compressible: known[1],
      // express.static's own validator (the `send` package's), so that a range or a revalidation it answers agrees.
      etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
      lastModified: stat.mtime.toUTCString(),
      modifiedSeconds: Math.floor(stat.mtime.getTime() / 1000),
      cacheControl: asset ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      asset,
      heads: new Map(),
    });
  }
}

/** Whether the file's bytes are in memory; on its first request they are read, and compressed if it compresses, off the event loop. */
function bodiesReady(file: StaticFile): boolean {
  if (file.bodies) return file.bodies.identity !== undefined;
  const bodies: Partial<Record<Encoding, Buffer>> = {};
  file.bodies = bodies;
  void load(file, bodies).catch((error: unknown) => {
    logger.error({ err: error, file: file.path }, "static files: could not read or compress");
    file.bodies = undefined;
  });
  return false;
}

async function load(file: StaticFile, bodies: Partial<Record<Encoding, Buffer>>) {
  const raw = await fs.promises.readFile(file.path);
  if (file.compressible) {
    const quality = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length };
    const [br, gz] = await Promise.all([brotli(raw, { params: quality }), gzip(raw, { level: 9 })]);
    // A coding that saves nothing (a tiny icon) is not offered: such a browser gets the file as it is.
    if (br.length < raw.length) bodies.br = br;
    if (gz.length < raw.length) bodies.gzip = gz;
  }
  // Set last: a file is answered from memory once its identity bytes are there.
  bodies.identity = raw;
}

/** The headers of a 200 (a HEAD's too: the length without the body) or of a 304 (no coding, no length). */
function head(file: StaticFile, status: 200 | 304, encoding: Encoding, secure: boolean) {
  const key = `${status} ${encoding} ${secure}`;
  let list = file.heads.get(key);
  if (list) return list;
  list = [];
  const sink: Pick<ServerResponse, "setHeader"> = {
    setHeader(name, value) {
      list!.push(name, String(value));
      return this as ServerResponse;
    },
  };
  filePolicy ??= contentSecurityPolicy([]);
  setSecurityHeaders(sink, { secure, contentSecurityPolicy: file.asset ? undefined : filePolicy });
  list.push("Content-Type", file.type, "Cache-Control", file.cacheControl);
  // A hashed file never changes and is cached for a year: no validator for a browser to send back (80 bytes on each
  // of a page's scripts, as decision 016 found of a document's headers).
  if (!file.asset) list.push("ETag", file.etag, "Last-Modified", file.lastModified);
  if (file.compressible) list.push("Vary", "Accept-Encoding");
  if (status === 200) {
    if (encoding === "identity") list.push("Accept-Ranges", "bytes");
    else list.push("Content-Encoding", encoding);
    list.push("Content-Length", String(file.bodies![encoding]!.length));
  }
  file.heads.set(key, list);
  return list;
}

function notModified(req: IncomingMessage, file: StaticFile) {
  const tags = req.headers["if-none-match"];
  if (tags) return tags.split(",").some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === file.etag.slice(2));
  const since = req.headers["if-modified-since"];
  if (!since) return false;
  const seconds = Date.parse(since) / 1000;
  return Number.isFinite(seconds) && file.modifiedSeconds <= seconds;
}

/**
 * The answerer of `clientDir`'s files: `answer(req, res, trustedHops)` answers a GET or HEAD of one of them and
 * returns true, or returns false and leaves the request to Express. `trustedHops`: Express's `trust proxy`.
 */
export function staticFiles(clientDir: string) {
  const files = new Map<string, StaticFile>();
  if (fs.existsSync(clientDir)) listFiles(clientDir, "", files);
  return function answerStaticFile(req: IncomingMessage, res: ServerResponse, trustedHops: number): boolean {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.range) return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const file = files.get(query === -1 ? url : url.slice(0, query));
    if (!file || !bodiesReady(file)) return false;
    requestStarted();
    res.once("close", requestEnded);
    logWhenAnswered(req, res, url);
    const secure = env().isProduction && requestIsSecure(req, trustedHops);
    const bodies = file.bodies!;
    const wanted = file.compressible ? preferredEncoding(req.headers["accept-encoding"]) : "identity";
    const encoding = bodies[wanted] ? wanted : "identity";
    if (notModified(req, file)) {
      res.writeHead(304, head(file, 304, encoding, secure));
      res.end();
      return true;
    }
    res.writeHead(200, head(file, 200, encoding, secure));
    res.end(req.method === "GET" ? bodies[encoding] : undefined);
    return true;
  };
}
