import type { Route } from "./+types/about";
import { CtaBand } from "~/components/site/cta-band";
import { PageHeader } from "~/components/site/page-header";
import { ParagraphList } from "~/components/site/paragraphs";
import { aboutCtas, aboutSections } from "~/content/about";
import { site } from "~/content/site";
import { organizationJsonLd, seo } from "~/domain/seo";

/** A content page: no React in the browser, publicly cached. */
export { handle, headers } from "~/components/site/content-page";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Chi siamo",
    description: "Chi siamo, in cosa crediamo e perché abbiamo scelto la terapia di gruppo online: il nostro team, la nostra missione e i nostri valori.",
    path: "/about",
    jsonLd: organizationJsonLd(),
  });

export default function About() {
  return (
    <>
      <PageHeader
        eyebrow={site.brand}
        title="Chi siamo"
        intro="Un servizio di psicoterapia di gruppo online, nato per rendere la cura psicologica più vicina, accessibile e umana."
      />
      <div className="container-page py-6 sm:py-10">
        {aboutSections.map((section, index) => (
          <section
            key={section.title}
            aria-labelledby={`about-${index}`}
            className="grid gap-4 border-b border-sand-200 py-10 last:border-b-0 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] md:gap-12 md:py-14"
          >
            <div className="flex items-baseline gap-4 md:block">
              <p aria-hidden="true" className="font-serif text-2xl font-semibold text-coral-700 md:mb-2 md:text-3xl">
                {String(index + 1).padStart(2, "0")}
              </p>
              <h2 id={`about-${index}`} className="text-2xl font-semibold leading-tight sm:text-3xl">
                {section.title}
              </h2>
            </div>
            <div className="grid max-w-2xl gap-4 text-lg text-ink-700">
              <ParagraphList paragraphs={section.paragraphs} />
            </div>
          </section>
        ))}
      </div>
      <CtaBand
        title="Vuoi fare il primo passo?"
        text="Compila il questionario: ti proponiamo un colloquio conoscitivo gratuito e il gruppo più adatto a te. Per qualsiasi domanda, scrivici."
        actions={[
          { ...aboutCtas[0], variant: "primary" },
          { ...aboutCtas[1], variant: "secondary" },
        ]}
      />
    </>
  );
}
