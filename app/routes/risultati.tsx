import type { Route } from "./+types/risultati";
import { FigureDefinitions, FigureTiles } from "~/components/outcomes/figures";
import { PageHeader } from "~/components/site/page-header";
import { TitledSection } from "~/components/site/titled-section";
import { site } from "~/content/site";
import { formatShortDate } from "~/domain/format";
import { PUBLIC_MINIMUM_PAIRED } from "~/domain/outcome-metrics";
import { webPageMeta } from "~/domain/seo";
import { env } from "~/server/env.server";
import { publicOutcomes } from "~/server/services/outcome-results.server";

/**
 * /risultati — public: the practice's results from the PHQ-9 and GAD-7 totals (issue 33), aggregated
 * and anonymous, only once at least 30 people have paired scores (below that, why not yet). Counts
 * the paths that ended before today in Italy; the daily job clears the cached page at midnight.
 */

export async function loader({ context }: Route.LoaderArgs) {
  const results = await publicOutcomes(context.db);
  // The local trial's figures come from the demo seed's invented people: the page says so.
  return { ...results, demo: env().SEED_DEMO === "true" };
}

/** A content page: no React in the browser, publicly cached. */
export { handle, headers } from "~/components/site/content-page";

const TITLE = "I nostri risultati";
export const meta = webPageMeta({
  title: TITLE,
  description: `Come stanno le persone alla fine del percorso con ${site.brand}: miglioramento e recupero misurati con i questionari PHQ-9 e GAD-7, con il metodo di NHS Talking Therapies.`,
  path: "/risultati",
  parents: [{ name: "Il nostro metodo", path: "/nostro-metodo" }],
});

export default function Results({ loaderData }: Route.ComponentProps) {
  const { enough, total, period, asOf, demo } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="Trasparenza"
        title={TITLE}
        intro="Chi partecipa ai gruppi, se lo desidera, compila due brevi questionari (PHQ-9 sull'umore e GAD-7 sull'ansia) all'inizio, durante e alla fine del percorso. Qui trovi cosa dicono, tutti insieme e in forma anonima."
      />
      <div className="container-page grid max-w-3xl gap-10 py-12 sm:py-16">
        {demo ? (
          <p className="rounded-2xl border-2 border-coral-500 bg-coral-100 p-4 font-semibold text-coral-700" role="note">
            Dati dimostrativi: questa è una versione di prova del sito e le cifre vengono da persone inventate, non da percorsi reali.
          </p>
        ) : null}
        {enough ? (
          <TitledSection id="figures-title" title="Le cifre" className="grid gap-4" titleClassName="text-3xl font-semibold">
            <p className="text-ink-700">
              {`Dati aggiornati al ${formatShortDate(asOf)}: ${total.ended} persone hanno concluso il percorso${
                period ? ` tra il ${formatShortDate(period.from)} e il ${formatShortDate(period.to)}` : ""
              }, ${total.paired} con almeno due questionari.`}
            </p>
            <FigureTiles figures={total} />
          </TitledSection>
        ) : (
          <TitledSection
            id="figures-title"
            title="I dati non sono ancora sufficienti"
            className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm"
            titleClassName="text-2xl font-semibold"
          >
            <p className="text-ink-700">
              {`Pubblichiamo le cifre solo quando almeno ${PUBLIC_MINIMUM_PAIRED} persone hanno concluso il percorso con due o più questionari compilati. Con meno persone una percentuale cambierebbe molto per un solo caso e non direbbe nulla di affidabile, e sarebbe più facile riconoscere qualcuno. Finora sono ${total.paired}.`}
            </p>
            <p className="text-sm text-ink-500">{`Situazione al ${formatShortDate(asOf)}.`}</p>
          </TitledSection>
        )}
        <TitledSection id="method-title" title="Il metodo" className="grid gap-4" titleClassName="text-3xl font-semibold">
          <p className="text-ink-700">
            Usiamo le regole pubblicate da NHS Talking Therapies, il servizio pubblico inglese di psicoterapia che da anni rende noti i propri risultati: si confrontano il primo e
            l'ultimo questionario di ogni persona che ha concluso il percorso. Le cifre si ricalcolano ogni giorno e contano i percorsi conclusi fino al giorno prima.
          </p>
          <FigureDefinitions />
          <p className="text-sm text-ink-700">
            Per confronto, NHS Talking Therapies indica come obiettivo che almeno la metà delle persone che erano un caso clinico all'inizio raggiunga il recupero. I questionari
            non sono una diagnosi: misurano quanto spesso, nelle ultime due settimane, si sono presentati alcuni segni di umore depresso e di ansia.
          </p>
        </TitledSection>
      </div>
    </>
  );
}
