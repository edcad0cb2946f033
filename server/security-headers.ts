import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";

/**
 * The security headers every answer carries, in one place for both ways a request is answered:
 * Express's `securityHeaders` (server/app.ts) and the page cache's hits answered before Express
 * (`answerCachedHit`, server/page-cache.ts), so that the two send the same headers in the same order.
 * `contentSecurityPolicy` is the document's policy; without one (a hashed file under /assets/) only
 * what a subresource uses is sent, nosniff (and HSTS).
 */
export function setSecurityHeaders(res: Pick<ServerResponse, "setHeader">, options: { secure: boolean; contentSecurityPolicy?: string }) {
  if (options.secure) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (options.contentSecurityPolicy === undefined) return;
  res.setHeader("Content-Security-Policy", options.contentSecurityPolicy);
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
}

/**
 * Whether the request came over HTTPS, as Express's `req.secure` says with `trust proxy` set to
 * `trustedHops`: the socket's own TLS, or, behind at least one trusted proxy, the first value of
 * X-Forwarded-Proto.
 */
export function requestIsSecure(req: IncomingMessage, trustedHops: number) {
  let protocol = (req.socket as TLSSocket).encrypted ? "https" : "http";
  if (trustedHops > 0) {
    const forwarded = req.headers["x-forwarded-proto"];
    protocol = (typeof forwarded === "string" && forwarded) || protocol;
    const comma = protocol.indexOf(",");
    protocol = (comma === -1 ? protocol : protocol.slice(0, comma)).trim();
  }
  return protocol === "https";
}
