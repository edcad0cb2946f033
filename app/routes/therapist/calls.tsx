import { Phone, Video } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/calls";
import { EmptyState, PageHeader } from "~/components/admin/page";
import { upperFirst, THERAPIST_AREA } from "~/domain/sessions";
import { requireTherapist } from "~/server/gates.server";
import { loadPage } from "~/server/http/errors.server";
import { availabilityOf } from "~/server/services/availability.server";
import { upcomingCalls } from "~/server/services/therapist-calls.server";

/**
 * /terapeuta-area/chiamate — the signed-in therapist's agenda of upcoming intake calls, their own only
 * (anonymous → sign-in, anyone else → 403). Names, times and phones; the questionnaire answers are one
 * click further, on the call's page, where each read is audited.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const identity = await requireTherapist(context.db, request);
  return loadPage("therapist-calls", async () => {
    const [calls, { therapist, windows }] = await Promise.all([upcomingCalls(context.db, identity.therapist.id), availabilityOf(context.db, identity.therapist.id)]);
    return { calls, callRoomUrl: therapist.callRoomUrl, hasWindows: windows.length > 0 };
  });
}

export default function TherapistCalls({ loaderData }: Route.ComponentProps) {
  const { calls, callRoomUrl, hasWindows } = loaderData;
  return (
    <div className="grid gap-6">
      <PageHeader title="Chiamate conoscitive" description="Le prossime chiamate gratuite con chi vuole entrare in un gruppo, 30 minuti ciascuna, in ora italiana." />
      {hasWindows ? null : (
        <p className="rounded-2xl border border-coral-100 bg-coral-100/50 p-4">
          Non hai ancora fasce per le chiamate: aggiungile in{" "}
          <Link to={`${THERAPIST_AREA}/disponibilita`} className="font-semibold underline">
            Disponibilità
          </Link>
          .
        </p>
      )}
      {calls.length === 0 ? (
        <EmptyState>Nessuna chiamata in programma.</EmptyState>
      ) : (
        <ul className="grid gap-3">
          {calls.map((call) => (
            <li key={call.id} className="grid gap-2 rounded-3xl border border-sand-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:items-center sm:p-5">
              <div className="grid gap-1">
                <p className="font-semibold">{upperFirst(call.label)}</p>
                <p className="text-ink-700">{call.name ?? "Persona senza nome"}</p>
                <p className="flex items-center gap-2 text-sm text-ink-700">
                  {callRoomUrl ? <Video aria-hidden className="size-4" /> : <Phone aria-hidden className="size-4" />}
                  {callRoomUrl ? "Videochiamata nella tua stanza" : <a href={`tel:${call.phone.replace(/[^\d+]/g, "")}`}>Chiama il {call.phone}</a>}
                </p>
              </div>
              <Link to={`${THERAPIST_AREA}/chiamate/${call.id}`} className="btn btn-secondary min-h-11">
                Apri la scheda
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
