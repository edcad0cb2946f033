import { AreaSection } from "~/components/client/area-page";
import { Download, FileText, Mail, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/data";
import { AreaDone, AreaError } from "~/components/client/notices";
import { WithdrawConsent } from "~/components/outcomes/consent-form";
import { legalVersions } from "~/content/site";
import { clientAreaPaths } from "~/domain/client-area";
import { formatDateTime, formatShortDate } from "~/domain/format";
import { consentFormLabels, consentLabel, requestTypeLabels } from "~/domain/privacy-labels";
import { clientConsents, clientNewsletterStatus, clientPrivacyRequests, joinNewsletter, leaveNewsletter, requestErasure } from "~/server/services/client-data.server";
import { requireClient } from "~/server/gates.server";
import { consentState } from "~/server/services/outcome-measures.server";
import { z } from "~/domain/zod";
import { clientAreaMeta } from "~/domain/seo";

/**
 * /area-personale/dati — who may: a signed-in client, about their own verified address only. The
 * export staff can make (art. 15/20), an erasure request (art. 17, on staff's register with its
 * 30-day due date), the consents given with their text versions, the newsletter. The erasure request
 * is filed only from its confirmation step (?conferma=cancellazione, a post with confirm=yes).
 */

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const client = await requireClient(context.db, request);
  const [consents, requests, newsletter, outcomeConsent] = await Promise.all([
    clientConsents(context.db, client),
    clientPrivacyRequests(context.db, client),
    clientNewsletterStatus(context.db, client),
    consentState(context.db, client.user.email),
  ]);
  const confirmErasure = new URL(request.url).searchParams.get("conferma") === ERASURE_STEP;
  return data({ consents, requests, newsletter, confirmErasure, outcomeConsent }, { headers: PRIVATE });
}

/** The query that opens the erasure request's confirmation step. */
const ERASURE_STEP = "cancellazione";

type Notice = { notice?: string; error?: string };

/** The page's forms: the erasure request (only from its confirmation step), joining and leaving the newsletter. */
const dataAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("erasure"), confirm: z.literal("yes", "Conferma la richiesta di cancellazione per inviarla.") }),
  z.object({ intent: z.literal("newsletter-join") }),
  z.object({ intent: z.literal("newsletter-leave") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const client = await requireClient(context.db, request);
  const form = await request.formData();
  const parsed = dataAction.safeParse({ intent: form.get("intent"), confirm: form.get("confirm") });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    if (issue?.path[0] === "intent") throw Response.json({ error: "Azione sconosciuta." }, { status: 400 });
    return data<Notice>({ error: issue?.message }, { status: 400, headers: PRIVATE });
  }
  switch (parsed.data.intent) {
    case "erasure": {
      const { request: row, created } = await requestErasure(context.db, client);
      const due = formatShortDate(row.dueAt);
      return data<Notice>(
        {
          notice: created
            ? `Richiesta di cancellazione ricevuta: ti risponderemo entro il ${due}. Ti abbiamo mandato una conferma per email.`
            : `La tua richiesta di cancellazione è già aperta: ti risponderemo entro il ${due}.`,
        },
        { headers: PRIVATE },
      );
    }
    case "newsletter-join": {
      const result = await joinNewsletter(context.db, client);
      return data<Notice>(
        { notice: result.status === "confirmed" ? "Sei già iscrittə alla newsletter." : "Ti abbiamo mandato un'email: conferma l'iscrizione con il suo link." },
        { headers: PRIVATE },
      );
    }
    case "newsletter-leave": {
      const result = await leaveNewsletter(context.db, client);
      return data<Notice>(
        { notice: result.changed ? "Non riceverai più la newsletter. Ti abbiamo mandato una conferma per email." : "Non sei iscrittə alla newsletter." },
        { headers: PRIVATE },
      );
    }
  }
}

export const headers = () => PRIVATE;

export const meta = clientAreaMeta("I miei dati");

const newsletterText = {
  confirmed: "Sei iscrittə alla newsletter.",
  pending: "Iscrizione in attesa: conferma con il link che ti abbiamo mandato per email.",
  unsubscribed: "Non sei iscrittə alla newsletter.",
} as const;

export default function MyData({ loaderData, actionData }: Route.ComponentProps) {
  const { consents, requests, newsletter, confirmErasure, outcomeConsent } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const openErasure = requests.find((row) => row.type === "erasure" && row.status === "open");
  return (
    <div className="grid gap-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-semibold sm:text-4xl">I miei dati</h1>
        <p className="text-ink-700">
          I diritti che ti dà il GDPR, senza dover scrivere a nessuno. Tutto riguarda solo l'indirizzo con cui sei entratə. Leggi la{" "}
          <Link to="/privacy" className="font-semibold text-teal-800 underline">
            privacy policy
          </Link>
          .
        </p>
      </header>
      {actionData?.notice ? <AreaDone>{actionData.notice}</AreaDone> : null}
      {actionData?.error ? <AreaError>{actionData.error}</AreaError> : null}

      <AreaSection id="export-title" title="Scarica i tuoi dati">
        <p className="text-ink-700">
          Un file con tutto ciò che conserviamo su di te (artt. 15 e 20 GDPR): questionari con le risposte, prenotazioni, presenze e assenze, pagamenti, richieste di chiamata,
          messaggi, iscrizioni, consensi, richieste sulla privacy ed email inviate.
        </p>
        <p>
          <a href={clientAreaPaths.dataExport} download className="btn btn-primary w-full sm:w-fit">
            <Download aria-hidden className="size-5" />
            Scarica i miei dati (JSON)
          </a>
        </p>
      </AreaSection>

      <AreaSection id="consents-title" title="I consensi che hai dato">
        {consents.length === 0 ? (
          <p className="text-ink-700">Nessun consenso registrato con questo indirizzo.</p>
        ) : (
          <ul className="grid gap-2">
            {consents.map((consent) => (
              <li key={consent.id} className="grid gap-0.5 rounded-2xl border border-sand-200 p-4 text-sm">
                <p className="font-semibold text-ink-900">{consentLabel(consent.consent)}</p>
                <p className="text-ink-700">
                  {consentFormLabels[consent.form]}, {formatDateTime(consent.givenAt)} · testo versione {consent.textVersion}
                </p>
              </li>
            ))}
          </ul>
        )}
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to="/privacy" className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-teal-800 underline">
            <FileText aria-hidden className="size-4" />
            Privacy policy (versione {legalVersions.privacy.version})
          </Link>
          <Link to="/termini" className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-teal-800 underline">
            <FileText aria-hidden className="size-4" />
            Termini e condizioni (versione {legalVersions.terms.version})
          </Link>
        </p>
      </AreaSection>

      {outcomeConsent.state === "granted" ? <WithdrawConsent busy={busy} grantedAt={outcomeConsent.grantedAt} /> : null}

      <AreaSection id="newsletter-title" title="Newsletter" icon={Mail}>
        <p className="text-ink-700">{newsletterText[newsletter ?? "unsubscribed"]}</p>
        <Form method="post">
          {newsletter === "confirmed" || newsletter === "pending" ? (
            <button type="submit" name="intent" value="newsletter-leave" className="btn btn-secondary" disabled={busy}>
              Non voglio più la newsletter
            </button>
          ) : (
            <button type="submit" name="intent" value="newsletter-join" className="btn btn-secondary" disabled={busy}>
              Iscrivimi alla newsletter
            </button>
          )}
        </Form>
      </AreaSection>

      <AreaSection id="erasure-title" title="Cancella i tuoi dati" icon={Trash2} iconClassName="text-coral-700">
        <p className="text-ink-700">
          Puoi chiedere di cancellare i tuoi dati (art. 17 GDPR): ti rispondiamo entro 30 giorni. Conserviamo solo ciò che la legge ci chiede di tenere: i consensi che hai dato,
          l'accordo di servizio firmato e le ricevute dei pagamenti. Dopo la cancellazione non potrai più partecipare al tuo gruppo con questo indirizzo.
        </p>
        {openErasure ? (
          <p className="rounded-2xl bg-sand-100 p-4 text-ink-900">
            Richiesta ricevuta il {formatShortDate(openErasure.receivedAt)}: ti risponderemo entro il <strong>{formatShortDate(openErasure.dueAt)}</strong>.
          </p>
        ) : confirmErasure ? (
          <ErasureConfirmation busy={busy} />
        ) : (
          <p>
            <Link to={`?conferma=${ERASURE_STEP}`} preventScrollReset className="btn btn-secondary w-full sm:w-fit">
              Chiedi la cancellazione dei miei dati
            </Link>
          </p>
        )}
        {requests.length > 0 ? (
          <div className="grid gap-2">
            <h3 className="font-semibold">Le tue richieste</h3>
            <ul className="grid gap-1 text-sm text-ink-700">
              {requests.map((row) => (
                <li key={row.id}>
                  {requestTypeLabels[row.type]}: ricevuta il {formatShortDate(row.receivedAt)},{" "}
                  {row.status === "open" ? `scadenza ${formatShortDate(row.dueAt)}` : `evasa il ${formatShortDate(row.completedAt ?? row.dueAt)}`}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </AreaSection>
    </div>
  );
}

/** The second step of an erasure request: nothing is filed until the person confirms here. */
function ErasureConfirmation({ busy }: { busy: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="group" aria-labelledby="erasure-confirm-title" className="grid gap-3 rounded-2xl border border-coral-100 bg-coral-100/50 p-4">
      <h3 id="erasure-confirm-title" ref={heading} tabIndex={-1} className="font-semibold text-ink-900 outline-none focus-visible:ring-2 focus-visible:ring-teal-600">
        Vuoi davvero chiedere la cancellazione dei tuoi dati?
      </h3>
      <p className="text-sm text-ink-900">
        Lo staff riceverà la richiesta e cancellerà i tuoi dati entro 30 giorni: non potrai più partecipare al tuo gruppo con questo indirizzo.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Form method="post" className="grid">
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" name="intent" value="erasure" className="btn btn-primary" disabled={busy}>
            {busy ? "Invio in corso..." : "Sì, chiedi la cancellazione"}
          </button>
        </Form>
        <Link to="." preventScrollReset className="btn btn-secondary">
          No, torna indietro
        </Link>
      </div>
    </div>
  );
}
