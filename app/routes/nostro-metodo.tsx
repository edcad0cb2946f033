import type { Route } from "./+types/nostro-metodo";
import { CtaBand } from "~/components/site/cta-band";
import { DemoVideo } from "~/components/site/demo-video";
import { ParagraphList } from "~/components/site/paragraphs";
import { methodBlocks, methodCta } from "~/content/method";
import { group } from "~/content/site";
import { seo, serviceJsonLd } from "~/domain/seo";

/** A content page: no React in the browser, publicly cached. */
export { handle, headers } from "~/components/site/content-page";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Il nostro metodo",
    description: `Come funziona la terapia di gruppo online: gruppi di ${group.minPeople}-${group.totalSpots} persone, incontri settimanali di ${group.sessionMinutes} minuti con uno psicoterapeuta, e perché il gruppo aiuta.`,
    path: "/nostro-metodo",
    jsonLd: serviceJsonLd(),
  });

export default function Method() {
  return (
    <>
      <header className="bg-gradient-to-b from-teal-50 to-sand-50">
        <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:gap-14 lg:py-20">
          <div className="grid gap-4">
            <p className="text-sm font-semibold uppercase tracking-[0.14em] text-teal-700">Come lavoriamo</p>
            <h1 className="text-4xl font-semibold leading-tight sm:text-5xl">Il nostro metodo</h1>
            <p className="max-w-xl text-lg text-ink-700 sm:text-xl">
              {`Piccoli gruppi di ${group.minPeople}-${group.totalSpots} persone, un incontro online a settimana di ${group.sessionMinutes} minuti, sempre con lo stesso psicoterapeuta. Ecco come lavoriamo e perché il gruppo aiuta.`}
            </p>
          </div>
          <DemoVideo priority />
        </div>
      </header>
      <div className="container-page py-12 sm:py-20">
        <ol className="mx-auto grid max-w-3xl gap-12 sm:gap-16">
          {methodBlocks.map((block, index) => (
            <li key={block.title}>
              <section aria-labelledby={`metodo-${index}`} className="grid gap-4 sm:grid-cols-[3.5rem_minmax(0,1fr)] sm:gap-6">
                <p
                  aria-hidden="true"
                  className="inline-flex size-12 items-center justify-center rounded-full bg-coral-100 font-serif text-2xl font-semibold text-coral-700 sm:size-14"
                >
                  {index + 1}
                </p>
                <div className="grid gap-4">
                  <h2 id={`metodo-${index}`} className="text-3xl font-semibold leading-tight">
                    {block.title}
                  </h2>
                  <ParagraphList paragraphs={block.paragraphs} className="text-lg text-ink-700" />
                </div>
              </section>
            </li>
          ))}
        </ol>
        <p className="mx-auto mt-12 max-w-3xl rounded-2xl bg-white p-5 text-lg text-ink-700 shadow-sm sm:mt-16">
          Misuriamo come va con due brevi questionari, all'inizio, durante e alla fine del percorso.{" "}
          <a href="/risultati" className="font-semibold text-teal-700 underline underline-offset-2">
            Leggi i nostri risultati
          </a>
          .
        </p>
      </div>
      <CtaBand
        title="Trova il gruppo giusto per te"
        text="Bastano pochi minuti: dopo il questionario ti proponiamo un colloquio conoscitivo gratuito."
        actions={[{ ...methodCta, variant: "primary" }]}
      />
    </>
  );
}
