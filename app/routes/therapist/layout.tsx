import { isRouteErrorResponse, Link, Outlet, redirect, useRouteError } from "react-router";
import type { Route } from "./+types/layout";
import { AreaHeader, AreaRefusal, SignOutButton } from "~/components/layout/area-shell";
import { widgetPath } from "~/domain/sign-in-widget";
import { AreaTabs } from "~/components/layout/area-tabs";
import { site } from "~/content/site";
import { auth } from "~/server/auth.server";
import { THERAPIST_AREA } from "~/domain/sessions";
import { requireTherapist } from "~/server/gates.server";

/**
 * The therapist's own area, apart from the admin: its own gate (role therapist, linked to a therapist
 * record) in this layout and again in every page's loader and action, never the admin's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, therapist } = await requireTherapist(context.db, request);
  return { email: session.user.email, therapistName: therapist.name };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireTherapist(context.db, request);
  const form = await request.formData();
  if (form.get("intent") !== "sign-out") throw Response.json({ error: "Azione sconosciuta." }, { status: 400 });
  const response = await auth(context.db, request).api.signOut({ headers: request.headers, asResponse: true });
  const to = redirect(widgetPath);
  for (const cookie of response.headers.getSetCookie()) to.headers.append("Set-Cookie", cookie);
  return to;
}

/** Personal data: never stored by a shared cache nor by the browser's. */
export const headers = () => ({ "Cache-Control": "private, no-store" });

export const meta = () => [{ title: `Area terapeuti | ${site.brand}` }, { name: "robots", content: "noindex, nofollow" }];

const tabs = [
  { to: THERAPIST_AREA, label: "I miei gruppi", end: true },
  { to: `${THERAPIST_AREA}/chiamate`, label: "Chiamate", end: false },
  { to: `${THERAPIST_AREA}/disponibilita`, label: "Disponibilità", end: false },
  { to: `${THERAPIST_AREA}/segnalazioni`, label: "Segnalazioni", end: false },
] as const;

export default function TherapistLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-1 flex-col bg-sand-100">
      <AreaHeader
        badge="Area terapeuti"
        who={loaderData.therapistName}
        width="max-w-6xl"
        signOut={<SignOutButton action={THERAPIST_AREA} label="Esci" />}
        tabs={<AreaTabs label="Sezioni dell'area terapeuti" tabs={tabs} className="mx-auto max-w-6xl px-4" />}
      />
      {/* The root layout's <main> holds this area: one main landmark per page. */}
      <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 403 ? "Area riservata ai terapeuti" : status === 404 ? "Non trovato" : "Qualcosa è andato storto";
  const text =
    status === 403
      ? "Quest'area è per i terapeuti invitati dallo staff. Se sei staff, usa l'area admin."
      : status === 404
        ? "Questa pagina non esiste o non riguarda i tuoi gruppi."
        : "Riprova tra poco.";
  return (
    <AreaRefusal title={title} text={text}>
      <Link to={THERAPIST_AREA} className="btn btn-primary">
        I miei gruppi
      </Link>
      <Link to="/" className="btn btn-secondary">
        Torna alla home
      </Link>
    </AreaRefusal>
  );
}
