import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { data, type ServerBuild } from "react-router";
import { OUTAGE_RETRY_AFTER_SECONDS, outage } from "~/content/outage";
import { site } from "~/content/site";
import { describeDatabaseError, isDatabaseUnavailable, pingDatabase, type Database } from "./db/client.server";
import { formBodiesOnly } from "./http/body.server";
import { logger } from "./logger.server";

/**
 * What a request gets while the database is unreachable (down, restarting): 503 with Retry-After,
 * never cached, as JSON for the API and as a short Italian page for people.
 */

const outageHeaders = { "Cache-Control": "no-store", "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS) };

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** A page that needs nothing but itself: no database, no stylesheet, no script. */
const outagePage = `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(outage.title)} · ${escapeHtml(site.brand)}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1.5rem;box-sizing:border-box;background:#fbf8f3;color:#1f2a2e;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.5}
main{max-width:34rem;text-align:center}
h1{font-family:ui-serif,Georgia,Cambria,"Times New Roman",serif;font-size:1.75rem;line-height:1.2;margin:.5rem 0 1rem}
p{color:#3c4a4f;margin:.5rem 0}
.brand{font-weight:600;color:#256657}
a{display:inline-block;margin-top:1.25rem;padding:.75rem 1.5rem;border-radius:999px;background:#256657;color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #1f2a2e;outline-offset:3px}
</style>
</head>
<body>
<main>
<p class="brand">${escapeHtml(site.brand)}</p>
<h1>${escapeHtml(outage.title)}</h1>
<p>${escapeHtml(outage.message)}</p>
<p>${escapeHtml(outage.reassurance)}</p>
<a href="">${escapeHtml(outage.retry)}</a>
</main>
</body>
</html>
`;

/** JSON for the API and for clients that ask for it (fetch); the page for browsers, a form post without JavaScript included. */
function wantsJson(pathname: string, accept: string) {
  if (accept.includes("text/html")) return false;
  return pathname.startsWith("/api/") || accept.includes("application/json");
}

const outageHtml = () => new Response(outagePage, { status: 503, headers: { ...outageHeaders, "Content-Type": "text/html; charset=utf-8" } });

/** The answer to a request that met the outage at `where` (a route, an endpoint's scope). */
function outageResponse(request: Request, where: string, error: unknown): Response {
  logOutage(where, error);
  if (wantsJson(new URL(request.url).pathname, request.headers.get("accept") ?? "")) {
    return Response.json({ error: outage.apiError }, { status: 503, headers: outageHeaders });
  }
  return outageHtml();
}

/**
 * For a handler that turns every error into its own 500 (better-auth): a server error met while the
 * database does not answer becomes the outage answer, so the sign-in form says "try again in a
 * moment" instead of "something went wrong".
 */
export async function outageInsteadOfServerError(db: Database, request: Request, where: string, response: Response): Promise<Response> {
  if (response.status < 500) return response;
  try {
    await pingDatabase(db);
    return response;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) return response;
    return outageResponse(request, where, error);
  }
}

function logOutage(where: string, error: unknown) {
  logger.warn({ where, err: describeDatabaseError(error) }, "database unavailable: answered 503");
}

type Handler = (args: { request: Request }) => unknown;

/**
 * Every loader and action answers 503 when the database is unreachable: a resource route (the API,
 * feeds) with `outageResponse`; a page throws a 503 that the document handler turns into the
 * outage page, and that a client-side navigation shows in its error boundary.
 */
function guard(handler: Handler, routeId: string, isResource: boolean): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (isResource) return outageResponse(args.request, routeId, error);
      logOutage(routeId, error);
      throw data(outage.message, { status: 503 });
    }
  };
}

const guarded = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The server build with every route's loader and action guarded, and a document whose status is 503
 * (a guarded page met the outage) rendered as the outage page. Computed once per build.
 */
export function withOutageResponses(build: ServerBuild): ServerBuild {
  const known = guarded.get(build);
  if (known) return known;
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const routeModule = route.module;
    // React Router's own rule: a route with neither component nor error boundary is a resource route.
    const isResource = routeModule.default == null && routeModule.ErrorBoundary == null;
    routes[id] = {
      ...route,
      module: {
        ...routeModule,
        ...(routeModule.loader ? { loader: guard(routeModule.loader as Handler, id, isResource) } : {}),
        ...(routeModule.action ? { action: guard(isResource ? (routeModule.action as Handler) : formBodiesOnly(routeModule.action as Handler), id, isResource) } : {}),
      } as typeof routeModule,
    };
  }
  const renderDocument = build.entry.module.default;
  const entryModule: ServerBuild["entry"]["module"] = {
    ...build.entry.module,
    default: (request, status, ...rest) => (status === 503 ? outageHtml() : renderDocument(request, status, ...rest)),
  };
  const result: ServerBuild = { ...build, routes, entry: { ...build.entry, module: entryModule } };
  guarded.set(build, result);
  return result;
}

/** Express's last resort for whatever escaped the routes (the load context, the document renderer). */
export function databaseOutageHandler(error: unknown, req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  if (!isDatabaseUnavailable(error) || res.headersSent) return next(error);
  logOutage(req.path, error);
  res.status(503).set(outageHeaders);
  if (wantsJson(req.path, req.get("accept") ?? "")) res.json({ error: outage.apiError });
  else res.type("html").send(outagePage);
}
