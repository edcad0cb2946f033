/**
 * Public pages are the same for every visitor (consent lives in the browser), so shared caches
 * may keep them for five minutes and serve a stale copy for a day while refreshing it.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";

export function publicCacheHeaders(): HeadersInit {
  return { "Cache-Control": PUBLIC_CACHE_CONTROL };
}
