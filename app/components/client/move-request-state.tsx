import { ArrowRightLeft } from "lucide-react";
import { moveRequestStatusLabels, type MoveRequestStatus } from "~/domain/client-area";
import { formatShortDate } from "~/domain/format";

interface MoveRequestSummary {
  status: MoveRequestStatus;
  createdAt: Date | string;
  decidedAt: Date | string | null;
  decisionReason: string | null;
  preferredGroupName: string | null;
  toGroupName: string | null;
}

const tones: Record<MoveRequestStatus, string> = {
  pending: "border-sand-200 bg-sand-100 text-ink-900",
  approved: "border-teal-200 bg-teal-50 text-teal-900",
  declined: "border-coral-100 bg-coral-100/50 text-ink-900",
};

/** The state of a member's move request, as their path and the request's page show it. */
export function MoveRequestState({ request }: { request: MoveRequestSummary }) {
  return (
    <div className={`grid gap-1 rounded-2xl border p-4 ${tones[request.status]}`}>
      <p className="flex items-center gap-2 font-semibold">
        <ArrowRightLeft aria-hidden className="size-5 shrink-0" />
        Richiesta di cambio gruppo: {moveRequestStatusLabels[request.status].toLowerCase()}
      </p>
      <p className="text-sm">
        Inviata il {formatShortDate(request.createdAt)}
        {request.preferredGroupName ? `, gruppo preferito: ${request.preferredGroupName}` : ""}.{request.status === "pending" ? " Lo staff ti scriverà appena avrà deciso." : null}
        {request.status === "approved" && request.decidedAt
          ? ` Approvata il ${formatShortDate(request.decidedAt)}${request.toGroupName ? `: ora sei nel gruppo ${request.toGroupName}` : ""}.`
          : null}
        {request.status === "declined" && request.decidedAt ? ` Rifiutata il ${formatShortDate(request.decidedAt)}.` : null}
      </p>
      {request.status === "declined" && request.decisionReason ? (
        <p className="text-sm">
          <span className="font-semibold">Motivo dello staff:</span> {request.decisionReason}
        </p>
      ) : null}
    </div>
  );
}
