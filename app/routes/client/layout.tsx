import { LifeBuoy } from "lucide-react";
import { data, isRouteErrorResponse, Link, Outlet, redirect, useRouteError } from "react-router";
import type { Route } from "./+types/layout";
import { SignOutButton } from "~/components/layout/area-shell";
import { ErrorNotice } from "~/components/layout/error-notice";
import { AreaTabs } from "~/components/layout/area-tabs";
import { HELP_PATH, helpTitle } from "~/content/help";
import { CLIENT_AREA, clientAreaMessages, clientAreaPaths, clientPaymentPaths } from "~/domain/client-area";
import { auth } from "~/server/auth.server";
import { confirmSignedOutEverywhere } from "~/server/services/client-data.server";
import { currentClient, requireClient } from "~/server/gates.server";
import { z } from "~/domain/zod";
import { clientAreaMeta } from "~/domain/seo";

/**
 * /area-personale — the client's own area (issue 19). Who may: anyone sees the sign-in form (the
 * index); everything else is for a person signed in from the link e-mailed to their address (every
 * page checks again with requireClient). Staff and therapists get 403: they have their own areas.
 */

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const client = await currentClient(context.db, request);
  return data({ signedIn: Boolean(client), email: client?.user.email ?? null }, { headers: PRIVATE });
}

/** "Esci" ends this browser's session; "Esci da tutti i dispositivi" ends every session of the account. */
const signOutAction = z.object({ intent: z.enum(["sign-out", "sign-out-everywhere"]) });

export async function action({ request, context }: Route.ActionArgs) {
  const client = await requireClient(context.db, request);
  const parsed = signOutAction.safeParse({ intent: (await request.formData()).get("intent") });
  if (!parsed.success) throw Response.json({ error: "Azione sconosciuta." }, { status: 400 });
  const { intent } = parsed.data;
  const api = auth(context.db, request).api;
  if (intent === "sign-out-everywhere") {
    await api.revokeSessions({ headers: request.headers });
    await confirmSignedOutEverywhere(context.db, client);
  }
  const response = await api.signOut({ headers: request.headers, asResponse: true });
  const to = redirect(intent === "sign-out-everywhere" ? `${CLIENT_AREA}?uscito=tutti` : CLIENT_AREA, { headers: PRIVATE });
  for (const cookie of response.headers.getSetCookie()) to.headers.append("Set-Cookie", cookie);
  return to;
}

export const headers = () => PRIVATE;

export const meta = clientAreaMeta("Area personale");

const tabs = [
  { to: clientAreaPaths.home, label: "Il mio percorso", end: true },
  { to: clientAreaPaths.call, label: "Chiamata", end: false },
  { to: clientAreaPaths.scores, label: "Andamento", end: false },
  { to: clientPaymentPaths.page, label: "Pagamenti", end: false },
  { to: clientAreaPaths.fiscalData, label: "Dati fiscali", end: false },
  { to: clientAreaPaths.data, label: "I miei dati", end: false },
] as const;

export default function ClientLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-1 flex-col bg-sand-50">
      {loaderData.signedIn ? (
        <div className="border-b border-sand-200 bg-white">
          <div className="container-page flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
            <p className="min-w-0 text-sm text-ink-700">
              <span className="font-semibold text-teal-800">Area personale</span>
              <span className="block truncate text-ink-500 sm:inline sm:before:content-['_·_']">{loaderData.email}</span>
            </p>
            <div className="flex flex-wrap gap-2">
              <SignOutButton action={CLIENT_AREA} label="Esci" className="btn btn-secondary min-h-11 px-4 py-2 text-sm" />
              <SignOutButton
                action={CLIENT_AREA}
                intent="sign-out-everywhere"
                label="Esci da tutti i dispositivi"
                icon={false}
                className="btn btn-secondary min-h-11 px-4 py-2 text-sm"
              />
            </div>
          </div>
          <AreaTabs label="Sezioni dell'area personale" tabs={tabs} className="container-page" />
        </div>
      ) : null}
      <div className="container-page w-full max-w-3xl flex-1 py-8 sm:py-10">
        <Outlet />
      </div>
      <HelpNowLink />
    </div>
  );
}

/** On every page of the area (issue 30): where to turn at once, which the group is not. */
function HelpNowLink() {
  return (
    <p className="container-page w-full max-w-3xl pb-8 text-sm text-ink-700">
      <LifeBuoy aria-hidden className="mr-1.5 inline size-4 align-[-2px] text-coral-700" />
      <Link to={HELP_PATH} className="font-semibold text-teal-700 underline underline-offset-2">
        {helpTitle}
      </Link>{" "}
      In caso di emergenza chiama il 112: qui trovi anche i numeri di ascolto.
    </p>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const refusal = isRouteErrorResponse(error) && typeof error.data?.error === "string" ? error.data.error : clientAreaMessages.staffOnly;
  const [title, message] =
    status === 403
      ? ["Area riservata", refusal]
      : status === 404
        ? ["Non trovato", "Questa pagina non esiste o non riguarda il tuo percorso."]
        : ["Qualcosa è andato storto", "Riprova tra poco."];
  return (
    <>
      <ErrorNotice
        status={status}
        title={title}
        message={message}
        link={{ to: status === 403 ? "/" : CLIENT_AREA, label: status === 403 ? "Torna alla home" : "Area personale" }}
      />
      <HelpNowLink />
    </>
  );
}
