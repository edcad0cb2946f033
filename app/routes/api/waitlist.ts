import type { Route } from "./+types/waitlist";
import { waitlistSchema } from "~/components/matching/schemas";
import { publicEndpoint } from "~/server/http.server";
import { joinWaitlist } from "~/server/services/bookings.server";

/** "Avvisami quando si libera un posto": {email, groupId?}; 201 when added, 200 when already waiting. */
export const action = (args: Route.ActionArgs) =>
  publicEndpoint({
    scope: "waitlist",
    schema: waitlistSchema,
    rateLimit: { limit: 10, windowSeconds: 600 },
    handle: (tx, data) => joinWaitlist(tx, data),
  })(args);
