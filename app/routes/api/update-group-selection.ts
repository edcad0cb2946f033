import type { Route } from "./+types/update-group-selection";
import { groupSelectionSchema } from "~/components/matching/schemas";
import { publicEndpoint } from "~/server/http.server";
import { requestCall, selectGroup } from "~/server/services/bookings.server";

/**
 * The spec's update-group-selection: `{email, selectedTherapist}` stores a booking request;
 * with `{name}CallRequested` / `{name}Phone` (and optionally a callSlot) a call request.
 */
export const action = (args: Route.ActionArgs) =>
  publicEndpoint({
    scope: "update-group-selection",
    schema: groupSelectionSchema,
    rateLimit: { limit: 20, windowSeconds: 600 },
    handle: (tx, data) => (data.call ? requestCall(tx, { ...data, call: data.call }) : selectGroup(tx, data)),
  })(args);
