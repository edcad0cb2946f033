import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { notFoundSeo } from "~/domain/seo";
import { NotFound } from "~/root";
import { logger, redactUrl } from "~/server/logger.server";
import { contentPage } from "~/components/site/content-page";

export function loader({ request }: Route.LoaderArgs) {
  logger.warn({ path: redactUrl(new URL(request.url).pathname) }, "404: no route for path");
  return data(null, { status: 404 });
}

/** A content page: no React in the browser. */
export const handle = contentPage;

export const meta = ({ location }: Route.MetaArgs) => notFoundSeo(location.pathname);

export default function NotFoundRoute() {
  return <NotFound />;
}
