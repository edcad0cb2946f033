import { CalendarClock, X } from "lucide-react";
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/call";
import { AreaPage } from "~/components/client/area-page";
import { AreaDone, AreaError } from "~/components/client/notices";
import { SlotPicker } from "~/components/matching/slot-picker";
import { SendButton } from "~/components/site/send-button";
import { CALL_CHANGE_CUTOFF_HOURS, callChangeSchema } from "~/domain/intake-calls";
import { upperFirst } from "~/domain/sessions";
import { parseSubmission, refuseSubmission } from "~/server/form-submission.server";
import { requireClient } from "~/server/gates.server";
import { handleErrors } from "~/server/http/errors.server";
import { changeOwnCall, personCalls } from "~/server/services/person-calls.server";
import { clientAreaMeta } from "~/domain/seo";

/**
 * /area-personale/chiamata — the signed-in person's own upcoming intake calls, known by their verified
 * address (anonymous → the sign-in form, a post 401; staff and therapists → 403; someone else's call →
 * 404 and nothing changes). They move it to another free time of the same therapist, or cancel it, up
 * to CALL_CHANGE_CUTOFF_HOURS before (decision 070); both sides get the change by e-mail with the .ics.
 */

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const client = await requireClient(context.db, request);
  return data({ calls: await personCalls(context.db, client.user.email) }, { headers: PRIVATE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const client = await requireClient(context.db, request);
  const submission = parseSubmission(await request.formData(), callChangeSchema);
  if (submission.status !== "success") return refuseSubmission(submission, { headers: PRIVATE });
  return handleErrors(
    async () => data({ done: await changeOwnCall(context.db, client.session, client.user.email, submission.value) }, { headers: PRIVATE }),
    (error) => refuseSubmission(submission, { status: error.status, headers: PRIVATE, ...(error.fields ? { fieldErrors: error.fields } : { formError: error.message }) }),
    { scope: "client-call" },
  );
}

export const headers = () => PRIVATE;

export const meta = clientAreaMeta("La tua chiamata conoscitiva");

type Call = Route.ComponentProps["loaderData"]["calls"][number];

function MoveForm({ call, sending }: { call: Call; sending: boolean }) {
  const [start, setStart] = useState("");
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="callId" value={call.id} />
      <SlotPicker days={call.days} value={start} onChange={setStart} name="start" legend="Scegli un altro orario" optional={false} disabled={sending} />
      <SendButton sending={sending} icon={<CalendarClock aria-hidden className="size-5" />} className="btn btn-primary w-full sm:w-fit">
        Sposta la chiamata
      </SendButton>
    </Form>
  );
}

export default function ClientCallPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const done = actionData && "done" in actionData ? actionData.done : null;
  const refused = actionData && "result" in actionData ? actionData.result.error : undefined;
  const problem = refused?.[""]?.[0] ?? refused?.start?.[0] ?? refused?.callId?.[0];
  return (
    <AreaPage
      id="call-title"
      title="La tua chiamata conoscitiva"
      lead={`Puoi spostarla o annullarla fino a ${CALL_CHANGE_CUTOFF_HOURS} ore prima: avvisiamo noi chi ti chiamerà, e ricevi l'invito aggiornato per il calendario.`}
    >
      {done ? <AreaDone>{done}. Ti abbiamo scritto per email.</AreaDone> : null}
      {problem ? <AreaError>{problem}</AreaError> : null}
      {loaderData.calls.length === 0 ? <p className="rounded-3xl border border-sand-200 bg-white p-5 text-ink-700">Non hai chiamate in programma.</p> : null}
      {loaderData.calls.map((call) => (
        <section key={call.id} aria-label={`Chiamata di ${call.label}`} className="grid gap-5 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-7">
          <div className="grid gap-1">
            <p className="text-lg font-semibold">{upperFirst(call.label)}</p>
            {call.therapistName ? (
              <p className="text-ink-700">
                Con {call.therapistName}, {call.means}.
              </p>
            ) : null}
          </div>
          {call.changeable ? (
            <>
              <MoveForm call={call} sending={sending} />
              <details className="rounded-2xl border border-sand-200 p-4">
                <summary className="cursor-pointer font-semibold text-danger-600">Annulla la chiamata</summary>
                <Form method="post" className="mt-3 grid gap-3">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="callId" value={call.id} />
                  <p className="text-ink-700">L'orario torna libero per altre persone. Potrai prenotarne un altro quando vuoi.</p>
                  <SendButton sending={sending} icon={<X aria-hidden className="size-5" />} className="btn btn-secondary w-full sm:w-fit">
                    Sì, annulla la chiamata
                  </SendButton>
                </Form>
              </details>
            </>
          ) : (
            <p className="text-ink-700">Mancano meno di {CALL_CHANGE_CUTOFF_HOURS} ore: per cambiarla rispondi all'email di conferma.</p>
          )}
        </section>
      ))}
    </AreaPage>
  );
}
