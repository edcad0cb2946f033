import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { ShieldAlert } from "lucide-react";
import { useActionForm } from "~/components/admin/action-result";
import { Field } from "~/components/admin/fields";
import { Badge, EmptyState } from "~/components/admin/page";
import { PersonLink } from "~/components/admin/person-link";
import { formatDateTime } from "~/domain/format";
import { safetyAckSchema } from "~/domain/safety";

export interface SafetyAlertRow {
  id: string;
  kindLabel: string;
  bookingId: string | null;
  personName: string | null;
  therapistName: string | null;
  createdAt: Date | string;
  staffAcknowledgedAt: Date | string | null;
  staffNote: string | null;
  therapistAcknowledgedAt: Date | string | null;
  therapistNote: string | null;
  escalatedAt: Date | string | null;
}

/**
 * Safety alerts as cards, for staff (`side` "staff": the person's page linked) and for the therapist
 * ("therapist"): what raised it, when, who has seen it with their note, and on the open ones the
 * «Presa visione» form with its required note.
 */
export function SafetyAlertList({ alerts, side, empty }: { alerts: SafetyAlertRow[]; side: "staff" | "therapist"; empty: string }) {
  if (alerts.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="grid gap-3">
      {alerts.map((alert) => {
        const open = side === "staff" ? !alert.staffAcknowledgedAt : !alert.therapistAcknowledgedAt;
        return (
          <li key={alert.id} className={`grid gap-3 rounded-2xl border p-4 ${open ? "border-danger-600/40 bg-danger-50" : "border-sand-200 bg-white"}`}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="flex items-center gap-2 font-semibold">
                <ShieldAlert aria-hidden className="size-5 shrink-0 text-danger-600" />
                {alert.kindLabel}
              </p>
              {open ? <Badge tone="danger">Da prendere in carico</Badge> : <Badge tone="success">Presa visione</Badge>}
            </div>
            <p className="text-sm text-ink-700">
              {side === "staff" && alert.bookingId ? (
                <PersonLink bookingId={alert.bookingId}>{alert.personName ?? "Scheda della persona"}</PersonLink>
              ) : (
                (alert.personName ?? "Persona")
              )}
              {" · "}
              {alert.therapistName ?? "nessun terapeuta"} · segnalata il {formatDateTime(alert.createdAt)}
              {alert.escalatedAt ? ` · sollecito inviato il ${formatDateTime(alert.escalatedAt)}` : ""}
            </p>
            <Acknowledgement who="Staff" at={alert.staffAcknowledgedAt} note={alert.staffNote} />
            <Acknowledgement who="Terapeuta" at={alert.therapistAcknowledgedAt} note={alert.therapistNote} />
            {open ? <AcknowledgeForm id={alert.id} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

function Acknowledgement({ who, at, note }: { who: string; at: Date | string | null; note: string | null }) {
  if (!at) return <p className="text-sm text-ink-500">{who}: non ancora presa visione.</p>;
  return (
    <p className="text-sm">
      <strong>
        {who}, {formatDateTime(at)}:
      </strong>{" "}
      <span className="whitespace-pre-line">{note}</span>
    </p>
  );
}

function AcknowledgeForm({ id }: { id: string }) {
  const { fetcher, busy, form, fields } = useActionForm(safetyAckSchema, { id: `ack-${id}`, defaultValue: { intent: "acknowledge", id } });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-2">
      <input {...getInputProps(fields.intent, { type: "hidden" })} />
      <input {...getInputProps(fields.id, { type: "hidden" })} />
      <Field label="Che cosa è stato fatto" field={fields.note} hint="Obbligatoria: resta nel registro insieme alla presa visione.">
        <textarea {...getTextareaProps(fields.note)} rows={3} className="field" />
      </Field>
      <button type="submit" className="btn btn-primary min-h-11 justify-self-start" disabled={busy}>
        Segna come presa visione
      </button>
    </fetcher.Form>
  );
}
