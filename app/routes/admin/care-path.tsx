import { Link } from "react-router";
import type { Route } from "./+types/care-path";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { BarChart } from "~/components/admin/bar-chart";
import { EmptyState, PageHeader } from "~/components/admin/page";
import {
  conversion,
  FUNNEL_WEEKS,
  funnelStageLabels,
  funnelStages,
  funnelStageShortLabels,
  funnelTotal,
  funnelWeekLabel,
  isoWeekNumber,
  WAITING_DAYS,
  waitingKindLabels,
  type FunnelCounts,
} from "~/domain/care-funnel";
import { formatDateTime, formatDayMonth, formatShortDate } from "~/domain/format";
import { addDays } from "~/domain/calendar";
import { audit } from "~/server/audit.server";
import { adminPageData } from "~/server/gates.server";
import { waitingForDecision, weeklyCareFunnel, type WaitingPerson } from "~/server/services/funnel.server";

/**
 * /admin/percorso — who may: staff only (anonymous visitors see the sign-in, therapists and clients
 * 403, through the admin layout and `adminPageData`). The care path (issue 30 point 3): the weekly
 * funnel questionnaires → calls booked → calls held → suitable → first meeting attended, and everyone
 * waiting for a decision for more than seven days, oldest first. The list names people, so its read is
 * audited.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async (session) => {
    const now = new Date();
    const [weeks, waiting] = await Promise.all([weeklyCareFunnel(context.db, now), waitingForDecision(context.db, now)]);
    await audit(context.db, session, { action: "list", entity: "care_path", detail: { waiting: waiting.total } });
    return { weeks, waiting, now: now.toISOString() };
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Percorso · Admin" }];

const pad = "px-1.5 py-2 sm:px-3";
const th = `${pad} align-bottom text-xs font-semibold sm:text-sm`;
const cell = `${pad} text-right align-top tabular-nums`;

/** One row's cells: each stage's count and, under it, its share of the stage before. */
function StageCells({ counts }: { counts: FunnelCounts }) {
  return funnelStages.map((stage, index) => {
    const previous = index > 0 ? counts[funnelStages[index - 1]!] : null;
    return (
      <td key={stage} className={cell}>
        <span className="block">{counts[stage]}</span>
        {previous !== null ? <span className="block text-xs text-ink-500">{conversion(previous, counts[stage])}</span> : null}
      </td>
    );
  });
}

function FunnelTable({ weeks }: { weeks: Route.ComponentProps["loaderData"]["weeks"] }) {
  const total = funnelTotal(weeks);
  return (
    <div className="overflow-x-auto rounded-2xl border border-sand-200 bg-white">
      <table className="w-full text-sm" data-testid="care-funnel">
        <caption className="px-1.5 pt-3 text-left font-semibold sm:px-3">{`Per settimana (ultime ${FUNNEL_WEEKS}, la più recente in alto)`}</caption>
        <thead>
          <tr className="border-b border-sand-200">
            <th scope="col" className={`${th} text-left`}>
              Settimana
            </th>
            {funnelStages.map((stage) => (
              <th key={stage} scope="col" className={`${th} text-right`}>
                <span className="sr-only">{funnelStageLabels[stage]}</span>
                <span aria-hidden className="sm:hidden">
                  {funnelStageShortLabels[stage]}
                </span>
                <span aria-hidden className="max-sm:hidden">
                  {funnelStageLabels[stage]}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...weeks].reverse().map(({ week, counts }) => (
            <tr key={week} className="border-b border-sand-100 last:border-0">
              <th scope="row" className={`${pad} text-left align-top font-normal whitespace-nowrap`}>
                <span className="sr-only">{funnelWeekLabel(week)}</span>
                <span aria-hidden className="block font-medium">{`Sett. ${isoWeekNumber(week)}`}</span>
                <span aria-hidden className="block text-xs text-ink-500">
                  {formatDayMonth(week)}
                  <span className="max-sm:hidden">{` – ${formatDayMonth(addDays(week, 6))}`}</span>
                </span>
              </th>
              <StageCells counts={counts} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-sand-200 font-semibold">
            <th scope="row" className={`${pad} text-left align-top`}>
              Totale
            </th>
            <StageCells counts={total} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Where staff act on a person's wait: the call's page (where its outcome is recorded), or the questionnaire they sent. */
function waitingHref(person: WaitingPerson) {
  return person.kind === "questionnaire" ? `/admin/questionari?risposta=${person.id}` : `/admin/chiamate/${person.id}`;
}

const daysSince = (since: string, now: string) => Math.floor((Date.parse(now) - Date.parse(since)) / 86_400_000);

function WaitingList({ people, total, now }: { people: WaitingPerson[]; total: number; now: string }) {
  if (people.length === 0) return <EmptyState>{`Nessuna persona aspetta una decisione da più di ${WAITING_DAYS} giorni.`}</EmptyState>;
  return (
    <>
      <ol className="grid gap-3" data-testid="waiting-list">
        {people.map((person) => (
          <li key={`${person.kind}-${person.id}`} className="grid gap-1 rounded-2xl border border-sand-200 bg-white p-4 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <Link to={waitingHref(person)} className="font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900">
                {person.name}
              </Link>
              <span className="font-semibold text-coral-700">{`da ${daysSince(person.since, now)} giorni`}</span>
            </div>
            <p>
              <span className="text-ink-500">Aspetta: </span>
              {waitingKindLabels[person.kind]}
              {person.callAt ? ` (${formatDateTime(person.callAt)}${person.therapistName ? `, con ${person.therapistName}` : ""})` : null}
            </p>
            <p className="text-ink-500">{`Dal ${formatShortDate(person.since)} · ${person.email}`}</p>
          </li>
        ))}
      </ol>
      {total > people.length ? <p className="text-sm text-ink-500">{`Sono le ${people.length} attese più lunghe su ${total}.`}</p> : null}
    </>
  );
}

export default function AdminCarePath({ loaderData }: Route.ComponentProps) {
  const { weeks, waiting, now } = loaderData;
  const total = funnelTotal(weeks);
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Percorso di cura"
        description="Dal questionario al primo incontro: ogni passaggio è contato nella settimana (ora italiana) in cui è avvenuto; sotto ogni numero, la percentuale sul passaggio precedente."
      />
      <BarChart
        title={`Ultime ${FUNNEL_WEEKS} settimane`}
        rows={funnelStages.map((stage, index) => ({
          label: funnelStageLabels[stage],
          value: total[stage],
          note: index > 0 ? `${conversion(total[funnelStages[index - 1]!], total[stage])} del passaggio precedente` : undefined,
        }))}
      />
      <FunnelTable weeks={weeks} />
      <details className="rounded-2xl border border-sand-200 bg-white p-4 text-sm">
        <summary className="cursor-pointer font-semibold">Come si contano</summary>
        <ul className="mt-3 grid list-disc gap-1 pl-5 text-ink-700">
          <li>Questionari: inviati nella settimana.</li>
          <li>Chiamate prenotate: prenotate nella settimana, anche se poi spostate o annullate.</li>
          <li>Chiamate svolte: nella settimana della chiamata, con un esito diverso da «Non si è presentatə».</li>
          <li>Adattə: chiamate svolte con esito «Adattə al gruppo scelto» o «Adattə a un altro gruppo».</li>
          <li>Primo incontro: il primo incontro con presenza di chi è statə giudicatə adattə, nella settimana dell'incontro.</li>
        </ul>
      </details>
      <section aria-labelledby="waiting-title" className="grid gap-3">
        <h2 id="waiting-title" className="text-lg font-semibold">
          {`In attesa di una decisione da più di ${WAITING_DAYS} giorni (${waiting.total})`}
        </h2>
        <p className="text-sm text-ink-500">
          Chiamate prenotate o svolte senza esito, questionari senza chiamata: dall'attesa più lunga. I questionari più vecchi di {FUNNEL_WEEKS} settimane non sono contati.
        </p>
        <WaitingList people={waiting.people} total={waiting.total} now={now} />
      </section>
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
