import Stripe from "stripe";

/**
 * A paid Checkout Session of ours as Stripe delivers it to the webhook: the event's JSON body and its
 * Stripe-Signature header, signed with `secret` by the library's own helper.
 */
export function signedCheckoutEvent({
  bookingId,
  sessionId,
  amountCents = 3000,
  payerName,
  secret,
}: {
  bookingId: string;
  sessionId?: string;
  amountCents?: number;
  payerName?: string;
  secret: string;
}) {
  const checkoutId = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
  const payload = JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: checkoutId,
        object: "checkout.session",
        payment_status: "paid",
        amount_total: amountCents,
        currency: "eur",
        payment_intent: `pi_test_${checkoutId.slice(8, 24)}`,
        ...(payerName ? { customer_details: { name: payerName } } : {}),
        metadata: { booking_id: bookingId, ...(sessionId ? { session_id: sessionId, charge_kind: "trial" } : {}) },
      },
    },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
