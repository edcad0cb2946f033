import pino from "pino";
import { logLevel } from "./env.server";

/** Replaces the query string of a URL so personal data in links never reaches the logs. */
/** Query strings and the secrets in link paths (confirmation, newsletter) never reach the logs. */
export function redactUrl(url: string): string {
  const index = url.indexOf("?");
  const path = (index === -1 ? url : url.slice(0, index)).replace(/^(\/(?:conferma-richiesta|newsletter\/[^/]+))\/[^/]+/, "$1/[redacted]");
  return index === -1 ? path : `${path}?[redacted]`;
}

export const logger = pino({
  level: logLevel(),
  base: undefined,
  redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.email"], censor: "[redacted]" },
});
