import { useEffect, useRef } from "react";
import { CONSENT_CHANGED_EVENT, readConsent } from "~/components/layout/cookie-banner";
import { Stars } from "~/components/site/stars";
import { REVIEW_WIDGET_RELOAD_MS } from "~/content/site";

declare global {
  interface Window {
    /** Set by the third-party review script (Trustpilot-compatible bootstrap). */
    Trustpilot?: { loadFromElement(element: HTMLElement, forceReload?: boolean): void };
  }
}

export interface ReviewWidgetConfig {
  /** The third-party script; without it only the static rating is shown. */
  src?: string;
  templateId?: string;
  businessUnitId?: string;
}

/**
 * The review rating in the hero. It renders a static rating that needs nothing from outside;
 * the third-party script is loaded only when one is configured AND the visitor has given
 * marketing consent (now or later), and the widget is reloaded once after a short delay, as
 * its bootstrap may run before this element exists. The static rating sits inside the
 * widget's element, which the script replaces.
 */
export function ReviewWidget({ src, templateId, businessUnitId }: ReviewWidgetConfig) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!src) return;
    let timer: number | undefined;
    const reload = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (container.current) window.Trustpilot?.loadFromElement(container.current, true);
      }, REVIEW_WIDGET_RELOAD_MS);
    };
    const loadWithConsent = () => {
      if (!readConsent()?.marketing) return;
      window.removeEventListener(CONSENT_CHANGED_EVENT, loadWithConsent);
      if (document.querySelector("script[data-review-widget]")) return reload();
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.dataset.reviewWidget = "true";
      script.addEventListener("load", reload);
      document.head.appendChild(script);
    };
    loadWithConsent();
    window.addEventListener(CONSENT_CHANGED_EVENT, loadWithConsent);
    return () => {
      window.removeEventListener(CONSENT_CHANGED_EVENT, loadWithConsent);
      window.clearTimeout(timer);
    };
  }, [src]);

  return (
    <div
      ref={container}
      className="trustpilot-widget"
      data-locale="it-IT"
      data-template-id={templateId}
      data-businessunit-id={businessUnitId}
      data-testid="review-widget"
    >
      <p className="flex items-center gap-3">
        <span className="font-semibold text-ink-900">Eccellente!</span>
        <Stars className="size-[1.15rem]" />
      </p>
      <p className="text-sm text-ink-700">Chi partecipa ai nostri gruppi ci raccomanda</p>
    </div>
  );
}
