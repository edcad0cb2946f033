import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { createRequestHandler, type GetLoadContextFunction } from "@react-router/express";
import express, { type NextFunction, type Request, type Response } from "express";
import { randomBytes } from "node:crypto";
import { IncomingMessage } from "node:http";
import { contentSecurityPolicy } from "~/server/csp.server";
import { onPlatformStop, platform, startPlatform as startPlatformServices } from "~/server/platform.server";
import { env, isSiteHost } from "~/server/env.server";
import { errors } from "~/server/http/errors.server";
import { setFlash } from "~/server/flash.server";
import { UPLOAD_TOO_LARGE } from "~/domain/flash";
import { logger, logWhenAnswered } from "~/server/logger.server";
import { databaseOutageHandler, withOutageResponses } from "~/server/outage.server";

import { listenForNotifications } from "~/server/db/notifications.server";
import { emailsQueued } from "~/server/mail/outbox.server";
import { requestEnded, requestStarted } from "~/server/load.server";
import { announcedPages, onPublicPagesChanged, PAGE_CACHE_CHANNEL } from "~/server/public-pages.server";
import { clearPageCache } from "./page-cache";
import { setSecurityHeaders } from "./security-headers";

export { env } from "~/server/env.server";
export { isDatabaseUnavailable } from "~/server/db/client.server";
export { answerCachedHit, compressResponses, pageCacheMiddleware } from "./page-cache";
export { staticFiles } from "./static-files";

let notifications: ReturnType<typeof listenForNotifications> | undefined;

/**
 * The platform (database, migrations, workers), and this instance's page cache told of the public
 * pages each write changes: one here, right after its commit; one on another instance, through the
 * database's NOTIFY (`publicPagesChanged`).
 */
export async function startPlatform() {
  // The routes' modules are compiled while the database starts (a child process) and migrates, not after
  // the first request arrives: a third of a cold start's wall time on a two-core server (docs/performance.md).
  const routes = import("virtual:react-router/server-build");
  const started = await startPlatformServices();
  await routes;
  onPublicPagesChanged(clearPageCache);
  if (!notifications) {
    const listener = (notifications = listenForNotifications(started.databaseUrl, {
      [PAGE_CACHE_CHANNEL]: (payload) => {
        const pages = announcedPages(payload);
        if (pages) clearPageCache(pages);
      },
    }));
    onPlatformStop(async () => {
      notifications = undefined;
      await listener.stop();
    });
  }
  return started;
}

/**
 * Security headers for every response, with a fresh CSP nonce per request (a shared document replaces it by hashes).
 * The build's hashed files under /assets/ (scripts, styles, images; never a document or a worker) get only what a
 * subresource uses, nosniff (and HSTS): the document-only headers cost each of them 500 bytes, 14 KB over the
 * questionnaire's 28 scripts.
 */
export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  const secure = env().isProduction && req.secure;
  if (req.path.startsWith("/assets/")) {
    setSecurityHeaders(res, { secure });
    return next();
  }
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  setSecurityHeaders(res, { secure, contentSecurityPolicy: contentSecurityPolicy([`'nonce-${nonce}'`]) });
  next();
}

/** Refuses state-changing requests from another origin (CSRF): the browser tells us with Origin / Sec-Fetch-Site. */
export function sameOriginWrites(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const origin = req.get("origin");
  let crossOrigin: boolean;
  if (origin) {
    try {
      crossOrigin = !isSiteHost(new URL(origin).host, req.get("host"));
    } catch {
      crossOrigin = true;
    }
  } else {
    crossOrigin = req.get("sec-fetch-site") === "cross-site";
  }
  if (crossOrigin) {
    res.status(403).json({ error: "Richiesta rifiutata: proviene da un altro sito." });
    return;
  }
  next();
}

/**
 * Express's `trust proxy`: the number of proxy hops TRUST_PROXY names (validated with the rest of
 * the configuration), 0 without it; never `true`, which would believe any X-Forwarded-For.
 */
export function trustedProxyHops() {
  return env().TRUST_PROXY ?? 0;
}

/** The client address, set by us (never trusted from the client) for rate limiting. */
export function clientAddress(req: Request, _res: Response, next: NextFunction) {
  req.headers["x-client-ip"] = (req.app.get("trust proxy") ? req.ip : req.socket.remoteAddress) ?? "unknown";
  next();
}

/** Uploads have their own 5 MB cap (staff's images and documents, a member's ISEE attestation); every other body is small. */
const MAX_BODY_BYTES = 1024 * 1024;
const UPLOAD_PATHS = /^\/(admin\/(upload\/|documenti)|area-personale\/pagamenti\/?$)/;

/**
 * A form the browser itself posts (no JavaScript: a page navigation) with a file: over the cap it is
 * sent back to its page (the form's action, a same-origin path), which says under the file field that
 * the file is too large, instead of a bare JSON answer.
 */
function uploadNavigation(req: Request) {
  return req.get("sec-fetch-mode") === "navigate" && (req.get("content-type") ?? "").startsWith("multipart/form-data");
}

/**
 * Refuses oversized bodies before React Router buffers them (page actions read formData()). A
 * declared size is checked at once (Node never reads past it); a chunked body is counted as it
 * streams and kept here, up to the cap, for the request handler to read again (`withReadBody`).
 */
export function bodySizeLimit(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const limit = UPLOAD_PATHS.test(req.path) ? 6 * 1024 * 1024 : MAX_BODY_BYTES;
  const refuse = () => {
    // Discard the body as it arrives (nothing is buffered) so the client can finish sending and read the answer.
    req.resume();
    if (uploadNavigation(req)) {
      res.setHeader("Set-Cookie", setFlash({ secure: req.secure }, UPLOAD_TOO_LARGE));
      // Its own path, never a protocol-relative "//host" one.
      res.redirect(303, /^\/(?![/\\])/.test(req.originalUrl) ? req.originalUrl : "/");
      return;
    }
    res.status(413).json({ error: "Richiesta troppo grande." });
  };
  if (Number(req.headers["content-length"] ?? 0) > limit) return refuse();
  if (req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] === undefined) return next();
  let chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) return void chunks.push(chunk);
    req.off("data", onData).off("end", onEnd);
    chunks = [];
    refuse();
  };
  const onEnd = () => {
    res.locals.readBody = Buffer.concat(chunks, size);
    next();
  };
  req.on("data", onData).once("end", onEnd);
}

/** The request handler reads the body itself: a chunked one bodySizeLimit already read is given back as a fresh stream. */
function withReadBody(handler: (req: Request, res: Response, next: NextFunction) => unknown) {
  return (req: Request, res: Response, next: NextFunction) => {
    const body = res.locals.readBody as Buffer | undefined;
    if (!body) return handler(req, res, next);
    const replay = new IncomingMessage(req.socket) as Request;
    Object.setPrototypeOf(replay, Object.getPrototypeOf(req));
    const headers = { ...req.headers, "content-length": String(body.length) };
    delete headers["transfer-encoding"];
    Object.assign(replay, { method: req.method, url: req.url, originalUrl: req.originalUrl, httpVersion: req.httpVersion, headers, app: req.app, res });
    replay.push(body);
    replay.push(null);
    replay.complete = true;
    return handler(replay, res, next);
  };
}

/** Counts the requests being answered (`serverBusy`, which background work yields to). */
export function countRequests(_req: Request, res: Response, next: NextFunction) {
  requestStarted();
  res.once("close", requestEnded);
  next();
}

/**
 * The answer to a write goes out after its transaction committed: this instance's outbox worker is
 * woken then, for the e-mails the write may have queued (a questionnaire, a contact, a booking, a
 * sign-in link), and delivers them within a tenth of a second instead of at its next 2 s poll.
 */
export function wakeOutboxAfterWrites(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") res.once("finish", emailsQueued);
  next();
}

export function requestLogger(req: Request, res: Response, next: NextFunction) {
  logWhenAnswered(req, res, req.originalUrl);
  next();
}

const trees = new WeakMap<ServerBuild, RouteObject[]>();

/** The route manifest as the tree matchRoutes walks. */
function routeTree(build: ServerBuild, parentId?: string): RouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route && route.parentId === parentId)
    .map((route) =>
      route!.index ? { id: route!.id, index: true } : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: routeTree(build, route!.id) },
    );
}

/**
 * The methods a path answers, read from the route modules it matches: GET and HEAD for a page or
 * a loader, POST for an action (of the route, or of the layout an index route sits in), OPTIONS.
 */
function allowedMethods(build: ServerBuild, pathname: string): string[] {
  // matchRoutes flattens and ranks every route on each call (a sixth of a submission's CPU under
  // load): the answer per path is kept, in a bounded map since paths come from clients.
  let known = allowedByPath.get(build);
  if (!known) allowedByPath.set(build, (known = new Map()));
  const cached = known.get(pathname);
  if (cached) return cached;
  const allowed = matchAllowedMethods(build, pathname);
  if (known.size >= ALLOWED_CACHE_PATHS) known.clear();
  known.set(pathname, allowed);
  return allowed;
}

const ALLOWED_CACHE_PATHS = 2000;
const allowedByPath = new WeakMap<ServerBuild, Map<string, string[]>>();

function matchAllowedMethods(build: ServerBuild, pathname: string): string[] {
  let tree = trees.get(build);
  if (!tree) trees.set(build, (tree = routeTree(build)));
  // Client navigations fetch the same routes as /path.data (single fetch).
  const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const matches = matchRoutes(tree, path) ?? [];
  const leaf = matches.at(-1);
  const modules = matches.map((match) => build.routes[match.route.id!]?.module);
  const leafModule = modules.at(-1);
  const targets = leaf?.route.index ? modules.slice(-2) : modules.slice(-1);
  const allowed: string[] = [];
  if (leafModule?.default || leafModule?.loader) allowed.push("GET", "HEAD");
  if (targets.some((module) => module?.action)) allowed.push("POST");
  return [...allowed, "OPTIONS"];
}

/**
 * Any other method gets 405 with the Allow list (TRACE included, which would otherwise reach the
 * Fetch API and fail as a 500); OPTIONS gets the list with 204.
 */
async function methodGuard(req: Request, res: Response, next: NextFunction) {
  const allowed = allowedMethods(await import("virtual:react-router/server-build"), req.path);
  if (allowed.includes(req.method) && req.method !== "OPTIONS") return next();
  res.setHeader("Allow", allowed.join(", "));
  if (req.method === "OPTIONS") return void res.status(204).end();
  req.resume();
  res.status(405).json({ error: errors.method });
}

export const app = express();
app.disable("x-powered-by");
app.use(methodGuard);

const getLoadContext: GetLoadContextFunction = (req, res) => ({
  db: platform().db,
  cspNonce: String(res.locals.cspNonce ?? ""),
  useScriptHashes: (hashes: readonly string[]) => void res.setHeader("Content-Security-Policy", contentSecurityPolicy(hashes)),
  clientIp: String(req.headers["x-client-ip"] ?? req.socket.remoteAddress ?? "unknown"),
});

const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();

/**
 * React Router's handler for the build, made once per build: given a function instead of the build,
 * createRequestHandler derives the routes and a static handler again on every request (flattening and
 * ranking all of them, a sixth of a submission's CPU under load). A new build (a change in
 * development) gets a handler of its own.
 */
async function reactRouter(req: Request, res: Response, next: NextFunction) {
  // While the database is unreachable, loaders and actions answer 503 (see outage.server.ts).
  const build = withOutageResponses(await import("virtual:react-router/server-build"));
  let handler = handlers.get(build);
  if (!handler) handlers.set(build, (handler = createRequestHandler({ build, getLoadContext })));
  return handler(req, res, next);
}

type ResourceAction = (args: { request: globalThis.Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
const resourceActions = new WeakMap<ServerBuild, Map<string, ResourceAction>>();

/** The actions of resource routes (no page) whose path has no parameter, by path: the JSON API and the webhooks. */
function staticResourceActions(build: ServerBuild) {
  let known = resourceActions.get(build);
  if (known) return known;
  known = new Map();
  const pathOf = (id: string | undefined): string | null => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const parent = pathOf(route.parentId);
    return parent === null ? null : [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  for (const route of Object.values(build.routes)) {
    const routeModule = route?.module;
    if (!route || route.index || !routeModule?.action || routeModule.default != null || routeModule.ErrorBoundary != null) continue;
    const path = pathOf(route.id);
    if (path && !/[:*?]/.test(path)) known.set(`/${path}`, routeModule.action as ResourceAction);
  }
  resourceActions.set(build, known);
  return known;
}

/**
 * A POST to a resource route is given to its action directly: for a route that has no page, React
 * Router's handler adds a routing already done, a data strategy for one route and a web-stream copy
 * of a few hundred bytes, a seventh of a submission's CPU under load (docs/decisions/014-questionnaire-one-statement.md).
 */
async function resourceAction(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "POST") return next();
  const build = withOutageResponses(await import("virtual:react-router/server-build"));
  const action = staticResourceActions(build).get(req.path);
  if (!action) return next();
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) value.forEach((each) => headers.append(name, each));
      else if (value !== undefined) headers.set(name, value);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`), { method: "POST", headers, body: Buffer.concat(chunks) });
    let response: unknown;
    try {
      response = await action({ request, params: {}, context: await getLoadContext(req, res) });
    } catch (thrown) {
      if (!(thrown instanceof globalThis.Response)) throw thrown;
      response = thrown;
    }
    if (!(response instanceof globalThis.Response)) throw new Error(`${req.path}: a resource route's action answers with a Response`);
    res.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") res.setHeader(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader("set-cookie", cookies);
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    next(error);
  }
}

app.post("/{*splat}", withReadBody(resourceAction));
app.all("/{*splat}", withReadBody(reactRouter));

app.use(databaseOutageHandler);

/** Last resort: never leak a stack trace. */
app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
  logger.error({ err: error }, "unhandled error");
  if (!res.headersSent) res.status(500).json({ error: "Si è verificato un errore interno. Riprova più tardi." });
});
