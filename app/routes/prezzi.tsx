import { Link } from "react-router";
import type { Route } from "./+types/prezzi";
import { CtaBand } from "~/components/site/cta-band";
import { FaqAccordion } from "~/components/site/faq-accordion";
import { PageHeader } from "~/components/site/page-header";
import { ParagraphList } from "~/components/site/paragraphs";
import { TitledSection } from "~/components/site/titled-section";
import { pricingFaq } from "~/content/faq";
import { pricingCards, pricingHeader, pricingIncluded, reducedRateNote } from "~/content/pricing";
import { seo, serviceJsonLd } from "~/domain/seo";
import { euro } from "~/content/format";
import { prices } from "~/content/site";
import { CheckList } from "~/components/site/check-list";

/** A content page: no React in the browser, publicly cached. */
export { handle, headers } from "~/components/site/content-page";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Prezzi e FAQ",
    description: `Prima seduta ${euro(prices.firstSession)} una tantum e senza impegno, sedute successive ${euro(prices.followingSession)} a settimana senza abbonamento. Primo colloquio gratuito.`,
    path: "/prezzi",
    jsonLd: serviceJsonLd(),
  });

export default function Pricing() {
  return (
    <>
      <PageHeader eyebrow="Prezzi e FAQ" title={pricingHeader.title} intro={pricingHeader.subtitle} />
      <TitledSection id="tariffe-titolo" title="Le tariffe" className="container-page py-12 sm:py-16" titleClassName="sr-only">
        <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
          {pricingCards.map((card) => (
            <li
              key={card.id}
              className={`relative flex flex-col gap-5 rounded-3xl p-6 sm:p-8 ${card.highlighted ? "bg-white shadow-lg ring-2 ring-teal-600" : "bg-white ring-1 ring-sand-200"}`}
            >
              {card.badge ? <p className="absolute -top-3.5 left-6 rounded-full bg-coral-700 px-3 py-1 text-sm font-semibold text-white">{card.badge}</p> : null}
              <h3 className="text-2xl font-semibold">{card.title}</h3>
              <p className="flex items-baseline gap-2">
                <span className="font-serif text-6xl font-semibold text-teal-800">{card.priceLabel}</span>
                <span className="text-lg text-ink-700">{card.period}</span>
              </p>
              <p className="text-ink-700">{card.description}</p>
              <CheckList items={card.features} />
              <Link to={card.ctaLink} className={`btn mt-auto ${card.highlighted ? "btn-primary" : "btn-secondary"}`}>
                {card.ctaText}
              </Link>
            </li>
          ))}
        </ul>
      </TitledSection>
      <div className="container-page grid gap-6 pb-12 sm:pb-16 lg:grid-cols-2">
        <TitledSection id="incluso-titolo" title={pricingIncluded.title} className="rounded-3xl bg-teal-50 p-6 sm:p-8" titleClassName="mb-5 text-2xl font-semibold">
          <CheckList items={pricingIncluded.items} className="text-ink-700" />
        </TitledSection>
        <TitledSection id="agevolata-titolo" title={reducedRateNote.title} className="rounded-3xl bg-sand-100 p-6 sm:p-8" titleClassName="mb-5 text-2xl font-semibold">
          <div className="grid gap-4 text-ink-700">
            <ParagraphList paragraphs={reducedRateNote.paragraphs} />
          </div>
        </TitledSection>
      </div>
      <section aria-labelledby="faq-prezzi-titolo" className="border-t border-sand-200 bg-white/60 py-12 sm:py-16">
        <div className="container-page">
          <div className="mx-auto grid max-w-3xl gap-8">
            <h2 id="faq-prezzi-titolo" className="text-center text-3xl font-semibold sm:text-4xl">
              Domande frequenti
            </h2>
            <FaqAccordion items={pricingFaq} />
          </div>
        </div>
      </section>
      <CtaBand title="Il primo colloquio è gratuito" text="Compila il questionario: ti chiamiamo per conoscerti e trovare insieme il gruppo più adatto a te." />
    </>
  );
}
