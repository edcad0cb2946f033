import { AreaPage } from "~/components/client/area-page";
import { CircleAlert, CircleCheck, Info } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/absence";
import { AreaError, focusTarget, useFocusOnAppear } from "~/components/client/notices";
import { absenceNotice } from "~/content/site";
import { clientAreaPaths } from "~/domain/client-area";
import { formatDateTime } from "~/domain/format";
import { sessionLabel, upperFirst } from "~/domain/sessions";
import { handleErrors, loadPage, pageError } from "~/server/http/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { useFlash } from "~/components/site/use-flash";
import { announceClientAbsence, type ExpectedCharge } from "~/server/services/client-absences.server";
import { ownSession } from "~/server/services/client-area.server";
import { SendButton } from "~/components/site/send-button";
import { requireClient } from "~/server/gates.server";
import { clientAreaMeta } from "~/domain/seo";

/**
 * /area-personale/assenza/:sessionId — who may: a signed-in client who is a confirmed member of the
 * meeting's group; anyone else's meeting answers 404 (as a missing one), anonymous visitors go to the
 * sign-in form and come back here. Before the notice period the absence is free; after it the page
 * says the meeting is charged, naming the rule, before the person confirms.
 */

const PRIVATE = { "Cache-Control": "private, no-store" };
/** The flash that reports the post after its redirect. */
const ABSENCE_FORM = "absence";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const client = await requireClient(context.db, request);
  const session = await loadPage("client-absence", () => ownSession(context.db, client, params.sessionId));
  return data(
    {
      session: {
        id: session.id,
        label: upperFirst(sessionLabel(session.startsAt, session.endsAt)),
        groupName: session.groupName,
        therapistName: session.therapistName,
        status: session.status,
        started: session.started,
      },
      attendance: session.attendance,
      announcedAt: session.announcedAt,
      absenceFree: session.absenceFree,
    },
    { headers: PRIVATE },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const client = await requireClient(context.db, request);
  const expected = (await request.formData()).get("expected");
  if (expected !== "free" && expected !== "fee") return data({ error: "Richiesta non valida: ricarica la pagina." }, { status: 400, headers: PRIVATE });
  return handleErrors(
    async () => {
      await announceClientAbsence(context.db, client, params.sessionId, expected as ExpectedCharge);
      return redirectWithFlash(request, clientAreaPaths.absence(params.sessionId), { form: ABSENCE_FORM, outcome: "ok" }, PRIVATE);
    },
    // Someone else's meeting is the page's 404; any other refusal is shown on the page.
    (error) => (error.status === 404 ? pageError(error) : data({ error: error.message }, { status: error.status, headers: PRIVATE })),
    { scope: "client-absence" },
  );
}

export const headers = () => PRIVATE;

export const meta = clientAreaMeta("Segnala un'assenza");

export default function AbsencePage({ loaderData, actionData }: Route.ComponentProps) {
  const { session, attendance, announcedAt, absenceFree } = loaderData;
  const justRecorded = useFlash(ABSENCE_FORM)?.outcome === "ok";
  const confirmation = useFocusOnAppear<HTMLDivElement>(justRecorded);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const recorded = attendance === "absent_notified" || attendance === "absent_unnotified";
  return (
    <AreaPage
      id="absence-title"
      title="Segnala un'assenza"
      lead={
        <>
          <strong>{session.groupName}</strong>, con {session.therapistName}: {session.label} (ora italiana).
        </>
      }
    >
      {actionData?.error ? <AreaError>{actionData.error}</AreaError> : null}
      {recorded ? (
        <div ref={confirmation} role="status" tabIndex={-1} className={`grid gap-2 rounded-3xl border border-teal-200 bg-white p-6 shadow-sm ${focusTarget}`}>
          <p className="flex items-center gap-2 text-xl font-semibold text-teal-800">
            <CircleCheck aria-hidden className="size-6 shrink-0" />
            {justRecorded ? "Assenza registrata" : "Hai già segnalato questa assenza"}
          </p>
          <p className="text-ink-700">
            {attendance === "absent_notified"
              ? `L'hai segnalata in tempo, secondo il ${absenceNotice.rule}: l'incontro non ti sarà addebitato.`
              : `L'hai segnalata dopo il limite del ${absenceNotice.rule}: l'incontro resta dovuto.`}
            {announcedAt ? ` Segnalata il ${formatDateTime(announcedAt)}.` : null} Ti abbiamo mandato una conferma per email.
          </p>
        </div>
      ) : session.status !== "scheduled" ? (
        <p className="rounded-2xl bg-sand-100 p-4 text-ink-700">Questo incontro è annullato o spostato: non serve avvisare e non si paga.</p>
      ) : session.started ? (
        <p className="rounded-2xl bg-sand-100 p-4 text-ink-700">Questo incontro è già iniziato: non si può più segnalare un'assenza.</p>
      ) : (
        <Form method="post" className="grid gap-4 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6">
          <input type="hidden" name="expected" value={absenceFree ? "free" : "fee"} />
          {absenceFree ? (
            <p className="flex gap-2 rounded-2xl bg-teal-50 p-4 text-teal-800">
              <Info aria-hidden className="mt-0.5 size-5 shrink-0" />
              <span>
                Mancano più di {absenceNotice.hours} ore all'incontro: secondo il {absenceNotice.rule} l'assenza è <strong>gratuita</strong>.
              </span>
            </p>
          ) : (
            <p className="flex gap-2 rounded-2xl border border-coral-100 bg-coral-100/50 p-4 text-ink-900">
              <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-coral-700" />
              <span>
                Mancano meno di {absenceNotice.hours} ore all'incontro: con il {absenceNotice.rule} l'incontro <strong>ti sarà addebitato</strong> anche se non partecipi. Avvisarci
                aiuta comunque il gruppo e il terapeuta.
              </span>
            </p>
          )}
          <SendButton sending={sending} className="btn btn-primary w-full sm:w-fit">
            {absenceFree ? "Conferma l'assenza" : "Conferma l'assenza (incontro addebitato)"}
          </SendButton>
        </Form>
      )}
    </AreaPage>
  );
}
