import { ArrowLeft, CalendarClock, Video, XCircle } from "lucide-react";
import { getTextareaProps } from "@conform-to/react";
import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/session";
import { SchemaFormDialog } from "~/components/admin/schema-form-dialog";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { PageHeader } from "~/components/admin/page";
import { Field, InputField } from "~/components/admin/fields";
import { PanelSection } from "~/components/admin/sections";
import { AttendanceSheet } from "~/components/sessions/attendance-sheet";
import { MeetingBadge, MovedToLink } from "~/components/sessions/session-links";
import { attendanceMarksSchema, attendanceSheetSchema } from "~/domain/attendance";
import { personPath } from "~/components/admin/person-link";
import { cancelSessionSchema, moveSessionSchema, romeDate, sessionLabel, sessionTime, upperFirst } from "~/domain/sessions";
import { HttpError, loadPage } from "~/server/http/errors.server";
import { z } from "~/domain/zod";
import { actionFail, actionFailure, actionOk, checkFields, isRecordId, staffAction, submissionRefused } from "~/server/http/staff-action.server";
import { parseFields } from "~/server/http/body.server";
import { attendanceSheet, cancelSession, moveSession, recordAttendance } from "~/server/services/sessions.server";
import { bookingContacts } from "~/server/services/person-account.server";
import { readIntentForm } from "~/server/form-submission.server";
import { adminPageData, requireAdmin } from "~/server/gates.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async () => {
    if (!isRecordId(params.sessionId)) throw new Response("Incontro non trovato.", { status: 404 });
    return loadPage("admin-session", async () => {
      const sheet = await attendanceSheet(context.db, params.sessionId);
      // Staff read the full name and the e-mail: two "Giulia R." of one group apart (the therapist keeps the short name).
      const contacts = await bookingContacts(
        context.db,
        sheet.roster.map((row) => row.bookingId),
      );
      return {
        ...sheet,
        roster: sheet.roster.map((row) => {
          const contact = contacts.get(row.bookingId);
          return { ...row, name: contact?.name ?? row.name, detail: contact?.email ?? null };
        }),
      };
    });
  });
}

/** The meeting's three forms: the attendance sheet (its marks read from the form, `attendanceMarksSchema`), cancelling it, moving it. */
const sessionAction = z.discriminatedUnion("intent", [
  attendanceSheetSchema,
  cancelSessionSchema.safeExtend({ intent: z.literal("cancel") }),
  moveSessionSchema.safeExtend({ intent: z.literal("move") }),
]);

const failed = { scope: "admin-session", title: "Operazione non riuscita", fallback: "Si è verificato un errore. Riprova più tardi." };

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireAdmin(context.db, request);
  const { form, intent, submission } = await readIntentForm(request, sessionAction);
  if (!isRecordId(params.sessionId)) return actionFailure(intent, new HttpError(404, "Incontro non trovato."), failed);
  const sessionId = params.sessionId;
  if (submission.status !== "success") {
    if (intent === "cancel") return submissionRefused(intent, "Incontro non annullato", submission);
    if (intent === "move") return submissionRefused(intent, "Incontro non spostato", submission, { description: checkFields });
    return actionFail(intent, 400, "Azione sconosciuta.");
  }
  const input = submission.value;
  return staffAction(
    input.intent,
    async () => {
      switch (input.intent) {
        case "attendance": {
          const saved = await recordAttendance(context.db, actor, sessionId, parseFields(attendanceMarksSchema, form));
          return actionOk(input.intent, saved === 1 ? "Presenza salvata" : `${saved} presenze salvate`);
        }
        case "cancel": {
          const result = await cancelSession(context.db, actor, sessionId, input.note);
          return actionOk(input.intent, `Incontro annullato: ${result.emailed} persone avvisate per email`);
        }
        case "move": {
          const result = await moveSession(context.db, actor, sessionId, input);
          return actionOk(input.intent, `Incontro spostato: ${result.emailed} persone avvisate per email`, result.id);
        }
      }
    },
    { ...failed, submission },
  );
}

export default function AdminSession({ loaderData }: Route.ComponentProps) {
  const [dialog, setDialog] = useState<"cancel" | "move" | null>(null);
  const { session, roster, started, marks, movedTo, label } = loaderData;
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
        <MeetingBadge status={session.status} label={label} />
        {session.note ? <span className="text-ink-700">{session.note}</span> : null}
        {movedTo ? <MovedToLink movedTo={movedTo} base="/admin/sessioni" /> : null}
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
        <AttendanceSheet roster={roster} sessionStatus={session.status} marks={marks} memberHref={personPath} />
      </PanelSection>
      {dialog === "cancel" ? <CancelDialog onClose={() => setDialog(null)} when={sessionLabel(session.startsAt, session.endsAt)} /> : null}
      {dialog === "move" ? <MoveDialog onClose={() => setDialog(null)} date={romeDate(session.startsAt)} time={sessionTime(session.startsAt)} /> : null}
    </section>
  );
}

function CancelDialog({ onClose, when }: { onClose: () => void; when: string }) {
  return (
    <SchemaFormDialog
      schema={cancelSessionSchema}
      size="lg"
      title="Annullare l'incontro?"
      description={`${when}. Ogni persona del gruppo riceve un'email; nessuno paga questo incontro.`}
      intent="cancel"
      cancelLabel="Indietro"
      label="Annulla l'incontro"
      danger
      onClose={onClose}
    >
      {(fields) => (
        <Field label="Messaggio per le persone (facoltativo)" field={fields.note}>
          <textarea {...getTextareaProps(fields.note)} rows={3} maxLength={500} className="field" />
        </Field>
      )}
    </SchemaFormDialog>
  );
}

function MoveDialog({ onClose, date, time }: { onClose: () => void; date: string; time: string }) {
  return (
    <SchemaFormDialog
      schema={moveSessionSchema}
      defaultValue={{ date, time }}
      size="lg"
      title="Spostare l'incontro"
      description="Scegli la nuova data e l'ora (ora italiana). Ogni persona del gruppo riceve un'email."
      intent="move"
      cancelLabel="Indietro"
      label="Sposta"
      formClassName="grid gap-4 sm:grid-cols-2"
      onClose={onClose}
    >
      {(fields) => (
        <>
          <InputField label="Nuova data" field={fields.date} type="date" />
          <InputField label="Ora di inizio" field={fields.time} type="time" />
          <Field label="Messaggio per le persone (facoltativo)" field={fields.note} className="sm:col-span-2">
            <textarea {...getTextareaProps(fields.note)} rows={3} maxLength={500} className="field" />
          </Field>
        </>
      )}
    </SchemaFormDialog>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
