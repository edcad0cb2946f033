import { Phone, Video } from "lucide-react";
import type { Route } from "./+types/call";
import { QuestionnaireAnswers } from "~/components/admin/questionnaire-answers";
import { EmptyState, PageHeader } from "~/components/admin/page";
import { BackLink } from "~/components/site/back-link";
import { formatDateTime } from "~/domain/format";
import { THERAPIST_AREA, upperFirst } from "~/domain/sessions";
import { requireTherapist } from "~/server/gates.server";
import { HttpError, loadPage } from "~/server/http/errors.server";
import { isRecordId } from "~/server/http/staff-action.server";
import { ownCallWithAnswers } from "~/server/services/therapist-calls.server";
import { outcomeFormAction } from "~/server/http/call-outcome-action.server";
import { outcomeForm } from "~/server/services/call-outcomes.server";
import { CallOutcomeForm } from "~/components/calls/call-outcome-form";

/**
 * /terapeuta-area/chiamate/:callId — one of the signed-in therapist's own intake calls with the
 * person's questionnaire answers (health data), decrypted, each read audited. Another therapist's call
 * is a 404, as a missing one; anonymous → sign-in, anyone not a therapist → 403.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const identity = await requireTherapist(context.db, request);
  return loadPage("therapist-call", async () => {
    if (!isRecordId(params.callId)) throw new HttpError(404, "Chiamata non trovata.");
    const call = await ownCallWithAnswers(context.db, identity, params.callId);
    const form = await outcomeForm(context.db, call.id);
    return { ...call, ...form, past: Boolean(form.recorded && form.recorded.startsAt <= new Date()) };
  });
}

/** The outcome, recorded by the call's therapist only (another's call: 404; anyone else: 401/403). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const identity = await requireTherapist(context.db, request);
  return outcomeFormAction(context.db, { session: identity.session, therapistId: identity.therapist.id }, params.callId, await request.formData(), "therapist-call-outcome");
}

export default function TherapistCall({ loaderData }: Route.ComponentProps) {
  const call = loaderData;
  return (
    <div className="grid gap-6">
      <BackLink to={`${THERAPIST_AREA}/chiamate`}>Chiamate conoscitive</BackLink>
      <PageHeader
        title={call.name ?? "Persona senza nome"}
        description={[upperFirst(call.label), call.status === "cancelled" ? "annullata" : null, call.ageBracket ? `${call.ageBracket} anni` : null].filter(Boolean).join(" · ")}
      />
      <p className="flex flex-wrap items-center gap-2">
        {call.callRoomUrl ? (
          <a href={call.callRoomUrl} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 font-medium text-teal-800 underline">
            <Video aria-hidden className="size-4" />
            Entra nella stanza video
          </a>
        ) : (
          <a href={`tel:${call.phone.replace(/[^\d+]/g, "")}`} className="inline-flex items-center gap-1 font-medium text-teal-800 underline">
            <Phone aria-hidden className="size-4" />
            Chiama il {call.phone}
          </a>
        )}
      </p>
      <p className="text-sm text-ink-500">
        Dati sanitari, coperti dal segreto professionale: ogni lettura è registrata.
        {call.submittedAt ? ` Questionario del ${formatDateTime(call.submittedAt)}.` : ""}
      </p>
      {call.past && call.status === "booked" ? <CallOutcomeForm recorded={call.recorded} groups={call.groups} /> : null}
      {call.answers ? <QuestionnaireAnswers answers={call.answers} /> : <EmptyState>Questa persona non ha compilato il questionario.</EmptyState>}
    </div>
  );
}
