import type { IncomingMessage, ServerResponse } from "node:http";
import pino from "pino";
import { logLevel } from "./env.server";

/** Query strings and the secrets in link paths (confirmation, newsletter, calendar feed) never reach the logs. */
export function redactUrl(url: string): string {
  const index = url.indexOf("?");
  const path = (index === -1 ? url : url.slice(0, index)).replace(/^(\/(?:conferma-richiesta|newsletter\/[^/]+|area-personale\/calendario))\/[^/]+/, "$1/[redacted]");
  return index === -1 ? path : `${path}?[redacted]`;
}

export const logger = pino({
  level: logLevel(),
  base: undefined,
  redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.email"], censor: "[redacted]" },
});

/** One line per answered request (method, URL without its secrets, status, milliseconds), written once the answer has left. */
export function logWhenAnswered(req: IncomingMessage, res: ServerResponse, url: string) {
  const started = performance.now();
  res.on("finish", () => {
    logger.info({ method: req.method, url: redactUrl(url), status: res.statusCode, ms: Math.round(performance.now() - started) }, "request");
  });
}
