// The production (and development) server: starts the platform (database, migrations,
// workers), serves static assets and the React Router app, and shuts down gracefully.
import express from "express";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
// Read before the app module exists, to choose between Vite and the build; the rest of the
// configuration comes from the app's validated env() below.
const isDevelopment = process.env.NODE_ENV === "development";

const server = express();
server.disable("x-powered-by");

let mod;
let vite;
if (isDevelopment) {
  const { createServer } = await import("vite");
  vite = await createServer({ server: { middlewareMode: true } });
  mod = await vite.ssrLoadModule("./server/app.ts");
} else {
  mod = await import(path.join(buildDir, "server/index.js"));
}

let platform;
let port;
let host;
try {
  ({ PORT: port, HOST: host } = mod.env());
  server.set("trust proxy", mod.trustedProxyHops());
  platform = await mod.startPlatform();
} catch (error) {
  // A configuration error names the variable: say it plainly, without a stack trace.
  if (error instanceof Error && error.message.startsWith("Invalid configuration")) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
server.use(mod.countRequests);
server.use(mod.compressResponses);
server.use(mod.securityHeaders);
server.use(mod.clientAddress);
server.use(mod.requestLogger);
server.use(mod.wakeOutboxAfterWrites);
server.use(mod.sameOriginWrites);
server.use(mod.bodySizeLimit);
if (vite) {
  server.use(vite.middlewares);
  server.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule("./server/app.ts");
      fresh.app(req, res, next);
    } catch (error) {
      if (typeof error === "object" && error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  server.use("/assets", precompressed(path.join(buildDir, "client/assets")));
  server.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
  // A file the build does not have (a stale chunk name) is a plain 404: /assets/ answers carry no document headers.
  server.use("/assets", (_req, res) => res.status(404).type("text/plain").send("Risorsa non trovata."));
  server.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
  server.use(mod.pageCacheMiddleware);
  server.use(mod.app);
}

/**
 * Hashed assets never change: each is compressed once (Brotli 11 for browsers that take it, else
 * gzip 9), kept in memory and sent as is, instead of being compressed again on every request.
 */
function precompressed(dir) {
  const cache = new Map();
  const types = { js: "text/javascript; charset=utf-8", css: "text/css; charset=utf-8", svg: "image/svg+xml", json: "application/json" };
  return (req, res, next) => {
    const accepted = req.headers["accept-encoding"] ?? "";
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    if (!/\.(js|css|svg|json)$/.test(req.path) || !encoding) return next();
    const file = path.join(dir, path.normalize(req.path));
    if (!file.startsWith(dir + path.sep)) return next();
    const key = `${encoding}:${file}`;
    let body = cache.get(key);
    if (!body) {
      if (!fs.existsSync(file)) return next();
      const raw = fs.readFileSync(file);
      body =
        encoding === "br"
          ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
          : zlib.gzipSync(raw, { level: 9 });
      cache.set(key, body);
    }
    res.setHeader("Content-Type", types[path.extname(file).slice(1)]);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("Content-Length", String(body.length));
    res.end(req.method === "HEAD" ? undefined : body);
  };
}

// A slow client cannot hold a connection: headers within 10 s, the whole request (body included)
// within 30 s, checked every second; Node answers 408 and closes.
// A page cache hit is answered before Express (its middleware and routing cost more than the answer):
// same headers, a fraction of the time (docs/decisions/082-cache-hits-before-express.md). PAGE_CACHE_FAST_HITS=off
// sends hits through Express too.
const hops = mod.trustedProxyHops();
const fastHits = !vite && mod.env().PAGE_CACHE_FAST_HITS === "on";
const answer = fastHits ? (req, res) => void (mod.answerCachedHit(req, res, hops) || server(req, res)) : server;
const listener = http.createServer({ headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 }, answer);
// CONNECT never reaches Express (Node would just drop the connection): refuse it like any wrong method.
listener.on("connect", (_req, socket) => {
  socket.end("HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, OPTIONS\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
});
listener.listen(port, host, () => {
  const address = listener.address();
  const shown = typeof address === "object" && address ? address.port : port;
  console.log(`Server ready on http://localhost:${shown}`);
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: shutting down`);
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  // Stop accepting, let requests under way finish, then stop workers and the database.
  const closed = new Promise((resolve) => listener.close(resolve));
  listener.closeIdleConnections?.();
  // A keep-alive connection busy at the signal may sit idle afterwards: after 10 s every one left is cut.
  const cut = setTimeout(() => listener.closeAllConnections?.(), 10_000);
  cut.unref();
  await closed;
  clearTimeout(cut);
  console.log("HTTP server closed: stopping workers and the database");
  await platform.stop();
  await vite?.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

// A lost database connection never ends the process: the pool reconnects when the database is back
// (a safety net; connection errors are handled where they happen). Anything else still does.
process.on("unhandledRejection", (reason) => {
  if (!mod.isDatabaseUnavailable(reason)) throw reason;
  console.error(`database unavailable (unhandled rejection): ${reason?.code ?? reason?.message ?? reason}`);
});
process.on("uncaughtException", (error) => {
  if (!mod.isDatabaseUnavailable(error)) {
    console.error(error);
    process.exit(1);
  }
  console.error(`database unavailable (uncaught): ${error?.code ?? error?.message}`);
});
