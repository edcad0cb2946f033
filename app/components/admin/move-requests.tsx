import { getSelectProps, getTextareaProps } from "@conform-to/react";
import { SchemaFormDialog } from "./schema-form-dialog";
import { ArrowRightLeft, Check, X } from "lucide-react";
import { useState } from "react";
import { formatDateTime } from "~/domain/format";
import { freeSeatsLabel } from "~/domain/group-labels";
import { ActionButton } from "~/components/admin/dialogs";
import { Field } from "~/components/admin/fields";
import { moveDeclineSchema, moveTargetSchema } from "~/domain/client-area";

/**
 * Staff's queue of move requests made by members in their area (/admin/prenotazioni): approve
 * (moves the member, choosing the group when they named none) or decline with a reason they read.
 */

interface PendingMoveRequest {
  id: string;
  createdAt: Date | string;
  reason: string;
  preferredGroupId: string | null;
  preferredGroupName: string | null;
  name: string | null;
  email: string;
  groupId: string | null;
  groupName: string | null;
}

interface TargetGroup {
  id: string;
  name: string;
  therapistName: string;
  capacity: number;
  confirmed: number;
}

/**
 * The options of a "Nuovo gruppo" select: a prompt, then each group with its therapist and free seats.
 * The prompt is an option like the others: left on it, the form is refused with the schema's message.
 */
export function TargetGroupOptions({ groups }: { groups: TargetGroup[] }) {
  return (
    <>
      <option value="">Scegli un gruppo</option>
      {groups.map((group) => (
        <option key={group.id} value={group.id}>
          {group.name} · {group.therapistName} · {freeSeatsLabel(group.capacity - group.confirmed)}
        </option>
      ))}
    </>
  );
}

export function MoveRequestsPanel({ requests, groups }: { requests: PendingMoveRequest[]; groups: TargetGroup[] }) {
  // The request as it was when the dialog opened: the dialog outlives its row (the list reloads
  // without it once decided) until it has shown the result.
  const [deciding, setDeciding] = useState<{ request: PendingMoveRequest; decision: "approve" | "decline" } | null>(null);
  return (
    <>
      {requests.length > 0 ? <RequestList requests={requests} onDecide={(request, decision) => setDeciding({ request, decision })} /> : null}
      {deciding ? (
        <DecisionDialog
          key={`${deciding.request.id}:${deciding.decision}`}
          request={deciding.request}
          decision={deciding.decision}
          groups={groups.filter((group) => group.id !== deciding.request.groupId)}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </>
  );
}

function RequestList({ requests, onDecide }: { requests: PendingMoveRequest[]; onDecide: (request: PendingMoveRequest, decision: "approve" | "decline") => void }) {
  return (
    <section aria-labelledby="move-requests-title" className="mb-6 grid gap-3 rounded-3xl border border-sand-200 bg-white p-4 sm:p-5">
      <h2 id="move-requests-title" className="flex items-center gap-2 text-lg font-semibold">
        <ArrowRightLeft aria-hidden className="size-5 text-teal-700" />
        Richieste di cambio gruppo ({requests.length})
      </h2>
      <p className="text-sm text-ink-500">Fatte dalle persone nella loro area personale, dalla più vecchia. Chi chiede riceve un'email con la decisione.</p>
      <ul className="grid gap-3">
        {requests.map((request) => {
          const who = request.name ?? request.email;
          return (
            <li key={request.id} className="grid gap-2 rounded-2xl border border-sand-200 p-4 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p>
                  <span className="font-semibold">{who}</span> <span className="text-ink-500">· {request.email}</span>
                </p>
                <p className="text-ink-500">{formatDateTime(request.createdAt)}</p>
              </div>
              <p>
                Gruppo attuale: <strong>{request.groupName ?? "nessuno"}</strong> · Preferisce: <strong>{request.preferredGroupName ?? "nessuna preferenza"}</strong>
              </p>
              <p className="whitespace-pre-line rounded-xl bg-sand-100 p-3 text-ink-900">{request.reason}</p>
              <div className="flex flex-wrap gap-2">
                <ActionButton icon={Check} tone="primary" label={`Approva la richiesta di ${who}`} onClick={() => onDecide(request, "approve")}>
                  Approva
                </ActionButton>
                <ActionButton icon={X} tone="danger" label={`Rifiuta la richiesta di ${who}`} onClick={() => onDecide(request, "decline")}>
                  Rifiuta
                </ActionButton>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function DecisionDialog({ request, decision, groups, onClose }: { request: PendingMoveRequest; decision: "approve" | "decline"; groups: TargetGroup[]; onClose: () => void }) {
  const who = request.name ?? request.email;
  const approve = decision === "approve";
  const preferred = groups.some((group) => group.id === request.preferredGroupId) ? request.preferredGroupId! : "";
  const dialog = {
    size: "lg",
    description: approve
      ? `${who} sarà spostata nel gruppo scelto e riceverà un'email con i dettagli.`
      : `${who} resta nel gruppo ${request.groupName ?? "attuale"} e riceverà un'email con il motivo.`,
    hidden: { id: request.id },
    cancelLabel: "Indietro",
    onClose,
  } as const;
  if (!approve) {
    return (
      <SchemaFormDialog {...dialog} schema={moveDeclineSchema} title="Rifiuta il cambio di gruppo" intent="decline-move" label="Rifiuta la richiesta">
        {(fields) => (
          <Field label="Motivo (lo legge la persona)" field={fields.reason}>
            <textarea {...getTextareaProps(fields.reason)} rows={4} maxLength={1000} className="field" />
          </Field>
        )}
      </SchemaFormDialog>
    );
  }
  return (
    <SchemaFormDialog
      {...dialog}
      schema={moveTargetSchema}
      defaultValue={{ group_id: preferred }}
      title="Approva il cambio di gruppo"
      intent="approve-move"
      label="Approva e sposta"
      disabled={groups.length === 0}
    >
      {(fields) =>
        groups.length === 0 ? (
          <p className="rounded-lg bg-sand-100 p-3 text-sm text-ink-700">Nessun altro gruppo ha posti liberi in questo momento.</p>
        ) : (
          <Field
            label="Nuovo gruppo"
            field={fields.group_id}
            hint={request.preferredGroupName ? `La persona preferisce: ${request.preferredGroupName}.` : "La persona non ha indicato un gruppo. Solo i gruppi con posti liberi."}
          >
            <select {...getSelectProps(fields.group_id)} className="field">
              <TargetGroupOptions groups={groups} />
            </select>
          </Field>
        )
      }
    </SchemaFormDialog>
  );
}
