import type { Route } from "./+types/call";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { PageHeader } from "~/components/admin/page";
import { PersonLink } from "~/components/admin/person-link";
import { Terms } from "~/components/admin/sections";
import { CallOutcomeForm } from "~/components/calls/call-outcome-form";
import { BackLink } from "~/components/site/back-link";
import { callOutcomeLabels } from "~/domain/call-outcomes";
import { formatDateTime } from "~/domain/format";
import { bookingStatusLabels } from "~/domain/group-labels";
import { upperFirst } from "~/domain/sessions";
import { adminPageData, requireAdmin } from "~/server/gates.server";
import { HttpError, loadPage } from "~/server/http/errors.server";
import { isRecordId } from "~/server/http/staff-action.server";
import { outcomeFormAction } from "~/server/http/call-outcome-action.server";
import { callForStaff } from "~/server/services/call-outcomes.server";

/**
 * /admin/chiamate/:callId — staff only (anonymous → sign-in, clients and therapists 403, as every admin
 * page; a therapist records the outcome of their own calls on /terapeuta-area/chiamate/:callId). One
 * intake call with its booking and the outcome form the therapist has: staff record or correct the
 * outcome of any call, with the same rules (decision 085), audited with the staff member as actor. No
 * questionnaire answers here: they are the therapist's.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, () =>
    loadPage("admin-call", async () => {
      if (!isRecordId(params.callId)) throw new HttpError(404, "Chiamata non trovata.");
      const call = await callForStaff(context.db, params.callId);
      return { ...call, past: call.startsAt <= new Date() };
    }),
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await requireAdmin(context.db, request);
  return outcomeFormAction(context.db, { session, therapistId: null }, params.callId, await request.formData(), "admin-call-outcome");
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Chiamata di ${data?.name ?? "una persona"} · Admin` }];

export default function AdminCall({ loaderData: call }: Route.ComponentProps) {
  const recorded = call.recorded?.outcome ? call.recorded : null;
  return (
    <div className="grid max-w-3xl gap-6">
      <BackLink to="/admin/prenotazioni">Prenotazioni</BackLink>
      <PageHeader
        title={`Chiamata conoscitiva: ${call.name ?? call.email}`}
        description={[upperFirst(call.label), call.status === "cancelled" ? "annullata" : null].filter(Boolean).join(" · ")}
      />
      <dl className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-4 text-sm sm:grid-cols-2 sm:p-5">
        <Terms
          look="fields"
          items={[
            ["Terapeuta", call.therapistName ?? "—"],
            ["Contatti", `${call.email} · ${call.phone}`],
            [
              "Prenotazione",
              call.bookingId ? (
                <PersonLink bookingId={call.bookingId}>
                  {[call.groupName, call.bookingStatus ? bookingStatusLabels[call.bookingStatus] : null].filter(Boolean).join(" · ") || "Scheda della persona"}
                </PersonLink>
              ) : (
                "Nessuna"
              ),
            ],
            ["Esito", recorded ? `${callOutcomeLabels[recorded.outcome!]} (${recorded.outcomeBy}, ${formatDateTime(recorded.outcomeAt!)})` : "Non ancora registrato"],
          ]}
        />
      </dl>
      {call.status === "cancelled" ? (
        <p className="text-sm text-ink-700">La chiamata è stata annullata: non ha un esito.</p>
      ) : call.past ? (
        <CallOutcomeForm recorded={call.recorded} groups={call.groups} />
      ) : (
        <p className="text-sm text-ink-700">L'esito si registra dopo la chiamata.</p>
      )}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
