import { Link } from "react-router";
import type { Route } from "./+types/overview";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { BarChart } from "~/components/admin/bar-chart";
import { formatDateTime, formatDayMonth } from "~/domain/format";
import { groupStatusLabels } from "~/domain/group-labels";
import { formatInteger } from "~/domain/money";
import { loadOverview } from "~/server/services/admin-overview.server";
import { adminPageData } from "~/server/gates.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, () => loadOverview(context.db));
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { perWeek, sources, funnel, occupancy, pendingMoveRequests, lastBackup, openSafetyAlerts } = loaderData;
  const started = funnel.find((row) => row.step === 1)?.count ?? 0;
  return (
    <section aria-labelledby="overview-title" className="grid gap-6">
      <h1 id="overview-title" className="text-2xl font-semibold">
        Panoramica
      </h1>
      <p className={`rounded-2xl border p-4 text-sm ${openSafetyAlerts > 0 ? "border-danger-600/40 bg-danger-50" : "border-sand-200 bg-white"}`}>
        Segnalazioni di sicurezza aperte: <strong data-testid="open-safety-alerts">{openSafetyAlerts}</strong>
        {openSafetyAlerts > 0 ? (
          <>
            {" "}
            ·{" "}
            <Link to="/admin/segnalazioni" className="font-semibold text-teal-700 underline underline-offset-2">
              Prendine visione
            </Link>
          </>
        ) : null}
      </p>
      <p className="rounded-2xl border border-sand-200 bg-white p-4 text-sm">
        Richieste di cambio gruppo in attesa: <strong data-testid="pending-move-requests">{pendingMoveRequests}</strong>
        {pendingMoveRequests > 0 ? (
          <>
            {" "}
            ·{" "}
            <Link to="/admin/prenotazioni" className="font-semibold text-teal-700 underline underline-offset-2">
              Vai alle prenotazioni
            </Link>
          </>
        ) : null}
      </p>
      <p className="rounded-2xl border border-sand-200 bg-white p-4 text-sm" data-testid="last-backup">
        {lastBackup ? (
          <>
            Ultimo backup riuscito: <strong>{formatDateTime(lastBackup.at)}</strong> ({(lastBackup.bytes / 1024 / 1024).toFixed(1)} MB)
          </>
        ) : (
          <>Nessun backup programmato riuscito finora: il primo parte nella notte (vedi la documentazione sul backup).</>
        )}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <BarChart title="Questionari per settimana (ultime 12)" rows={perWeek.map((row) => ({ label: `sett. ${formatDayMonth(row.week)}`, value: row.count }))} />
        <BarChart title="Come ci hanno conosciuto" rows={sources.map((row) => ({ label: row.source, value: row.count }))} />
        <BarChart
          title="Questionario: passaggio raggiunto (ultimi 30 giorni)"
          rows={funnel.map((row) => ({
            label: `Passo ${row.step}`,
            value: row.count,
            note: started ? `${Math.round((row.count / started) * 100)}% di chi ha iniziato` : undefined,
          }))}
        />
        <BarChart
          title="Occupazione dei gruppi"
          max={8}
          description={<OccupancySummary occupancy={occupancy} />}
          rows={occupancy.shown.map((row) => ({ label: row.name, value: row.occupied, note: `${row.occupied}/${row.capacity} posti · ${groupStatusLabels[row.status]}` }))}
        />
      </div>
    </section>
  );
}

/**
 * Seats taken over every group, and which open groups the bars show: at most OCCUPANCY_SHOWN, the ones
 * with the most free seats (a practice of 300 groups would otherwise draw them all), with the way to the list.
 */
function OccupancySummary({ occupancy: { shown, totals } }: { occupancy: Route.ComponentProps["loaderData"]["occupancy"] }) {
  const percent = totals.seats ? Math.round((totals.occupied / totals.seats) * 100) : 0;
  const open = totals.groups.open;
  return (
    <>
      <p data-testid="occupancy-totals">
        Posti occupati nei gruppi aperti e completi:{" "}
        <strong>
          {formatInteger(totals.occupied)} su {formatInteger(totals.seats)}
        </strong>{" "}
        ({percent}%). Gruppi: {formatInteger(open)} aperti, {formatInteger(totals.groups.full)} completi, {formatInteger(totals.groups.closed)} chiusi.
      </p>
      <p>
        {shown.length < open ? `Qui sotto i ${shown.length} gruppi aperti con più posti liberi, su ${formatInteger(open)}.` : "Qui sotto i gruppi aperti, dal più libero."}{" "}
        <Link to="/admin/gruppi?status=open" className="font-semibold text-teal-700 underline underline-offset-2">
          Tutti i gruppi aperti
        </Link>
      </p>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
