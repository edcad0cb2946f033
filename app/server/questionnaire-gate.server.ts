import { redirect } from "react-router";
import { GATE_CONSENT_COOKIE, GATE_CONSENT_PARAM, GATE_CONSENT_VALUE, GATE_PATH, QUESTIONNAIRE_PATH } from "~/domain/questionnaire";
import { usesSecureCookies } from "./auth.server";
import { isSiteHost } from "./env.server";

function hasConsentCookie(request: Request): boolean {
  const header = request.headers.get("Cookie") ?? "";
  return header.split(";").some((pair) => pair.trim() === `${GATE_CONSENT_COOKIE}=${GATE_CONSENT_VALUE}`);
}

/**
 * The gate's Continua counts only when the request comes from the gate page of this site (a link
 * cannot skip it); "this site" as for cross-site writes, so a proxy that ends TLS changes nothing.
 */
function sentByTheGate(request: Request): boolean {
  try {
    const from = new URL(request.headers.get("Referer") ?? "");
    return isSiteHost(from.host, new URL(request.url).host) && from.pathname === GATE_PATH;
  } catch {
    return false;
  }
}

/** The address without the gate's checkbox: the campaign tags stay for the page to keep. */
function without(url: URL, param: string, path: string) {
  const search = new URLSearchParams(url.search);
  search.delete(param);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Who may open the questionnaire: a browser that accepted the gate. The gate's form (plain or
 * hydrated) arrives with `privacy=accetto` and gets the consent cookie; without it, the visitor is
 * sent to the gate. The server can then render the first step instead of a loading card.
 */
export function requireGateConsent(request: Request): void {
  const url = new URL(request.url);
  if (url.searchParams.get(GATE_CONSENT_PARAM) === GATE_CONSENT_VALUE) {
    if (!sentByTheGate(request)) throw redirect(without(url, GATE_CONSENT_PARAM, GATE_PATH));
    const secure = usesSecureCookies(request) ? "; Secure" : "";
    throw redirect(without(url, GATE_CONSENT_PARAM, QUESTIONNAIRE_PATH), {
      headers: { "Set-Cookie": `${GATE_CONSENT_COOKIE}=${GATE_CONSENT_VALUE}; Path=/; HttpOnly; SameSite=Lax${secure}` },
    });
  }
  if (!hasConsentCookie(request)) throw redirect(without(url, GATE_CONSENT_PARAM, GATE_PATH));
}
