import { and, count, eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { ADMIN_ROLE, auth, createOrPromoteAdmin } from "../auth.server";
import { env } from "../env.server";
import type { Database } from "./client.server";
import { account, session, user } from "./schema";

/**
 * The demo admin, apart from the demo content: its password is retired on every start, so this
 * module is in the server's import graph while seed.server.ts (loaded only to seed) is not.
 */

export const DEMO_ADMIN_EMAIL = "admin@insieme.local";
/** Published in earlier versions of the README: it must never open anything again. */
const RETIRED_DEMO_PASSWORD = "insieme-demo-2024";

/** Printed on the console only (never through the logger, never to a file), once. */
function announceDemoAdmin(password: string, configured: boolean) {
  const shown = configured ? "the password in DEMO_ADMIN_PASSWORD" : `password ${password} (shown only now)`;
  console.log(`Demo admin: ${DEMO_ADMIN_EMAIL} with ${shown}; sign in at /admin`);
}

/**
 * The demo database gets one admin, with DEMO_ADMIN_PASSWORD or a random password printed once
 * so a newcomer can sign in at /admin.
 */
export async function ensureDemoAdmin(db: Database) {
  const [existing] = await db.select({ value: count() }).from(user).where(eq(user.role, ADMIN_ROLE));
  if ((existing?.value ?? 0) > 0) return;
  const configured = env().DEMO_ADMIN_PASSWORD;
  const password = configured ?? randomBytes(15).toString("base64url");
  try {
    await createOrPromoteAdmin(db, DEMO_ADMIN_EMAIL, password, "Admin demo");
  } catch (error) {
    // Another instance starting at the same moment created it first.
    const [created] = await db.select({ value: count() }).from(user).where(eq(user.email, DEMO_ADMIN_EMAIL));
    if ((created?.value ?? 0) > 0) return;
    throw error;
  }
  announceDemoAdmin(password, Boolean(configured));
}

/**
 * A demo admin created by an earlier version still has the published password: it gets a random
 * one (printed once) and loses its sessions. Runs on every start, demo data or not.
 */
export async function retireDemoPassword(db: Database) {
  const [row] = await db
    .select({ accountId: account.id, userId: user.id, hash: account.password })
    .from(user)
    .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, "credential")))
    .where(eq(user.email, DEMO_ADMIN_EMAIL));
  if (!row?.hash) return;
  const context = await auth(db).$context;
  if (!(await context.password.verify({ hash: row.hash, password: RETIRED_DEMO_PASSWORD }))) return;
  const configured = env().DEMO_ADMIN_PASSWORD;
  const password = configured ?? randomBytes(15).toString("base64url");
  await db
    .update(account)
    .set({ password: await context.password.hash(password) })
    .where(eq(account.id, row.accountId));
  await db.delete(session).where(eq(session.userId, row.userId));
  announceDemoAdmin(password, Boolean(configured));
}
