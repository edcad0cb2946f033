import { Link } from "react-router";
import { siteHooks } from "~/components/site-script-hooks";
import { site } from "~/content/site";

/** The logo wordmark linking home; the site script shows the text brand when the image cannot be loaded. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <Link to="/" className={`inline-flex items-center rounded-md ${className}`}>
      <img src="/logo.svg" alt={site.brand} width={132} height={36} className="h-9 w-auto" {...{ [siteHooks.imageFallback]: "" }} />
      <span hidden className="font-serif text-2xl font-semibold text-teal-800">
        {site.brand}
      </span>
    </Link>
  );
}
