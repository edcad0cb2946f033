import type { Route } from "./+types/stripe-webhook";
import { jsonError, jsonResponse } from "~/server/http/endpoint.server";
import { handleErrors } from "~/server/http/errors.server";
import { handleStripeWebhook } from "~/server/services/stripe.server";

/**
 * POST /api/stripe/webhook: Stripe's event deliveries. Anyone can reach it, but only a body signed
 * with STRIPE_WEBHOOK_SECRET is acted upon (400 otherwise, nothing stored); without the Stripe keys
 * it answers 404. No session, no Origin: Stripe's servers send neither, and the signature replaces both.
 * The body is read here as raw bytes (nothing upstream parses it; bodySizeLimit caps it at 1 MB),
 * because the signature covers exactly what was sent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // A failed delivery (an outage included: 503) is retried by Stripe for days: nothing was stored, so the retry finds the event new.
  return handleErrors(
    async () => {
      const payload = Buffer.from(await request.arrayBuffer());
      const outcome = await handleStripeWebhook(context.db, payload, request.headers.get("stripe-signature"));
      return jsonResponse(outcome.status, outcome.body);
    },
    jsonError,
    { scope: "api/stripe-webhook" },
  );
}
