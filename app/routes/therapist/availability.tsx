import type { Route } from "./+types/availability";
import { PageHeader } from "~/components/admin/page";
import { AvailabilityEditor } from "~/components/therapist/availability-editor";
import { requireTherapist } from "~/server/gates.server";
import { loadPage } from "~/server/http/errors.server";
import { availabilityFormAction } from "~/server/http/availability-action.server";
import { availabilityOf } from "~/server/services/availability.server";

/**
 * /terapeuta-area/disponibilita — the signed-in therapist's own availability for intake calls (weekly
 * windows, exceptions, video room): therapists only, each their own (anonymous → sign-in or 401,
 * anyone else → 403); there is no therapist id in the URL, so nobody reaches another's. Every change
 * is audited.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const identity = await requireTherapist(context.db, request);
  return loadPage("therapist-availability", async () => {
    const { windows, exceptions, therapist } = await availabilityOf(context.db, identity.therapist.id);
    return { windows, exceptions, callRoomUrl: therapist.callRoomUrl };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const identity = await requireTherapist(context.db, request);
  return availabilityFormAction(context.db, identity.session, identity.therapist.id, await request.formData());
}

export default function TherapistAvailability({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <PageHeader title="Disponibilità per le chiamate" description="Quando puoi fare la chiamata conoscitiva gratuita con chi sta per entrare in un gruppo." />
      <AvailabilityEditor availability={loaderData} answer={actionData} who="self" />
    </div>
  );
}
