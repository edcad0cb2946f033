import type { Route } from "./+types/therapist-invite";
import { HttpError } from "~/server/http/errors.server";
import { actionOk, staffAction } from "~/server/http/staff-action.server";
import { inviteTherapist } from "~/server/services/therapist-area.server";
import { requireAdmin } from "~/server/gates.server";

/**
 * "Invita" on a therapist's admin record: an account with the role therapist, linked to the record,
 * and an e-mail with a one-time link to choose a password. Sending it again sends a fresh link.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await requireAdmin(context.db, request);
  const intent = "invite";
  return staffAction(
    intent,
    async () => {
      if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw new HttpError(404, "Terapeuta non trovato.");
      const invited = await inviteTherapist(context.db, session, params.id);
      return actionOk(intent, `Invito inviato a ${invited.email}`, params.id);
    },
    { scope: "admin-therapist-invite", title: "Invito non inviato", fallback: "Si è verificato un errore. Riprova più tardi." },
  );
}
