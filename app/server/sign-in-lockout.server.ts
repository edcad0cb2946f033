import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { auditLog, signInLockouts } from "./db/schema";
import { rateLimitAddress } from "./http/rate-limit.server";

/** Failed password sign-ins for one account from one client address before that address is refused for a while. */
export const LOCKOUT_THRESHOLD = 5;
/** Failed sign-ins for one account from anywhere before the account is refused everywhere: the slower backstop against many addresses. */
export const ACCOUNT_LOCKOUT_THRESHOLD = 50;
/** How long the e-mailed unlock link works. */
export const UNLOCK_LINK_MINUTES = 60;
/** The page the unlock link opens (its button does the unlocking: link scanners do not). */
export const unlockPath = (token: string) => `/accedi/sblocca/${token}`;
/** The first refusal; each further failure after it doubles the wait, up to the maximum. */
const LOCKOUT_BASE_SECONDS = 60;
export const LOCKOUT_MAX_SECONDS = 3600;
/** A day without failures forgets the earlier ones. */
const LOCKOUT_MEMORY_HOURS = 24;

/** The same words whether the account exists or not. */
export function lockoutMessage(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Troppi tentativi di accesso non riusciti per questo account. Riprova tra ${minutes === 1 ? "1 minuto" : `${minutes} minuti`}.`;
}

/** A keyed hash of the normalized address: the table holds no e-mail addresses, even of strangers. */
export function accountKey(secret: string, email: string) {
  return createHmac("sha256", secret).update(email.trim().toLowerCase()).digest("base64url");
}

/** The key of one account tried from one client address (an IPv6 client's /64 counts as one). */
export function addressKey(secret: string, account: string, clientIp: string) {
  return createHmac("sha256", secret)
    .update(`${account}|${rateLimitAddress(clientIp)}`)
    .digest("base64url");
}

/** Seconds until the account may try again, or 0 when it is not locked (by the database's clock). */
export async function lockedForSeconds(db: Database, key: string): Promise<number> {
  const result = await db.execute<{ seconds: number | null }>(sql`
    select ceil(extract(epoch from locked_until - now()))::int as seconds
    from sign_in_lockouts where account_key = ${key} and locked_until > now()`);
  return Number(result.rows[0]?.seconds ?? 0);
}

/**
 * Counts a failed password under `key`; from the `threshold`-th on, locks it for
 * LOCKOUT_BASE_SECONDS doubled for each failure past the threshold, at most LOCKOUT_MAX_SECONDS.
 * One statement, so parallel failures all count. Returns the failures counted so far.
 */
export async function recordFailure(db: Database, key: string, threshold = LOCKOUT_THRESHOLD): Promise<number> {
  const failures = sql`case when sign_in_lockouts.last_failure_at < now() - make_interval(hours => ${LOCKOUT_MEMORY_HOURS}) then 1 else sign_in_lockouts.failures + 1 end`;
  const result = await db.execute<{ failures: number }>(sql`
    insert into sign_in_lockouts (account_key, failures, locked_until, last_failure_at)
    values (${key}, 1, null, now())
    on conflict (account_key) do update set
      failures = ${failures},
      locked_until = case when ${failures} >= ${threshold}
        then now() + make_interval(secs => least(${LOCKOUT_BASE_SECONDS} * power(2, least(${failures} - ${threshold}, 12)), ${LOCKOUT_MAX_SECONDS}))
        else null end,
      last_failure_at = now()
    returning failures`);
  return Number(result.rows[0]?.failures ?? 0);
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A fresh single-use unlock token for a locked account's row (only its hash is stored); it starts with the user's id, for the audit. */
export async function issueUnlockToken(db: Database, account: string, userId: string) {
  const token = `${userId}.${randomBytes(32).toString("base64url")}`;
  await db
    .update(signInLockouts)
    .set({ unlockTokenHash: hashToken(token), unlockExpiresAt: sql`now() + make_interval(mins => ${UNLOCK_LINK_MINUTES})` })
    .where(eq(signInLockouts.accountKey, account));
  return token;
}

/**
 * The owner's e-mailed link: clears the account's lock and the one of the address the link is
 * followed from, once; audited. False for an unknown, used or expired token.
 */
export async function unlockWithToken(db: Database, secret: string, token: string, clientIp: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(signInLockouts)
      .where(and(eq(signInLockouts.unlockTokenHash, hashToken(token)), gt(signInLockouts.unlockExpiresAt, sql`now()`)))
      .returning({ account: signInLockouts.accountKey });
    if (!row) return false;
    await tx.delete(signInLockouts).where(eq(signInLockouts.accountKey, addressKey(secret, row.account, clientIp)));
    await tx.insert(auditLog).values({ action: "unlock", entity: "user", entityId: token.split(".")[0], detail: { via: "e-mailed link" } });
    return true;
  });
}

/** A correct password clears the account's record. */
export async function clearFailures(db: Database, key: string) {
  await db.delete(signInLockouts).where(eq(signInLockouts.accountKey, key));
}
