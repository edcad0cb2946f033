import { siteHooks } from "~/components/site-script-hooks";
import { Stars } from "~/components/site/stars";

export interface ReviewWidgetConfig {
  /** The third-party script; without it only the static rating is shown. */
  src?: string;
  templateId?: string;
  businessUnitId?: string;
}

/**
 * The review rating in the hero: a static rating that needs nothing from outside. The site script
 * loads the third-party widget (`src`) only when one is configured AND the visitor has given
 * marketing consent (now or later); it replaces the static rating inside this element.
 */
export function ReviewWidget({ src, templateId, businessUnitId }: ReviewWidgetConfig) {
  return (
    <div
      className="trustpilot-widget"
      data-locale="it-IT"
      data-template-id={templateId}
      data-businessunit-id={businessUnitId}
      {...(src ? { [siteHooks.reviewWidgetSrc]: src } : {})}
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
