import { Lock, Pencil, Plus } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/groups";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { GroupFormDialog, type GroupFormValues } from "~/components/admin/group-form-dialog";
import { groupSlot, groupStart, groupStatusLabels } from "~/domain/group-labels";
import { useLoadErrorToast } from "~/components/admin/action-result";
import { Badge, type BadgeTone, PageHeader } from "~/components/admin/page";
import { ListToolbar, PagedListTable, td } from "~/components/admin/list";
import { ActionButton, useConfirmAction } from "~/components/admin/dialogs";
import { groupInputSchema } from "~/domain/group-input";
import { groupStatuses } from "~/domain/statuses";
import { listPageData } from "~/server/services/admin-lists.server";
import { checkFields } from "~/server/http/staff-action.server";
import { recordAction } from "~/server/http/record-action.server";
import { closeGroup, createGroup, listGroups, therapistOptions, updateGroup } from "~/server/services/admin-groups.server";
import { resyncGroupSessions } from "~/server/services/sessions.server";
import { adminPageData } from "~/server/gates.server";

const statusTones: Record<keyof typeof groupStatusLabels, BadgeTone> = { open: "highlight", full: "warning", closed: "neutral" };

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, () =>
    listPageData(
      new URL(request.url),
      groupStatuses,
      { scope: "admin-groups", fallback: { rows: [], total: 0, page: 1, therapists: [] }, message: "Failed to fetch groups" },
      async (query) => {
        const [page, therapists] = await Promise.all([listGroups(context.db, query), therapistOptions(context.db)]);
        return { ...page, therapists };
      },
    ),
  );
}

export const action = recordAction({
  scope: "admin-groups",
  entity: "group",
  schema: groupInputSchema,
  create: createGroup,
  update: updateGroup,
  afterSave: resyncGroupSessions,
  messages: {
    saveFailed: "Errore durante il salvataggio del gruppo",
    checkFields,
    notFound: "Gruppo non trovato.",
    created: "Gruppo creato",
    updated: "Gruppo aggiornato",
    unknown: "Azione sconosciuta.",
  },
  intents: {
    close: {
      failed: "Errore durante la chiusura del gruppo",
      run: async (db, id) => {
        const row = await closeGroup(db, id);
        await resyncGroupSessions(db, id);
        return { message: `Gruppo "${row.name}" chiuso` };
      },
    },
  },
});

type Group = Route.ComponentProps["loaderData"]["rows"][number];

export default function AdminGroups({ loaderData }: Route.ComponentProps) {
  useLoadErrorToast(loaderData.loadError);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<GroupFormValues | null>(null);
  const close = useConfirmAction((group: Group) => ({
    intent: "close",
    id: group.id,
    title: "Chiudi gruppo",
    description: `Chiudere il gruppo "${group.name}"? Non verrà più proposto né potrà ricevere nuove iscrizioni. Le prenotazioni esistenti restano invariate.`,
    confirmLabel: "Chiudi gruppo",
    busyLabel: "Chiusura...",
  }));
  const { rows: groups, therapists } = loaderData;
  const openForm = (group: Group | null) => {
    setEditing(group);
    setFormOpen(true);
  };
  return (
    <section>
      <PageHeader
        title="Gruppi"
        description="Gruppi di terapia con terapeuta, orario e posti occupati (prenotazioni confermate / capienza)."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => openForm(null)} disabled={therapists.length === 0}>
            <Plus aria-hidden className="size-4" />
            Nuovo gruppo
          </button>
        }
      />
      <ListToolbar statuses={groupStatuses} label={(status) => groupStatusLabels[status]} searchLabel="Cerca per gruppo, tema o terapeuta" />
      <PagedListTable
        label="Gruppi"
        minWidth="lg:min-w-[52rem]"
        list={loaderData}
        noun={{ one: "gruppo", many: "gruppi" }}
        empty="Nessun gruppo. Crea il primo gruppo per iniziare gli abbinamenti."
        columns={["Gruppo", "Terapeuta", "Orario", "Età", "Posti", "Stato", { label: "Azioni", hideLabel: true }]}
      >
        {groups.map((group) => (
          <tr key={group.id} className={group.status === "closed" ? "text-ink-500" : undefined}>
            <td className={td}>
              <span className="block font-medium text-ink-900">{group.name}</span>
              <span className="text-xs text-ink-500">dal {groupStart(group)}</span>
            </td>
            <td className={td}>{group.therapistName}</td>
            <td className={`${td} whitespace-nowrap`}>{groupSlot(group)}</td>
            <td className={`${td} whitespace-nowrap`}>
              {group.ageMin}-{group.ageMax}
            </td>
            <td className={td}>
              <Occupancy confirmed={group.confirmed} capacity={group.capacity} />
            </td>
            <td className={td}>
              <Badge tone={statusTones[group.status]}>{groupStatusLabels[group.status]}</Badge>
            </td>
            <td className={td}>
              <div className="flex flex-wrap gap-2">
                <ActionButton icon={Pencil} label={`Modifica il gruppo ${group.name}`} onClick={() => openForm(group)}>
                  Modifica
                </ActionButton>
                {group.status !== "closed" ? (
                  <ActionButton icon={Lock} tone="danger" label={`Chiudi il gruppo ${group.name}`} onClick={() => close.ask(group)}>
                    Chiudi
                  </ActionButton>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </PagedListTable>
      <GroupFormDialog open={formOpen} onOpenChange={setFormOpen} group={editing} therapists={therapists} />
      {close.dialog}
    </section>
  );
}

function Occupancy({ confirmed, capacity }: { confirmed: number; capacity: number }) {
  const percent = Math.min(100, Math.round((confirmed / Math.max(1, capacity)) * 100));
  return (
    <div className="grid min-w-24 gap-1">
      <span className="text-sm font-medium text-ink-900">
        {confirmed}/{capacity}
      </span>
      <span aria-hidden className="h-1.5 overflow-hidden rounded-full bg-sand-200">
        <span className={`block h-full rounded-full ${confirmed >= capacity ? "bg-coral-500" : "bg-teal-600"}`} style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
