import { ClipboardList } from "lucide-react";
import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/outcomes";
import { AreaPage, AreaSection } from "~/components/client/area-page";
import { AreaDone, AreaError } from "~/components/client/notices";
import { OutcomeConsentForm, WithdrawConsent } from "~/components/outcomes/consent-form";
import { formatShortDate } from "~/domain/format";
import { outcomeAction } from "~/domain/outcome-forms";
import { outcomeOccasionLabels, outcomePaths, QUESTION_COUNT } from "~/domain/outcome-measures";
import { requireClient } from "~/server/gates.server";
import { handleErrors } from "~/server/http/errors.server";
import { consentState, decideConsent, pendingAdministrations } from "~/server/services/outcome-measures.server";

/**
 * /area-personale/monitoraggio — who may: a signed-in client, about their own address only (anonymous
 * visitors go to the sign-in form and come back). The consent to the outcome measures (given,
 * refused, withdrawn at any time) and the person's questionnaires still open. Without consent nothing
 * is asked.
 */

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const client = await requireClient(context.db, request);
  const [consent, pending] = await Promise.all([consentState(context.db, client.user.email), pendingAdministrations(context.db, client)]);
  return data({ consent, pending: consent.state === "granted" ? pending : [], waiting: pending.length }, { headers: PRIVATE });
}

type Notice = { notice?: string; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const client = await requireClient(context.db, request);
  const form = await request.formData();
  const parsed = outcomeAction.safeParse(Object.fromEntries(form));
  if (!parsed.success || parsed.data.intent === "answer") {
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    if (!issue || issue.path[0] === "intent") throw Response.json({ error: "Azione sconosciuta." }, { status: 400 });
    return data<Notice>({ error: issue.message }, { status: 400, headers: PRIVATE });
  }
  const choice = parsed.data;
  return handleErrors(
    async () => {
      const decision = choice.intent === "withdraw" ? "withdrawn" : choice.decision;
      await decideConsent(context.db, client, decision);
      if (decision === "granted") {
        const [first] = await pendingAdministrations(context.db, client);
        if (first) throw redirect(outcomePaths.questionnaire(first.id), { headers: PRIVATE });
        return data<Notice>({ notice: "Grazie: consenso registrato. Ti scriveremo quando sarà il momento del prossimo questionario." }, { headers: PRIVATE });
      }
      return data<Notice>(
        { notice: decision === "withdrawn" ? "Consenso ritirato: da ora non ti chiediamo e non ti inviamo più nessun questionario." : "Va bene: non ti chiediamo nulla." },
        { headers: PRIVATE },
      );
    },
    (error) => data<Notice>({ error: error.message }, { status: error.status, headers: PRIVATE }),
    { scope: "client-outcomes" },
  );
}

export const headers = () => PRIVATE;

export default function OutcomesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { consent, pending } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <AreaPage
      id="outcomes-title"
      title="Questionario di monitoraggio"
      lead={`Due brevi questionari sull'umore e sull'ansia (PHQ-9 e GAD-7, ${QUESTION_COUNT} domande in tutto): prima del primo incontro, ogni quattro incontri e alla fine del percorso.`}
    >
      {actionData?.notice ? <AreaDone>{actionData.notice}</AreaDone> : null}
      {actionData?.error ? <AreaError>{actionData.error}</AreaError> : null}
      {consent.state === "granted" ? (
        <>
          <AreaSection id="open-title" title="Da compilare" icon={ClipboardList}>
            {pending.length === 0 ? (
              <p className="text-ink-700">Nessun questionario da compilare adesso: ti scriveremo quando sarà il momento del prossimo.</p>
            ) : (
              <ul className="grid gap-3">
                {pending.map((row) => (
                  <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-sand-200 p-4">
                    <span className="grid">
                      <span className="font-semibold text-ink-900">{outcomeOccasionLabels[row.occasion]}</span>
                      <span className="text-sm text-ink-700">
                        Dal {formatShortDate(row.dueAt)} · {row.answered === 0 ? "da iniziare" : `${row.answered} di ${QUESTION_COUNT} risposte salvate`}
                      </span>
                    </span>
                    <Link to={outcomePaths.questionnaire(row.id)} className="btn btn-primary">
                      {row.answered === 0 ? "Inizia" : "Riprendi"}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </AreaSection>
          <WithdrawConsent busy={busy} grantedAt={consent.grantedAt} />
        </>
      ) : (
        <OutcomeConsentForm busy={busy} refused={consent.state === "refused"} />
      )}
    </AreaPage>
  );
}
