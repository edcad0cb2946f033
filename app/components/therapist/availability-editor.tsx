import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { CalendarOff, Plus, Trash2, Video } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Field, InputField, SelectField } from "~/components/admin/fields";
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

/**
 * A therapist's availability for intake calls: weekly windows, exceptions (a day off, one-off extra
 * hours) and the video room. Each form posts its own `intent` to the page's action; a refusal shows on
 * its field and keeps what was typed.
 */
export function AvailabilityEditor({ availability, answer, who }: { availability: Availability; answer: Answer | undefined; who: "self" | "staff" }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const lastFor = (intent: string) => (answer?.intent === intent ? answer.result : undefined);
  const [windowForm, windowFields] = useSchemaForm(addWindowSchema, { id: "add-window", lastResult: lastFor("add-window") });
  const [exceptionForm, exceptionFields] = useSchemaForm(addExceptionSchema, { id: "add-exception", lastResult: lastFor("add-exception") });
  const [roomForm, roomFields] = useSchemaForm(callRoomSchema, { id: "room", lastResult: lastFor("room"), defaultValue: { callRoomUrl: availability.callRoomUrl ?? "" } });
  const removalError = answer?.intent.startsWith("remove-") ? firstError(answer.result.error?.[""] ?? undefined) : undefined;
  const hasEvenings = availability.windows.some((window) => window.endMinute > EVENING_FROM_MINUTE);
  const your = who === "self" ? "le tue" : "le sue";

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

      <section aria-labelledby="windows-title" className={section}>
        <div className="grid gap-1">
          <h2 id="windows-title" className="text-xl font-semibold">
            Fasce settimanali
          </h2>
          <p className="text-sm text-ink-700">
            Le persone scelgono la chiamata conoscitiva (30 minuti) tra {your} fasce dei prossimi 14 giorni, in ora italiana.{" "}
            {hasEvenings ? "Ci sono anche orari serali." : "Aggiungi una fascia dalle 18:00 per chi lavora di giorno."}
          </p>
        </div>
        {availability.windows.length === 0 ? (
          <p className="text-ink-700">Nessuna fascia: finché non ne aggiungi una, nessunə può prenotare una chiamata con te.</p>
        ) : (
          <ul className="grid gap-2">
            {availability.windows.map((window) => (
              <li key={window.id} className="flex items-center justify-between gap-3 rounded-2xl border border-sand-200 px-4 py-2">
                <span className="capitalize">{windowLabel(window)}</span>
                <RemoveButton intent="remove-window" id={window.id} label={`Togli la fascia di ${windowLabel(window)}`} />
              </li>
            ))}
          </ul>
        )}
        <Form method="post" {...getFormProps(windowForm)} className="grid gap-3 border-t border-sand-200 pt-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="add-window" />
          <SelectField label="Giorno" field={windowFields.weekday} options={WEEKDAY_NAMES.map((name, index) => ({ value: index + 1, label: name }))} className="field capitalize" />
          <InputField label="Dalle" type="time" field={windowFields.start} step={1800} />
          <InputField label="Alle" type="time" field={windowFields.end} step={1800} />
          <button type="submit" className="btn btn-primary min-h-11" disabled={sending}>
            <Plus aria-hidden className="size-5" />
            Aggiungi fascia
          </button>
        </Form>
      </section>

      <section aria-labelledby="exceptions-title" className={section}>
        <div className="grid gap-1">
          <h2 id="exceptions-title" className="text-xl font-semibold">
            Eccezioni
          </h2>
          <p className="text-sm text-ink-700">Un giorno libero (ferie, festività) toglie tutte le fasce di quel giorno; le ore in più valgono solo per quella data.</p>
        </div>
        {availability.exceptions.length === 0 ? (
          <p className="text-ink-700">Nessuna eccezione nei prossimi giorni.</p>
        ) : (
          <ul className="grid gap-2">
            {availability.exceptions.map((exception) => {
              const what = exception.kind === "off" ? "giorno libero" : `ore in più ${timeOfMinute(exception.startMinute ?? 0)}-${timeOfMinute(exception.endMinute ?? 0)}`;
              return (
                <li key={exception.id} className="flex items-center justify-between gap-3 rounded-2xl border border-sand-200 px-4 py-2">
                  <span>
                    <span className="capitalize">{dateLabel(exception.onDate)}</span>: {what}
                  </span>
                  <RemoveButton intent="remove-exception" id={exception.id} label={`Togli l'eccezione di ${dateLabel(exception.onDate)}`} />
                </li>
              );
            })}
          </ul>
        )}
        <Form method="post" {...getFormProps(exceptionForm)} className="grid gap-3 border-t border-sand-200 pt-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="add-exception" />
          <InputField label="Data" type="date" field={exceptionFields.onDate} />
          <SelectField
            label="Tipo"
            field={exceptionFields.kind}
            options={[
              { value: "off", label: "Giorno libero" },
              { value: "extra", label: "Ore in più" },
            ]}
          />
          <InputField label="Dalle (solo ore in più)" type="time" field={exceptionFields.start} step={1800} />
          <InputField label="Alle (solo ore in più)" type="time" field={exceptionFields.end} step={1800} />
          <button type="submit" className="btn btn-primary min-h-11 sm:w-fit" disabled={sending}>
            <CalendarOff aria-hidden className="size-5" />
            Aggiungi eccezione
          </button>
        </Form>
      </section>

      <section aria-labelledby="room-title" className={section}>
        <div className="grid gap-1">
          <h2 id="room-title" className="text-xl font-semibold">
            Stanza video
          </h2>
          <p className="text-sm text-ink-700">
            Con il link, la chiamata è una videochiamata in questa stanza e la persona lo riceve nella conferma; senza, chiami tu al numero che ha lasciato.
          </p>
        </div>
        <Form method="post" {...getFormProps(roomForm)} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="room" />
          <Field label="Link della stanza (https://…)" field={roomFields.callRoomUrl}>
            <input {...getInputProps(roomFields.callRoomUrl, { type: "url" })} className="field" placeholder="https://meet.example.com/la-mia-stanza" />
          </Field>
          <button type="submit" className="btn btn-secondary min-h-11" disabled={sending}>
            <Video aria-hidden className="size-5" />
            Salva il link
          </button>
        </Form>
      </section>
    </div>
  );
}
