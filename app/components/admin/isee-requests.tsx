import { Check, FileText, X } from "lucide-react";
import { useState } from "react";
import { formatDateTime } from "~/domain/format";
import { getTextareaProps } from "@conform-to/react";
import { iseeDeclineSchema, iseeMessages } from "~/domain/client-area";
import { useActionFetcher } from "./action-result";
import { ActionButton, ConfirmDialog } from "./dialogs";
import { Field } from "./fields";
import { SchemaFormDialog } from "./schema-form-dialog";

interface PendingIseeRequest {
  id: string;
  createdAt: string | Date;
  name: string | null;
  email: string;
  groupName: string | null;
}

/** Where staff open an attestation (staff only, never cached). */
const iseeFileHref = (id: string) => `/admin/pagamenti/isee/${id}`;

/**
 * Staff's queue of ISEE attestations sent from the client area: open the PDF, approve (the reduced
 * rate applies to the member's sessions from now on) or decline with a reason the member reads.
 */
export function IseeRequestsPanel({ requests }: { requests: PendingIseeRequest[] }) {
  const [deciding, setDeciding] = useState<{ request: PendingIseeRequest; decision: "approve" | "decline" } | null>(null);
  if (requests.length === 0 && !deciding) return null;
  return (
    <section aria-labelledby="isee-requests-title" className="grid gap-3 rounded-3xl border border-sand-200 bg-white p-4 sm:p-5">
      <h2 id="isee-requests-title" className="text-lg font-semibold">
        Attestazioni ISEE da verificare ({requests.length})
      </h2>
      <ul className="divide-y divide-sand-200">
        {requests.map((request) => (
          <IseeRequestRow key={request.id} request={request} onDecide={(decision) => setDeciding({ request, decision })} />
        ))}
      </ul>
      {deciding?.decision === "approve" ? <ApproveDialog request={deciding.request} onClose={() => setDeciding(null)} /> : null}
      {deciding?.decision === "decline" ? <DeclineDialog request={deciding.request} onClose={() => setDeciding(null)} /> : null}
    </section>
  );
}

/** One attestation waiting: who sent it, for which group and when; open it, approve or decline. */
function IseeRequestRow({ request, onDecide }: { request: PendingIseeRequest; onDecide: (decision: "approve" | "decline") => void }) {
  const who = request.name ?? request.email;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <span className="text-sm">
        <span className="block font-medium text-ink-900">{who}</span>
        {request.name ? <span className="block text-ink-500">{request.email}</span> : null}
        <span className="text-ink-500">
          {request.groupName ?? "Senza gruppo"} · inviata il {formatDateTime(request.createdAt)}
        </span>
      </span>
      <span className="flex flex-wrap gap-2">
        <a
          href={iseeFileHref(request.id)}
          target="_blank"
          rel="noreferrer"
          className="btn btn-secondary min-h-9 whitespace-nowrap px-3 py-1.5 text-xs"
          aria-label={`Apri l'attestazione ISEE di ${who}`}
        >
          <FileText aria-hidden className="size-3.5" />
          Apri PDF
        </a>
        <ActionButton icon={Check} tone="primary" label={`Approva la tariffa agevolata di ${who}`} onClick={() => onDecide("approve")}>
          Approva
        </ActionButton>
        <ActionButton icon={X} tone="danger" label={`Rifiuta la tariffa agevolata di ${who}`} onClick={() => onDecide("decline")}>
          Rifiuta
        </ActionButton>
      </span>
    </li>
  );
}

function ApproveDialog({ request, onClose }: { request: PendingIseeRequest; onClose: () => void }) {
  const { fetcher, busy } = useActionFetcher(onClose);
  return (
    <ConfirmDialog
      onClose={onClose}
      title="Approvare la tariffa agevolata?"
      description={`${request.name ?? request.email} pagherà la tariffa agevolata dalla prossima seduta; riceve un'email. Le sedute passate non cambiano.`}
      confirmLabel="Approva"
      busyLabel="Approvazione..."
      cancelLabel="Annulla"
      busy={busy}
      onConfirm={() => fetcher.submit({ intent: "isee-request-approve", request_id: request.id }, { method: "post" })}
    />
  );
}

function DeclineDialog({ request, onClose }: { request: PendingIseeRequest; onClose: () => void }) {
  return (
    <SchemaFormDialog
      schema={iseeDeclineSchema}
      title="Rifiutare la tariffa agevolata?"
      description={`${request.name ?? request.email} riceve un'email con il motivo e lo legge nella sua area personale.`}
      intent="isee-request-decline"
      hidden={{ request_id: request.id }}
      label="Rifiuta"
      danger
      onClose={onClose}
    >
      {(fields) => (
        <Field label="Motivo" field={fields.reason}>
          <textarea {...getTextareaProps(fields.reason)} rows={3} maxLength={500} className="field" placeholder={iseeMessages.declineReason} />
        </Field>
      )}
    </SchemaFormDialog>
  );
}
