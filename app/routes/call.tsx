import { CalendarCheck, Clock, HeartHandshake } from "lucide-react";
import { useState, type ReactNode } from "react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/call";
import { CallRequestForm, type CallRequestResult } from "~/components/matching/call-request-form";
import { PendingNotice } from "~/components/matching/pending-notice";
import { groupSelectionSchema } from "~/domain/matching-schemas";
import { ThankYou } from "~/components/matching/thank-you";
import { CALL_SLOT_MINUTES, DIRECT_CALL_LABEL, identityMessages, messages, type CallSlotDay } from "~/domain/matching-types";
import { webPageMeta } from "~/domain/seo";
import { formAction } from "~/server/http/form-action.server";
import { HttpError, orFallback } from "~/server/http/errors.server";
import { parseFields } from "~/server/http/body.server";
import { isRecordId } from "~/server/http/staff-action.server";
import { logger } from "~/server/logger.server";
import { provenVisitor } from "~/server/gates.server";
import { chooseGroup } from "~/server/services/person-requests.server";
import { callOffer } from "~/server/services/intake-calls.server";
import { callGroupFor } from "~/server/services/bookings.server";
import { groupExists } from "~/server/services/groups.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

function callName(callPath: string) {
  if (!callPath.startsWith("call-") || callPath.length <= "call-".length) return undefined;
  return callPath.slice("call-".length);
}

/**
 * /call-{name}: only paths with the "call-" prefix exist; every other single segment is a 404.
 * Name and e-mail come from the query string (the path's name is only a fallback). Anyone may open it;
 * what it reads of a person (their booking's group, to offer its therapist's times) only for the holder
 * of the link's token or the signed-in client themselves.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const pathName = callName(params.callPath);
  if (pathName === undefined) {
    logger.warn({ path: `/${params.callPath}` }, "404: no route for path");
    throw new Response("Not Found", { status: 404 });
  }
  const url = new URL(request.url);
  const fallbackName = pathName.replace(/[-_]+/g, " ").trim();
  const name = url.searchParams.get("name")?.trim() || (fallbackName ? fallbackName[0]!.toLocaleUpperCase("it") + fallbackName.slice(1) : null);
  // The request is done at once only for the holder of the address's access token or a client signed in
  // to their area, whose session proves the address (the page gets a token for it), never on the strength
  // of an address alone (DESIGN §13, decision 088).
  const tokenParam = url.searchParams.get("token")?.trim() || null;
  const identity = await provenVisitor(context.db, request, tokenParam).catch(() => null);
  // The times are those the booking will accept: the group asked for or, for a proven visitor, that of
  // their own booking (callGroupFor).
  const asked = url.searchParams.get("groupId");
  const askedId = isRecordId(asked) && (await groupExists(context.db, asked)) ? asked : undefined;
  const groupId = identity ? await callGroupFor(context.db, identity.email, { groupId: askedId, selectedTherapist: DIRECT_CALL_LABEL }) : (askedId ?? null);
  // Without slots the page still takes a call-back request. When the times are one therapist's only
  // (the group's), the page names them.
  const offer = await orFallback("call slots", { days: [] as CallSlotDay[], therapistName: null as string | null }, () => callOffer(context.db, groupId));
  const email = identity?.email ?? (url.searchParams.get("email")?.trim() || null);
  return data({ name, email, token: identity?.token ?? null, groupId, slots: offer.days, therapistName: offer.therapistName }, { headers: PRIVATE });
}

/** Without JavaScript the form posts here; with it, the page calls the JSON endpoint. */
export const action = formAction({
  scope: "page-call",
  rateLimit: { limit: 10, windowSeconds: 600 },
  failure: { pending: false },
  async handle(values, db) {
    const input = parseFields(groupSelectionSchema, { ...values, selectedTherapist: DIRECT_CALL_LABEL });
    if (!input.call) throw new HttpError(400, messages.phoneRequired);
    const result = await db.transaction((tx) => chooseGroup(tx, input));
    if (result.status === 202) return { error: null, pending: true };
    return redirect("/grazie");
  },
});

export const headers = () => PRIVATE;

export const meta = ({ location }: Route.MetaArgs) =>
  webPageMeta(
    {
      title: "Richiedi la chiamata conoscitiva gratuita",
      description: "Lasciaci il tuo numero e scegli un orario: il primo colloquio individuale è gratuito.",
      path: location.pathname,
      parents: [{ name: "Questionario", path: "/questionario" }],
    },
    { noindex: true },
  )();

function Point({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-teal-100 text-teal-700">{icon}</span>
      <span className="grid gap-0.5">
        <span className="font-semibold text-ink-900">{title}</span>
        <span className="text-ink-700">{children}</span>
      </span>
    </li>
  );
}

/** Whether any free time offered is in the evening (from 18:00, as the day strip's «anche di sera»). */
const hasEvening = (days: CallSlotDay[]) => days.some((day) => day.slots.some((slot) => !slot.taken && slot.time >= "18:00"));

export default function CallPage({ loaderData, actionData }: Route.ComponentProps) {
  const { name, email, token, groupId, slots, therapistName } = loaderData;
  const [done, setDone] = useState<CallRequestResult | null>(actionData?.pending ? { slotLabel: null, pending: true } : null);

  if (done?.pending) {
    return (
      <section className="container-page grid max-w-2xl gap-6 py-10 sm:py-14">
        <h1 className="text-3xl font-semibold sm:text-4xl">{identityMessages.pendingTitle}</h1>
        <p className="text-lg text-ink-700">
          Per proteggere la tua riservatezza non eseguiamo richieste fatte solo con un indirizzo email: ti abbiamo scritto un link per confermare che sei proprio tu. Il link vale
          48 ore.
        </p>
        <PendingNotice />
      </section>
    );
  }
  if (done) {
    return (
      <section className="container-page grid gap-8 py-10 sm:py-14">
        <ThankYou name={name} slotLabel={done.slotLabel} />
      </section>
    );
  }

  return (
    <section className="container-page grid items-start gap-8 py-10 sm:py-14 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-12">
      <div className="grid gap-6">
        <header className="grid gap-3">
          <p className="text-sm font-semibold uppercase tracking-wider text-coral-700">Colloquio conoscitivo gratuito</p>
          <h1 className="text-3xl font-semibold sm:text-4xl">{name ? `${name}, ci sentiamo?` : "Ci sentiamo?"}</h1>
          <p className="text-lg text-ink-700">
            Prima di entrare in un gruppo facciamo una breve chiamata individuale: ci conosciamo, rispondiamo alle tue domande e troviamo insieme il gruppo giusto per te.
          </p>
        </header>
        <ul className="grid gap-5">
          <Point icon={<HeartHandshake aria-hidden className="size-5" />} title="Gratuito e senza impegno">
            Decidi tu, dopo, se iniziare il percorso.
          </Point>
          <Point icon={<Clock aria-hidden className="size-5" />} title={`Circa ${CALL_SLOT_MINUTES} minuti`}>
            Al telefono o in videochiamata, {therapistName ? `con ${therapistName}, che conduce il gruppo.` : "con unə dei nostri terapeuti."}
          </Point>
          <Point icon={<CalendarCheck aria-hidden className="size-5" />} title="Scegli tu quando">
            {therapistName
              ? `Tra gli orari liberi di ${therapistName}${hasEvening(slots) ? ", anche di sera" : ""}; oppure ti richiamiamo noi entro 24 ore.`
              : "Tra gli orari liberi dei nostri terapeuti, anche di sera; oppure ti richiamiamo noi entro 24 ore."}
          </Point>
        </ul>
      </div>

      <div className="grid gap-4 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-8">
        {actionData?.error ? (
          <p role="alert" className="rounded-2xl bg-danger-50 p-4 font-semibold text-danger-600">
            {actionData.error}
          </p>
        ) : null}
        <h2 className="text-2xl font-semibold">Lasciaci il tuo numero</h2>
        <CallRequestForm email={email} name={name} token={token} selectedTherapist={DIRECT_CALL_LABEL} groupId={groupId} slots={slots} onSuccess={setDone} />
      </div>
    </section>
  );
}
