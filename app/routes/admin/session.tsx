import { ArrowLeft, CalendarClock, Video, XCircle } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/session";
import { ActionFormDialog } from "~/components/admin/conflict-notice";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { Badge, Field, invalidProps, PageHeader, PanelSection } from "~/components/admin/ui";
import { AttendanceSheet, attendanceMarks, sessionTones } from "~/components/sessions/attendance-sheet";
import { cancelSessionSchema, moveSessionSchema, romeDate, sessionLabel, sessionStatusLabels, sessionTime, upperFirst } from "~/domain/sessions";
import { formErrors } from "~/domain/form-fields";
import { adminPageData, requireAdmin } from "~/server/auth.server";
import { HttpError, orNotFound } from "~/server/http.server";
import { actionFail, actionOk, failure, isRecordId } from "~/server/services/admin-common.server";
import { attendanceSheet, cancelSession, getSession, moveSession, recordAttendance } from "~/server/services/sessions.server";


export async function loader({ request, params, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async () => {
    if (!isRecordId(params.sessionId)) throw new Response("Incontro non trovato.", { status: 404 });
    return orNotFound(async () => {
      const sheet = await attendanceSheet(context.db, params.sessionId);
      const replacement = sheet.session.movedTo ? await getSession(context.db, sheet.session.movedTo).catch(() => null) : null;
      return { ...sheet, movedTo: replacement ? { id: replacement.id, startsAt: replacement.startsAt } : null };
    });
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireAdmin(context.db, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (!isRecordId(params.sessionId)) throw new HttpError(404, "Incontro non trovato.");
    if (intent === "attendance") {
      const saved = await recordAttendance(context.db, actor, params.sessionId, attendanceMarks(form));
      return actionOk(intent, saved === 1 ? "Presenza salvata" : `${saved} presenze salvate`);
    }
    if (intent === "cancel") {
      const parsed = cancelSessionSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return actionFail(intent, 400, "Incontro non annullato", { fieldErrors: formErrors(parsed.error) });
      const result = await cancelSession(context.db, actor, params.sessionId, parsed.data.note);
      return actionOk(intent, `Incontro annullato: ${result.emailed} persone avvisate per email`);
    }
    if (intent === "move") {
      const parsed = moveSessionSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return actionFail(intent, 400, "Incontro non spostato", { description: "Controlla i campi evidenziati.", fieldErrors: formErrors(parsed.error) });
      const result = await moveSession(context.db, actor, params.sessionId, parsed.data);
      return actionOk(intent, `Incontro spostato: ${result.emailed} persone avvisate per email`, result.id);
    }
    return actionFail(intent, 400, "Azione sconosciuta.");
  } catch (error) {
    const { status, message } = failure(error, "Si è verificato un errore. Riprova più tardi.", "admin-session");
    return actionFail(intent, status, "Operazione non riuscita", { description: message, fieldErrors: error instanceof HttpError ? error.fields : undefined });
  }
}

export default function AdminSession({ loaderData }: Route.ComponentProps) {
  const [dialog, setDialog] = useState<"cancel" | "move" | null>(null);
  const { session, roster, started, movedTo } = loaderData;
  const changeable = session.status === "scheduled" && !started;
  return (
    <section className="grid gap-6">
      <Link to={`/admin/sessioni?settimana=${romeDate(session.startsAt)}`} className="inline-flex items-center gap-1 text-sm font-medium text-teal-800">
        <ArrowLeft aria-hidden className="size-4" />
        Torna agli incontri
      </Link>
      <PageHeader
        title={session.groupName}
        description={
          <>
            {upperFirst(sessionLabel(session.startsAt, session.endsAt))} · {session.therapistName}
          </>
        }
        actions={
          changeable ? (
            <>
              <button type="button" className="btn btn-secondary" onClick={() => setDialog("move")}>
                <CalendarClock aria-hidden className="size-4" />
                Sposta
              </button>
              <button type="button" className="btn btn-secondary text-danger-600" onClick={() => setDialog("cancel")}>
                <XCircle aria-hidden className="size-4" />
                Annulla l'incontro
              </button>
            </>
          ) : null
        }
      />
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Badge tone={sessionTones[session.status]}>{sessionStatusLabels[session.status]}</Badge>
        {session.note ? <span className="text-ink-700">{session.note}</span> : null}
        {movedTo ? (
          <Link to={`/admin/sessioni/${movedTo.id}`} className="font-medium text-teal-800 underline">
            Nuovo orario: {sessionLabel(movedTo.startsAt)}
          </Link>
        ) : null}
        {session.videoUrl ? (
          <a href={session.videoUrl} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 font-medium text-teal-800 underline">
            <Video aria-hidden className="size-4" />
            Link della videochiamata
          </a>
        ) : (
          <span className="text-ink-500">Nessun link della videochiamata: aggiungilo nella scheda del gruppo.</span>
        )}
      </div>
      <PanelSection id="attendance-title" title="Presenze">
        <AttendanceSheet roster={roster} sessionStatus={session.status} started={started} />
      </PanelSection>
      {dialog === "cancel" ? <CancelDialog onClose={() => setDialog(null)} when={sessionLabel(session.startsAt, session.endsAt)} /> : null}
      {dialog === "move" ? <MoveDialog onClose={() => setDialog(null)} date={romeDate(session.startsAt)} time={sessionTime(session.startsAt)} /> : null}
    </section>
  );
}

function CancelDialog({ onClose, when }: { onClose: () => void; when: string }) {
  return (
    <ActionFormDialog
      size="lg"
      title="Annullare l'incontro?"
      description={`${when}. Ogni persona del gruppo riceve un'email; nessuno paga questo incontro.`}
      intent="cancel"
      cancelLabel="Indietro"
      label="Annulla l'incontro"
      danger
      onClose={onClose}
    >
      {(errors) => (
        <Field label="Messaggio per le persone (facoltativo)" htmlFor="cancel-note" error={errors.note}>
          <textarea id="cancel-note" name="note" rows={3} maxLength={500} className="field" {...invalidProps("cancel-note", errors.note)} />
        </Field>
      )}
    </ActionFormDialog>
  );
}

function MoveDialog({ onClose, date, time }: { onClose: () => void; date: string; time: string }) {
  return (
    <ActionFormDialog
      size="lg"
      title="Spostare l'incontro"
      description="Scegli la nuova data e l'ora (ora italiana). Ogni persona del gruppo riceve un'email."
      intent="move"
      cancelLabel="Indietro"
      label="Sposta"
      formClassName="grid gap-4 sm:grid-cols-2"
      onClose={onClose}
    >
      {(errors) => (
        <>
          <Field label="Nuova data" htmlFor="move-date" error={errors.date} required>
            <input id="move-date" name="date" type="date" defaultValue={date} required className="field" {...invalidProps("move-date", errors.date)} />
          </Field>
          <Field label="Ora di inizio" htmlFor="move-time" error={errors.time} required>
            <input id="move-time" name="time" type="time" defaultValue={time} required className="field" {...invalidProps("move-time", errors.time)} />
          </Field>
          <Field label="Messaggio per le persone (facoltativo)" htmlFor="move-note" error={errors.note} className="sm:col-span-2">
            <textarea id="move-note" name="note" rows={3} maxLength={500} className="field" {...invalidProps("move-note", errors.note)} />
          </Field>
        </>
      )}
    </ActionFormDialog>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
