import { createHash } from "node:crypto";
import { env } from "./env.server";

/** Sign-in providers the widget may post to (only those configured). */
function oauthOrigins() {
  const config = env();
  const origins = (
    [
      ["GITHUB_CLIENT_ID", "https://github.com"],
      ["GOOGLE_CLIENT_ID", "https://accounts.google.com"],
      ["AZURE_CLIENT_ID", "https://login.microsoftonline.com"],
    ] as const
  )
    .filter(([variable]) => config[variable])
    .map(([, origin]) => origin);
  return origins.length ? ` ${origins.join(" ")}` : "";
}

/**
 * The Content-Security-Policy of a response. `scriptSources` are what lets the document's own
 * inline scripts run: a per-response `'nonce-…'`, or the `'sha256-…'` of each inline script of a
 * document shared caches keep. Scripts those insert are trusted through 'strict-dynamic'.
 */
export function contentSecurityPolicy(scriptSources: readonly string[]) {
  // Third parties exist only when configured, and load only after consent (see the cookie banner).
  const { ANALYTICS_SRC, REVIEW_WIDGET_SRC, isProduction } = env();
  const analytics = ANALYTICS_SRC ? new URL(ANALYTICS_SRC).origin : "";
  const reviews = REVIEW_WIDGET_SRC ? new URL(REVIEW_WIDGET_SRC).origin : "";
  const extra = [analytics, reviews].filter(Boolean).join(" ");
  const scripts = [`'self'`, ...scriptSources, `'strict-dynamic'`, ...(extra ? [extra] : [])];
  return [
    `default-src 'self'`,
    `script-src ${scripts.join(" ")}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${extra ? ` ${extra}` : ""}`,
    `font-src 'self'`,
    `connect-src 'self'${extra ? ` ${extra}` : ""}${isProduction ? "" : " ws: wss:"}`,
    // The anti-spam widget (ALTCHA) solves its challenge in Web Workers it creates from blob: URLs.
    `worker-src 'self' blob:`,
    `frame-src ${reviews || "'none'"}`,
    `media-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'${oauthOrigins()}`,
    `frame-ancestors 'none'`,
  ].join("; ");
}

/**
 * True for a document every visitor gets the same (`Cache-Control: public, … s-maxage`, 200, no
 * cookie set): it is rendered without a nonce, so its bytes can be cached and compressed once, and
 * its CSP lists the hashes of its inline scripts instead (the page cache in server/ keeps only these).
 */
export function isSharedDocument(status: number, headers: Headers) {
  const cacheControl = headers.get("Cache-Control") ?? "";
  return status === 200 && /\bpublic\b/.test(cacheControl) && /\bs-maxage=\d+/.test(cacheControl) && !headers.has("Set-Cookie");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Types a browser runs; anything else (application/ld+json, importmap aside) is a data block. */
const EXECUTABLE = /^(?:|module|importmap|text\/javascript|application\/javascript)$/i;

/**
 * `'sha256-…'` of every inline script of an HTML document, as the browser hashes it: the text between
 * the tags, line breaks normalised to LF (the HTML parser does that before the CSP sees it), UTF-8.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? "";
    if (!EXECUTABLE.test(type.trim())) continue;
    const normalised = text.replace(/\r\n?/g, "\n");
    hashes.add(`'sha256-${createHash("sha256").update(normalised, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
