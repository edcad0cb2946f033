import { pricingCards, pricingHeader } from "~/content/pricing";
import { HomeSection, SectionMoreLink } from "./section-heading";

export function PricingTeaser() {
  return (
    <HomeSection name="prezzi" tone="sand" heading={{ eyebrow: "Prezzi", title: pricingHeader.title, lead: pricingHeader.subtitle }}>
      <ul className="mx-auto grid w-full max-w-3xl gap-5 sm:grid-cols-2">
        {pricingCards.map((card) => (
          <li
            key={card.id}
            className={`grid content-start gap-2 rounded-3xl p-6 sm:p-8 ${card.highlighted ? "bg-white shadow-md ring-2 ring-teal-200" : "bg-white/70 ring-1 ring-sand-200"}`}
          >
            <h3 className="font-sans text-base font-semibold text-ink-700">{card.title}</h3>
            <p className="flex items-baseline gap-2">
              <span className="font-serif text-5xl font-semibold text-teal-800">{card.priceLabel}</span>
              <span className="text-ink-700">{card.period}</span>
            </p>
            <p className="text-sm text-ink-700">{card.id === "first-session" ? "Senza impegno" : "Nessun abbonamento vincolante"}</p>
          </li>
        ))}
      </ul>
      <SectionMoreLink to="/prezzi">Scopri prezzi e condizioni</SectionMoreLink>
    </HomeSection>
  );
}
