import { and, count, eq } from "drizzle-orm";
import { randomBytes, randomUUID } from "node:crypto";
import { ADMIN_ROLE, auth } from "../auth.server";
import { passwordProblem } from "../password-strength.server";
import { env } from "../env.server";
import type { Database } from "./client.server";
import { account, session, user } from "./schema";

/**
 * The demo admin, apart from the demo content: its password is retired on every start, so this
 * module is in the server's import graph while seed.server.ts (loaded only to seed) is not.
 */

export const DEMO_ADMIN_EMAIL = "admin@insieme.local";
const DEMO_ADMIN_NAME = "Admin demo";
/** Published in earlier versions of the README: it must never open anything again. */
const RETIRED_DEMO_PASSWORD = "insieme-demo-2024";

/** Printed on the console only (never through the logger, never to a file), once. */
function announceDemoAdmin(password: string, configured: boolean) {
  const shown = configured ? "the password in DEMO_ADMIN_PASSWORD" : `password ${password} (shown only now)`;
  console.log(`Demo admin: ${DEMO_ADMIN_EMAIL} with ${shown}; sign in at /admin`);
}

/**
 * The demo database gets one admin, with DEMO_ADMIN_PASSWORD or a random password printed once
 * so a newcomer can sign in at /admin. Create-only: the user row is inserted with its role and its
 * password in one transaction, and an instance starting at the same moment that finds the address
 * taken leaves it alone and prints nothing (it used to set a password of its own and print it too).
 */
export async function ensureDemoAdmin(db: Database) {
  const [existing] = await db.select({ value: count() }).from(user).where(eq(user.role, ADMIN_ROLE));
  if ((existing?.value ?? 0) > 0) return;
  const configured = env().DEMO_ADMIN_PASSWORD;
  const password = configured ?? randomBytes(15).toString("base64url");
  const problem = await passwordProblem(password, [DEMO_ADMIN_EMAIL, DEMO_ADMIN_NAME]);
  if (problem) throw new Error(`DEMO_ADMIN_PASSWORD: ${problem}`);
  const hash = await (await auth(db).$context).password.hash(password);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(user)
      .values({ id: randomUUID(), name: DEMO_ADMIN_NAME, email: DEMO_ADMIN_EMAIL, emailVerified: true, role: ADMIN_ROLE })
      .onConflictDoNothing({ target: user.email })
      .returning({ id: user.id });
    if (!row) return false;
    await tx.insert(account).values({ id: randomUUID(), userId: row.id, accountId: row.id, providerId: "credential", password: hash });
    return true;
  });
  if (created) announceDemoAdmin(password, Boolean(configured));
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
