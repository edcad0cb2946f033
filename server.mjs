// The production (and development) server: starts the platform (database, migrations,
// workers), serves static assets and the React Router app, and shuts down gracefully.
import compression from "compression";
import express from "express";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const isDevelopment = process.env.NODE_ENV === "development";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

const server = express();
server.disable("x-powered-by");
server.set("trust proxy", process.env.TRUST_PROXY === "true" ? 1 : false);

let mod;
let vite;
if (isDevelopment) {
  const { createServer } = await import("vite");
  vite = await createServer({ server: { middlewareMode: true } });
  mod = await vite.ssrLoadModule("./server/app.ts");
} else {
  mod = await import(path.join(buildDir, "server/index.js"));
}

const platform = await mod.startPlatform();
server.use(compression());
server.use(mod.securityHeaders);
server.use(mod.clientAddress);
server.use(mod.requestLogger);
server.use(mod.sameOriginWrites);
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
  server.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
  server.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
  server.use(mod.pageCacheMiddleware);
  server.use(mod.app);
}

const listener = server.listen(port, host, () => {
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
  await new Promise((resolve) => {
    listener.close(resolve);
    listener.closeIdleConnections?.();
  });
  await platform.stop();
  await vite?.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
