import { data } from "react-router";
import type { Route } from "./+types/scores";
import { AreaPage } from "~/components/client/area-page";
import { clientAreaMeta } from "~/domain/seo";
import { MeasureCharts } from "~/components/outcomes/member-trend";
import { requireClient } from "~/server/gates.server";
import { loadPage } from "~/server/http/errors.server";
import { ownScores } from "~/server/services/outcome-results.server";

/**
 * /area-personale/andamento — who may: the signed-in client, only their own scores (matched by their
 * verified address; anonymous visitors go to the sign-in form, staff and therapists 403). Their PHQ-9
 * and GAD-7 totals over time as charts with the plain meaning of each band; never a comparison with others.
 */

export const meta = clientAreaMeta("Il mio andamento", "I punteggi dei tuoi questionari di monitoraggio nel tempo e cosa significano.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const client = await requireClient(context.db, request);
  const scores = await loadPage("client-scores", () => ownScores(context.db, client.user.email));
  return data({ scores }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function ClientScores({ loaderData }: Route.ComponentProps) {
  const { scores } = loaderData;
  return (
    <AreaPage
      id="scores-title"
      title="Il mio andamento"
      lead="I punteggi dei questionari di monitoraggio che hai compilato, nel tempo. Servono a te e al tuo terapeuta per vedere come va: non sono una diagnosi e non ti confrontano con nessun altro."
    >
      {scores.length === 0 ? (
        <p className="rounded-2xl bg-white p-5 text-ink-700 shadow-sm">
          Non hai ancora compilato un questionario di monitoraggio. Quando lo farai, qui vedrai i tuoi punteggi e cosa significano.
        </p>
      ) : (
        <div className="grid gap-8 rounded-2xl bg-white p-5 shadow-sm">
          <MeasureCharts idPrefix="own" scores={scores} showMeanings />
          <p className="text-sm text-ink-700">
            Un punteggio più basso indica meno disagio. Se qualcosa ti preoccupa, parlane con il tuo terapeuta; se hai bisogno di aiuto subito, chiama il 112 o leggi la pagina{" "}
            <a href="/aiuto-subito" className="font-semibold text-teal-700 underline">
              Hai bisogno di aiuto subito?
            </a>
            .
          </p>
        </div>
      )}
    </AreaPage>
  );
}
