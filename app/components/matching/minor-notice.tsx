import { LifeBuoy } from "lucide-react";
import { Link } from "react-router";
import { CallButton } from "~/components/site/call-button";
import { HELP_PATH } from "~/content/help";
import { minorNotice } from "~/content/minors";

/** The matching page for someone who answered "Meno di 18": no group, why, and where to turn (issue 30). */
export function MinorNotice() {
  return (
    <section aria-labelledby="minori-dove" className="grid max-w-3xl gap-5 rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="minori-dove" className="text-2xl font-semibold">
        {minorNotice.placesTitle}
      </h2>
      <ul className="grid gap-4">
        {minorNotice.places.map((place) => (
          <li key={place.name} className="grid gap-1">
            <p className="font-semibold text-ink-900">{place.name}</p>
            <p className="text-ink-700">{place.text}</p>
            {"tel" in place ? (
              <p>
                <CallButton dial={place.tel} className="btn btn-secondary mt-1 min-h-11">
                  Chiama il {place.tel}
                </CallButton>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="flex items-start gap-2 rounded-2xl bg-danger-50 p-4 font-semibold text-ink-900">
        <LifeBuoy aria-hidden className="mt-0.5 size-5 shrink-0 text-danger-600" />
        <span>
          {minorNotice.emergency}{" "}
          <Link to={HELP_PATH} className="text-teal-700 underline underline-offset-2">
            Altri numeri di aiuto
          </Link>
        </span>
      </p>
      <p className="text-ink-700">
        {minorNotice.retry}{" "}
        <Link to="/questionario" className="font-semibold text-teal-700 underline underline-offset-2">
          Torna al questionario
        </Link>
      </p>
    </section>
  );
}
