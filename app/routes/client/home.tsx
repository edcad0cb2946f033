import { ArrowRightLeft, BadgeCheck, CalendarDays, CalendarPlus, CircleAlert, Link2, MailCheck, Video } from "lucide-react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { useId, type ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/home";
import { OutcomesWaiting } from "~/components/outcomes/outcomes-card";
import { pendingAdministrations } from "~/server/services/outcome-measures.server";
import { MoveRequestState } from "~/components/client/move-request-state";
import { TherapistPhoto } from "~/components/site/therapist-photo";
import { absenceNotice } from "~/content/site";
import { weekdayName } from "~/domain/calendar";
import { CLIENT_AREA, clientAreaMessages, clientAreaPaths, clientReturnPath, clientSignInSchema } from "~/domain/client-area";
import { formatDateTime } from "~/domain/format";
import { attendanceLabels, sessionLabel, sessionStatusLabels, upperFirst } from "~/domain/sessions";
import { publicBaseUrl } from "~/server/env.server";
import { clientKey, hitRateLimit } from "~/server/http/rate-limit.server";
import { calendarFeedOf, renewCalendarFeed, revokeCalendarFeed } from "~/server/services/client-calendar.server";
import { clientPath, sendClientSignInLink } from "~/server/services/client-area.server";
import { latestMoveRequests } from "~/server/services/move-requests.server";
import { fiscalDataMissing } from "~/server/services/fiscal-profiles.server";
import { FiscalDataRequest, RegistrationRequest } from "~/components/client/fiscal-data-notice";
import { FieldError } from "~/components/site/field-error";
import { SendButton } from "~/components/site/send-button";
import { AreaError, focusTarget, useFocusOnAppear } from "~/components/client/notices";
import { firstError, useSchemaForm } from "~/components/forms/schema-form";
import type { FormRefusal } from "~/domain/form-fields";
import { refuseSubmission, parseSubmission } from "~/server/form-submission.server";
import { z } from "~/domain/zod";
import { currentClient, requireClient } from "~/server/gates.server";

/**
 * /area-personale — who may: anyone sees the sign-in form, which e-mails a sign-in link and answers
 * the same words whether or not the address is known (DESIGN §13); a signed-in client sees their
 * path (groups, therapist, next meetings, video link for members, calendars). Links from e-mails
 * carry `?sessione=<id>` (reminders): after sign-in they open the absence form of that meeting.
 */

const PRIVATE = { "Cache-Control": "private, no-store" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Sign-in links asked per client address per minute (server-side calls bypass better-auth's limiter). */
const LINK_REQUESTS_PER_MINUTE = 5;

/** Where the e-mailed link brings the person back: the absence form of a reminder, or a page of the area. */
function returnPathOf(url: URL) {
  const session = url.searchParams.get("sessione");
  if (session && UUID.test(session)) return clientAreaPaths.absence(session.toLowerCase());
  return clientReturnPath(url.searchParams.get("ritorno"));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const client = await currentClient(context.db, request);
  if (!client) {
    return data(
      {
        view: "sign-in" as const,
        returnPath: returnPathOf(url),
        linkInvalid: url.searchParams.has("link") || url.searchParams.has("error"),
        signedOutEverywhere: url.searchParams.get("uscito") === "tutti",
      },
      { headers: PRIVATE },
    );
  }
  const back = returnPathOf(url);
  if (back !== CLIENT_AREA) throw redirect(back, { headers: PRIVATE });
  const [path, feed, fiscalDataAsked, outcomes] = await Promise.all([
    clientPath(context.db, client),
    calendarFeedOf(context.db, client),
    fiscalDataMissing(context.db, client.user.email),
    pendingAdministrations(context.db, client),
  ]);
  const moves = await latestMoveRequests(
    context.db,
    path.filter((group) => group.bookingStatus === "confirmed").map((group) => group.bookingId),
  );
  return data(
    {
      view: "path" as const,
      groups: path.map((group) => ({ ...group, moveRequest: moves.get(group.bookingId) ?? null })),
      feedUrl: feed ? `${publicBaseUrl()}${clientAreaPaths.feed(feed.token)}` : null,
      feedSince: feed?.createdAt ?? null,
      noticeHours: absenceNotice.hours,
      fiscalDataAsked,
      outcomesWaiting: outcomes.length,
      // A member who has not yet signed the service's documents (/conferma-iscrizione) with this address.
      registrationMissing: client.registrationIds.length === 0 && path.some((group) => group.bookingStatus === "confirmed"),
    },
    { headers: PRIVATE },
  );
}

type ActionResult = { sent?: boolean; feed?: "renewed" | "revoked" } & Partial<FormRefusal>;

/** The sign-in form (anyone), and the calendar feed's two buttons (the signed-in client). */
const homeAction = z.discriminatedUnion("intent", [
  clientSignInSchema.safeExtend({ intent: z.literal("request-link"), ritorno: z.string().optional() }),
  z.object({ intent: z.literal("feed-renew") }),
  z.object({ intent: z.literal("feed-revoke") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const submission = parseSubmission(form, homeAction);
  // Every request for a link counts, whatever it holds: server-side calls bypass better-auth's limiter.
  if (submission.payload.intent === "request-link") {
    if (!(await hitRateLimit(context.db, `client-area-sign-in:${clientKey(context.clientIp)}`, LINK_REQUESTS_PER_MINUTE, 60))) {
      return refuseSubmission(submission, { status: 429, headers: PRIVATE, formError: clientAreaMessages.tooManyAttempts });
    }
    if (submission.status !== "success") return refuseSubmission(submission, { headers: PRIVATE });
  }
  const input = submission.status === "success" ? submission.value : null;
  if (input?.intent === "request-link") {
    await sendClientSignInLink(context.db, request, input.email, clientReturnPath(input.ritorno));
    return data<ActionResult>({ sent: true }, { headers: PRIVATE });
  }
  const client = await requireClient(context.db, request);
  switch (input?.intent) {
    case "feed-renew":
      await renewCalendarFeed(context.db, client);
      return data<ActionResult>({ feed: "renewed" }, { headers: PRIVATE });
    case "feed-revoke":
      await revokeCalendarFeed(context.db, client);
      return data<ActionResult>({ feed: "revoked" }, { headers: PRIVATE });
    default:
      throw Response.json({ error: "Azione sconosciuta." }, { status: 400 });
  }
}

export const headers = () => PRIVATE;

export default function ClientHome({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.view === "sign-in") return <SignIn {...loaderData} result={actionData} />;
  return <MyPath {...loaderData} result={actionData} />;
}

function SignIn({ returnPath, linkInvalid, signedOutEverywhere, result }: { returnPath: string; linkInvalid: boolean; signedOutEverywhere: boolean; result?: ActionResult }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useSchemaForm(clientSignInSchema, { lastResult: result?.result });
  const fromReminder = returnPath.startsWith(`${CLIENT_AREA}/assenza/`);
  return (
    <section aria-labelledby="sign-in-title" className="mx-auto grid max-w-xl gap-6">
      <header className="grid gap-3">
        <p className="text-sm font-semibold uppercase tracking-wider text-coral-700">Area personale</p>
        <h1 id="sign-in-title" className="text-3xl font-semibold sm:text-4xl">
          Entra nella tua area personale
        </h1>
        <p className="text-lg text-ink-700">
          Il tuo gruppo, i prossimi incontri, il link della videochiamata, le assenze e i tuoi dati. Scrivi l'email che hai usato nel questionario o nell'iscrizione: ti mandiamo un
          link per entrare, senza password.
        </p>
        {fromReminder ? <p className="text-ink-700">Dopo l'accesso si apre il modulo per segnalare l'assenza all'incontro del promemoria.</p> : null}
      </header>
      {signedOutEverywhere ? (
        <p role="status" className="rounded-2xl border border-teal-200 bg-teal-50 p-4 text-teal-800">
          {clientAreaMessages.signedOutEverywhere}
        </p>
      ) : null}
      {form.errors ? <AreaError>{firstError(form.errors)}</AreaError> : null}
      {linkInvalid && !result ? (
        <p role="alert" className="flex gap-2 rounded-2xl border border-danger-600/30 bg-danger-50 p-4 text-danger-600">
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          Il link è scaduto o è già stato usato. Chiedine uno nuovo qui sotto.
        </p>
      ) : null}
      {result?.sent ? (
        <LinkSent>
          <p className="flex items-center gap-2 text-lg font-semibold text-teal-800">
            <MailCheck aria-hidden className="size-6 shrink-0" />
            Controlla la tua email
          </p>
          <p className="text-ink-700">{clientAreaMessages.linkSent}</p>
        </LinkSent>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-4 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6">
        <input type="hidden" name="intent" value="request-link" />
        <input type="hidden" name="ritorno" value={returnPath} />
        <div className="grid gap-2">
          <label htmlFor={fields.email.id} className="font-semibold">
            La tua email
          </label>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" inputMode="email" className="field" />
          <FieldError id={fields.email.errorId} error={firstError(fields.email.errors)} />
        </div>
        <SendButton sending={sending} className="btn btn-primary w-full sm:w-fit">
          Mandami il link per entrare
        </SendButton>
      </Form>
      <p className="text-sm text-ink-500">Per proteggere la tua riservatezza non diciamo se un indirizzo è registrato: il link arriva solo alla casella di chi l'ha chiesto.</p>
    </section>
  );
}

type PathData = Extract<Route.ComponentProps["loaderData"], { view: "path" }>;

function MyPath({ groups, feedUrl, feedSince, noticeHours, fiscalDataAsked, outcomesWaiting, registrationMissing, result }: PathData & { result?: ActionResult }) {
  const member = groups.some((group) => group.bookingStatus === "confirmed");
  return (
    <div className="grid gap-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-semibold sm:text-4xl">Il mio percorso</h1>
        <p className="text-ink-700">
          Orari in ora italiana. Assenze: avvisa almeno {noticeHours} ore prima e l'incontro non si paga, secondo il {absenceNotice.rule}.
        </p>
      </header>
      {registrationMissing ? <RegistrationRequest /> : null}
      {fiscalDataAsked ? <FiscalDataRequest /> : null}
      <OutcomesWaiting count={outcomesWaiting} />
      {groups.length === 0 ? (
        <div className="grid gap-3 rounded-3xl border border-sand-200 bg-white p-6">
          <h2 className="text-xl font-semibold">Non troviamo ancora un gruppo per te</h2>
          <p className="text-ink-700">
            Non c'è nessun gruppo scelto con questo indirizzo email. Se hai usato un altro indirizzo nel questionario, esci ed entra con quello; altrimenti puoi compilare il
            questionario per trovare il gruppo adatto.
          </p>
          <p>
            <Link to="/questionario" className="btn btn-primary">
              Compila il questionario
            </Link>
          </p>
        </div>
      ) : (
        groups.map((group) => <GroupPath key={group.bookingId} group={group} />)
      )}
      {member ? <CalendarFeed feedUrl={feedUrl} feedSince={feedSince} result={result} /> : null}
    </div>
  );
}

function GroupPath({ group: path }: { group: PathData["groups"][number] }) {
  const titleId = useId();
  const { group, therapist } = path;
  const confirmed = path.bookingStatus === "confirmed";
  return (
    <section aria-labelledby={titleId} className="grid gap-5 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-7">
      <div className="grid gap-1">
        <p className="text-sm font-semibold uppercase tracking-wider text-coral-700">{confirmed ? "Il tuo gruppo" : "Gruppo scelto, in attesa di conferma"}</p>
        <h2 id={titleId} className="text-2xl font-semibold">
          {group.name}
        </h2>
        <p className="text-ink-700">{group.topic}</p>
        <p className="flex items-center gap-2 font-medium text-ink-900">
          <CalendarDays aria-hidden className="size-5 shrink-0 text-teal-700" />
          {upperFirst(`ogni ${weekdayName(group.weekday)}, ore ${group.startTime}`)}
        </p>
      </div>
      <div className="grid grid-cols-[4.5rem_minmax(0,1fr)] items-center gap-4">
        <div className="overflow-hidden rounded-2xl">
          <TherapistPhoto src={therapist.image} name={therapist.name} sizes="72px" />
        </div>
        <div className="text-sm">
          <p className="text-base font-semibold text-ink-900">{therapist.name}</p>
          <p className="text-ink-500">{therapist.role}</p>
          {therapist.registrationNumber ? (
            <p className="flex items-center gap-1.5 text-ink-700">
              <BadgeCheck aria-hidden className="size-4 shrink-0 text-teal-700" />
              {/albo/i.test(therapist.registrationNumber) ? therapist.registrationNumber : `Albo n° ${therapist.registrationNumber}`}
            </p>
          ) : null}
        </div>
      </div>
      {confirmed ? (
        <>
          {path.videoUrl ? (
            <a href={path.videoUrl} target="_blank" rel="noreferrer noopener" className="btn btn-primary w-full sm:w-fit">
              <Video aria-hidden className="size-5" />
              Entra nella videochiamata
            </a>
          ) : (
            <p className="rounded-2xl bg-sand-100 p-4 text-sm text-ink-700">Il link della videochiamata ti arriverà dallo staff prima del primo incontro.</p>
          )}
          <NextSessions sessions={path.sessions} />
          <div className="grid gap-3 border-t border-sand-200 pt-4">
            {path.moveRequest ? <MoveRequestState request={path.moveRequest} /> : null}
            {path.moveRequest?.status === "pending" ? null : (
              <Link to={clientAreaPaths.move(path.bookingId)} className="inline-flex min-h-11 w-fit items-center gap-1.5 text-sm font-semibold text-teal-800 underline">
                <ArrowRightLeft aria-hidden className="size-4" />
                Chiedi di cambiare gruppo<span className="sr-only"> (ora sei in {group.name})</span>
              </Link>
            )}
          </div>
        </>
      ) : (
        <p className="rounded-2xl bg-sand-100 p-4 text-ink-700">
          Lo staff ti contatterà per la chiamata conoscitiva e per confermare il posto. Dopo la conferma qui trovi gli incontri e il link della videochiamata.
        </p>
      )}
    </section>
  );
}

function NextSessions({ sessions }: { sessions: PathData["groups"][number]["sessions"] }) {
  if (sessions.length === 0) return <p className="text-ink-700">Nessun incontro in programma per ora.</p>;
  return (
    <div className="grid gap-3">
      <h3 className="text-lg font-semibold">Prossimi incontri</h3>
      <ul className="grid gap-3">
        {sessions.map((session, index) => {
          const label = upperFirst(sessionLabel(session.startsAt, session.endsAt));
          const absent = session.attendance === "absent_notified" || session.attendance === "absent_unnotified";
          return (
            <li key={session.id} className="grid gap-2 rounded-2xl border border-sand-200 p-4">
              <p className="font-medium text-ink-900">
                {index === 0 && session.status === "scheduled" ? <span className="sr-only">Prossimo incontro: </span> : null}
                {label}
              </p>
              {session.status !== "scheduled" ? (
                <p className="text-sm font-semibold text-coral-700">{sessionStatusLabels[session.status]}: non si paga.</p>
              ) : absent ? (
                <p className="text-sm font-semibold text-ink-700">{attendanceLabels[session.attendance!]}</p>
              ) : session.started ? (
                <p className="text-sm font-semibold text-teal-800">In corso adesso</p>
              ) : null}
              <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
                {session.status === "scheduled" && !absent && !session.started ? (
                  <Link to={clientAreaPaths.absence(session.id)} className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline">
                    Segnala un'assenza<span className="sr-only"> per {label}</span>
                  </Link>
                ) : null}
                {session.status === "scheduled" && !session.started ? (
                  <a href={clientAreaPaths.sessionIcs(session.id)} download className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-teal-800 underline">
                    <CalendarPlus aria-hidden className="size-4" />
                    Aggiungi al calendario<span className="sr-only"> ({label})</span>
                  </a>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function CalendarFeed({ feedUrl, feedSince, result }: { feedUrl: string | null; feedSince: Date | string | null; result?: ActionResult }) {
  const fieldId = useId();
  return (
    <section aria-labelledby={`${fieldId}-title`} className="grid gap-4 rounded-3xl border border-sand-200 bg-white p-5 sm:p-7">
      <h2 id={`${fieldId}-title`} className="flex items-center gap-2 text-xl font-semibold">
        <Link2 aria-hidden className="size-5 text-teal-700" />
        Calendario privato del gruppo
      </h2>
      <p className="text-ink-700">
        Un indirizzo da aggiungere al calendario del telefono (Google Calendar, Apple Calendario, Outlook): mostra tutti gli incontri del tuo gruppo e si aggiorna da solo se un
        incontro cambia. È personale: non condividerlo. Puoi rinnovarlo o disattivarlo quando vuoi.
      </p>
      {result?.feed ? <FeedChanged renewed={result.feed === "renewed"} /> : null}
      {feedUrl ? (
        <div className="grid gap-2">
          <label htmlFor={fieldId} className="font-semibold">
            Indirizzo del calendario
          </label>
          <input id={fieldId} readOnly value={feedUrl} className="field font-mono text-sm" onFocus={(event) => event.currentTarget.select()} />
          {feedSince ? <p className="text-sm text-ink-500">Attivo dal {formatDateTime(feedSince)}.</p> : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="feed-renew" />
          <button type="submit" className="btn btn-secondary">
            {feedUrl ? "Rinnova l'indirizzo" : "Crea l'indirizzo del calendario"}
          </button>
        </Form>
        {feedUrl ? (
          <Form method="post">
            <input type="hidden" name="intent" value="feed-revoke" />
            <button type="submit" className="btn btn-secondary">
              Disattiva
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

/** "Controlla la tua email": the answer to the sign-in form, focused as it appears. */
function LinkSent({ children }: { children: ReactNode }) {
  const ref = useFocusOnAppear<HTMLDivElement>();
  return (
    <div ref={ref} role="status" tabIndex={-1} className={`grid gap-2 rounded-3xl border border-teal-200 bg-white p-6 shadow-sm ${focusTarget}`}>
      {children}
    </div>
  );
}

/** The calendar feed renewed or turned off, focused as it appears. */
function FeedChanged({ renewed }: { renewed: boolean }) {
  const ref = useFocusOnAppear<HTMLParagraphElement>();
  return (
    <p ref={ref} role="status" tabIndex={-1} className={`rounded-2xl bg-teal-50 p-3 text-sm text-teal-800 ${focusTarget}`}>
      {renewed ? "Nuovo indirizzo creato: quello precedente non funziona più." : "Calendario disattivato: l'indirizzo non funziona più."}
    </p>
  );
}
