import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/therapists";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { TherapistInviteButton } from "~/components/admin/therapist-invite-button";
import { TherapistFormDialog, toTherapistFormValues, type TherapistFormValues } from "~/components/admin/therapist-form-dialog";
import { ConfirmDialog, EmptyState, LoadError, PageHeader, useFetcherResult, useLoadErrorToast, type ActionResult, ActionButton } from "~/components/admin/ui";
import { TherapistPhoto } from "~/components/site/therapist-photo";
import { useToast } from "~/components/ui/toast";
import { formErrors } from "~/domain/form-fields";
import { therapistFormValues, therapistInputSchema } from "~/domain/therapist-input";
import { adminPageData, requireAdmin } from "~/server/auth.server";
import { audit } from "~/server/audit.server";
import { conflictMessages, VERSION_FIELD } from "~/domain/version";
import { actionFail, actionOk, failure, isVersionConflict, loadOr, versionSchema } from "~/server/services/admin-common.server";
import { createTherapist, deleteTherapist, listTherapists, updateTherapist } from "~/server/services/admin-therapists.server";

const isId = (value: FormDataEntryValue | null): value is string => typeof value === "string" && /^[0-9a-f-]{36}$/i.test(value);

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, () =>
    loadOr("admin-therapists", { therapists: [] }, "Failed to fetch therapists", async () => ({
      therapists: await listTherapists(context.db),
    })),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(context.db, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = form.get("id");

  if (intent === "create" || intent === "update") {
    const parsed = therapistInputSchema.safeParse(therapistFormValues(form));
    if (!parsed.success) {
      return actionFail(intent, 400, "Failed to create/update therapist", {
        description: "Please check the highlighted fields.",
        fieldErrors: formErrors(parsed.error),
      });
    }
    try {
      if (intent === "create") {
        const row = await createTherapist(context.db, parsed.data);
        await audit(context.db, session, { action: "create", entity: "therapist", entityId: row.id });
        return actionOk(intent, "Therapist added", row.id);
      }
      if (!isId(id)) return actionFail(intent, 404, "Failed to create/update therapist", { description: "Therapist not found" });
      const version = versionSchema.safeParse(form.get(VERSION_FIELD));
      if (!version.success) return actionFail(intent, 400, "Failed to create/update therapist", { description: version.error.issues[0]!.message });
      const row = await updateTherapist(context.db, id, version.data, parsed.data);
      await audit(context.db, session, { action: "update", entity: "therapist", entityId: row.id });
      return actionOk(intent, "Therapist updated", row.id);
    } catch (error) {
      if (isVersionConflict(error)) return actionFail(intent, 409, conflictMessages.title, { description: conflictMessages.form, conflict: true });
      const { status, message } = failure(error, "Failed to create/update therapist", "admin-therapists");
      return actionFail(intent, status, "Failed to create/update therapist", { description: message });
    }
  }

  if (intent === "delete") {
    if (!isId(id)) return actionFail(intent, 404, "Failed to delete therapist", { description: "Therapist not found" });
    try {
      const removed = await deleteTherapist(context.db, id);
      await audit(context.db, session, { action: "delete", entity: "therapist", entityId: id, detail: { name: removed.name } });
      return actionOk(intent, "Therapist deleted");
    } catch (error) {
      const { status, message } = failure(error, "Failed to delete therapist", "admin-therapists");
      return actionFail(intent, status, "Failed to delete therapist", { description: message });
    }
  }

  return actionFail(intent, 400, "Unknown action");
}

type Therapist = Route.ComponentProps["loaderData"]["therapists"][number];

export default function AdminTherapists({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<TherapistFormValues | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Therapist | null>(null);
  useLoadErrorToast(loaderData.loadError);
  const { therapists } = loaderData;

  const openForm = (therapist: Therapist | null) => {
    setEditing(therapist ? toTherapistFormValues(therapist) : null);
    setFormOpen(true);
  };

  return (
    <section>
      <PageHeader
        title="Therapists"
        description={`${therapists.length} ${therapists.length === 1 ? "therapist" : "therapists"}, newest first.`}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => openForm(null)}>
            <Plus aria-hidden className="size-4" />
            Add Therapist
          </button>
        }
      />
      <LoadError message={loaderData.loadError} />
      {therapists.length === 0 && !loaderData.loadError ? (
        <EmptyState>No therapists found. Add your first therapist to get started.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
              </div>
            </li>
          ))}
        </ul>
      )}
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

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
