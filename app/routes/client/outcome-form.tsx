import { ArrowLeft, CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/outcome-form";
import { AreaPage } from "~/components/client/area-page";
import { AreaError } from "~/components/client/notices";
import { OutcomeConsentForm } from "~/components/outcomes/consent-form";
import { SafetyHelp } from "~/components/outcomes/safety-help";
import { SendButton } from "~/components/site/send-button";
import { CLIENT_AREA } from "~/domain/client-area";
import { outcomeAction } from "~/domain/outcome-forms";
import {
  answerOptions,
  measureInstruction,
  measureNames,
  measureQuestions,
  needsSafetyCheck,
  outcomePaths,
  QUESTION_COUNT,
  resumePosition,
  SAFETY_QUESTION_KEY,
} from "~/domain/outcome-measures";
import { requireClient } from "~/server/gates.server";
import { handleErrors, loadPage, pageError } from "~/server/http/errors.server";
import { consentState, decideConsent, ownAdministration, saveAnswers } from "~/server/services/outcome-measures.server";

/**
 * /area-personale/monitoraggio/:id — who may: the signed-in person whose booking the questionnaire is
 * for; anyone else's (or a missing one) is 404, anonymous visitors go to the sign-in form and come
 * back here. The consent first (nothing is asked without it), then one question per screen
 * (?domanda=N, "Domanda 3 di 16"), each answer saved at once as a draft on the server, so the person
 * resumes where they stopped. An answer above 0 to PHQ-9 item 9 shows the urgent-help resources on the
 * same screen, at once in the browser and from the server without JavaScript. Works without JS.
 */

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const client = await requireClient(context.db, request);
  const administration = await loadPage("client-outcome", () => ownAdministration(context.db, client, params.id));
  const consent = await consentState(context.db, client.user.email);
  const asked = Number(new URL(request.url).searchParams.get("domanda"));
  const resume = resumePosition(administration.answers);
  // Any answered question, or the first unanswered one; a later one is not skipped to.
  const position = Number.isInteger(asked) && asked >= 1 && asked <= Math.min(resume + 1, QUESTION_COUNT) ? asked - 1 : Math.min(resume, QUESTION_COUNT - 1);
  const question = measureQuestions[position]!;
  return data(
    {
      id: administration.id,
      status: administration.status,
      consent: consent.state,
      position,
      question: { key: question.key, text: question.text, measure: measureNames[question.measure] },
      answer: administration.answers[question.key] ?? null,
      safety: needsSafetyCheck(administration.answers),
    },
    { headers: PRIVATE },
  );
}

type ActionResult = { error?: string; fieldError?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const client = await requireClient(context.db, request);
  const parsed = outcomeAction.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    if (issue?.path[0] === "intent") throw Response.json({ error: "Azione sconosciuta." }, { status: 400 });
    return data<ActionResult>(issue?.path[0] === "value" ? { fieldError: issue.message } : { error: issue?.message }, { status: 400, headers: PRIVATE });
  }
  const input = parsed.data;
  return handleErrors(
    async () => {
      if (input.intent !== "answer") {
        await ownAdministration(context.db, client, params.id);
        await decideConsent(context.db, client, input.intent === "withdraw" ? "withdrawn" : input.decision);
        throw redirect(input.intent === "consent" && input.decision === "granted" ? outcomePaths.questionnaire(params.id) : outcomePaths.page, { headers: PRIVATE });
      }
      const index = measureQuestions.findIndex((question) => question.key === input.key);
      const last = index === QUESTION_COUNT - 1;
      const saved = await saveAnswers(context.db, client, params.id, { [input.key]: input.value }, { complete: last });
      // Without JavaScript the help shows from the server: the same question again, with the help, before going on.
      if (input.key === SAFETY_QUESTION_KEY && saved.safety && !input.helpShown)
        throw redirect(`${outcomePaths.questionnaire(params.id, index + 1)}#aiuto-subito`, { headers: PRIVATE });
      throw redirect(last ? outcomePaths.questionnaire(params.id) : outcomePaths.questionnaire(params.id, index + 2), { headers: PRIVATE });
    },
    (error) => (error.status === 404 ? pageError(error) : data<ActionResult>({ error: error.message }, { status: error.status, headers: PRIVATE })),
    { scope: "client-outcome" },
  );
}

export const headers = () => PRIVATE;

export default function OutcomeFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status, consent, safety } = loaderData;
  const busy = useNavigation().state === "submitting";
  if (status === "completed") {
    return (
      <AreaPage id="outcome-title" title="Questionario inviato">
        <p role="status" className="flex gap-2 rounded-3xl border border-teal-200 bg-white p-6 text-lg text-teal-800 shadow-sm">
          <CircleCheck aria-hidden className="mt-1 size-6 shrink-0" />
          Grazie: le tue risposte sono salvate. Il tuo terapeuta le vedrà per seguire il tuo percorso insieme a te.
        </p>
        {safety ? <SafetyHelp /> : null}
      </AreaPage>
    );
  }
  if (status !== "pending") {
    return (
      <AreaPage id="outcome-title" title="Questionario di monitoraggio">
        <p className="rounded-2xl bg-sand-100 p-4 text-ink-900">Questo questionario non è più aperto. Ti scriveremo quando sarà il momento del prossimo.</p>
      </AreaPage>
    );
  }
  if (consent !== "granted") {
    return (
      <AreaPage id="outcome-title" title="Questionario di monitoraggio" lead="Prima delle domande, il tuo consenso: senza, non ti chiediamo nulla.">
        {actionData?.error ? <AreaError>{actionData.error}</AreaError> : null}
        <OutcomeConsentForm busy={busy} refused={consent === "refused"} />
      </AreaPage>
    );
  }
  return <QuestionScreen key={loaderData.question.key} {...loaderData} actionData={actionData} busy={busy} />;
}

function QuestionScreen({
  id,
  position,
  question,
  answer,
  safety,
  actionData,
  busy,
}: Route.ComponentProps["loaderData"] & { actionData: Route.ComponentProps["actionData"]; busy: boolean }) {
  const [chosen, setChosen] = useState<number | null>(answer);
  const heading = useRef<HTMLHeadingElement>(null);
  const isSafetyItem = question.key === SAFETY_QUESTION_KEY;
  // On the safety question the help follows the choice at once; elsewhere it stays once given.
  const showHelp = isSafetyItem ? chosen !== null && chosen > 0 : safety;
  const last = position === QUESTION_COUNT - 1;
  const fieldError = actionData?.fieldError;
  useEffect(() => {
    // A new question (after "Avanti" or "Indietro"): its heading is where a screen reader continues.
    if (position > 0) heading.current?.focus();
  }, [position]);
  return (
    <AreaPage id="outcome-title" title="Questionario di monitoraggio">
      <div className="grid gap-2">
        <p className="flex justify-between text-sm font-semibold text-ink-700">
          <span>
            Domanda {position + 1} di {QUESTION_COUNT}
          </span>
          <span>{question.measure}</span>
        </p>
        <progress
          value={position + 1}
          max={QUESTION_COUNT}
          aria-hidden
          className="h-2 w-full appearance-none overflow-hidden rounded-full bg-sand-200 [&::-moz-progress-bar]:bg-teal-700 [&::-webkit-progress-bar]:bg-sand-200 [&::-webkit-progress-value]:bg-teal-700"
        />
      </div>
      {actionData?.error ? <AreaError>{actionData.error}</AreaError> : null}
      {showHelp ? <SafetyHelp /> : null}
      <Form method="post" className="grid gap-5 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-7">
        <input type="hidden" name="intent" value="answer" />
        <input type="hidden" name="key" value={question.key} />
        {showHelp && isSafetyItem ? <input type="hidden" name="helpShown" value="1" /> : null}
        <fieldset className="grid gap-3" aria-describedby={fieldError ? "risposta-errore" : undefined}>
          <legend className="grid w-full gap-2">
            <span className="text-ink-700">{measureInstruction}</span>
            <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-ink-900 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 sm:text-2xl">
              {question.text}
            </h2>
          </legend>
          {answerOptions.map((option) => (
            <label
              key={option.value}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border border-sand-200 px-4 py-3 has-checked:border-teal-700 has-checked:bg-teal-50 has-focus-visible:ring-2 has-focus-visible:ring-teal-600"
            >
              <input
                type="radio"
                name="value"
                value={option.value}
                defaultChecked={answer === option.value}
                onChange={() => setChosen(option.value)}
                required
                aria-invalid={fieldError ? true : undefined}
                className="size-5 accent-teal-700"
              />
              <span className="text-lg">{option.label}</span>
            </label>
          ))}
          {fieldError ? (
            <p id="risposta-errore" className="text-danger-600">
              {fieldError}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          {position > 0 ? (
            <Link to={outcomePaths.questionnaire(id, position)} className="btn btn-secondary">
              <ArrowLeft aria-hidden className="size-4" />
              Indietro
            </Link>
          ) : (
            <span />
          )}
          <SendButton sending={busy} className="btn btn-primary">
            {last ? "Invia le risposte" : "Avanti"}
          </SendButton>
        </div>
      </Form>
      <p className="text-sm text-ink-700">
        Ogni risposta si salva subito: puoi interrompere e riprendere quando vuoi dalla{" "}
        <Link to={CLIENT_AREA} className="font-semibold text-teal-800 underline">
          tua area personale
        </Link>
        .
      </p>
    </AreaPage>
  );
}
