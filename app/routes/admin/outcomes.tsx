import type { Route } from "./+types/outcomes";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { FigureDefinitions, FiguresTable, FigureTiles } from "~/components/outcomes/figures";
import { audit } from "~/server/audit.server";
import { adminPageData } from "~/server/gates.server";
import { staffOutcomes } from "~/server/services/outcome-results.server";

/**
 * /admin/esiti — who may: staff only (anonymous visitors see the sign-in, therapists and clients 403).
 * The practice's outcomes from the PHQ-9 and GAD-7 totals (issue 33): people with paired scores,
 * completeness, reliable improvement and deterioration, recovery and reliable recovery, in all and by
 * month, therapist and group, with the definitions next to the figures. Counts only: no person is named.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async (session) => {
    const figures = await staffOutcomes(context.db);
    await audit(context.db, session, { action: "list", entity: "outcome_figures", detail: { ended: figures.total.ended } });
    return figures;
  });
}

export default function AdminOutcomes({ loaderData }: Route.ComponentProps) {
  const { total, byMonth, byTherapist, byGroup } = loaderData;
  return (
    <section aria-labelledby="outcomes-title" className="grid gap-6">
      <header className="grid gap-2">
        <h1 id="outcomes-title" className="text-2xl font-semibold">
          Esiti
        </h1>
        <p className="text-sm text-ink-700">
          Dai punteggi PHQ-9 (umore) e GAD-7 (ansia) di chi ha concluso il percorso: primo e ultimo questionario a confronto, con le regole di NHS Talking Therapies.{" "}
          {`Percorsi conclusi: ${total.ended}; con punteggi appaiati: ${total.paired}.`}
        </p>
      </header>
      <FigureTiles figures={total} />
      <details className="rounded-2xl border border-sand-200 bg-white p-4" open>
        <summary className="cursor-pointer font-semibold">Definizioni</summary>
        <div className="mt-3">
          <FigureDefinitions />
        </div>
      </details>
      <FiguresTable caption="Per mese di conclusione" firstColumn="Mese" rows={byMonth} />
      <FiguresTable caption="Per terapeuta" firstColumn="Terapeuta" rows={byTherapist} />
      <FiguresTable caption="Per gruppo" firstColumn="Gruppo" rows={byGroup} />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
