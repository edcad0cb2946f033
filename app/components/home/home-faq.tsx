import { FaqAccordion } from "~/components/site/faq-accordion";
import { homeFaq } from "~/content/faq";
import { SectionHeading } from "./section-heading";

export function HomeFaq() {
  return (
    <section id="faq" aria-labelledby="faq-titolo" className="scroll-mt-16 py-16 sm:py-24">
      <div className="container-page">
        <div className="mx-auto grid max-w-3xl gap-10">
          <SectionHeading id="faq-titolo" eyebrow="FAQ" title="Domande frequenti" />
          <FaqAccordion items={homeFaq} />
        </div>
      </div>
    </section>
  );
}
