import type { Route } from "./+types/update-group-selection";
import { groupSelectionSchema } from "~/domain/matching-schemas";
import { publicEndpoint } from "~/server/http/endpoint.server";
import { withRequestToken } from "~/server/services/identity.server";
import { chooseGroup } from "~/server/services/person-requests.server";

/**
 * The spec's update-group-selection: `{email, selectedTherapist}` stores a booking request;
 * with `{name}CallRequested` / `{name}Phone` (and optionally a callSlot) a call request.
 * Who may: the holder of the address's access token (`token` field or X-Access-Token header);
 * for anyone else the address is e-mailed a link to confirm, and nothing happens before the click.
 */
export const action = (args: Route.ActionArgs) =>
  publicEndpoint({
    scope: "update-group-selection",
    schema: groupSelectionSchema,
    rateLimit: { limit: 20, windowSeconds: 600 },
    handle: withRequestToken(chooseGroup),
  })(args);
