import { Check } from "lucide-react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/problema";
import { CtaBand } from "~/components/site/cta-band";
import { ContentIcon } from "~/components/site/content-icon";
import { problemPages } from "~/content/problems";
import { isProblemSlug } from "~/domain/problems";
import { situationCards } from "~/content/situations";
import { seo, serviceJsonLd } from "~/domain/seo";
import { BackLink } from "~/components/site/back-link";

export function loader({ params }: Route.LoaderArgs) {
  if (!isProblemSlug(params.slug)) throw redirect("/404");
  return { slug: params.slug };
}

/** A content page: no React in the browser, publicly cached. */
export { handle, headers } from "~/components/site/content-page";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Pagina non trovata" }];
  const page = problemPages[loaderData.slug];
  return seo({ title: page.title, description: page.description, path: `/problemi/${page.slug}`, jsonLd: serviceJsonLd() });
};

export default function Problem({ loaderData }: Route.ComponentProps) {
  const page = problemPages[loaderData.slug];
  const card = situationCards.find((item) => item.slug === page.slug);
  const others = situationCards.filter((item) => item.slug !== page.slug);
  return (
    <>
      <header className="border-b border-sand-200 bg-gradient-to-b from-coral-100/60 to-sand-50">
        <div className="container-page grid gap-5 py-10 sm:py-16">
          <BackLink to="/#per-te">Tutte le situazioni</BackLink>
          {card ? (
            <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-white text-coral-700 shadow-sm">
              <ContentIcon name={card.icon} className="size-7" />
            </span>
          ) : null}
          <h1 className="max-w-3xl text-4xl font-semibold leading-tight sm:text-5xl">{page.title}</h1>
          <p className="max-w-2xl text-lg text-ink-700 sm:text-xl">{page.description}</p>
        </div>
      </header>
      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-14">
        <div className="grid max-w-2xl content-start gap-10">
          <p className="text-xl leading-relaxed text-ink-900">{page.content.intro}</p>
          <section aria-labelledby="come-aiuta" className="grid gap-4">
            <h2 id="come-aiuta" className="text-3xl font-semibold">
              Come può aiutarti il gruppo
            </h2>
            <p className="text-lg text-ink-700">{page.content.howGroupHelps}</p>
          </section>
        </div>
        <section aria-labelledby="benefici" className="h-fit rounded-3xl bg-white p-6 ring-1 ring-sand-200 sm:p-8">
          <h2 id="benefici" className="mb-5 text-2xl font-semibold">
            Cosa puoi ottenere
          </h2>
          <ul className="grid gap-4">
            {page.content.benefits.map((benefit) => (
              <li key={benefit} className="flex gap-3 text-ink-700">
                <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-teal-100 text-teal-800">
                  <Check aria-hidden="true" className="size-4" strokeWidth={2.5} />
                </span>
                <span>{benefit}</span>
              </li>
            ))}
          </ul>
          <Link to="/questionario" className="btn btn-primary mt-6 w-full">
            Compila il questionario
          </Link>
          <p className="mt-3 text-center text-sm text-ink-500">1° colloquio gratuito e senza impegno</p>
        </section>
      </div>
      <CtaBand
        title="Non devi affrontarlo da solə"
        text="Compila il questionario: ti proponiamo un colloquio conoscitivo gratuito e un gruppo di persone che vivono esperienze simili alla tua."
      />
      <nav aria-labelledby="altre-situazioni" className="container-page pb-16">
        <h2 id="altre-situazioni" className="mb-5 text-2xl font-semibold">
          Ti riconosci anche in altre situazioni?
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {others.map((other) => (
            <li key={other.slug}>
              <Link
                to={`/problemi/${other.slug}`}
                className="flex h-full min-h-11 items-center gap-3 rounded-2xl border border-sand-200 bg-white px-4 py-3 text-ink-900 hover:border-teal-200 hover:text-teal-800"
              >
                <ContentIcon name={other.icon} className="size-5 shrink-0 text-coral-700" />
                {other.text}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
