import { AreaPage } from "~/components/client/area-page";
import { ArrowRightLeft } from "lucide-react";
import { getFormProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/move";
import { clientAreaPaths, moveRequestSchema } from "~/domain/client-area";
import { freeSeatsLabel } from "~/domain/group-labels";
import { handleErrors, loadPage, pageError } from "~/server/http/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { useFlash } from "~/components/site/use-flash";
import { parseSubmission, refuseSubmission } from "~/server/form-submission.server";
import { moveRequestPage, requestMove } from "~/server/services/move-requests.server";
import { MoveRequestState } from "~/components/client/move-request-state";
import { AreaDone, AreaError } from "~/components/client/notices";
import { FieldError } from "~/components/site/field-error";
import { SendButton } from "~/components/site/send-button";
import { firstError, useSchemaForm } from "~/components/forms/schema-form";
import { requireClient } from "~/server/gates.server";
import { clientAreaMeta } from "~/domain/seo";

/**
 * /area-personale/cambio-gruppo/:bookingId — who may: the signed-in client whose booking it is;
 * anyone else's booking answers 404 (as a missing one), anonymous visitors go to the sign-in form
 * (a post gets 401), staff and therapists 403. A confirmed member asks to move to another group,
 * with a reason and optionally a group with a free seat; the page shows the request's state.
 */

const PRIVATE = { "Cache-Control": "private, no-store" };
/** The flash that reports the post after its redirect. */
const MOVE_FORM = "move-request";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const client = await requireClient(context.db, request);
  const page = await loadPage("client-move", () => moveRequestPage(context.db, client, params.bookingId));
  return data(page, { headers: PRIVATE });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const client = await requireClient(context.db, request);
  const submission = parseSubmission(await request.formData(), moveRequestSchema);
  if (submission.status !== "success") return refuseSubmission(submission, { headers: PRIVATE });
  return handleErrors(
    async () => {
      await requestMove(context.db, client, params.bookingId, { reason: submission.value.reason, preferredGroupId: submission.value.preferred_group });
      return redirectWithFlash(request, clientAreaPaths.move(params.bookingId), { form: MOVE_FORM, outcome: "ok" }, PRIVATE);
    },
    // Someone else's booking is the page's 404; a group no longer free is the field's refusal, anything else the form's.
    (error) => {
      if (error.status === 404) pageError(error);
      if (error.status === 400) return refuseSubmission(submission, { headers: PRIVATE, fieldErrors: { preferred_group: error.message } });
      return refuseSubmission(submission, { status: error.status, headers: PRIVATE, formError: error.message });
    },
    { scope: "client-move" },
  );
}

export const headers = () => PRIVATE;

export const meta = clientAreaMeta("Chiedi di cambiare gruppo");

export default function MovePage({ loaderData, actionData }: Route.ComponentProps) {
  const { member, groupName: current, targets, request } = loaderData;
  const justSent = useFlash(MOVE_FORM)?.outcome === "ok";
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useSchemaForm(moveRequestSchema, { lastResult: actionData?.result });
  const reasonHint = `${fields.reason.id}-hint`;
  const pending = request?.status === "pending";
  return (
    <AreaPage
      id="move-title"
      title="Chiedi di cambiare gruppo"
      lead={
        current ? (
          <>
            Ora sei nel gruppo <strong>{current}</strong>. Lo staff legge la tua richiesta, ti risponde per email e qui vedi a che punto è.
          </>
        ) : undefined
      }
    >
      {justSent && pending ? <AreaDone>Richiesta inviata. Ti abbiamo mandato una conferma per email.</AreaDone> : null}
      {form.errors ? <AreaError>{firstError(form.errors)}</AreaError> : null}
      {request ? <MoveRequestState request={request} /> : null}
      {!member ? (
        <p className="rounded-2xl bg-sand-100 p-4 text-ink-700">Puoi chiedere di cambiare gruppo quando il tuo posto in un gruppo è confermato.</p>
      ) : pending ? null : (
        <Form method="post" {...getFormProps(form)} className="grid gap-5 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6">
          <div className="grid gap-2">
            <label htmlFor={fields.reason.id} className="font-semibold">
              Perché vorresti cambiare gruppo? <span className="text-danger-600">*</span>
            </label>
            <p id={reasonHint} className="text-sm text-ink-500">
              Per esempio l'orario non va più bene, o il tema del gruppo non fa per te. Lo legge solo lo staff.
            </p>
            <textarea {...getTextareaProps(fields.reason, { ariaDescribedBy: reasonHint })} rows={5} className="field" />
            <FieldError id={fields.reason.errorId} error={firstError(fields.reason.errors)} />
          </div>
          <div className="grid gap-2">
            <label htmlFor={fields.preferred_group.id} className="font-semibold">
              Gruppo che preferiresti (facoltativo)
            </label>
            <select {...getSelectProps(fields.preferred_group)} className="field">
              <option value="">Nessuna preferenza</option>
              {targets.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name} · {group.therapistName} · {freeSeatsLabel(group.free)}
                </option>
              ))}
            </select>
            {targets.length === 0 ? <p className="text-sm text-ink-500">Ora nessun altro gruppo ha posti liberi: lo staff cercherà una soluzione con te.</p> : null}
            <FieldError id={fields.preferred_group.errorId} error={firstError(fields.preferred_group.errors)} />
          </div>
          <SendButton sending={sending} icon={<ArrowRightLeft aria-hidden className="size-5" />} className="btn btn-primary w-full sm:w-fit">
            Invia la richiesta
          </SendButton>
        </Form>
      )}
    </AreaPage>
  );
}
