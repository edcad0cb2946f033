import { eq } from "drizzle-orm";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as webhookAction } from "../../app/routes/api/stripe-webhook";
import { loader as paymentsLoader } from "../../app/routes/admin/payments";
import type { Database } from "../../app/server/db/client.server";
import { attendance, groupBookings, groups, groupSessions, invoices, payments, stripeEvents, therapists } from "../../app/server/db/schema";
import { env, publicBaseUrl, resetEnvForTests } from "../../app/server/env.server";
import { memberBalance, owedCharges, recordPayment } from "../../app/server/services/payments.server";
import { createCheckoutForCharge, onlinePaymentAvailable } from "../../app/server/services/stripe.server";
import { action as clientPaymentsAction, loader as clientPaymentsLoader } from "../../app/routes/client/payments";
import { signedInClient } from "./client-session";
import { testDatabase } from "./database";
import { answer, form, pageRequest } from "./route-calls";
import { fiscalProfile, practiceReady, signedInStaff } from "./helpers";

const SECRET_KEY = "sk_test_insiemeStandIn";
const WEBHOOK_SECRET = "whsec_insiemeTestSigningSecret";
const BASE = "http://localhost:3000";
const urls = { successUrl: `${BASE}/area-personale?pagamento=ok`, cancelUrl: `${BASE}/area-personale` };

let db: Database;
let therapistId: string;
let adminCookie: string;

/* A local stand-in for the one Stripe endpoint used, POST /v1/checkout/sessions, that keeps
 * Stripe's idempotency rule: a key seen before gets the first answer again, nothing new is created. */
interface Received {
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}
const received: Received[] = [];
const created = new Map<string, { id: string; url: string }>();
let failNext = 0;
let refuseNext = false;
let standIn: http.Server;

function startStandIn() {
  standIn = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const key = req.headers["idempotency-key"] as string | undefined;
      received.push({ idempotencyKey: key, form: new URLSearchParams(body) });
      res.setHeader("Content-Type", "application/json");
      if (req.method !== "POST" || req.url !== "/v1/checkout/sessions" || req.headers.authorization !== `Bearer ${SECRET_KEY}`) {
        res.statusCode = 404;
        return res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Unrecognized request URL" } }));
      }
      if (refuseNext) {
        refuseNext = false;
        res.statusCode = 400;
        return res.end(JSON.stringify({ error: { type: "invalid_request_error", code: "parameter_invalid_empty", message: "Invalid request" } }));
      }
      if (failNext > 0) {
        failNext -= 1;
        res.statusCode = 503;
        res.setHeader("Stripe-Should-Retry", "true");
        return res.end(JSON.stringify({ error: { type: "api_error", message: "Service unavailable" } }));
      }
      let session = key ? created.get(key) : undefined;
      if (!session) {
        const id = `cs_test_${created.size + 1}_${crypto.randomUUID().slice(0, 8)}`;
        session = { id, url: `https://checkout.stripe.com/c/pay/${id}` };
        created.set(key ?? id, session);
      }
      res.end(JSON.stringify({ id: session.id, object: "checkout.session", url: session.url, status: "open", payment_status: "unpaid" }));
    });
  });
  return new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
}

function configureStripe(on: boolean) {
  for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE"]) delete process.env[name];
  if (on) {
    process.env.STRIPE_SECRET_KEY = SECRET_KEY;
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_API_BASE = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  }
  resetEnvForTests();
}

/** A confirmed member, each in a group of their own. */
async function member(email: string, name: string) {
  const [group] = await db
    .insert(groups)
    .values({ therapistId, name: `Gruppo di ${name}`, topic: "Tema", weekday: 1, timeSlot: "Sera", startTime: "19:00", startsOn: "2026-03-01" })
    .returning();
  const [row] = await db.insert(groupBookings).values({ groupId: group!.id, email, name, ageBracket: "26-35", status: "confirmed" }).returning();
  await fiscalProfile(db, email);
  return row!;
}

/** A meeting of the member's group `week` weeks after 2 March 2026 that they attended (so it is charged). */
async function attended(booking: { id: string; groupId: string | null }, week: number) {
  const startsAt = new Date(Date.UTC(2026, 2, 2 + 7 * week, 18));
  const [session] = await db
    .insert(groupSessions)
    .values({ groupId: booking.groupId!, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), status: "scheduled" })
    .returning();
  await db.insert(attendance).values({ sessionId: session!.id, bookingId: booking.id, status: "present" });
  return session!;
}

/** A Stripe event as Stripe sends it: the JSON body and its Stripe-Signature header, signed by the library's own helper. */
function signedEvent(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}

function paidCheckoutEvent(bookingId: string, sessionId: string, amountCents: number, overrides: Record<string, unknown> = {}) {
  const checkoutId = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
  return {
    id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: "2025-01-01",
    data: {
      object: {
        id: checkoutId,
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        amount_total: amountCents,
        currency: "eur",
        payment_intent: `pi_test_${checkoutId.slice(8, 24)}`,
        metadata: { booking_id: bookingId, session_id: sessionId, charge_kind: "trial" },
        ...overrides,
      },
    },
  };
}

async function deliver(payload: string, signature: string | null) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (signature !== null) headers.set("Stripe-Signature", signature);
  const request = new Request(`${BASE}/api/stripe/webhook`, { method: "POST", headers, body: payload });
  const response = (await (webhookAction as (args: unknown) => Promise<Response>)({ request, params: {}, context: { db, clientIp: "203.0.113.9", cspNonce: "" } })) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const paymentsOf = (bookingId: string) => db.select().from(payments).where(eq(payments.bookingId, bookingId));

beforeAll(async () => {
  db = await testDatabase({ dataDir: "stripe" });
  await startStandIn();
  const [therapist] = await db
    .insert(therapists)
    .values({ name: "Dott. Ferri", role: "Psicologo", specialization: "Gruppi", experience: "8 anni", description: "Descrizione" })
    .returning();
  therapistId = therapist!.id;
  ({ cookie: adminCookie } = await signedInStaff(db, "staff-stripe@example.com", "password-molto-lunga"));
  await practiceReady(db);
});

afterAll(async () => {
  configureStripe(false);
  await new Promise((resolve) => standIn.close(resolve));
});

beforeEach(() => configureStripe(true));
afterEach(() => {
  received.length = 0;
  failNext = 0;
});

describe("configuration", () => {
  it("refuses one Stripe key without the other, and a stand-in API address in production", () => {
    configureStripe(false);
    process.env.STRIPE_SECRET_KEY = SECRET_KEY;
    expect(() => env()).toThrow(/STRIPE_WEBHOOK_SECRET: required with the other Stripe key/);
    resetEnvForTests();
    delete process.env.STRIPE_SECRET_KEY;
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    expect(() => env()).toThrow(/STRIPE_SECRET_KEY: required with the other Stripe key/);
    resetEnvForTests();
    process.env.STRIPE_SECRET_KEY = SECRET_KEY;
    process.env.STRIPE_API_BASE = "http://127.0.0.1:12111";
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    process.env.SESSION_SECRET = "s".repeat(32);
    process.env.DATA_ENCRYPTION_KEY = "k".repeat(44);
    try {
      expect(() => env()).toThrow(/STRIPE_API_BASE: .*not allowed in production/);
    } finally {
      process.env.NODE_ENV = nodeEnv;
      delete process.env.SESSION_SECRET;
      delete process.env.DATA_ENCRYPTION_KEY;
      resetEnvForTests();
    }
  });
});

describe("without the Stripe keys", () => {
  it("has no online payment: the webhook answers 404 and stores nothing, no Checkout is created", async () => {
    configureStripe(false);
    expect(onlinePaymentAvailable()).toBe(false);
    const carla = await member("carla.senza@example.com", "Carla Senza");
    const session = await attended(carla, 0);
    const { payload, signature } = signedEvent(paidCheckoutEvent(carla.id, session.id, 3000));
    expect((await deliver(payload, signature)).status).toBe(404);
    await expect(createCheckoutForCharge(db, { bookingId: carla.id, sessionId: session.id }, urls)).rejects.toMatchObject({ status: 404 });
    expect(received).toHaveLength(0);
    expect(await db.select().from(stripeEvents)).toHaveLength(0);
    expect(await paymentsOf(carla.id)).toHaveLength(0);
  });
});

describe("Stripe Checkout for a charge", () => {
  it("sends the charge's amount in cents and the booking and charge in the metadata, and a repeated call reuses the idempotency key and the Checkout", async () => {
    const elena = await member("elena.checkout@example.com", "Elena Marchi");
    const trial = await attended(elena, 0);
    const second = await attended(elena, 1);
    expect(onlinePaymentAvailable()).toBe(true);

    const first = await createCheckoutForCharge(db, { bookingId: elena.id, sessionId: second.id }, urls);
    const again = await createCheckoutForCharge(db, { bookingId: elena.id, sessionId: second.id }, urls);
    expect(first.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(again.id).toBe(first.id);
    expect(received).toHaveLength(2);
    expect(received[0]!.idempotencyKey).toBeTruthy();
    expect(received[1]!.idempotencyKey).toBe(received[0]!.idempotencyKey);
    expect([...created.values()].filter((session) => session.id === first.id)).toHaveLength(1);

    const sent = received[0]!.form;
    expect(sent.get("mode")).toBe("payment");
    expect(sent.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(sent.get("line_items[0][price_data][unit_amount]")).toBe("3500");
    expect(sent.get("line_items[0][quantity]")).toBe("1");
    expect(sent.get("metadata[booking_id]")).toBe(elena.id);
    expect(sent.get("metadata[session_id]")).toBe(second.id);
    expect(sent.get("metadata[charge_kind]")).toBe("standard");
    expect(sent.get("payment_intent_data[metadata][booking_id]")).toBe(elena.id);
    expect(sent.get("success_url")).toBe(urls.successUrl);
    expect(sent.get("cancel_url")).toBe(urls.cancelUrl);
    expect(sent.get("customer_email")).toBe("elena.checkout@example.com");

    // The trial is another charge: its own Checkout, for €30, under another key.
    await createCheckoutForCharge(db, { bookingId: elena.id, sessionId: trial.id }, urls);
    expect(received[2]!.form.get("line_items[0][price_data][unit_amount]")).toBe("3000");
    expect(received[2]!.idempotencyKey).not.toBe(received[0]!.idempotencyKey);
  });

  it("retries a failed request to Stripe with the same idempotency key, so one Checkout is created", async () => {
    const franco = await member("franco.retry@example.com", "Franco Riva");
    const session = await attended(franco, 0);
    const before = created.size;
    failNext = 1;
    const checkout = await createCheckoutForCharge(db, { bookingId: franco.id, sessionId: session.id }, urls);
    expect(received).toHaveLength(2);
    expect(received[1]!.idempotencyKey).toBe(received[0]!.idempotencyKey);
    expect(created.size).toBe(before + 1);
    expect(checkout.amountCents).toBe(3000);
  });

  it("answers 502 with an Italian message when Stripe refuses the request", async () => {
    const hugo = await member("hugo.rifiuto@example.com", "Hugo Rifiuto");
    const session = await attended(hugo, 0);
    refuseNext = true;
    await expect(createCheckoutForCharge(db, { bookingId: hugo.id, sessionId: session.id }, urls)).rejects.toMatchObject({
      status: 502,
      message: "Il pagamento online non è disponibile in questo momento. Riprova tra qualche minuto.",
    });
    expect(received).toHaveLength(1);
  });

  it("asks only for what is still owed of a charge, and refuses a charge already paid without calling Stripe", async () => {
    const gina = await member("gina.parziale@example.com", "Gina Parziale");
    const trial = await attended(gina, 0);
    const second = await attended(gina, 1);
    await recordPayment(db, null, { bookingId: gina.id, amountCents: 4000, method: "bank_transfer", paidOn: "2026-03-20", note: null, idempotencyKey: crypto.randomUUID() });
    expect((await owedCharges(db, gina.id)).map((charge) => [charge.sessionId, charge.owedCents])).toEqual([[second.id, 2500]]);

    await expect(createCheckoutForCharge(db, { bookingId: gina.id, sessionId: trial.id }, urls)).rejects.toMatchObject({ status: 409 });
    expect(received).toHaveLength(0);
    await createCheckoutForCharge(db, { bookingId: gina.id, sessionId: second.id }, urls);
    expect(received[0]!.form.get("line_items[0][price_data][unit_amount]")).toBe("2500");
  });
});

describe("POST /api/stripe/webhook", () => {
  it("records a paid Checkout as a Stripe payment with a receipt number, and the member's ledger shows the charge paid", async () => {
    const ida = await member("ida.pagata@example.com", "Ida Pagata");
    const trial = await attended(ida, 0);
    expect((await memberBalance(db, ida.id)).owedCents).toBe(3000);

    const event = paidCheckoutEvent(ida.id, trial.id, 3000);
    const { payload, signature } = signedEvent(event);
    expect(await deliver(payload, signature)).toEqual({ status: 200, body: { received: true } });

    const [payment] = await paymentsOf(ida.id);
    expect(payment).toMatchObject({ amountCents: 3000, method: "stripe", payerName: "Ida Pagata", stripeReference: event.data.object.payment_intent });
    expect((await db.select().from(invoices).where(eq(invoices.paymentId, payment!.id)))[0]!.number).toMatch(/^\d{4}-\d{4}$/);
    expect(await memberBalance(db, ida.id)).toMatchObject({ paidCents: 3000, owedCents: 0 });
    expect(await owedCharges(db, ida.id)).toEqual([]);
    const [stored] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect(stored).toMatchObject({ type: "checkout.session.completed", paymentId: payment!.id });

    // Staff see it in /admin/pagamenti with its method and Stripe reference.
    const page = (await (paymentsLoader as (args: unknown) => Promise<unknown>)({
      request: new Request(`${BASE}/admin/pagamenti`, { headers: { cookie: adminCookie } }),
      params: {},
      context: { db, clientIp: "198.51.100.7", cspNonce: "" },
    })) as { payments: { id: string; method: string; stripeReference: string | null }[] };
    expect(page.payments.find((row) => row.id === payment!.id)).toMatchObject({ method: "stripe", stripeReference: event.data.object.payment_intent });
  });

  it("records one payment when the same event is delivered twice, even at the same time", async () => {
    const luca = await member("luca.doppio@example.com", "Luca Doppio");
    const trial = await attended(luca, 0);
    const { payload, signature } = signedEvent(paidCheckoutEvent(luca.id, trial.id, 3000));
    const [first, second] = await Promise.all([deliver(payload, signature), deliver(payload, signature)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await deliver(payload, signature);
    expect(third).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await paymentsOf(luca.id)).toHaveLength(1);
    expect((await memberBalance(db, luca.id)).owedCents).toBe(0);
  });

  it("records one payment for a Checkout whose completion and later async success both arrive", async () => {
    const mara = await member("mara.async@example.com", "Mara Async");
    const trial = await attended(mara, 0);
    const completed = paidCheckoutEvent(mara.id, trial.id, 3000);
    const succeeded = { ...completed, id: `evt_${crypto.randomUUID().replaceAll("-", "")}`, type: "checkout.session.async_payment_succeeded" };
    for (const event of [completed, succeeded]) {
      const { payload, signature } = signedEvent(event);
      expect((await deliver(payload, signature)).status).toBe(200);
    }
    expect(await paymentsOf(mara.id)).toHaveLength(1);
  });

  it("refuses a bad signature, a tampered body and a missing header with 400 and stores nothing", async () => {
    const nino = await member("nino.firma@example.com", "Nino Firma");
    const trial = await attended(nino, 0);
    const event = paidCheckoutEvent(nino.id, trial.id, 3000);
    const wrongSecret = signedEvent(event, "whsec_someoneElsesSecret");
    const genuine = signedEvent(event);
    const tampered = genuine.payload.replace('"amount_total":3000', '"amount_total":1');
    for (const [payload, signature] of [
      [wrongSecret.payload, wrongSecret.signature],
      [tampered, genuine.signature],
      [genuine.payload, null],
    ] as const) {
      expect(await deliver(payload, signature)).toEqual({ status: 400, body: { error: "Firma non valida." } });
    }
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
    expect(await paymentsOf(nino.id)).toHaveLength(0);
  });

  it("stores an unpaid completion or another event type once and records no payment", async () => {
    const olga = await member("olga.nonpagata@example.com", "Olga Attesa");
    const trial = await attended(olga, 0);
    const unpaid = paidCheckoutEvent(olga.id, trial.id, 3000, { payment_status: "unpaid" });
    const other = { ...paidCheckoutEvent(olga.id, trial.id, 3000), type: "checkout.session.expired" };
    for (const event of [unpaid, other]) {
      const { payload, signature } = signedEvent(event);
      expect(await deliver(payload, signature)).toEqual({ status: 200, body: { received: true } });
    }
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, unpaid.id))).toHaveLength(1);
    expect(await paymentsOf(olga.id)).toHaveLength(0);
  });
});

describe("paying from the client area (/area-personale/pagamenti)", () => {
  const call = (handler: unknown, request: Request) =>
    (handler as (args: unknown) => Promise<unknown>)({ request, params: {}, context: { db, clientIp: "203.0.113.21", cspNonce: "" } });

  it("a member opens Checkout for a session they owe, and the page shows it paid once the signed webhook arrives", async () => {
    const booking = await member("paga-online@example.com", "Irene Paga");
    const session = await attended(booking, 0);
    const cookie = await signedInClient(db, "paga-online@example.com");
    const page = async () =>
      (
        (await call(clientPaymentsLoader, pageRequest("/area-personale/pagamenti", { cookie }))) as {
          data: { online: boolean; accounts: { owedCents: number; paidCents: number; owed: { sessionId: string }[] }[] };
        }
      ).data;
    const before = await page();
    expect(before.online).toBe(true);
    expect(before.accounts[0]!.owed.map((charge) => charge.sessionId)).toEqual([session.id]);

    const pay = () =>
      call(clientPaymentsAction, pageRequest("/area-personale/pagamenti", { method: "POST", cookie, body: form({ intent: "pay", booking: booking.id, session: session.id }) }));
    const first = (await pay()) as Response;
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    // A double click gets the same Checkout back (the same idempotency key), never a second one.
    expect(((await pay()) as Response).headers.get("location")).toBe(first.headers.get("location"));
    expect(new Set(received.map((request) => request.idempotencyKey)).size).toBe(1);
    const sent = received.at(-1)!.form;
    expect(sent.get("success_url")).toBe(`${publicBaseUrl()}/area-personale/pagamenti?esito=pagamento`);
    expect(sent.get("cancel_url")).toMatch(/\/area-personale\/pagamenti\?esito=annullato$/);
    expect(sent.get("line_items[0][price_data][unit_amount]")).toBe("3000");
    // Nothing counts until Stripe's signed webhook says it was paid.
    expect((await page()).accounts[0]!.paidCents).toBe(0);
    const { payload, signature } = signedEvent(paidCheckoutEvent(booking.id, session.id, 3000));
    expect((await deliver(payload, signature)).status).toBe(200);
    const after = (await page()).accounts[0]!;
    expect(after.paidCents).toBe(3000);
    expect(after.owedCents).toBe(0);
    expect(after.owed).toEqual([]);
  });

  it("refuses to open Checkout for someone else's booking", async () => {
    const owner = await member("paga-proprietario@example.com", "Ugo Paga");
    const session = await attended(owner, 0);
    await member("paga-altra@example.com", "Lia Paga");
    const cookie = await signedInClient(db, "paga-altra@example.com");
    const before = received.length;
    const refused = answer(
      await call(clientPaymentsAction, pageRequest("/area-personale/pagamenti", { method: "POST", cookie, body: form({ intent: "pay", booking: owner.id, session: session.id }) })),
    );
    expect(refused.status).toBe(404);
    expect(received.length).toBe(before);
  });
});
