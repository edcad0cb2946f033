import { getFormProps, getInputProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { CalendarOff, Plus, Trash2, Video, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Field, InputField, SelectField } from "~/components/admin/fields";
import { TitledSection } from "~/components/site/titled-section";
import { firstError, useSchemaForm } from "~/components/forms/schema-form";
import { addExceptionSchema, addWindowSchema, callRoomSchema, windowLabel } from "~/domain/availability-input";
import { dateLabel, WEEKDAY_NAMES } from "~/domain/calendar";
import { EVENING_FROM_MINUTE, timeOfMinute, type AvailabilityExceptionKind } from "~/domain/intake-calls";

interface Availability {
  windows: { id: string; weekday: number; startMinute: number; endMinute: number }[];
  exceptions: { id: string; onDate: string; kind: AvailabilityExceptionKind; startMinute: number | null; endMinute: number | null }[];
  callRoomUrl: string | null;
}

interface Answer {
  intent: string;
  result: SubmissionResult<string[]>;
  done?: string;
}

const section = "grid gap-4 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6";

function RemoveButton({ intent, id, label }: { intent: "remove-window" | "remove-exception"; id: string; label: string }) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="btn btn-secondary min-h-11 px-3" aria-label={label}>
        <Trash2 aria-hidden className="size-4" />
        <span className="hidden sm:inline">Togli</span>
      </button>
    </Form>
  );
}

/** The windows or the exceptions, each with its button to take it away; a line when there are none. */
function RemovableList({ intent, items, empty }: { intent: "remove-window" | "remove-exception"; items: { id: string; label: ReactNode; removeLabel: string }[]; empty: string }) {
  if (items.length === 0) return <p className="text-ink-700">{empty}</p>;
  return (
    <ul className="grid gap-2">
      {items.map((item) => (
        <li key={item.id} className="flex items-center justify-between gap-3 rounded-2xl border border-sand-200 px-4 py-2">
          {item.label}
          <RemoveButton intent={intent} id={item.id} label={item.removeLabel} />
        </li>
      ))}
    </ul>
  );
}

/** One part of the editor: its heading, what it is for, then what it lists and its form. */
function EditorSection(props: { id: string; title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <TitledSection
      {...props}
      className={section}
      titleClassName="text-xl font-semibold"
      lead={{ text: props.lead, className: "text-sm text-ink-700", blockClassName: "grid gap-1" }}
    />
  );
}

/** A part's form: it posts its `intent` and ends with its one button. */
function IntentForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  className,
  submit,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  intent: string;
  className: string;
  submit: { icon: LucideIcon; label: string; className: string; disabled: boolean };
  children: ReactNode;
}) {
  const Icon = submit.icon;
  return (
    <Form method="post" {...getFormProps(form)} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button type="submit" className={submit.className} disabled={submit.disabled}>
        <Icon aria-hidden className="size-5" />
        {submit.label}
      </button>
    </Form>
  );
}

/** The start and end of a window or of extra hours, by the half hour. */
function TimeRange({ fields, labels }: { fields: { start: FieldMetadata<string>; end: FieldMetadata<string> }; labels: [string, string] }) {
  return (
    <>
      <InputField label={labels[0]} type="time" field={fields.start} step={1800} />
      <InputField label={labels[1]} type="time" field={fields.end} step={1800} />
    </>
  );
}

interface PartProps {
  availability: Availability;
  lastFor: (intent: string) => SubmissionResult<string[]> | undefined;
  sending: boolean;
}

function WindowsPart({ availability, lastFor, sending, who }: PartProps & { who: "self" | "staff" }) {
  const [windowForm, windowFields] = useSchemaForm(addWindowSchema, { id: "add-window", lastResult: lastFor("add-window") });
  const hasEvenings = availability.windows.some((window) => window.endMinute > EVENING_FROM_MINUTE);
  const your = who === "self" ? "le tue" : "le sue";
  return (
    <EditorSection
      id="windows-title"
      title="Fasce settimanali"
      lead={
        <>
          Le persone scelgono la chiamata conoscitiva (30 minuti) tra {your} fasce dei prossimi 14 giorni, in ora italiana.{" "}
          {hasEvenings ? "Ci sono anche orari serali." : "Aggiungi una fascia dalle 18:00 per chi lavora di giorno."}
        </>
      }
    >
      <RemovableList
        intent="remove-window"
        empty="Nessuna fascia: finché non ne aggiungi una, nessunə può prenotare una chiamata con te."
        items={availability.windows.map((window) => ({
          id: window.id,
          label: <span className="capitalize">{windowLabel(window)}</span>,
          removeLabel: `Togli la fascia di ${windowLabel(window)}`,
        }))}
      />
      <IntentForm
        form={windowForm}
        intent="add-window"
        className="grid gap-3 border-t border-sand-200 pt-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
        submit={{ icon: Plus, label: "Aggiungi fascia", className: "btn btn-primary min-h-11", disabled: sending }}
      >
        <SelectField label="Giorno" field={windowFields.weekday} options={WEEKDAY_NAMES.map((name, index) => ({ value: index + 1, label: name }))} className="field capitalize" />
        <TimeRange fields={windowFields} labels={["Dalle", "Alle"]} />
      </IntentForm>
    </EditorSection>
  );
}

function ExceptionsPart({ availability, lastFor, sending }: PartProps) {
  const [exceptionForm, exceptionFields] = useSchemaForm(addExceptionSchema, { id: "add-exception", lastResult: lastFor("add-exception") });
  return (
    <EditorSection
      id="exceptions-title"
      title="Eccezioni"
      lead="Un giorno libero (ferie, festività) toglie tutte le fasce di quel giorno; le ore in più valgono solo per quella data."
    >
      <RemovableList
        intent="remove-exception"
        empty="Nessuna eccezione nei prossimi giorni."
        items={availability.exceptions.map((exception) => {
          const what = exception.kind === "off" ? "giorno libero" : `ore in più ${timeOfMinute(exception.startMinute ?? 0)}-${timeOfMinute(exception.endMinute ?? 0)}`;
          return {
            id: exception.id,
            label: (
              <span>
                <span className="capitalize">{dateLabel(exception.onDate)}</span>: {what}
              </span>
            ),
            removeLabel: `Togli l'eccezione di ${dateLabel(exception.onDate)}`,
          };
        })}
      />
      <IntentForm
        form={exceptionForm}
        intent="add-exception"
        className="grid gap-3 border-t border-sand-200 pt-4 sm:grid-cols-2"
        submit={{ icon: CalendarOff, label: "Aggiungi eccezione", className: "btn btn-primary min-h-11 sm:w-fit", disabled: sending }}
      >
        <InputField label="Data" type="date" field={exceptionFields.onDate} />
        <SelectField
          label="Tipo"
          field={exceptionFields.kind}
          options={[
            { value: "off", label: "Giorno libero" },
            { value: "extra", label: "Ore in più" },
          ]}
        />
        <TimeRange fields={exceptionFields} labels={["Dalle (solo ore in più)", "Alle (solo ore in più)"]} />
      </IntentForm>
    </EditorSection>
  );
}

function RoomPart({ availability, lastFor, sending }: PartProps) {
  const [roomForm, roomFields] = useSchemaForm(callRoomSchema, { id: "room", lastResult: lastFor("room"), defaultValue: { callRoomUrl: availability.callRoomUrl ?? "" } });
  return (
    <EditorSection
      id="room-title"
      title="Stanza video"
      lead="Con il link, la chiamata è una videochiamata in questa stanza e la persona lo riceve nella conferma; senza, chiami tu al numero che ha lasciato."
    >
      <IntentForm
        form={roomForm}
        intent="room"
        className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        submit={{ icon: Video, label: "Salva il link", className: "btn btn-secondary min-h-11", disabled: sending }}
      >
        <Field label="Link della stanza (https://…)" field={roomFields.callRoomUrl}>
          <input {...getInputProps(roomFields.callRoomUrl, { type: "url" })} className="field" placeholder="https://meet.example.com/la-mia-stanza" />
        </Field>
      </IntentForm>
    </EditorSection>
  );
}

/**
 * A therapist's availability for intake calls: weekly windows, exceptions (a day off, one-off extra
 * hours) and the video room. Each form posts its own `intent` to the page's action; a refusal shows on
 * its field and keeps what was typed.
 */
export function AvailabilityEditor({ availability, answer, who }: { availability: Availability; answer: Answer | undefined; who: "self" | "staff" }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const lastFor = (intent: string) => (answer?.intent === intent ? answer.result : undefined);
  const parts = { availability, lastFor, sending };
  const removalError = answer?.intent.startsWith("remove-") ? firstError(answer.result.error?.[""] ?? undefined) : undefined;

  return (
    <div className="grid gap-6">
      {answer?.done ? (
        <p role="status" className="rounded-2xl bg-teal-100 p-4 font-semibold text-teal-800">
          {answer.done}.
        </p>
      ) : null}
      {removalError ? (
        <p role="alert" className="rounded-2xl bg-danger-50 p-4 font-semibold text-danger-600">
          {removalError}
        </p>
      ) : null}
      <WindowsPart {...parts} who={who} />
      <ExceptionsPart {...parts} />
      <RoomPart {...parts} />
    </div>
  );
}
