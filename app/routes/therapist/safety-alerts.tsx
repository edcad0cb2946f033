import type { Route } from "./+types/safety-alerts";
import { PageHeader } from "~/components/admin/page";
import { SafetyAlertList } from "~/components/safety/safety-alert-list";
import { requireTherapist } from "~/server/gates.server";
import { loadPage } from "~/server/http/errors.server";
import { acknowledgeAction, acknowledgeAsTherapist, therapistSafetyAlerts } from "~/server/services/safety-alerts.server";

/**
 * /terapeuta-area/segnalazioni — the signed-in therapist's own safety alerts (anonymous → sign-in or
 * 401, anyone not a therapist → 403; another therapist's alert is a 404): the ones they have not
 * acknowledged first, each with «Presa visione» and a required note, audited.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const identity = await requireTherapist(context.db, request);
  return loadPage("therapist-safety-alerts", async () => ({ alerts: await therapistSafetyAlerts(context.db, identity.therapist.id) }));
}

export async function action({ request, context }: Route.ActionArgs) {
  const identity = await requireTherapist(context.db, request);
  return acknowledgeAction(request, "therapist-safety-alerts", (id, note) => acknowledgeAsTherapist(context.db, identity, id, note));
}

export default function TherapistSafetyAlerts({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        title="Segnalazioni di sicurezza"
        description="Le segnalazioni sulle persone che segui: prendine visione e scrivi che cosa hai fatto. Lo staff le vede e le prende in carico a sua volta."
      />
      <SafetyAlertList alerts={loaderData.alerts} side="therapist" empty="Nessuna segnalazione." />
    </div>
  );
}
