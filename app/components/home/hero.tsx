import { ChevronDown, Gift } from "lucide-react";
import { Link } from "react-router";
import { SiteLink } from "~/components/layout/anchor-link";
import { DemoVideo } from "~/components/site/demo-video";
import { site } from "~/content/site";
import { ReviewWidget, type ReviewWidgetConfig } from "./review-widget";

export function Hero({ reviewWidget }: { reviewWidget: ReviewWidgetConfig }) {
  return (
    <section aria-labelledby="hero-titolo" className="relative isolate overflow-hidden bg-gradient-to-b from-teal-50 via-sand-50 to-sand-50">
      <div aria-hidden="true" className="pointer-events-none absolute -left-24 -top-24 -z-10 size-80 rounded-full bg-teal-100/60 blur-3xl" />
      <div aria-hidden="true" className="pointer-events-none absolute -right-24 top-40 -z-10 size-96 rounded-full bg-coral-100/70 blur-3xl" />
      <div className="container-page grid items-center gap-10 pb-8 pt-8 sm:pt-12 lg:grid-cols-[1.05fr_1fr] lg:gap-14 lg:pb-12 lg:pt-16">
        <div className="grid gap-6">
          <div className="w-fit max-w-full rounded-2xl bg-white/85 px-4 py-2.5 shadow-sm ring-1 ring-sand-200">
            <ReviewWidget {...reviewWidget} />
          </div>
          <h1 id="hero-titolo" className="text-[2.6rem] font-semibold leading-[1.08] sm:text-6xl lg:text-[4.1rem]">
            Terapia di gruppo online
          </h1>
          <p className="max-w-xl text-lg text-ink-700 sm:text-xl">{site.description}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
            <Link to="/questionario" className="btn btn-primary min-h-13 px-7 text-lg shadow-sm" aria-describedby="hero-nota">
              Compila il questionario
            </Link>
            <p id="hero-nota" className="inline-flex items-center gap-2 font-semibold text-teal-800">
              <Gift aria-hidden="true" className="size-5 text-coral-500" />
              1° colloquio gratuito
            </p>
          </div>
          <p className="text-sm text-ink-500">Il questionario richiede circa 2 minuti da computer e 4 da smartphone.</p>
          <p className="max-w-md border-l-4 border-coral-500 pl-4 font-serif text-xl text-ink-900">Non sei solə. Nel gruppo c'è spazio anche per te.</p>
        </div>
        <DemoVideo priority />
      </div>
      <div className="container-page flex justify-center pb-6">
        <SiteLink
          href="/#come-funziona"
          className="group inline-flex min-h-11 flex-col items-center gap-1 rounded-full px-4 py-2 text-sm font-medium text-ink-500 hover:text-teal-700"
        >
          Scopri come funziona
          <ChevronDown aria-hidden="true" className="size-5 motion-safe:animate-bounce" />
        </SiteLink>
      </div>
    </section>
  );
}
