import type { Route } from "./+types/safety-alerts";
import { PageHeader } from "~/components/admin/page";
import { SafetyAlertList } from "~/components/safety/safety-alert-list";
import { safetyAckSchema } from "~/domain/safety";
import { parseSubmission } from "~/server/form-submission.server";
import { requireTherapist } from "~/server/gates.server";
import { loadPage } from "~/server/http/errors.server";
import { actionOk, checkFields, staffAction, submissionRefused } from "~/server/http/staff-action.server";
import { acknowledgeAsTherapist, therapistSafetyAlerts } from "~/server/services/safety-alerts.server";

/**
 * /terapeuta-area/segnalazioni — the signed-in therapist's own safety alerts (anonymous → sign-in or
 * 401, anyone not a therapist → 403; another therapist's alert is a 404): the ones they have not
 * acknowledged first, each with «Presa visione» and a required note, audited.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const identity = await requireTherapist(context.db, request);
  return loadPage("therapist-safety-alerts", async () => ({ alerts: await therapistSafetyAlerts(context.db, identity.therapist.id) }));
}

const INTENT = "acknowledge";

export async function action({ request, context }: Route.ActionArgs) {
  const identity = await requireTherapist(context.db, request);
  const submission = parseSubmission(await request.formData(), safetyAckSchema);
  if (submission.status !== "success") return submissionRefused(INTENT, "Presa visione non registrata", submission, { description: checkFields });
  return staffAction(
    INTENT,
    async () => {
      await acknowledgeAsTherapist(context.db, identity, submission.value.id, submission.value.note);
      return actionOk(INTENT, "Presa visione registrata.");
    },
    { scope: "therapist-safety-alerts", title: "Presa visione non registrata", fallback: "Si è verificato un errore. Riprova più tardi.", submission },
  );
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
