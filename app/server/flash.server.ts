import { redirect } from "react-router";
import { decodeFlash, encodeFlash, FLASH_COOKIE, type Flash } from "~/domain/flash";
import { usesSecureCookies } from "./auth.server";

/** A minute is ample for the redirect it rides on; a flash never outlives the visit. */
const FLASH_SECONDS = 60;

function flashCookie(request: Request | { secure: boolean }, value: string, maxAge: number) {
  const secure = ("secure" in request ? request.secure || usesSecureCookies() : usesSecureCookies(request)) ? "; Secure" : "";
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The Set-Cookie of a flash for the next page this browser loads. `request` is the page's request, or,
 * outside React Router (an Express middleware), whether it came over HTTPS.
 */
export function setFlash(request: Request | { secure: boolean }, flash: Flash) {
  return flashCookie(request, encodeFlash(flash), FLASH_SECONDS);
}

/**
 * A redirect after a post that the page at `location` reports once (see `readFlash`): the feedback
 * of a form without JavaScript, and of a hydrated form whose action redirects.
 */
export function redirectWithFlash(request: Request, location: string, flash: Flash, headers?: HeadersInit) {
  const answer = new Headers(headers);
  answer.append("Set-Cookie", setFlash(request, flash));
  return redirect(location, { headers: answer });
}

/**
 * The flash a request carries, and the Set-Cookie that spends it: the page that shows it is the
 * only one that does. A page with a flash is never stored in the shared page cache (its response
 * sets a cookie, and `server/page-cache.ts` lets such requests through).
 */
export function readFlash(request: Request): { flash: Flash | null; headers?: HeadersInit } {
  const cookies = request.headers.get("cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=([^;]*)`).exec(cookies);
  if (!match) return { flash: null };
  return { flash: decodeFlash(match[1]), headers: { "Set-Cookie": flashCookie(request, "", 0) } };
}
