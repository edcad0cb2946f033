// Throwaway dev runner (helper, not for commit): like server.mjs in development, but re-attaches
// the platform when concurrent edits make Vite re-evaluate the server modules.
import express from "express";
const port = Number(process.env.PORT ?? 3201);
const server = express();
server.disable("x-powered-by");
const { createServer } = await import("vite");
const vite = await createServer({ server: { middlewareMode: true, hmr: false } });
let mod = await vite.ssrLoadModule("./server/app.ts");
await mod.startPlatform();
server.use((req, res, next) => mod.securityHeaders(req, res, next));
server.use(vite.middlewares);
server.use(async (req, res, next) => {
  try {
    const fresh = await vite.ssrLoadModule("./server/app.ts");
    await fresh.startPlatform();
    mod = fresh;
    fresh.app(req, res, next);
  } catch (error) {
    if (typeof error === "object" && error) vite.ssrFixStacktrace(error);
    next(error);
  }
});
server.listen(port, "0.0.0.0", () => console.log(`Server ready on http://localhost:${port}`));
