import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { CookieBanner } from "./components/layout/cookie-banner";
import { ErrorNotice } from "./components/layout/error-notice";
import { Footer } from "./components/layout/footer";
import { Navbar } from "./components/layout/navbar";
import { ToastProvider } from "./components/ui/toast";
import { scrollToAnchor } from "./components/layout/anchor-link";
import { outage } from "./content/outage";
import { errorSeo, notFoundSeo } from "./domain/seo";
import { env } from "./server/env.server";
import { readFlash } from "./server/flash.server";
import { useContext, useEffect } from "react";
import { shipsReact } from "./components/site/content-page";
import siteScript from "./browser/site-script.ts?worker&url";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * Every page sets its own metadata; an error page replaces the failed route's, so without this a
 * 404 thrown by a loader (e.g. /call-{name} with another prefix) would have an empty <title>.
 */
export const meta: Route.MetaFunction = ({ error, location }) => {
  if (!error) return [];
  return isRouteErrorResponse(error) && error.status === 404 ? notFoundSeo(location.pathname) : errorSeo();
};

export async function loader({ request }: Route.LoaderArgs) {
  const { flash, headers } = readFlash(request);
  return data({ analyticsSrc: env().ANALYTICS_SRC, flash }, { headers });
}

/**
 * Asked again on every navigation (it costs a cookie parse): a flash shown once must be gone from
 * the next page, including one reached without reloading.
 */
export const shouldRevalidate = () => true;

/** Pages under /admin and the therapist area bring their own shell. */
function usesSiteChrome(pathname: string) {
  return !pathname.startsWith("/admin") && !pathname.startsWith("/terapeuta-area");
}

/**
 * Starts the site script (app/browser/site-script.ts, built on its own) on every page, from one
 * inline script that inserts it: with 'strict-dynamic' the CSP trusts a nonced or hashed inline
 * script and the scripts it creates, but not a `src` or an `import` of the page itself (Chromium
 * refuses both under a hash). Server-rendered once; React never runs it again.
 */
const startSiteScript = `const s=document.createElement("script");s.src=${JSON.stringify(siteScript)};document.head.append(s);`;

function SiteScript() {
  const nonce = useContext(UNSAFE_FrameworkContext)?.nonce;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: startSiteScript }} />;
}

function HashScroller() {
  const location = useLocation();
  useEffect(() => {
    if (location.hash) scrollToAnchor(decodeURIComponent(location.hash.slice(1)));
  }, [location.pathname, location.hash]);
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const chrome = usesSiteChrome(location.pathname);
  // Decided when the server renders the page: a browser running React is on a page that shipped it.
  const matches = useMatches();
  const react = typeof document !== "undefined" || shipsReact(matches);
  return (
    <html lang="it">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf8f3" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <ToastProvider>
          {chrome ? <Navbar /> : null}
          <main id="contenuto" className="flex flex-1 flex-col">
            {children}
          </main>
          {chrome ? <Footer /> : null}
          <CookieBanner analyticsSrc={rootData?.analyticsSrc} />
        </ToastProvider>
        <HashScroller />
        {/* Their nonce, if the document has one, comes from <ServerRouter nonce> (entry.server.tsx). */}
        {react ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
        <SiteScript />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function NotFound() {
  return (
    <section className="container-page grid flex-1 place-content-center gap-4 py-24 text-center">
      <p className="font-serif text-6xl font-semibold text-teal-700">404</p>
      <h1 className="text-3xl font-semibold">Oops! Page not found</h1>
      <p className="text-ink-700">La pagina che cerchi non esiste o è stata spostata.</p>
      <p>
        <Link to="/" className="btn btn-primary">
          Torna alla home
        </Link>
      </p>
    </section>
  );
}

/** A client-side navigation that met a database outage (a full page load gets the server's outage page). */
function Unavailable() {
  return (
    <section className="container-page grid flex-1 place-content-center gap-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{outage.title}</h1>
      <p className="text-ink-700">{outage.message}</p>
      <p className="text-ink-700">{outage.reassurance}</p>
      <p>
        <a href="" className="btn btn-primary">
          {outage.retry}
        </a>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 503) return <Unavailable />;
  return (
    <ErrorNotice
      status={isRouteErrorResponse(error) ? error.status : 500}
      title="Si è verificato un errore"
      message={isRouteErrorResponse(error) && error.status === 415 && typeof error.data === "string" ? error.data : "Qualcosa è andato storto. Riprova tra qualche istante."}
      link={{ to: "/", label: "Torna alla home" }}
    />
  );
}
