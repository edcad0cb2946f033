import { eq } from "drizzle-orm";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/server/db/client.server";
import { attendance, groupBookings, groupSessions, payments, stripeEvents } from "../../app/server/db/schema";
import { ensureBuild, freePort, startApp, stopAllApps, type AppProcess } from "./app-process";
import { testDatabase, testDatabaseUrl } from "./database";
import { therapistWithGroup } from "./helpers";
import { signedCheckoutEvent } from "./stripe-events";

/**
 * The webhook on the production build, through every Express middleware in front of it
 * (same-origin check, body size limit and its replay of chunked bodies, compression): the signature
 * must still match the bytes Stripe sent. The rules themselves are tested in-process in stripe.test.ts.
 */

const WEBHOOK_SECRET = "whsec_insiemeHttpSigningSecret";
let db: Database;
let server: AppProcess;
const dataDirs: string[] = [];

function tempDir(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `insieme-stripe-http-${name}-`));
  dataDirs.push(dir);
  return dir;
}

/** A POST as Stripe's servers send it: no Origin, no cookies; `chunked` leaves out Content-Length. */
function post(pathname: string, body: string, headers: Record<string, string>, chunked = false) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(`${server.url}${pathname}`, { method: "POST", headers: { "Content-Type": "application/json", ...headers } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body: text }));
    });
    request.on("error", reject);
    const bytes = Buffer.from(body, "utf8");
    if (chunked) {
      // Split inside a multi-byte character: the replayed body must be the same bytes, not re-decoded text.
      const cut = bytes.indexOf(Buffer.from("ò", "utf8")) + 1;
      request.write(bytes.subarray(0, cut));
      request.end(bytes.subarray(cut));
    } else {
      request.setHeader("Content-Length", String(bytes.length));
      request.end(bytes);
    }
  });
}

async function owingMember(email: string) {
  const { group } = await therapistWithGroup(
    db,
    { name: "Dott.ssa Sala" },
    { name: `Gruppo ${email}`, topic: "Tema", weekday: 2, timeSlot: "Sera", startTime: "19:00", startsOn: "2026-03-01" },
  );
  const [booking] = await db.insert(groupBookings).values({ groupId: group.id, email, name: "Niccolò Sala", ageBracket: "26-35", status: "confirmed" }).returning();
  const startsAt = new Date(Date.UTC(2026, 2, 3, 18));
  const [session] = await db
    .insert(groupSessions)
    .values({ groupId: group.id, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) })
    .returning();
  await db.insert(attendance).values({ sessionId: session!.id, bookingId: booking!.id, status: "present" });
  return { bookingId: booking!.id, sessionId: session!.id };
}

const signedCheckout = (bookingId: string, sessionId: string) => signedCheckoutEvent({ bookingId, sessionId, payerName: "Niccolò Sala", secret: WEBHOOK_SECRET });

beforeAll(async () => {
  process.env.DATA_DIR = tempDir("in-process");
  db = await testDatabase();
  await ensureBuild();
  const port = await freePort(3640, 3649);
  server = await startApp({
    port,
    dataDir: tempDir("server"),
    env: { DATABASE_URL: testDatabaseUrl(), WORKERS: "false", STRIPE_SECRET_KEY: "sk_test_insiemeHttp", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
}, 600_000);

afterAll(async () => {
  await stopAllApps();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("POST /api/stripe/webhook on the production server", () => {
  it("verifies the signature on the bytes sent, with or without Content-Length, and records the payment once", async () => {
    for (const chunked of [false, true]) {
      const { bookingId, sessionId } = await owingMember(`niccolo.${chunked ? "chunked" : "length"}@example.com`);
      const { payload, signature } = signedCheckout(bookingId, sessionId);
      const first = await post("/api/stripe/webhook", payload, { "Stripe-Signature": signature }, chunked);
      expect(first, server.output()).toEqual({ status: 200, body: JSON.stringify({ received: true }) });
      const again = await post("/api/stripe/webhook", payload, { "Stripe-Signature": signature }, chunked);
      expect(JSON.parse(again.body)).toEqual({ received: true, duplicate: true });
      const recorded = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({ method: "stripe", amountCents: 3000, payerName: "Niccolò Sala" });
    }
  });

  it("answers 400 to a forged signature and stores nothing", async () => {
    const { bookingId, sessionId } = await owingMember("niccolo.forged@example.com");
    const { payload } = signedCheckout(bookingId, sessionId);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_notTheSiteSecret" });
    const response = await post("/api/stripe/webhook", payload, { "Stripe-Signature": forged });
    expect(response.status).toBe(400);
    expect(await db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, JSON.parse(payload).id)),
    ).toHaveLength(0);
  });
});
