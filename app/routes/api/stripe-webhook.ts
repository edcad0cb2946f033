import type { Route } from "./+types/stripe-webhook";
import { isDatabaseUnavailable } from "~/server/db/client.server";
import { jsonResponse } from "~/server/http.server";
import { logger } from "~/server/logger.server";
import { outageResponse } from "~/server/outage.server";
import { handleStripeWebhook } from "~/server/services/stripe.server";

/**
 * POST /api/stripe/webhook: Stripe's event deliveries. Anyone can reach it, but only a body signed
 * with STRIPE_WEBHOOK_SECRET is acted upon (400 otherwise, nothing stored); without the Stripe keys
 * it answers 404. No session, no Origin: Stripe's servers send neither, and the signature replaces both.
 * The body is read here as raw bytes (nothing upstream parses it; bodySizeLimit caps it at 1 MB),
 * because the signature covers exactly what was sent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const payload = Buffer.from(await request.arrayBuffer());
    const outcome = await handleStripeWebhook(context.db, payload, request.headers.get("stripe-signature"));
    return jsonResponse(outcome.status, outcome.body);
  } catch (error) {
    // Stripe retries a failed delivery for days: nothing was stored, so the retry finds the event new.
    if (isDatabaseUnavailable(error)) return outageResponse(request, "api/stripe-webhook", error);
    // Only the kind of error: a failed query's message would carry the payer's details.
    logger.error({ name: (error as Error)?.name, code: (error as { code?: string })?.code }, "stripe webhook failed");
    return jsonResponse(500, { error: "Si è verificato un errore interno. Riprova più tardi." });
  }
}
