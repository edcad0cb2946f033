import type { Route } from "./+types/test-followup-emails";
import { testFollowupSchema } from "~/components/matching/schemas";
import { publicEndpoint } from "~/server/http.server";
import { sendTestFollowups } from "~/server/services/followups.server";

/** Sends the three follow-up e-mails now (the spec's test page); returns {totalSent}. */
export const action = (args: Route.ActionArgs) =>
  publicEndpoint({
    scope: "test-followup-emails",
    schema: testFollowupSchema,
    // Anyone can reach the test page: a tight limit keeps it from becoming a way to spam an inbox.
    rateLimit: { limit: 3, windowSeconds: 3600 },
    async handle(tx, person) {
      return { status: 200, body: { totalSent: await sendTestFollowups(tx, person) } };
    },
  })(args);
