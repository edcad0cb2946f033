import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { outage } from "~/content/outage";
import { withOutageResponses } from "./outage.server";

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
const failing = (error: Error) => async () => {
  throw error;
};

/** A server build with one page and one API route whose loaders fail as the test says. */
function buildWith(error: Error) {
  const page = { default: () => null, loader: failing(error), action: failing(error) };
  const api = { loader: failing(error) };
  const renderDocument = async () => new Response("<html>the page</html>", { status: 200 });
  return {
    routes: {
      "routes/blog": { id: "routes/blog", path: "blog", module: page },
      "routes/api/groups": { id: "routes/api/groups", path: "api/groups", module: api },
    },
    entry: { module: { default: renderDocument } },
  } as unknown as ServerBuild;
}

type Handler = (args: { request: Request }) => Promise<unknown>;
const loaderOf = (build: ServerBuild, id: string) => build.routes[id]!.module.loader as unknown as Handler;
const request = (url: string, accept = "*/*") => new Request(url, { headers: { Accept: accept } });

describe("withOutageResponses", () => {
  it("answers an API call that met the outage with 503, Retry-After and an Italian error", async () => {
    const build = withOutageResponses(buildWith(refused()));
    const response = (await loaderOf(build, "routes/api/groups")({ request: request("http://localhost/api/groups") })) as Response;
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: outage.apiError });
  });

  it("gives a browser the Italian page instead, even on an API address (a form posted without JavaScript)", async () => {
    const build = withOutageResponses(buildWith(refused()));
    const response = (await loaderOf(build, "routes/api/groups")({ request: request("http://localhost/api/groups", "text/html,*/*") })) as Response;
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain('<html lang="it">');
    expect(html).toContain(outage.title);
  });

  it("makes a page's loader throw a 503, which the document handler renders as the outage page", async () => {
    const build = withOutageResponses(buildWith(refused()));
    await expect(loaderOf(build, "routes/blog")({ request: request("http://localhost/blog") })).rejects.toMatchObject({ init: { status: 503 } });
    const render = build.entry.module.default as unknown as (request: Request, status: number) => Promise<Response>;
    const unavailable = await render(request("http://localhost/blog"), 503);
    expect(unavailable.headers.get("Retry-After")).not.toBeNull();
    expect(await unavailable.text()).toContain(outage.message);
    expect(await (await render(request("http://localhost/blog"), 200)).text()).toBe("<html>the page</html>");
  });

  it("lets every other error through unchanged", async () => {
    const bug = new TypeError("undefined is not a function");
    const build = withOutageResponses(buildWith(bug));
    await expect(loaderOf(build, "routes/api/groups")({ request: request("http://localhost/api/groups") })).rejects.toBe(bug);
    await expect(loaderOf(build, "routes/blog")({ request: request("http://localhost/blog") })).rejects.toBe(bug);
  });

  it("wraps a build once, not on every request", () => {
    const original = buildWith(refused());
    expect(withOutageResponses(original)).toBe(withOutageResponses(original));
  });
});
