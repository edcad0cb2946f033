import { CircleAlert, CircleCheck, LoaderCircle, MailCheck } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/conferma-richiesta";
import { seo } from "~/domain/seo";
import type { Database } from "~/server/db/client.server";
import { handleErrors, type HttpError } from "~/server/http/errors.server";
import { groupsPageUrl } from "~/server/services/bookings.server";
import { pendingAction, tokenForAddress, tokenOf } from "~/server/services/identity.server";
import { confirmationState, confirmRequest, type ConfirmedRequest } from "~/server/services/person-requests.server";

/**
 * /conferma-richiesta/:token — who may: whoever holds the link we e-mailed to an address after a
 * request made for it without proof (DESIGN §13). Opening the link changes nothing (mail scanners
 * open links); the button does the request once, and the page then carries a fresh access token.
 */

const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

/** Relative links onward, with the access token the confirmation issued. */
function nextLinks(result: ConfirmedRequest) {
  const token = tokenOf(result.tokenId);
  const groups = new URL(groupsPageUrl(result.email, result.name, token));
  const call = new URL(groups);
  if (result.kind === "select-group") {
    call.searchParams.set("show_call", "true");
    if (result.therapist) call.searchParams.set("therapist", result.therapist);
    if (result.groupId) call.searchParams.set("group", result.groupId);
  }
  return { groups: `${groups.pathname}${groups.search}`, call: `${call.pathname}${call.search}` };
}

function view(state: Awaited<ReturnType<typeof confirmationState>>) {
  if (state.state === "invalid") return { state: "invalid" as const };
  if (state.state === "pending") return { state: "pending" as const, summary: state.summary };
  const { kind, slotLabel } = state.result;
  return { state: "done" as const, kind, slotLabel, links: nextLinks(state.result) };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return data(view(await confirmationState(context.db, params.token)), { headers: PRIVATE });
}

export async function action({ params, context }: Route.ActionArgs) {
  return handleErrors(
    async () => {
      const state = await context.db.transaction((tx) => confirmRequest(tx, params.token));
      if (state.state === "invalid") return data({ error: "Il link è scaduto o non è valido.", groupsLink: null }, { status: 410 });
      return redirect(`/conferma-richiesta/${params.token}`, { headers: PRIVATE });
    },
    (error) => refused(context.db, params.token, error),
    { scope: "request-confirmation", fallback: "Si è verificato un errore. Riprova più tardi." },
  );
}

/** A request that cannot be done: the click proved the address, so the groups page opens with a token (not after a fault). */
async function refused(db: Database, linkToken: string, error: HttpError) {
  if (error.status >= 500) return data({ error: error.message, groupsLink: null }, { status: error.status });
  const row = await pendingAction(db, linkToken);
  const token = row ? await db.transaction((tx) => tokenForAddress(tx, row.email)) : null;
  const groups = row && token ? new URL(groupsPageUrl(row.email, null, token)) : null;
  return data({ error: error.message, groupsLink: groups ? `${groups.pathname}${groups.search}` : null }, { status: error.status });
}

export const headers = () => PRIVATE;

export const meta = () =>
  seo({ title: "Conferma la tua richiesta", description: "Conferma la richiesta fatta con il tuo indirizzo email.", path: "/conferma-richiesta", noindex: true });

const doneText = {
  "select-group": { title: "Scelta confermata", text: "Abbiamo registrato la tua scelta del gruppo. Ora lasciaci il tuo numero per la chiamata conoscitiva gratuita." },
  "request-call": { title: "Richiesta confermata", text: "Abbiamo ricevuto la tua richiesta di chiamata conoscitiva." },
  waitlist: { title: "Sei in lista d'attesa", text: "Ti scriveremo appena si libera un posto." },
} as const;

export default function ConfirmRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle";
  return (
    <section className="container-page grid max-w-2xl gap-6 py-10 sm:py-14">
      {actionData?.error ? (
        <div role="alert" className="grid gap-3 rounded-3xl border border-danger-600/30 bg-danger-50 p-6">
          <p className="flex items-center gap-3 font-semibold text-danger-600">
            <CircleAlert aria-hidden className="size-6 shrink-0" />
            {actionData.error}
          </p>
          {actionData.groupsLink ? (
            <p>
              <Link to={actionData.groupsLink} className="btn btn-primary">
                Vedi i gruppi con posti liberi
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      {loaderData.state === "invalid" ? (
        <>
          <h1 className="text-3xl font-semibold sm:text-4xl">Link non valido</h1>
          <p className="text-lg text-ink-700">Il link è scaduto o non è valido: non abbiamo eseguito nessuna richiesta. Puoi ripetere la richiesta dalla pagina dei gruppi.</p>
          <p>
            <Link to="/gruppi-matching" className="btn btn-primary">
              Vai ai gruppi
            </Link>
          </p>
        </>
      ) : loaderData.state === "pending" ? (
        <>
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-coral-700">
            <MailCheck aria-hidden className="size-5" />
            Un ultimo passo
          </p>
          <h1 className="text-3xl font-semibold sm:text-4xl">Conferma la tua richiesta</h1>
          <p className="text-lg text-ink-700">
            Hai chiesto <strong>{loaderData.summary}</strong>. Per proteggere la tua riservatezza la eseguiamo solo dopo la tua conferma.
          </p>
          <Form method="post">
            <button type="submit" className="btn btn-primary" disabled={sending}>
              {sending ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : null}
              {sending ? "Conferma in corso..." : "Conferma la richiesta"}
            </button>
          </Form>
          <p className="text-sm text-ink-500">Se non sei statə tu, chiudi questa pagina: senza conferma non succede nulla.</p>
        </>
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-teal-700">
            <CircleCheck aria-hidden className="size-5" />
            Fatto
          </p>
          <h1 className="text-3xl font-semibold sm:text-4xl">{doneText[loaderData.kind].title}</h1>
          <p className="text-lg text-ink-700">
            {doneText[loaderData.kind].text}
            {loaderData.kind === "request-call" ? (loaderData.slotLabel ? ` Ti chiameremo ${loaderData.slotLabel}.` : " Ti richiameremo entro 24 ore.") : null}
          </p>
          <p>
            {loaderData.kind === "select-group" ? (
              <Link to={loaderData.links.call} className="btn btn-primary">
                Richiedi la chiamata conoscitiva
              </Link>
            ) : (
              <Link to={loaderData.links.groups} className="btn btn-primary">
                Vedi i tuoi gruppi consigliati
              </Link>
            )}
          </p>
        </>
      )}
    </section>
  );
}
