import { eq } from "drizzle-orm";
import { createHash } from "node:crypto";
import Stripe from "stripe";
import { todayInRome } from "~/domain/calendar";
import { chargeKindLabels } from "~/domain/ledger";
import { sessionLabel } from "~/domain/sessions";
import { prices } from "~/content/site";
import type { Database } from "../db/client.server";
import { groupBookings, stripeEvents } from "../db/schema";
import { env } from "../env.server";
import { HttpError } from "../http/errors.server";
import { logger } from "../logger.server";
import { owedCharges, recordPayment } from "./payments.server";

/*
 * Online payments through Stripe Checkout, for the client area to call.
 *
 *   if (onlinePaymentAvailable()) {
 *     const charges = await owedCharges(db, bookingId);            // from payments.server.ts
 *     const { url } = await createCheckoutForCharge(db, { bookingId, sessionId: charges[0].sessionId },
 *       { successUrl: `${publicBaseUrl()}/area-personale?pagamento=ok`, cancelUrl: `${publicBaseUrl()}/area-personale` });
 *     return redirect(url);                                         // 303 to Stripe's hosted page
 *   }
 *
 * Nothing is recorded when the Checkout is created: a payment counts only when Stripe's signed
 * webhook (POST /api/stripe/webhook → handleStripeWebhook) says the Checkout was paid.
 */

/** Both keys are configured (env.server.ts refuses one without the other). Without them nothing about Stripe may show. */
export function onlinePaymentAvailable() {
  const config = env();
  return Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET);
}

let cached: { signature: string; client: Stripe } | undefined;

function stripe() {
  const config = env();
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) throw new HttpError(404, "Pagamento online non disponibile.");
  const signature = `${config.STRIPE_SECRET_KEY}|${config.STRIPE_API_BASE ?? ""}`;
  if (cached?.signature !== signature) {
    // STRIPE_API_BASE (tests only) points the client at a local stand-in of api.stripe.com.
    const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
    const client = new Stripe(config.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      telemetry: false,
      ...(base ? { host: base.hostname, port: base.port || (base.protocol === "https:" ? 443 : 80), protocol: base.protocol === "https:" ? "https" : "http" } : {}),
    });
    cached = { signature, client };
  }
  return { client: cached.client, webhookSecret: config.STRIPE_WEBHOOK_SECRET };
}

const stripeUnavailable = "Il pagamento online non è disponibile in questo momento. Riprova tra qualche minuto.";

/** What ties a Checkout to our ledger; the webhook reads it back. */
const metadataKeys = { bookingId: "booking_id", sessionId: "session_id", kind: "charge_kind" } as const;

interface ChargeToPay {
  bookingId: string;
  /** The session whose charge is paid: a `sessionId` of `owedCharges()`. */
  sessionId: string;
}

interface ReturnUrls {
  /** Where Stripe sends the member after paying. Must be the same on every retry (no per-request tokens). */
  successUrl: string;
  /** Where Stripe sends the member who gives up. */
  cancelUrl: string;
}

/**
 * A Stripe Checkout Session for one charge the member still owes, for exactly what is still owed of it
 * (euro cents from the ledger). The idempotency key names the booking, the charge, its kind and amount,
 * plus a digest of everything sent: a retried or doubled request gets the same Checkout back instead
 * of a second one; once part of the charge is paid by other means (or anything sent changes), the key
 * changes with it, so Stripe never refuses a reused key with other parameters. Stripe keeps keys
 * 24 hours, as long as an unpaid Checkout stays open.
 * 404 without the Stripe keys or for an unknown booking; 409 when that charge is not owed; 502 when
 * Stripe cannot be reached or refuses (logged; the member can simply try again).
 */
export async function createCheckoutForCharge(db: Database, charge: ChargeToPay, urls: ReturnUrls) {
  const { client } = stripe();
  const [booking] = await db.select({ email: groupBookings.email }).from(groupBookings).where(eq(groupBookings.id, charge.bookingId));
  if (!booking) throw new HttpError(404, "Persona non trovata.");
  const owed = (await owedCharges(db, charge.bookingId)).find((item) => item.sessionId === charge.sessionId);
  if (!owed) throw new HttpError(409, "Questa seduta non ha nulla da pagare: risulta già pagata.");
  const metadata = { [metadataKeys.bookingId]: charge.bookingId, [metadataKeys.sessionId]: owed.sessionId, [metadataKeys.kind]: owed.kind };
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: "payment",
    locale: "it",
    customer_email: booking.email,
    client_reference_id: charge.bookingId,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: prices.currency.toLowerCase(),
          unit_amount: owed.owedCents,
          product_data: { name: `${chargeKindLabels[owed.kind]}: ${sessionLabel(owed.startsAt)}` },
        },
      },
    ],
    metadata,
    payment_intent_data: { metadata },
    success_url: urls.successUrl,
    cancel_url: urls.cancelUrl,
  };
  const digest = createHash("sha256").update(JSON.stringify(params)).digest("base64url").slice(0, 16);
  const idempotencyKey = `checkout:${charge.bookingId}:${owed.sessionId}:${owed.kind}:${owed.owedCents}:${digest}`;
  let checkout: Stripe.Checkout.Session;
  try {
    checkout = await client.checkout.sessions.create(params, { idempotencyKey });
  } catch (error) {
    logger.error({ name: (error as Error)?.name, type: (error as { type?: string })?.type, code: (error as { code?: string })?.code }, "stripe checkout could not be created");
    throw new HttpError(502, stripeUnavailable);
  }
  if (!checkout.url) throw new HttpError(502, stripeUnavailable);
  return { id: checkout.id, url: checkout.url, amountCents: owed.owedCents };
}

const paidCheckoutEvents = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);
const isUuid = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

type WebhookOutcome = { status: 200; body: { received: true; duplicate?: true } } | { status: 400 | 404; body: { error: string } };

/**
 * A webhook delivery: the raw body and its Stripe-Signature header. The signature is checked on the
 * bytes as sent (a re-serialised body would not match); then, in one transaction, the event id is
 * stored once (a repeated delivery changes nothing) and a paid Checkout of ours becomes a payment
 * with its receipt number, through recordPayment like a staff-recorded one.
 */
export async function handleStripeWebhook(db: Database, payload: Buffer, signatureHeader: string | null): Promise<WebhookOutcome> {
  if (!onlinePaymentAvailable()) return { status: 404, body: { error: "Pagina non trovata." } };
  const { client, webhookSecret } = stripe();
  let event: Stripe.Event;
  try {
    event = client.webhooks.constructEvent(payload, signatureHeader ?? "", webhookSecret);
  } catch (error) {
    logger.warn({ name: (error as Error)?.name }, "stripe webhook refused: bad signature");
    return { status: 400, body: { error: "Firma non valida." } };
  }
  return db.transaction(async (tx) => {
    const [stored] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (!stored) return { status: 200, body: { received: true, duplicate: true } } as const;
    if (!paidCheckoutEvents.has(event.type)) return { status: 200, body: { received: true } } as const;
    const checkout = event.data.object as Stripe.Checkout.Session;
    const bookingId = checkout.metadata?.[metadataKeys.bookingId];
    if (checkout.payment_status !== "paid") return { status: 200, body: { received: true } } as const;
    if (!isUuid(bookingId) || !checkout.amount_total || checkout.currency !== prices.currency.toLowerCase()) {
      // Not one of ours (another integration on the same account): kept as seen, nothing recorded.
      logger.warn({ event: event.id, checkout: checkout.id }, "stripe webhook: paid checkout without our booking metadata, ignored");
      return { status: 200, body: { received: true } } as const;
    }
    const paymentIntent = typeof checkout.payment_intent === "string" ? checkout.payment_intent : (checkout.payment_intent?.id ?? null);
    const payment = await recordPayment(
      tx,
      null,
      {
        bookingId,
        amountCents: checkout.amount_total,
        method: "stripe",
        paidOn: todayInRome(new Date(event.created * 1000)),
        note: null,
        // Per Checkout, not per event: "completed" and a later "async_payment_succeeded" record one payment.
        idempotencyKey: `stripe:${checkout.id}`,
        stripeReference: paymentIntent ?? checkout.id,
        // Money already received: more than owed is the person's credit, never refused.
        allowCredit: true,
      },
      new Date(event.created * 1000),
    );
    await tx.update(stripeEvents).set({ paymentId: payment.id }).where(eq(stripeEvents.id, event.id));
    logger.info({ event: event.id, payment: payment.id, invoice: payment.invoiceNumber, duplicate: payment.duplicate }, "stripe payment recorded");
    return { status: 200, body: { received: true } } as const;
  });
}
