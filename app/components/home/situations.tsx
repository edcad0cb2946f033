import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { ContentIcon } from "~/components/site/content-icon";
import { situationCards, situationsTitle } from "~/content/situations";
import { HomeSection } from "./section-heading";

export function Situations() {
  return (
    <HomeSection name="per-te" anchor heading={{ title: situationsTitle, lead: "Ti riconosci in una di queste situazioni? Scopri come il gruppo può aiutarti." }}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {situationCards.map((card) => (
          <li key={card.slug}>
            <Link
              to={`/problemi/${card.slug}`}
              className="group flex h-full items-center gap-4 rounded-3xl border border-sand-200 bg-white p-4 transition-shadow hover:border-teal-200 hover:shadow-md sm:flex-col sm:items-start sm:p-5"
            >
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-coral-100 text-coral-700">
                <ContentIcon name={card.icon} className="size-5" />
              </span>
              <span className="flex-1 font-medium text-ink-900">{card.text}</span>
              <span aria-hidden="true" className="inline-flex items-center gap-1 text-sm font-semibold text-teal-700">
                <span className="hidden sm:inline">Scopri di più</span>
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
