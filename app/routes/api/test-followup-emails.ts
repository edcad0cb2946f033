import type { Route } from "./+types/test-followup-emails";
import { testFollowupSchema } from "~/domain/matching-schemas";
import { jsonResponse, publicEndpoint } from "~/server/http/endpoint.server";
import { sendTestFollowups, testFollowupRefusal } from "~/server/services/followups.server";

/** Sends the three follow-up e-mails now (the spec's test page), for signed-in staff only; returns {totalSent}. */
export async function action(args: Route.ActionArgs) {
  const refusal = await testFollowupRefusal(args.context.db, args.request);
  if (refusal) return jsonResponse(refusal.status, { error: refusal.error });
  return publicEndpoint({
    scope: "test-followup-emails",
    schema: testFollowupSchema,
    // A tight limit even for staff: a stolen session still cannot make it a way to spam an inbox.
    rateLimit: { limit: 3, windowSeconds: 3600 },
    async handle(tx, person) {
      return { status: 200, body: { totalSent: await sendTestFollowups(tx, person) } };
    },
  })(args);
}
