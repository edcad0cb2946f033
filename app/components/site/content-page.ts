import type { UIMatch } from "react-router";
import { publicCacheHeaders } from "./public-cache";

/**
 * A content page (text, images, links, HTML forms) ships no React to the browser: its route module
 * exports `handle = contentPage`, and the root layout leaves out React Router's scripts when every
 * route of the page says so. What such a page needs beyond HTML (cookie banner, the forms' anti-spam
 * proof of work, closing the menu, the demo video) is the site script, which every page loads.
 */
export const contentPage = { hydrate: false } as const;

/**
 * The two exports every plain content page has, re-exported by its route module in one line:
 * `export { handle, headers } from "~/components/site/content-page";` (not hydrated, publicly cached).
 */
export const handle = contentPage;
export function headers({ parentHeaders }: { parentHeaders: Headers }) {
  return publicCacheHeaders(parentHeaders);
}

/** True unless every matched route below the root is a content page. */
export function shipsReact(matches: readonly UIMatch[]) {
  const routes = matches.filter((match) => match.id !== "root");
  return routes.length === 0 || routes.some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate !== false);
}
