import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";

/**
 * Every page of the client area, as the route table lists them (pages added later included): the
 * meta a browser gets is the page's own, or the area layout's when it has none.
 */
const area = (routes as RouteConfigEntry[]).find((entry) => entry.path === "area-personale")!;
const pages = (area.children ?? []).map((child) => ({ path: child.index ? "" : child.path!, file: child.file })).filter((page) => page.file.endsWith(".tsx"));

type MetaModule = { meta?: (args: { location: { pathname: string } }) => MetaDescriptor[]; default?: unknown };
const load = (file: string) => import(/* @vite-ignore */ `../../${file}`) as Promise<MetaModule>;

describe("the client area's pages", { timeout: 60_000 }, () => {
  it("are found in the route table", () => {
    expect(pages.map((page) => page.path)).toEqual(expect.arrayContaining(["", "pagamenti", "dati", "chiamata"]));
  });

  it.each(pages)("$file has a description, is not indexed and carries WebPage JSON-LD with its breadcrumb", async ({ path, file }) => {
    const layout = await load(area.file);
    const page = await load(file);
    const pathname = `/area-personale${path ? `/${path.replace(/:(\w+)/g, "abc-$1")}` : ""}`;
    const tags = (page.meta ?? layout.meta)!({ location: { pathname } });
    expect(tags).toContainEqual({ name: "description", content: expect.stringMatching(/\S{3}/) });
    expect(tags).toContainEqual({ name: "robots", content: expect.stringContaining("noindex") });
    const webPage = tags.map((tag) => (tag as { "script:ld+json"?: Record<string, unknown> })["script:ld+json"]).find((block) => block?.["@type"] === "WebPage") as
      { url: string; inLanguage: string; breadcrumb: { itemListElement: { position: number; name: string; item: string }[] } } | undefined;
    expect(webPage).toBeDefined();
    expect(webPage!.inLanguage).toBe("it-IT");
    expect(new URL(webPage!.url).pathname).toBe(pathname);
    const trail = webPage!.breadcrumb.itemListElement;
    expect(trail[0]).toMatchObject({ position: 1, name: "Home" });
    expect(new URL(trail.at(-1)!.item).pathname).toBe(pathname);
    if (path) expect(trail[1]).toMatchObject({ name: "Area personale" });
  });
});

describe("the 404 page", () => {
  it("carries WebPage JSON-LD at the address asked for", async () => {
    const { notFoundSeo } = await import("~/domain/seo");
    const block = notFoundSeo("/non-esiste").find((tag) => "script:ld+json" in tag) as { "script:ld+json": { "@type": string; url: string; breadcrumb: unknown } };
    expect(block["script:ld+json"]).toMatchObject({ "@type": "WebPage", url: expect.stringMatching(/\/non-esiste$/), breadcrumb: expect.anything() });
  });
});
