import { Video } from "lucide-react";
import type { Route } from "./+types/session";
import { PageHeader } from "~/components/admin/page";
import { AttendanceSheet } from "~/components/sessions/attendance-sheet";
import { MeetingBadge, MovedToLink } from "~/components/sessions/session-links";
import { attendanceMarksSchema, attendanceSheetSchema } from "~/domain/attendance";
import { parseSubmission } from "~/server/form-submission.server";
import { sessionLabel, THERAPIST_AREA, upperFirst } from "~/domain/sessions";
import { audit } from "~/server/audit.server";
import { HttpError, loadPage } from "~/server/http/errors.server";
import { parseFields } from "~/server/http/body.server";
import { actionFail, actionOk, checkFields, isRecordId, recordId, staffAction, submissionRefused } from "~/server/http/staff-action.server";
import { attendanceSheet, recordAttendance } from "~/server/services/sessions.server";
import { BackLink } from "~/components/site/back-link";
import { requireTherapist, type TherapistIdentity } from "~/server/gates.server";
import { CareNotes } from "~/components/sessions/care-notes";
import { careNoteActionSchema } from "~/domain/care-notes";
import { addCareNoteAddendum, meetingCareNotes, saveCareNote, signCareNote } from "~/server/services/care-notes.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const identity = await requireTherapist(context.db, request);
  return loadPage("therapist-session", async () => {
    if (!isRecordId(params.sessionId)) throw new HttpError(404, "Non trovato.");
    const sheet = await attendanceSheet(context.db, params.sessionId, { therapistId: identity.therapist.id });
    await audit(context.db, identity.session, { action: "read", entity: "attendance", entityId: sheet.session.id });
    return { ...sheet, careNotes: await meetingCareNotes(context.db, identity, sheet.session.id) };
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const identity = await requireTherapist(context.db, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent.startsWith("note-")) return careNoteAction(context.db, identity, params.sessionId, intent, form);
  const submission = parseSubmission(form, attendanceSheetSchema);
  if (submission.status !== "success") return actionFail(intent, 400, "Azione sconosciuta.");
  return staffAction(
    intent,
    async () => {
      const sessionId = recordId(params.sessionId, "Non trovato.");
      const saved = await recordAttendance(context.db, identity.session, sessionId, parseFields(attendanceMarksSchema, form), { therapistId: identity.therapist.id });
      return actionOk(intent, saved === 1 ? "Presenza salvata" : `${saved} presenze salvate`);
    },
    { scope: "therapist-session", title: "Presenze non salvate", fallback: "Si è verificato un errore. Riprova più tardi.", submission },
  );
}

/** The clinical record's three forms: write a note, «Firma», an addendum (always the signed-in therapist's own notes). */
async function careNoteAction(db: Route.ActionArgs["context"]["db"], identity: TherapistIdentity, sessionParam: string, intent: string, form: FormData) {
  const submission = parseSubmission(form, careNoteActionSchema);
  if (submission.status !== "success") return submissionRefused(intent, "Nota non salvata", submission, { description: checkFields });
  const input = submission.value;
  return staffAction(
    intent,
    async () => {
      const sessionId = recordId(sessionParam, "Non trovato.");
      if (input.intent === "note-save") {
        await saveCareNote(db, identity, sessionId, input.bookingId ?? null, input.text);
        return actionOk(intent, "Nota salvata");
      }
      if (input.intent === "note-sign") {
        await signCareNote(db, identity, input.noteId);
        return actionOk(intent, "Nota firmata");
      }
      await addCareNoteAddendum(db, identity, input.noteId, input.text);
      return actionOk(intent, "Integrazione aggiunta");
    },
    { scope: "therapist-care-note", title: "Nota non salvata", fallback: "Si è verificato un errore. Riprova più tardi.", submission },
  );
}

export default function TherapistSession({ loaderData }: Route.ComponentProps) {
  const { session, roster, marks, movedTo, careNotes, label } = loaderData;
  return (
    <div className="grid gap-6">
      <BackLink to={`${THERAPIST_AREA}/gruppi/${session.groupId}`}>{session.groupName}</BackLink>
      <PageHeader title="Presenze" description={upperFirst(sessionLabel(session.startsAt, session.endsAt))} />
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <MeetingBadge status={session.status} label={label} />
        {session.note ? <span className="text-ink-700">{session.note}</span> : null}
        {movedTo ? <MovedToLink movedTo={movedTo} /> : null}
        {session.videoUrl && session.status === "scheduled" ? (
          <a href={session.videoUrl} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 font-medium text-teal-800 underline">
            <Video aria-hidden className="size-4" />
            Link della videochiamata
          </a>
        ) : null}
      </div>
      <AttendanceSheet roster={roster} sessionStatus={session.status} marks={marks} />
      <CareNotes record={careNotes} />
    </div>
  );
}
