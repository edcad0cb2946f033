import "react-router";
import { createRequestHandler } from "@react-router/express";
import express, { type NextFunction, type Request, type Response } from "express";
import { randomBytes } from "node:crypto";
import { platform } from "~/server/platform.server";
import { logger, redactUrl } from "~/server/logger.server";

export { startPlatform } from "~/server/platform.server";

const isProduction = process.env.NODE_ENV === "production";

/** Security headers for every response, with a fresh CSP nonce per request. */
export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  const scriptSources = [`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`];
  // Third parties exist only when configured, and load only after consent (see the cookie banner).
  const analytics = process.env.ANALYTICS_SRC ? new URL(process.env.ANALYTICS_SRC).origin : "";
  const reviews = process.env.REVIEW_WIDGET_SRC ? new URL(process.env.REVIEW_WIDGET_SRC).origin : "";
  const extra = [analytics, reviews].filter(Boolean).join(" ");
  if (extra) scriptSources.push(extra);
  const directives = [
    `default-src 'self'`,
    `script-src ${scriptSources.join(" ")}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${extra ? ` ${extra}` : ""}`,
    `font-src 'self'`,
    `connect-src 'self'${extra ? ` ${extra}` : ""}${isProduction ? "" : " ws: wss:"}`,
    `frame-src ${reviews || "'none'"}`,
    `media-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ];
  res.setHeader("Content-Security-Policy", directives.join("; "));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (isProduction && req.secure) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  next();
}

/** Refuses state-changing requests from another origin (CSRF): the browser tells us with Origin / Sec-Fetch-Site. */
export function sameOriginWrites(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const origin = req.get("origin");
  const allowed = new Set([req.get("host")]);
  if (process.env.PUBLIC_URL) allowed.add(new URL(process.env.PUBLIC_URL).host);
  let crossOrigin: boolean;
  if (origin) {
    try {
      crossOrigin = !allowed.has(new URL(origin).host);
    } catch {
      crossOrigin = true;
    }
  } else {
    crossOrigin = req.get("sec-fetch-site") === "cross-site";
  }
  if (crossOrigin) {
    res.status(403).json({ error: "Richiesta rifiutata: proviene da un altro sito." });
    return;
  }
  next();
}

/** The client address, set by us (never trusted from the client) for rate limiting. */
export function clientAddress(req: Request, _res: Response, next: NextFunction) {
  req.headers["x-client-ip"] = (req.app.get("trust proxy") ? req.ip : req.socket.remoteAddress) ?? "unknown";
  next();
}

export function requestLogger(req: Request, res: Response, next: NextFunction) {
  const started = performance.now();
  res.on("finish", () => {
    logger.info(
      { method: req.method, url: redactUrl(req.originalUrl), status: res.statusCode, ms: Math.round(performance.now() - started) },
      "request",
    );
  });
  next();
}

export const app = express();
app.disable("x-powered-by");

app.all(
  "/{*splat}",
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(req, res) {
      return {
        db: platform().db,
        cspNonce: String(res.locals.cspNonce ?? ""),
        clientIp: String(req.headers["x-client-ip"] ?? req.socket.remoteAddress ?? "unknown"),
      };
    },
  }),
);

/** Last resort: never leak a stack trace. */
app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
  logger.error({ err: error }, "unhandled error");
  if (!res.headersSent) res.status(500).json({ error: "Si è verificato un errore interno. Riprova più tardi." });
});
