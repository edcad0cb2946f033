import type { Route } from "./+types/call-slots";
import { callSlotSchema } from "~/domain/matching-schemas";
import { DIRECT_CALL_LABEL } from "~/domain/matching-types";
import { jsonResponse, publicEndpoint } from "~/server/http/endpoint.server";
import { isRecordId } from "~/server/http/staff-action.server";
import { tokenFromRequest } from "~/server/services/identity.server";
import { chooseGroup } from "~/server/services/person-requests.server";
import { CALL_TIME_ZONE, callAvailability } from "~/server/services/intake-calls.server";

/**
 * GET (anyone: times only, nothing personal): the slots of the free introductory call for the next
 * 14 days, taken ones marked; `?groupId=` narrows them to that group's therapist.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const groupId = new URL(request.url).searchParams.get("groupId");
  return jsonResponse(200, { timeZone: CALL_TIME_ZONE, days: await callAvailability(context.db, { groupId: isRecordId(groupId) ? groupId : null }) });
}

/**
 * POST {email, name?, phone, start}: books a slot with a call request; 409 when it was just taken.
 * Without the address's access token: 202, and the address is e-mailed a link to confirm.
 */
export const action = (args: Route.ActionArgs) =>
  publicEndpoint({
    scope: "call-slots",
    schema: callSlotSchema,
    rateLimit: { limit: 10, windowSeconds: 600 },
    handle: (tx, { email, name, phone, start, token }, request) =>
      chooseGroup(tx, {
        email,
        name,
        selectedTherapist: DIRECT_CALL_LABEL,
        callSlot: start,
        groupId: undefined,
        call: { phone },
        token: token ?? tokenFromRequest(request),
      }),
  })(args);
