import type { Route } from "./+types/therapist-availability";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { PageHeader } from "~/components/admin/page";
import { BackLink } from "~/components/site/back-link";
import { AvailabilityEditor } from "~/components/therapist/availability-editor";
import { adminPageData, requireAdmin } from "~/server/gates.server";
import { HttpError, loadPage } from "~/server/http/errors.server";
import { isRecordId } from "~/server/http/staff-action.server";
import { availabilityFormAction } from "~/server/http/availability-action.server";
import { availabilityOf } from "~/server/services/availability.server";

/**
 * /admin/terapeuti/:id/disponibilita — staff only (anyone else: 401 or 403, as every admin page): a
 * therapist's availability for intake calls, the same screen the therapist has in their area. Every
 * change is audited with the staff member as actor.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, () =>
    loadPage("admin-therapist-availability", async () => {
      if (!isRecordId(params.id)) throw new HttpError(404, "Terapeuta non trovatə.");
      const { windows, exceptions, therapist } = await availabilityOf(context.db, params.id);
      return { windows, exceptions, callRoomUrl: therapist.callRoomUrl, name: therapist.name };
    }),
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireAdmin(context.db, request);
  if (!isRecordId(params.id)) throw new Response("Terapeuta non trovatə.", { status: 404 });
  await loadPage("admin-therapist-availability", () => availabilityOf(context.db, params.id));
  return availabilityFormAction(context.db, actor, params.id, await request.formData());
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Disponibilità di ${data?.name ?? "terapeuta"} · Admin` }];

export default function AdminTherapistAvailability({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <BackLink to="/admin/terapeuti">Terapeuti</BackLink>
      <PageHeader title={`Disponibilità di ${loaderData.name}`} description="Le fasce e le eccezioni da cui le persone scelgono la chiamata conoscitiva con questə terapeuta." />
      <AvailabilityEditor availability={loaderData} answer={actionData} who="staff" />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
