import { Phone, Video } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/calls";
import { Pagination } from "~/components/admin/list";
import { EmptyState, PageHeader } from "~/components/admin/page";
import { upperFirst, THERAPIST_AREA } from "~/domain/sessions";
import { requireTherapist } from "~/server/gates.server";
import { loadPage } from "~/server/http/errors.server";
import { availabilityOf } from "~/server/services/availability.server";
import { pageParam } from "~/server/services/admin-lists.server";
import { AWAITING_PAGE_SIZE, callsAwaitingOutcome, upcomingCalls } from "~/server/services/therapist-calls.server";

/**
 * /terapeuta-area/chiamate — the signed-in therapist's agenda of upcoming intake calls, their own only
 * (anonymous → sign-in, anyone else → 403). Names, times and phones; the questionnaire answers are one
 * click further, on the call's page, where each read is audited. Above them, the past calls still
 * without an outcome, paged with their own parameter (`esiti`, AWAITING_PAGE_SIZE a page, the total
 * shown): the therapist records it on the call's page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const identity = await requireTherapist(context.db, request);
  return loadPage("therapist-calls", async () => {
    const [calls, awaiting, { therapist, windows }] = await Promise.all([
      upcomingCalls(context.db, identity.therapist.id),
      callsAwaitingOutcome(context.db, identity.therapist.id, pageParam(new URL(request.url), "esiti")),
      availabilityOf(context.db, identity.therapist.id),
    ]);
    return { calls, awaiting, awaitingPageSize: AWAITING_PAGE_SIZE, callRoomUrl: therapist.callRoomUrl, hasWindows: windows.length > 0 };
  });
}

type AgendaCall = Route.ComponentProps["loaderData"]["calls"][number];

/** One call of the agenda: when, who, how, and the link to its page (`action`: what the link says). */
function CallItem({ call, callRoomUrl, action }: { call: AgendaCall; callRoomUrl: string | null; action: string }) {
  return (
    <li className="grid gap-2 rounded-3xl border border-sand-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:items-center sm:p-5">
      <div className="grid gap-1">
        <p className="font-semibold">{upperFirst(call.label)}</p>
        <p className="text-ink-700">{call.name ?? "Persona senza nome"}</p>
        <p className="flex items-center gap-2 text-sm text-ink-700">
          {callRoomUrl ? <Video aria-hidden className="size-4" /> : <Phone aria-hidden className="size-4" />}
          {callRoomUrl ? "Videochiamata nella tua stanza" : <a href={`tel:${call.phone.replace(/[^\d+]/g, "")}`}>Chiama il {call.phone}</a>}
        </p>
      </div>
      <Link to={`${THERAPIST_AREA}/chiamate/${call.id}`} className="btn btn-secondary min-h-11" aria-label={`${action}: ${call.name ?? "persona senza nome"}, ${call.label}`}>
        {action}
      </Link>
    </li>
  );
}

export default function TherapistCalls({ loaderData }: Route.ComponentProps) {
  const { calls, awaiting, awaitingPageSize, callRoomUrl, hasWindows } = loaderData;
  return (
    <div className="grid gap-6">
      <PageHeader title="Chiamate conoscitive" description="Le chiamate gratuite con chi vuole entrare in un gruppo, 30 minuti ciascuna, in ora italiana." />
      {hasWindows ? null : (
        <p className="rounded-2xl border border-coral-100 bg-coral-100/50 p-4">
          Non hai ancora fasce per le chiamate: aggiungile in{" "}
          <Link to={`${THERAPIST_AREA}/disponibilita`} className="font-semibold underline">
            Disponibilità
          </Link>
          .
        </p>
      )}
      {awaiting.total > 0 ? (
        <section aria-labelledby="awaiting-title" className="grid gap-3">
          <h2 id="awaiting-title" className="text-lg font-semibold">
            Esito da registrare
          </h2>
          <p className="text-ink-700">Chiamate passate senza esito: finché non lo registri, la persona aspetta di sapere se e quando entra nel gruppo.</p>
          <ul className="grid gap-3">
            {awaiting.rows.map((call) => (
              <CallItem key={call.id} call={call} callRoomUrl={callRoomUrl} action="Registra l'esito" />
            ))}
          </ul>
          <Pagination page={awaiting.page} total={awaiting.total} pageSize={awaitingPageSize} noun={{ one: "chiamata", many: "chiamate" }} param="esiti" />
        </section>
      ) : null}
      <section aria-labelledby="upcoming-title" className="grid gap-3">
        <h2 id="upcoming-title" className="text-lg font-semibold">
          In programma
        </h2>
        {calls.length === 0 ? (
          <EmptyState>Nessuna chiamata in programma.</EmptyState>
        ) : (
          <ul className="grid gap-3">
            {calls.map((call) => (
              <CallItem key={call.id} call={call} callRoomUrl={callRoomUrl} action="Apri la scheda" />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
