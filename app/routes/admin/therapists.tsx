import { CalendarClock, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/therapists";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { TherapistInviteButton } from "~/components/admin/therapist-invite-button";
import { TherapistFormDialog, toTherapistFormValues, type TherapistFormValues } from "~/components/admin/therapist-form-dialog";
import { type ActionResult, useFetcherResult, useLoadErrorToast } from "~/components/admin/action-result";
import { EmptyState, LoadError, PageHeader } from "~/components/admin/page";
import { ListToolbar, Pagination, useReloadingSamePage } from "~/components/admin/list";
import { ActionButton, ConfirmDialog } from "~/components/admin/dialogs";
import { TherapistPhoto } from "~/components/site/therapist-photo";
import { useToast } from "~/components/ui/toast";
import { therapistInputSchema } from "~/domain/therapist-input";
import { listPageData } from "~/server/services/admin-lists.server";
import { recordAction } from "~/server/http/record-action.server";
import { createTherapist, deleteTherapist, listTherapists, updateTherapist } from "~/server/services/admin-therapists.server";
import { adminPageData } from "~/server/gates.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, () =>
    listPageData(new URL(request.url), [], { scope: "admin-therapists", fallback: { therapists: [], total: 0, page: 1 }, message: "Failed to fetch therapists" }, async (query) => {
      const { rows, total, page } = await listTherapists(context.db, query);
      return { therapists: rows, total, page };
    }),
  );
}

export const action = recordAction({
  scope: "admin-therapists",
  entity: "therapist",
  schema: therapistInputSchema,
  create: createTherapist,
  update: updateTherapist,
  messages: {
    saveFailed: "Failed to create/update therapist",
    checkFields: "Please check the highlighted fields.",
    notFound: "Therapist not found",
    created: "Therapist added",
    updated: "Therapist updated",
    unknown: "Unknown action",
  },
  intents: {
    delete: {
      failed: "Failed to delete therapist",
      run: async (db, id) => ({ message: "Therapist deleted", detail: { name: (await deleteTherapist(db, id)).name } }),
    },
  },
});

type Therapist = Route.ComponentProps["loaderData"]["therapists"][number];

export default function AdminTherapists({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<TherapistFormValues | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Therapist | null>(null);
  useLoadErrorToast(loaderData.loadError);
  const { therapists, total, query } = loaderData;
  const busy = useReloadingSamePage();

  const openForm = (therapist: Therapist | null) => {
    setEditing(therapist ? toTherapistFormValues(therapist) : null);
    setFormOpen(true);
  };

  return (
    <section>
      <PageHeader
        title="Therapists"
        description={`${total} ${total === 1 ? "therapist" : "therapists"}, newest first.`}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => openForm(null)}>
            <Plus aria-hidden className="size-4" />
            Add Therapist
          </button>
        }
      />
      <ListToolbar searchLabel="Cerca per nome, ruolo o specializzazione" />
      <LoadError message={loaderData.loadError} />
      {therapists.length === 0 && !loaderData.loadError ? (
        <EmptyState>{query.q ? "Nessun risultato per questa ricerca." : "No therapists found. Add your first therapist to get started."}</EmptyState>
      ) : (
        <ul className={`grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${busy ? "opacity-60" : ""}`} aria-busy={busy}>
          {therapists.map((therapist) => (
            <li key={therapist.id} className="flex flex-col overflow-hidden rounded-3xl border border-sand-200 bg-white">
              <div className="flex gap-4 p-4">
                <div className="w-24 shrink-0 overflow-hidden rounded-2xl">
                  <TherapistPhoto src={therapist.image} name={therapist.name} sizes="96px" />
                </div>
                <div className="min-w-0">
                  <h2 className="text-lg font-semibold leading-snug">{therapist.name}</h2>
                  <p className="text-sm font-medium text-teal-800">{therapist.role}</p>
                  <p className="mt-1 text-sm text-ink-700">{therapist.specialization}</p>
                </div>
              </div>
              <dl className="grid gap-1 px-4 pb-4 text-sm text-ink-700">
                <div className="flex gap-1">
                  <dt className="font-medium text-ink-900">Experience:</dt>
                  <dd>{therapist.experience}</dd>
                </div>
                {therapist.registrationNumber ? (
                  <div className="flex gap-1">
                    <dt className="font-medium text-ink-900">Albo n°</dt>
                    <dd>{therapist.registrationNumber}</dd>
                  </div>
                ) : null}
              </dl>
              <div className="mt-auto flex flex-wrap gap-2 border-t border-sand-200 p-3">
                <ActionButton icon={Pencil} size="medium" className="flex-1" label={`Edit ${therapist.name}`} onClick={() => openForm(therapist)}>
                  Edit
                </ActionButton>
                <ActionButton icon={Trash2} tone="danger" size="medium" className="flex-1" label={`Delete ${therapist.name}`} onClick={() => setDeleting(therapist)}>
                  Delete
                </ActionButton>
                <TherapistInviteButton therapist={therapist} />
                <Link
                  to={`/admin/terapeuti/${therapist.id}/disponibilita`}
                  className="btn btn-secondary min-h-10 flex-1 px-3 py-2 text-sm"
                  aria-label={`Disponibilità per le chiamate: ${therapist.name}`}
                >
                  <CalendarClock aria-hidden className="size-4" />
                  Disponibilità
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {therapists.length > 0 ? <Pagination page={query.page} total={total} pageSize={loaderData.pageSize} noun={{ one: "terapeuta", many: "terapeuti" }} /> : null}
      <TherapistFormDialog open={formOpen} onOpenChange={setFormOpen} therapist={editing} />
      {deleting ? <DeleteTherapist therapist={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}

function DeleteTherapist({ therapist, onClose }: { therapist: Therapist; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast({ title: result.message });
      onClose();
    } else {
      toast({ title: result.error, description: result.description, variant: "destructive" });
      setError(result.description ?? result.error);
    }
  });
  return (
    <ConfirmDialog
      onClose={onClose}
      title="Delete therapist"
      description={`Are you sure you want to delete ${therapist.name}? This action cannot be undone.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      cancelLabel="Cancel"
      busy={fetcher.state !== "idle"}
      error={error}
      onConfirm={() => fetcher.submit({ intent: "delete", id: therapist.id }, { method: "post" })}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary };
