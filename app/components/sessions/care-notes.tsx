import { useRef } from "react";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { useActionForm } from "~/components/admin/action-result";
import { Field } from "~/components/admin/fields";
import { Badge, EmptyState } from "~/components/admin/page";
import { PanelSection } from "~/components/admin/sections";
import { CARE_NOTE_AUTO_SIGN_HOURS, careNoteAddendumSchema, careNoteSaveSchema, careNoteSignSchema } from "~/domain/care-notes";
import { formatDateTime } from "~/domain/format";

interface Note {
  id: string;
  text: string;
  updatedAt: Date | string;
  signedAt: Date | string | null;
  signedBy: "author" | "auto" | null;
  locked: boolean;
  addenda: { id: string; text: string; createdAt: Date | string }[];
}

interface Record {
  writable: boolean;
  autoSignAt: Date | string;
  groupNote: Note | null;
  members: { bookingId: string; name: string; note: Note | null }[];
}

/**
 * The clinical record of one meeting on the therapist's page: the group note and each member's progress
 * note, written while open, signed by «Firma» (or by itself 72 hours after the meeting), then only addenda.
 * Only the author ever sees this; staff pages never render it.
 */
export function CareNotes({ record }: { record: Record }) {
  return (
    <PanelSection id="diario-clinico" title="Diario clinico">
      <p className="text-sm text-ink-500">
        Visibile solo a te. Le note si firmano con «Firma» o da sole {CARE_NOTE_AUTO_SIGN_HOURS} ore dopo l'incontro ({formatDateTime(record.autoSignAt)}); dopo la firma si
        aggiungono solo integrazioni datate.
      </p>
      {!record.writable && !record.groupNote && record.members.every((member) => !member.note) ? (
        <EmptyState>Le note si scrivono dopo l'inizio dell'incontro.</EmptyState>
      ) : (
        <ul className="grid gap-4">
          <li>
            <NoteCard title="Nota di gruppo" bookingId="" note={record.groupNote} writable={record.writable} />
          </li>
          {record.members.map((member) => (
            <li key={member.bookingId}>
              <NoteCard title={`Nota di percorso: ${member.name}`} bookingId={member.bookingId} note={member.note} writable={record.writable} />
            </li>
          ))}
        </ul>
      )}
    </PanelSection>
  );
}

function NoteCard({ title, bookingId, note, writable }: { title: string; bookingId: string; note: Note | null; writable: boolean }) {
  const headingId = `nota-${bookingId || "gruppo"}`;
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold">
          {title}
        </h3>
        {note?.locked ? <Badge tone="success">{note.signedBy === "auto" ? "Firmata automaticamente" : "Firmata"}</Badge> : note ? <Badge tone="neutral">Bozza</Badge> : null}
      </div>
      {note?.locked ? (
        <>
          <p className="text-sm whitespace-pre-wrap">{note.text}</p>
          <p className="text-xs text-ink-500">Firmata il {formatDateTime(note.signedAt)}</p>
          {note.addenda.length ? (
            <ol className="grid gap-2 border-l-2 border-sand-200 pl-3">
              {note.addenda.map((addendum) => (
                <li key={addendum.id} className="text-sm">
                  <span className="block text-xs text-ink-500">Integrazione del {formatDateTime(addendum.createdAt)}</span>
                  <span className="whitespace-pre-wrap">{addendum.text}</span>
                </li>
              ))}
            </ol>
          ) : null}
          <AddendumForm noteId={note.id} label={`Integrazione a ${title.toLowerCase()}`} />
        </>
      ) : writable ? (
        <>
          <SaveForm bookingId={bookingId} text={note?.text ?? ""} label={title} />
          {note ? <SignForm noteId={note.id} /> : null}
        </>
      ) : (
        <p className="text-sm text-ink-500">Nessuna nota.</p>
      )}
    </article>
  );
}

function SaveForm({ bookingId, text, label }: { bookingId: string; text: string; label: string }) {
  const { fetcher, busy, form, fields } = useActionForm(careNoteSaveSchema, { id: `note-save-${bookingId || "gruppo"}`, defaultValue: { intent: "note-save", bookingId, text } });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-2">
      <input {...getInputProps(fields.intent, { type: "hidden" })} />
      <input {...getInputProps(fields.bookingId, { type: "hidden" })} />
      <Field label={<span className="sr-only">{label}</span>} field={fields.text} required={false}>
        <textarea {...getTextareaProps(fields.text)} rows={5} className="field" />
      </Field>
      <div>
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          Salva la nota
        </button>
      </div>
    </fetcher.Form>
  );
}

function SignForm({ noteId }: { noteId: string }) {
  const { fetcher, busy, form, fields } = useActionForm(careNoteSignSchema, { id: `note-sign-${noteId}`, defaultValue: { intent: "note-sign", noteId } });
  return (
    <fetcher.Form method="post" {...getFormProps(form)}>
      <input {...getInputProps(fields.intent, { type: "hidden" })} />
      <input {...getInputProps(fields.noteId, { type: "hidden" })} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Firma
      </button>
      <span className="ml-2 text-xs text-ink-500">Dopo la firma la nota non si modifica più.</span>
    </fetcher.Form>
  );
}

function AddendumForm({ noteId, label }: { noteId: string; label: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { fetcher, busy, form, fields } = useActionForm(careNoteAddendumSchema, {
    id: `note-addendum-${noteId}`,
    defaultValue: { intent: "note-addendum", noteId, text: "" },
    onOk: () => formRef.current?.reset(),
  });
  return (
    <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="grid gap-2">
      <input {...getInputProps(fields.intent, { type: "hidden" })} />
      <input {...getInputProps(fields.noteId, { type: "hidden" })} />
      <Field label={label} field={fields.text} required={false}>
        <textarea {...getTextareaProps(fields.text)} rows={3} className="field" />
      </Field>
      <div>
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          Aggiungi l'integrazione
        </button>
      </div>
    </fetcher.Form>
  );
}
