import { AreaPage } from "~/components/client/area-page";
import { ArrowRightLeft } from "lucide-react";
import { useId } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/move";
import { formErrors } from "~/domain/form-fields";
import { clientAreaPaths, MOVE_REASON_MAX, moveRequestSchema } from "~/domain/client-area";
import { freeSeatsLabel } from "~/domain/group-labels";
import { HttpError } from "~/server/http.server";
import { requireClient } from "~/server/services/client-area.server";
import { moveRequestPage, requestMove } from "~/server/services/move-requests.server";
import { MoveRequestState } from "~/components/client/move-request-state";
import { AreaDone, AreaError } from "~/components/client/notices";
import { FieldError } from "~/components/site/field-error";
import { SendButton } from "~/components/site/send-button";

/**
 * /area-personale/cambio-gruppo/:bookingId — who may: the signed-in client whose booking it is;
 * anyone else's booking answers 404 (as a missing one), anonymous visitors go to the sign-in form
 * (a post gets 401), staff and therapists 403. A confirmed member asks to move to another group,
 * with a reason and optionally a group with a free seat; the page shows the request's state.
 */

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const client = await requireClient(request, context.db);
  const page = await moveRequestPage(context.db, client, params.bookingId);
  return data({ ...page, justSent: new URL(request.url).searchParams.get("esito") === "inviata" }, { headers: PRIVATE });
}

type ActionResult = {
  error?: string;
  fieldErrors?: Partial<Record<"reason" | "preferred_group", string>>;
  values?: { reason: string; preferred_group: string };
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const client = await requireClient(request, context.db);
  const form = await request.formData();
  const values = { reason: String(form.get("reason") ?? "").slice(0, MOVE_REASON_MAX + 100), preferred_group: String(form.get("preferred_group") ?? "") };
  const parsed = moveRequestSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: ActionResult["fieldErrors"] = formErrors(parsed.error, { byField: true });
    return data<ActionResult>({ fieldErrors, values }, { status: 400, headers: PRIVATE });
  }
  try {
    await requestMove(context.db, client, params.bookingId, { reason: parsed.data.reason, preferredGroupId: parsed.data.preferred_group });
  } catch (error) {
    if (error instanceof HttpError && error.status === 400)
      return data<ActionResult>({ fieldErrors: { preferred_group: error.message }, values }, { status: 400, headers: PRIVATE });
    if (error instanceof HttpError) return data<ActionResult>({ error: error.message, values }, { status: error.status, headers: PRIVATE });
    throw error;
  }
  return redirect(`${clientAreaPaths.move(params.bookingId)}?esito=inviata`, { headers: PRIVATE });
}

export const headers = () => PRIVATE;

export default function MovePage({ loaderData, actionData }: Route.ComponentProps) {
  const { member, groupName: current, targets, request, justSent } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const id = useId();
  const errors = actionData?.fieldErrors ?? {};
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
      {actionData?.error ? <AreaError>{actionData.error}</AreaError> : null}
      {request ? <MoveRequestState request={request} /> : null}
      {!member ? (
        <p className="rounded-2xl bg-sand-100 p-4 text-ink-700">Puoi chiedere di cambiare gruppo quando il tuo posto in un gruppo è confermato.</p>
      ) : pending ? null : (
        <Form method="post" noValidate className="grid gap-5 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6">
          <div className="grid gap-2">
            <label htmlFor={`${id}-reason`} className="font-semibold">
              Perché vorresti cambiare gruppo? <span className="text-danger-600">*</span>
            </label>
            <p id={`${id}-reason-hint`} className="text-sm text-ink-500">
              Per esempio l'orario non va più bene, o il tema del gruppo non fa per te. Lo legge solo lo staff.
            </p>
            <textarea
              id={`${id}-reason`}
              name="reason"
              rows={5}
              required
              maxLength={MOVE_REASON_MAX}
              defaultValue={actionData?.values?.reason}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${id}-reason-hint ${id}-reason-error` : `${id}-reason-hint`}
              className="field"
            />
            <FieldError id={`${id}-reason-error`} error={errors.reason} />
          </div>
          <div className="grid gap-2">
            <label htmlFor={`${id}-group`} className="font-semibold">
              Gruppo che preferiresti (facoltativo)
            </label>
            <select
              id={`${id}-group`}
              name="preferred_group"
              defaultValue={actionData?.values?.preferred_group ?? ""}
              aria-invalid={errors.preferred_group ? true : undefined}
              aria-describedby={errors.preferred_group ? `${id}-group-error` : undefined}
              className="field"
            >
              <option value="">Nessuna preferenza</option>
              {targets.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name} · {group.therapistName} · {freeSeatsLabel(group.free)}
                </option>
              ))}
            </select>
            {targets.length === 0 ? (
              <p className="text-sm text-ink-500">Ora nessun altro gruppo ha posti liberi: lo staff cercherà una soluzione con te.</p>
            ) : null}
            <FieldError id={`${id}-group-error`} error={errors.preferred_group} />
          </div>
          <SendButton sending={sending} icon={<ArrowRightLeft aria-hidden className="size-5" />} className="btn btn-primary w-full sm:w-fit">
            Invia la richiesta
          </SendButton>
        </Form>
      )}
    </AreaPage>
  );
}
