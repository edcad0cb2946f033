import type { Route } from "./+types/waitlist";
import { waitlistSchema } from "~/domain/matching-schemas";
import { publicEndpoint } from "~/server/http/endpoint.server";
import { withRequestToken } from "~/server/services/identity.server";
import { askWaitlist } from "~/server/services/person-requests.server";

/**
 * "Avvisami quando si libera un posto": {email, groupId?}; 201 when added, 200 when already waiting.
 * Without the address's access token: 202, and the address is e-mailed a link to confirm.
 */
export const action = (args: Route.ActionArgs) =>
  publicEndpoint({
    scope: "waitlist",
    schema: waitlistSchema,
    rateLimit: { limit: 10, windowSeconds: 600 },
    handle: withRequestToken(askWaitlist),
  })(args);
