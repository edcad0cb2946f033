// The production (and development) server: starts the platform (database, migrations,
// workers), serves static assets and the React Router app, and shuts down gracefully.
import express from "express";
import http from "node:http";
import path from "node:path";
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
  server.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false, etag: false, lastModified: false }));
  // A file the build does not have (a stale chunk name) is a plain 404: /assets/ answers carry no document headers.
  server.use("/assets", (_req, res) => res.status(404).type("text/plain").send("Risorsa non trovata."));
  server.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
  server.use(mod.pageCacheMiddleware);
  server.use(mod.app);
}

// A page cache hit is answered before Express (its middleware and routing cost more than the answer):
// same headers, a fraction of the time (docs/decisions/082-cache-hits-before-express.md). PAGE_CACHE_FAST_HITS=off
// sends hits through Express too.
// The build's files are answered the same way, from memory, at their best compression
// (docs/decisions/097-static-files-before-express.md); a range, or a file not yet read, goes to Express.
const hops = mod.trustedProxyHops();
const fastHits = !vite && mod.env().PAGE_CACHE_FAST_HITS === "on";
const notAnswered = () => false;
const answerStaticFile = vite ? notAnswered : mod.staticFiles(path.join(buildDir, "client"));
const answerCachedHit = fastHits ? mod.answerCachedHit : notAnswered;
const answer = (req, res) => void (answerStaticFile(req, res, hops) || answerCachedHit(req, res, hops) || server(req, res));
// A slow client cannot hold a connection: headers within 10 s, the whole request (body included)
// within 30 s, checked every second; Node answers 408 and closes.
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
