import { ArrowRightLeft, Check, Phone, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { getSelectProps } from "@conform-to/react";
import { z } from "zod";
import type { Route } from "./+types/bookings";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { useRowConflict } from "~/components/admin/conflict-notice";
import { SchemaFormDialog } from "~/components/admin/schema-form-dialog";
import { moveDeclineSchema, moveTargetSchema } from "~/domain/client-area";
import { formatDateTime } from "~/domain/format";
import { bookingStatusLabels } from "~/domain/group-labels";
import { type ActionResult, useLoadErrorToast, useResultToast } from "~/components/admin/action-result";
import { Badge, type BadgeTone, PageHeader, Spinner } from "~/components/admin/page";
import { ListToolbar, PagedListTable, td } from "~/components/admin/list";
import { PersonLink } from "~/components/admin/person-link";
import { ActionButton, ConfirmDialog } from "~/components/admin/dialogs";
import { Field } from "~/components/admin/fields";
import { audit } from "~/server/audit.server";
import { bookingStatuses, type BookingStatus } from "~/domain/statuses";
import { cancelBooking, confirmBooking, listBookings, movableGroups } from "~/server/services/admin-bookings.server";
import { moveMember } from "~/server/services/bookings.server";
import { approveMoveRequest, declineMoveRequest, pendingMoveRequests } from "~/server/services/move-requests.server";
import { MoveRequestsPanel, TargetGroupOptions } from "~/components/admin/move-requests";
import { actionFail, actionOk, staffAction, submissionRefused } from "~/server/http/staff-action.server";
import { auditListRead, listPageData } from "~/server/services/admin-lists.server";
import { versionSchema } from "~/server/record-versions.server";
import { VERSION_FIELD } from "~/domain/version";
import { readIntentForm } from "~/server/form-submission.server";
import { adminPageData, requireAdmin } from "~/server/gates.server";

const statusTones: Record<BookingStatus, BadgeTone> = {
  requested: "highlight",
  confirmed: "success",
  moved: "neutral",
  cancelled: "danger",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, (session) =>
    listPageData(
      new URL(request.url),
      bookingStatuses,
      { scope: "admin-bookings", fallback: { rows: [], total: 0, page: 1, groups: [], moveRequests: [] }, message: "Failed to fetch bookings" },
      async (query) => {
        const [page, groups, moveRequests] = await Promise.all([listBookings(context.db, query), movableGroups(context.db), pendingMoveRequests(context.db)]);
        await auditListRead(context.db, session, { list: "bookings", row: "booking" }, query, page.page);
        return { ...page, groups, moveRequests };
      },
    ),
  );
}

const bookingAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm"), id: z.uuid(), version: versionSchema }),
  z.object({ intent: z.literal("cancel"), id: z.uuid(), version: versionSchema }),
  z.object({ intent: z.literal("move"), id: z.uuid(), version: versionSchema, ...moveTargetSchema.shape }),
  // A member's move request (client area): approving moves the booking through moveMember.
  z.object({ intent: z.literal("approve-move"), id: z.uuid(), ...moveTargetSchema.shape }),
  z.object({ intent: z.literal("decline-move"), id: z.uuid(), ...moveDeclineSchema.shape }),
]);

const successMessages = {
  confirm: "Prenotazione confermata",
  cancel: "Prenotazione annullata",
  move: "Prenotazione spostata",
  "approve-move": "Richiesta approvata: persona spostata",
  "decline-move": "Richiesta rifiutata",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(context.db, request);
  const { intent, submission } = await readIntentForm(request, bookingAction);
  if (submission.status !== "success") {
    // What staff chose or wrote is refused on its field, with its message as the toast; anything else was not typed.
    const typed = submission.error?.group_id?.[0] ?? submission.error?.reason?.[0];
    return typed ? submissionRefused(intent, typed, submission) : actionFail(intent, 400, "Richiesta non valida.");
  }
  const input = submission.value;
  return staffAction(
    input.intent,
    async () => {
      if (input.intent === "move") {
        // Audited by moveMember itself (the client area reuses it for approved move requests).
        await moveMember(context.db, session, input.id, input.group_id, { version: input.version });
      } else if (input.intent === "approve-move") {
        // Audited (the decision and the move) by approveMoveRequest.
        await approveMoveRequest(context.db, session, input.id, input.group_id);
      } else if (input.intent === "decline-move") {
        await declineMoveRequest(context.db, session, input.id, input.reason);
      } else {
        if (input.intent === "confirm") await confirmBooking(context.db, input.id, input.version);
        else await cancelBooking(context.db, input.id, input.version);
        await audit(context.db, session, { action: input.intent === "confirm" ? "confirm" : "cancel", entity: "booking", entityId: input.id });
      }
      return actionOk(input.intent, successMessages[input.intent]);
    },
    { scope: "admin-bookings", fallback: "Si è verificato un errore. Riprova più tardi." },
  );
}

type Data = Route.ComponentProps["loaderData"];
type Booking = Data["rows"][number];

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  useLoadErrorToast(loaderData.loadError);
  const [movingId, setMovingId] = useState<string | null>(null);
  const [cancellingId, setCancellingId] = useState<string | null>(null);
  const { rows, groups } = loaderData;
  // The dialogs follow the rows, so a reload after a conflict gives them the booking as it is now.
  const moving = rows.find((row) => row.id === movingId);
  const cancelling = rows.find((row) => row.id === cancellingId);
  const { onConflict, notice } = useRowConflict();
  return (
    <section>
      <PageHeader title="Prenotazioni" description="Richieste e iscrizioni ai gruppi, dalla più recente." />
      <ListToolbar statuses={bookingStatuses} label={(status) => bookingStatusLabels[status]} exportHref="/admin/esporta/prenotazioni" />
      {notice && !moving ? <div className="mb-4">{notice}</div> : null}
      <MoveRequestsPanel requests={loaderData.moveRequests} groups={groups} />
      <PagedListTable
        label="Prenotazioni"
        minWidth="lg:min-w-[60rem]"
        list={loaderData}
        empty="Nessuna prenotazione finora."
        columns={["Data", "Persona", "Gruppo", "Terapeuta", "Stato", "Chiamata", { label: "Azioni", hideLabel: true }]}
      >
        {rows.map((booking) => (
          <tr key={booking.id}>
            <td className={`${td} whitespace-nowrap text-ink-500`}>{formatDateTime(booking.createdAt)}</td>
            <td className={td}>
              <span className="block">
                <PersonLink bookingId={booking.id}>{booking.name ?? "Scheda della persona"}</PersonLink>
              </span>
              <a href={`mailto:${booking.email}`} className="text-teal-700 underline underline-offset-2">
                {booking.email}
              </a>
              {booking.ageBracket ? <span className="block text-xs text-ink-500">{booking.ageBracket} anni</span> : null}
            </td>
            <td className={td}>{booking.groupName ?? "—"}</td>
            <td className={td}>{booking.therapistName ?? "—"}</td>
            <td className={td}>
              <Badge tone={statusTones[booking.status]}>{bookingStatusLabels[booking.status]}</Badge>
            </td>
            <td className={`${td} whitespace-nowrap`}>
              {booking.callId ? (
                <Link
                  to={`/admin/chiamate/${booking.callId}`}
                  className="block font-medium text-teal-800 underline underline-offset-2"
                  aria-label={`Chiamata conoscitiva di ${booking.name ?? booking.email}: esito`}
                >
                  Chiamata ed esito
                </Link>
              ) : null}
              {booking.callRequested ? (
                <span className="inline-flex items-center gap-1">
                  <Phone aria-hidden className="size-4 text-teal-700" />
                  {booking.phone ? <a href={`tel:${booking.phone}`}>{booking.phone}</a> : "Richiesta"}
                </span>
              ) : (
                "—"
              )}
            </td>
            <td className={td}>
              <BookingActions booking={booking} onMove={() => setMovingId(booking.id)} onCancel={() => setCancellingId(booking.id)} onConflict={onConflict} />
            </td>
          </tr>
        ))}
      </PagedListTable>
      {moving ? (
        <MoveDialog key={`${moving.id}:${moving.version}`} booking={moving} groups={groups} notice={notice} onConflict={onConflict} onClose={() => setMovingId(null)} />
      ) : null}
      {cancelling ? (
        <CancelDialog
          booking={cancelling}
          onConflict={() => {
            setCancellingId(null);
            onConflict();
          }}
          onClose={() => setCancellingId(null)}
        />
      ) : null}
    </section>
  );
}

const small = "btn min-h-9 whitespace-nowrap px-3 py-1.5 text-xs";

function BookingActions({ booking, onMove, onCancel, onConflict }: { booking: Booking; onMove: () => void; onCancel: () => void; onConflict: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher, onConflict);
  const open = booking.status === "requested" || booking.status === "confirmed";
  if (!open) return <span className="text-ink-500">—</span>;
  const who = booking.name ?? booking.email;
  return (
    <div className="flex flex-wrap gap-2">
      {booking.status === "requested" ? (
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={booking.id} />
          <input type="hidden" name={VERSION_FIELD} value={booking.version} />
          <button
            type="submit"
            name="intent"
            value="confirm"
            className={`${small} btn-primary`}
            disabled={fetcher.state !== "idle"}
            aria-label={`Conferma la prenotazione di ${who}`}
          >
            {fetcher.state !== "idle" ? <Spinner className="size-3.5" /> : <Check aria-hidden className="size-3.5" />}
            Conferma
          </button>
        </fetcher.Form>
      ) : null}
      <ActionButton icon={ArrowRightLeft} label={`Sposta ${who} in un altro gruppo`} onClick={onMove}>
        Sposta
      </ActionButton>
      <ActionButton icon={X} tone="danger" label={`Annulla la prenotazione di ${who}`} onClick={onCancel}>
        Annulla
      </ActionButton>
    </div>
  );
}

function CancelDialog({ booking, onConflict, onClose }: { booking: Booking; onConflict: () => void; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher, onConflict, onClose);
  return (
    <ConfirmDialog
      onClose={onClose}
      title="Annulla prenotazione"
      description={`Vuoi annullare la prenotazione di ${booking.name ?? booking.email}${booking.groupName ? ` per il gruppo "${booking.groupName}"` : ""}? Le invieremo un'email per avvisarla.`}
      confirmLabel="Annulla prenotazione"
      busyLabel="Annullamento..."
      cancelLabel="Indietro"
      busy={fetcher.state !== "idle"}
      onConfirm={() => fetcher.submit({ intent: "cancel", id: booking.id, [VERSION_FIELD]: booking.version }, { method: "post" })}
    />
  );
}

function MoveDialog({
  booking,
  groups,
  notice,
  onConflict,
  onClose,
}: {
  booking: Booking;
  groups: Data["groups"];
  notice: ReactNode;
  onConflict: () => void;
  onClose: () => void;
}) {
  const targets = groups.filter((group) => group.id !== booking.groupId);
  return (
    <SchemaFormDialog
      schema={moveTargetSchema}
      defaultValue={{ group_id: "" }}
      title="Sposta in un altro gruppo"
      size="lg"
      description={`${booking.name ?? booking.email} riceverà un'email con i dettagli del nuovo gruppo.`}
      intent="move"
      hidden={{ id: booking.id, [VERSION_FIELD]: booking.version }}
      cancelLabel="Indietro"
      label="Sposta"
      disabled={targets.length === 0}
      onClose={onClose}
      onConflict={onConflict}
    >
      {(fields) => (
        <>
          {notice}
          <p className="text-sm text-ink-700">
            Gruppo attuale: <strong>{booking.groupName ?? "nessuno"}</strong>
          </p>
          {targets.length === 0 ? (
            <p className="rounded-lg bg-sand-100 p-3 text-sm text-ink-700">Nessun altro gruppo ha posti liberi in questo momento.</p>
          ) : (
            <Field label="Nuovo gruppo" field={fields.group_id} hint="Solo i gruppi con posti liberi.">
              <select {...getSelectProps(fields.group_id)} className="field">
                <TargetGroupOptions groups={targets} />
              </select>
            </Field>
          )}
        </>
      )}
    </SchemaFormDialog>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
