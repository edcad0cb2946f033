/**
 * Public pages are the same for every visitor (consent lives in the browser), so shared caches
 * may keep them for five minutes and serve a stale copy for a day while refreshing it.
 */
const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";

/**
 * A page that sets a cookie on its way (the root spends a form's flash, `readFlash`) is that
 * visitor's alone: no shared cache may keep it.
 */
export function publicCacheHeaders(parentHeaders?: Headers): HeadersInit {
  return { "Cache-Control": parentHeaders?.has("Set-Cookie") ? "private, no-store" : PUBLIC_CACHE_CONTROL };
}
