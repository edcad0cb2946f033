import { siteHooks } from "~/components/site-script-hooks";
import { COOKIE_CONSENT_KEY, REVIEW_WIDGET_RELOAD_MS } from "~/content/site";
import { acceptAll, necessaryOnly, parseConsent, type CookieConsent } from "~/domain/cookie-consent";

declare global {
  interface Window {
    /** Set by the third-party review script (Trustpilot-compatible bootstrap). */
    Trustpilot?: { loadFromElement(element: HTMLElement, forceReload?: boolean): void };
  }
}

/**
 * The cookie banner (Garante 2021): nothing non-essential before a choice; Accept all, Necessary
 * only, or Customize with the necessary switch locked on. The choice is kept in localStorage under
 * `cookieConsent`; third parties (analytics, the review widget) load only after their consent.
 * Scripts inserted here need no nonce: the CSP's 'strict-dynamic' trusts what a trusted script adds.
 */

function readConsent(): CookieConsent | null {
  try {
    return parseConsent(window.localStorage.getItem(COOKIE_CONSENT_KEY));
  } catch {
    return null;
  }
}

function loadScript(src: string, marker: string, onLoad?: () => void) {
  if (document.querySelector(`script[${marker}]`)) return onLoad?.();
  const script = document.createElement("script");
  script.src = src;
  script.async = true;
  script.setAttribute(marker, "");
  if (onLoad) script.addEventListener("load", onLoad);
  document.head.append(script);
}

/** The review widget's script replaces the static rating; reloaded once after a delay, as its bootstrap may run before the element exists. */
function loadReviewWidget() {
  const widget = document.querySelector<HTMLElement>(`[${siteHooks.reviewWidgetSrc}]`);
  const src = widget?.getAttribute(siteHooks.reviewWidgetSrc);
  if (!widget || !src) return;
  loadScript(src, "data-review-widget", () => setTimeout(() => window.Trustpilot?.loadFromElement(widget, true), REVIEW_WIDGET_RELOAD_MS));
}

function applyConsent(consent: CookieConsent, banner: HTMLElement) {
  const analyticsSrc = banner.dataset.analyticsSrc;
  if (consent.analytics && analyticsSrc) loadScript(analyticsSrc, "data-analytics");
  if (consent.marketing) {
    console.info("Consenso marketing concesso");
    loadReviewWidget();
  }
}

export function startCookieBanner() {
  const banner = document.getElementById(siteHooks.cookieBanner);
  const dialog = document.getElementById(siteHooks.cookiePreferences);
  if (!banner || !(dialog instanceof HTMLDialogElement)) return;
  const switches = dialog.querySelector("form")!.elements;

  const choose = (consent: CookieConsent) => {
    try {
      window.localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(consent));
    } catch {
      // storage unavailable (private mode): the choice holds for this page only
    }
    banner.hidden = true;
    applyConsent(consent, banner);
  };

  const openPreferences = () => {
    const current = readConsent() ?? necessaryOnly;
    for (const category of ["analytics", "marketing"] as const) {
      const input = switches.namedItem(category);
      if (input instanceof HTMLInputElement) input.checked = current[category];
    }
    dialog.showModal();
  };

  const stored = readConsent();
  if (stored) applyConsent(stored, banner);
  else banner.hidden = false;

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const choice = target?.closest(`[${siteHooks.consentChoice}]`)?.getAttribute(siteHooks.consentChoice);
    if (choice === "all") choose(acceptAll);
    else if (choice === "necessary") choose(necessaryOnly);
    else if (choice === "customize" || target?.closest(`[${siteHooks.openCookiePreferences}]`)) openPreferences();
  });
  // The dialog's form has method="dialog", so either button closes it; only Salva stores (at once, not on the later close event).
  dialog.querySelector("form")!.addEventListener("submit", (event) => {
    if ((event.submitter as HTMLButtonElement | null)?.value !== "save") return;
    const checked = (name: string) => (switches.namedItem(name) as HTMLInputElement | null)?.checked === true;
    choose({ necessary: true, analytics: checked("analytics"), marketing: checked("marketing") });
  });
}
