import { CalendarDays, ChevronLeft, ChevronRight, List, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { getFormProps, getSelectProps } from "@conform-to/react";
import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/sessions";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { formatDate } from "~/domain/format";
import { useActionForm, useLoadErrorToast } from "~/components/admin/action-result";
import { Badge, EmptyState, LoadError, PageHeader, Spinner } from "~/components/admin/page";
import { useConfirmAction } from "~/components/admin/dialogs";
import { Pagination } from "~/components/admin/list";
import { Field, InputField, OptionList } from "~/components/admin/fields";
import { sessionTones } from "~/components/sessions/attendance-sheet";
import { absenceNotice, SESSION_WINDOW_WEEKS } from "~/content/site";
import { addDays, dateLabel, romeTimeToUtc, todayInRome } from "~/domain/calendar";
import { closureSchema, romeDate, sessionStatusLabels, sessionTime, weekStart, upperFirst } from "~/domain/sessions";
import { actionFail, actionOk, checkFields, loadOr, isRecordId, recordId, staffAction, submissionRefused } from "~/server/http/staff-action.server";
import { therapistOptions } from "~/server/services/admin-groups.server";
import { addClosure, deleteClosure, groupOptions, listClosures, pageSessions, SESSION_PAGE_SIZE, weekView, type WeekDay } from "~/server/services/sessions.server";
import { pageParam } from "~/server/services/admin-lists.server";
import { readIntentForm } from "~/server/form-submission.server";
import { adminPageData, requireAdmin } from "~/server/gates.server";
import { z } from "~/domain/zod";

const isDate = (value: string | null): value is string => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)));
/** How many weeks the list view shows from the chosen week on. */
const LIST_WEEKS = 4;

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, () => {
    const url = new URL(request.url);
    const today = todayInRome();
    const requested = url.searchParams.get("settimana");
    const monday = weekStart(isDate(requested) ? requested : today);
    const view = url.searchParams.get("vista") === "elenco" ? ("list" as const) : ("week" as const);
    const groupId = url.searchParams.get("gruppo");
    const therapistId = url.searchParams.get("terapeuta");
    const filters = { groupId: isRecordId(groupId) ? groupId : undefined, therapistId: isRecordId(therapistId) ? therapistId : undefined };
    const wantedDay = url.searchParams.get("giorno");
    const fallback = { sessions: [], total: 0, page: 1, days: [] as WeekDay[], openDay: null as string | null, groups: [], therapists: [], closures: [] };
    return loadOr("admin-sessions", fallback, "Impossibile caricare gli incontri", async () => {
      const [listed, groups, therapists, closures] = await Promise.all([
        view === "week"
          ? weekView(context.db, filters, monday, isDate(wantedDay) ? wantedDay : null, today).then((week) => ({
              ...week,
              rows: week.sessions,
              total: week.sessions.length,
              page: 1,
            }))
          : pageSessions(context.db, filters, romeTimeToUtc(monday, "00:00"), romeTimeToUtc(addDays(monday, LIST_WEEKS * 7), "00:00"), pageParam(url)).then((page) => ({
              ...page,
              days: [] as WeekDay[],
              openDay: null as string | null,
            })),
        groupOptions(context.db),
        therapistOptions(context.db),
        listClosures(context.db, today),
      ]);
      return { sessions: listed.rows, total: listed.total, page: listed.page, days: listed.days, openDay: listed.openDay, groups, therapists, closures };
    }).then((loaded) => ({ ...loaded, monday, today, view, filters, pageSize: SESSION_PAGE_SIZE }));
  });
}

/** A closure of the practice (create), or its removal (delete; a bad id is a 404, as a missing one). */
const closureAction = z.discriminatedUnion("intent", [
  closureSchema.safeExtend({ intent: z.literal("create") }),
  z.object({ intent: z.literal("delete"), id: z.string().optional() }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(context.db, request);
  const { intent, submission } = await readIntentForm(request, closureAction);
  if (submission.status !== "success") {
    return intent === "create" ? submissionRefused(intent, "Chiusura non salvata", submission, { description: checkFields }) : actionFail(intent, 400, "Azione sconosciuta.");
  }
  const input = submission.value;
  return staffAction(
    input.intent,
    async () => {
      if (input.intent === "delete") {
        await deleteClosure(context.db, session, recordId(input.id, "Chiusura non trovata."));
        return actionOk(input.intent, "Chiusura eliminata");
      }
      const result = await addClosure(context.db, session, input);
      const cancelled = result.cancelled === 1 ? "1 incontro annullato" : `${result.cancelled} incontri annullati`;
      return actionOk(input.intent, `Chiusura salvata: ${cancelled}, persone avvisate per email`, result.id);
    },
    {
      scope: "admin-sessions",
      title: "Operazione non riuscita",
      fallback: "Si è verificato un errore. Riprova più tardi.",
      submission: input.intent === "create" ? submission : undefined,
    },
  );
}

type Data = NonNullable<Route.ComponentProps["loaderData"]>;
type Session = Data["sessions"][number];

export default function AdminSessions({ loaderData }: Route.ComponentProps) {
  useLoadErrorToast(loaderData.loadError);
  const [params] = useSearchParams();
  const { sessions, monday, today, view, groups, therapists, filters } = loaderData;
  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const search = next.toString();
    return search ? `?${search}` : "?";
  };
  const sunday = addDays(monday, 6);
  const rangeEnd = view === "week" ? sunday : addDays(monday, LIST_WEEKS * 7 - 1);
  const filtered = Boolean(filters.groupId || filters.therapistId);
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Incontri"
        description={`Gli incontri settimanali di ogni gruppo (90 minuti, ora italiana), creati ${SESSION_WINDOW_WEEKS} settimane in anticipo. Assenze: ${absenceNotice.rule}.`}
      />
      <div className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={hrefWith({ settimana: addDays(monday, view === "week" ? -7 : -LIST_WEEKS * 7), page: null, giorno: null })}
              className="btn btn-secondary min-h-10 px-3 py-2"
              aria-label="Settimana precedente"
            >
              <ChevronLeft aria-hidden className="size-4" />
            </Link>
            <Link to={hrefWith({ settimana: null, page: null, giorno: null })} className="btn btn-secondary min-h-10 px-4 py-2 text-sm">
              Oggi
            </Link>
            <Link
              to={hrefWith({ settimana: addDays(monday, view === "week" ? 7 : LIST_WEEKS * 7), page: null, giorno: null })}
              className="btn btn-secondary min-h-10 px-3 py-2"
              aria-label="Settimana successiva"
            >
              <ChevronRight aria-hidden className="size-4" />
            </Link>
            <h2 className="text-base font-semibold sm:text-lg" aria-live="polite">
              {formatDate(monday)} – {formatDate(rangeEnd)}
            </h2>
          </div>
          <div className="flex gap-1 rounded-full bg-sand-100 p-1" role="group" aria-label="Vista">
            <Link
              to={hrefWith({ vista: null, page: null })}
              aria-current={view === "week" ? "page" : undefined}
              className={`flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium ${view === "week" ? "bg-white text-teal-800 shadow-sm" : "text-ink-500"}`}
            >
              <CalendarDays aria-hidden className="size-4" />
              Settimana
            </Link>
            <Link
              to={hrefWith({ vista: "elenco", page: null, giorno: null })}
              aria-current={view === "list" ? "page" : undefined}
              className={`flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium ${view === "list" ? "bg-white text-teal-800 shadow-sm" : "text-ink-500"}`}
            >
              <List aria-hidden className="size-4" />
              Elenco
            </Link>
          </div>
        </div>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          {params.get("settimana") ? <input type="hidden" name="settimana" value={params.get("settimana")!} /> : null}
          {view === "list" ? <input type="hidden" name="vista" value="elenco" /> : null}
          <FilterSelect label="Gruppo" name="gruppo" value={filters.groupId} all="Tutti i gruppi" options={groups} />
          <FilterSelect label="Terapeuta" name="terapeuta" value={filters.therapistId} all="Tutti i terapeuti" options={therapists} />
          <button type="submit" className="btn btn-secondary min-h-11">
            Filtra
          </button>
          {filtered ? (
            <Link to={hrefWith({ gruppo: null, terapeuta: null, page: null })} className="text-sm font-medium text-teal-800 underline">
              Togli i filtri
            </Link>
          ) : null}
        </Form>
      </div>
      <LoadError message={loaderData.loadError} />
      {view === "week" ? (
        <WeekView sessions={sessions} days={loaderData.days} openDay={loaderData.openDay} dayHref={(day) => hrefWith({ giorno: day })} today={today} filtered={filtered} />
      ) : (
        <SessionList sessions={sessions} filtered={filtered} pagination={{ page: loaderData.page, total: loaderData.total, pageSize: loaderData.pageSize, noun: meetingsNoun }} />
      )}
      <Closures closures={loaderData.closures} groups={groups} />
    </section>
  );
}

function SessionCard({ session }: { session: Session }) {
  const cancelled = session.status !== "scheduled";
  return (
    <Link
      to={`/admin/sessioni/${session.id}`}
      className={`block rounded-xl border p-3 text-sm transition hover:border-teal-600 focus-visible:border-teal-600 ${
        cancelled ? "border-sand-200 bg-sand-50 text-ink-500" : "border-teal-100 bg-teal-50/60"
      }`}
    >
      <span className="flex items-center justify-between gap-2">
        <span className={`font-semibold ${cancelled ? "line-through" : "text-ink-900"}`}>{sessionTime(session.startsAt)}</span>
        {cancelled ? <Badge tone={sessionTones[session.status]}>{sessionStatusLabels[session.status]}</Badge> : null}
      </span>
      <span className="mt-1 block font-medium text-ink-900">{session.groupName}</span>
      <span className="block text-xs text-ink-500">{session.therapistName}</span>
      {session.status === "scheduled" ? (
        <span className="mt-1 block text-xs text-ink-500">
          Presenze {session.marked}/{session.members}
        </span>
      ) : null}
    </Link>
  );
}

/** "45 incontri · 3 annullati": a day of the week view told by its counts. */
function dayCounts({ count, cancelled }: WeekDay) {
  const meetings = count === 1 ? "1 incontro" : `${count} incontri`;
  return cancelled > 0 ? `${meetings} · ${cancelled} ${cancelled === 1 ? "non si tiene" : "non si tengono"}` : meetings;
}

/**
 * The week, Monday to Sunday. A small week shows every meeting in its day's column; a large one
 * (`openDay` set: more than WEEK_VIEW_ALL_UP_TO meetings) shows each day's counts as a link that opens
 * that day, and the open day's meetings below the week.
 */
function WeekView({
  sessions,
  days,
  openDay,
  dayHref,
  today,
  filtered,
}: {
  sessions: Session[];
  days: WeekDay[];
  openDay: string | null;
  dayHref: (day: string) => string;
  today: string;
  filtered: boolean;
}) {
  if (days.every((day) => day.count === 0)) {
    return <EmptyState>{filtered ? "Nessun incontro per questi filtri in questa settimana." : "Nessun incontro in questa settimana."}</EmptyState>;
  }
  const open = days.find((day) => day.day === openDay);
  return (
    <div className="grid gap-4">
      <ol className="grid gap-3 md:grid-cols-7" aria-label="Incontri della settimana">
        {days.map((entry) => {
          const { day } = entry;
          const highlighted = open ? day === openDay : day === today;
          return (
            <li
              key={day}
              className={`rounded-2xl border bg-white px-3 ${highlighted ? "border-teal-600" : "border-sand-200"} ${
                // A day told by its counts is one row on a phone (seven rows before the open day's meetings).
                open ? "flex flex-wrap items-center justify-between gap-x-3 py-1 md:grid md:content-start md:py-3" : "grid content-start gap-2 py-3"
              }`}
            >
              <h3 className="text-sm font-semibold text-ink-700">
                {upperFirst(dateLabel(day))}
                {day === today ? <span className="ml-1 text-xs font-medium text-teal-800">(oggi)</span> : null}
              </h3>
              {entry.count === 0 ? (
                <p className={`text-xs text-ink-500 md:py-2 ${open ? "py-3" : ""}`}>Nessun incontro</p>
              ) : open ? (
                <Link
                  to={dayHref(day)}
                  preventScrollReset
                  aria-current={day === openDay ? "true" : undefined}
                  className={`inline-flex min-h-11 items-center rounded-lg text-sm font-medium underline-offset-2 hover:underline ${day === openDay ? "text-teal-800" : "text-ink-700"}`}
                >
                  {dayCounts(entry)}
                </Link>
              ) : (
                sessions.filter((session) => romeDate(session.startsAt) === day).map((session) => <SessionCard key={session.id} session={session} />)
              )}
            </li>
          );
        })}
      </ol>
      {open ? (
        <section aria-labelledby="open-day-title" className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-4">
          <h3 id="open-day-title" className="text-base font-semibold">
            {upperFirst(dateLabel(open.day))} · {dayCounts(open)}
          </h3>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {sessions.map((session) => (
              <SessionCard key={session.id} session={session} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

const meetingsNoun = { one: "incontro", many: "incontri" };

function SessionList({ sessions, filtered, pagination }: { sessions: Session[]; filtered: boolean; pagination: Parameters<typeof Pagination>[0] }) {
  if (sessions.length === 0) {
    return <EmptyState>{filtered ? "Nessun incontro per questi filtri in queste settimane." : "Nessun incontro in queste settimane."}</EmptyState>;
  }
  return (
    <div>
      <ul className="divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white" aria-label="Elenco degli incontri">
        {sessions.map((session) => (
          <li key={session.id} className="grid gap-2 px-4 py-3 sm:grid-cols-[12rem_1fr_auto] sm:items-center">
            <span className="text-sm">
              <span className="block font-medium text-ink-900">{upperFirst(dateLabel(romeDate(session.startsAt)))}</span>
              <span className="text-ink-500">ore {sessionTime(session.startsAt)}</span>
            </span>
            <span className="text-sm">
              <span className="block font-medium text-ink-900">{session.groupName}</span>
              <span className="text-ink-500">{session.therapistName}</span>
            </span>
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={sessionTones[session.status]}>{sessionStatusLabels[session.status]}</Badge>
              {session.status === "scheduled" ? (
                <span className="text-xs text-ink-500">
                  Presenze {session.marked}/{session.members}
                </span>
              ) : null}
              <Link to={`/admin/sessioni/${session.id}`} className="btn btn-secondary min-h-9 px-3 py-1.5 text-xs">
                Apri
              </Link>
            </span>
          </li>
        ))}
      </ul>
      <Pagination {...pagination} />
    </div>
  );
}

/** One filter of the meetings: every option by name, or all of them. */
function FilterSelect({
  label,
  name,
  value,
  all,
  options,
}: {
  label: string;
  name: string;
  value: string | undefined | null;
  all: string;
  options: { id: string; name: string }[];
}) {
  return (
    <label className="grid gap-1 text-sm font-medium">
      {label}
      <select name={name} defaultValue={value ?? ""} className="field min-w-48">
        <option value="">{all}</option>
        <OptionList items={options} />
      </select>
    </label>
  );
}

function Closures({ closures, groups }: { closures: Data["closures"]; groups: Data["groups"] }) {
  const [adding, setAdding] = useState(false);
  const remove = useConfirmAction((closure: Data["closures"][number]) => ({
    intent: "delete",
    id: closure.id,
    title: "Eliminare la chiusura?",
    description: `Dal ${formatDate(closure.startsOn)} al ${formatDate(closure.endsOn)} si torneranno a creare incontri. Quelli già annullati restano annullati.`,
    confirmLabel: "Elimina",
    busyLabel: "Eliminazione...",
  }));
  return (
    <section className="grid gap-4 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6" aria-labelledby="closures-title">
      <div>
        <h2 id="closures-title" className="text-lg font-semibold">
          Chiusure (festività)
        </h2>
        <p className="text-sm text-ink-500">Nelle date chiuse non si creano incontri; quelli già in programma vengono annullati e le persone avvisate per email.</p>
      </div>
      {closures.length === 0 ? (
        <p className="text-sm text-ink-500">Nessuna chiusura in programma.</p>
      ) : (
        <ul className="divide-y divide-sand-200 rounded-xl border border-sand-200">
          {closures.map((closure) => (
            <li key={closure.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
              <span>
                <span className="font-medium text-ink-900">
                  {formatDate(closure.startsOn)} – {formatDate(closure.endsOn)}
                </span>{" "}
                · {closure.groupName ?? "Tutti i gruppi"} · {closure.reason}
              </span>
              <button type="button" className="btn btn-secondary min-h-9 px-3 py-1.5 text-xs" onClick={() => remove.ask(closure)}>
                <Trash2 aria-hidden className="size-3.5" />
                Elimina
              </button>
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <ClosureForm groups={groups} onDone={() => setAdding(false)} />
      ) : (
        <div>
          <button type="button" className="btn btn-secondary min-h-11" onClick={() => setAdding(true)}>
            <Plus aria-hidden className="size-4" />
            Aggiungi una chiusura
          </button>
        </div>
      )}
      {remove.dialog}
    </section>
  );
}

/**
 * A new closure, opened from its button: the group list (every group of the practice, 300 at 2,000 members) is
 * rendered when staff add a closure, not on every load of the meetings (docs/performance.md).
 */
function ClosureForm({ groups, onDone }: { groups: Data["groups"]; onDone: () => void }) {
  const { fetcher, busy, form, fields } = useActionForm(closureSchema, { id: "closure", onOk: onDone });
  const opened = useRef<HTMLFormElement>(null);
  // Opened by its button: the keyboard goes on to the form's first field.
  useEffect(() => opened.current?.querySelector("select")?.focus(), []);
  return (
    <fetcher.Form ref={opened} method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_10rem_10rem_1fr_auto_auto] lg:items-end">
      <input type="hidden" name="intent" value="create" />
      <Field label="Gruppo" field={fields.group_id}>
        <select {...getSelectProps(fields.group_id)} className="field">
          <option value="">Tutti i gruppi</option>
          <OptionList items={groups} />
        </select>
      </Field>
      <InputField label="Dal" field={fields.starts_on} type="date" />
      <InputField label="Al" field={fields.ends_on} type="date" />
      <InputField label="Motivo" field={fields.reason} maxLength={200} placeholder="Vacanze di Natale" />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? <Spinner /> : null}
        Chiudi le date
      </button>
      <button type="button" className="btn btn-secondary" onClick={onDone}>
        Annulla
      </button>
    </fetcher.Form>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
