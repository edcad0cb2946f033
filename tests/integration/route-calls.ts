import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { Database } from "../../app/server/db/client.server";
import { decodeFlash } from "../../app/domain/flash";

/**
 * Calling route modules in-process, as React Router does: a loader or action with a Request, the
 * route's params and the context server/app.ts builds (database, client address, CSP nonce).
 */
const ORIGIN = "http://localhost:3000";

interface RouteContext {
  db: Database;
  clientIp: string;
  cspNonce: string;
}

export type AnyHandler = (args: never) => unknown;

/** A `call(handler, request, params)` bound to one test file's context (read at each call: the database comes later). */
export function routeCaller(context: () => RouteContext) {
  return <T = unknown>(handler: AnyHandler, request: Request, params: Record<string, string> = {}) =>
    (handler as (args: { request: Request; params: Record<string, string>; context: RouteContext }) => Promise<T>)({
      request,
      params,
      context: context(),
    });
}

/** A same-origin request to `pathname`, as a signed-in browser (with `cookie`) or a visitor sends it. */
export function pageRequest(pathname: string, init: { cookie?: string; method?: string; body?: BodyInit } = {}) {
  const headers = new Headers({ origin: ORIGIN });
  if (init.cookie) headers.set("cookie", init.cookie);
  return new Request(`${ORIGIN}${pathname}`, { method: init.method ?? "GET", headers, body: init.body });
}

/** A form body; an array value becomes repeated fields. */
export function form(fields: Record<string, string | Blob | string[]>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) body.append(key, item);
    else body.append(key, value);
  }
  return body;
}

/** What an action answered: data() results carry their status in `init`, plain objects are 200, a Response its status (no data). */
export function answer(result: unknown): { status: number; body: Record<string, unknown> } {
  if (result instanceof Response) return { status: result.status, body: {} };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const wrapped = result as { data: Record<string, unknown>; init: { status?: number } | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  }
  return { status: 200, body: result as Record<string, unknown> };
}

/**
 * What a refused form shows, from an action's Conform result: each field's first message, and the
 * message over the whole form (Conform keeps it under the empty name).
 */
export function refusal(body: Record<string, unknown>): { fieldErrors: Record<string, string>; error?: string } {
  const errors = ((body.result as { error?: Record<string, string[] | null> } | undefined)?.error ?? {}) as Record<string, string[] | null>;
  const fieldErrors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(errors)) if (name && messages?.[0]) fieldErrors[name] = messages[0];
  return { fieldErrors, ...(errors[""]?.[0] ? { error: errors[""][0] } : {}) };
}

/** The flash a redirect sets for the next page (`redirectWithFlash`), decoded; null when it sets none. */
export function flashOf(response: unknown) {
  const cookie = response instanceof Response ? /^flash=([^;]*)/.exec(response.headers.get("Set-Cookie") ?? "") : null;
  return cookie ? decodeFlash(cookie[1]) : null;
}

/** The Response a loader or action threw (a gate's redirect, 401 or 403, a 404), read back; anything else fails the test. */
export async function thrownResponse(work: () => unknown): Promise<Response> {
  try {
    await work();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

/** The HTTP status a loader or action answered with, whether it returned or threw its Response (a gate's redirect or refusal). */
export async function statusOf(promise: Promise<unknown>) {
  try {
    const result = await promise;
    return result instanceof Response ? result.status : answer(result).status;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

/** The status each visitor gets from `page`, in order (a cookie, or undefined for an anonymous visitor). */
export async function statusesFor(page: (cookie?: string) => Promise<unknown>, cookies: (string | undefined)[]) {
  const statuses: number[] = [];
  for (const cookie of cookies) statuses.push(await statusOf(page(cookie)));
  return statuses;
}

/** A route component as the server renders it at `url`, with the loader data it would get. */
export function renderedRoute(Component: unknown, url: string, loaderData: unknown = null) {
  const Stub = createRoutesStub([{ id: "page", path: url, Component: Component as never, loader: () => loaderData }]);
  return renderToString(createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { page: loaderData } } }));
}
