import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { signInLockouts } from "./db/schema";

/** Failed password sign-ins for one account before it is refused for a while. */
const LOCKOUT_THRESHOLD = 5;
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

/** Seconds until the account may try again, or 0 when it is not locked (by the database's clock). */
export async function lockedForSeconds(db: Database, key: string): Promise<number> {
  const result = await db.execute<{ seconds: number | null }>(sql`
    select ceil(extract(epoch from locked_until - now()))::int as seconds
    from sign_in_lockouts where account_key = ${key} and locked_until > now()`);
  return Number(result.rows[0]?.seconds ?? 0);
}

/**
 * Counts a failed password for the account; from the LOCKOUT_THRESHOLD-th on, locks it for
 * LOCKOUT_BASE_SECONDS doubled for each failure past the threshold, at most LOCKOUT_MAX_SECONDS.
 * One statement, so parallel failures all count.
 */
export async function recordFailure(db: Database, key: string) {
  const failures = sql`case when sign_in_lockouts.last_failure_at < now() - make_interval(hours => ${LOCKOUT_MEMORY_HOURS}) then 1 else sign_in_lockouts.failures + 1 end`;
  await db.execute(sql`
    insert into sign_in_lockouts (account_key, failures, locked_until, last_failure_at)
    values (${key}, 1, null, now())
    on conflict (account_key) do update set
      failures = ${failures},
      locked_until = case when ${failures} >= ${LOCKOUT_THRESHOLD}
        then now() + make_interval(secs => least(${LOCKOUT_BASE_SECONDS} * power(2, least(${failures} - ${LOCKOUT_THRESHOLD}, 12)), ${LOCKOUT_MAX_SECONDS}))
        else null end,
      last_failure_at = now()`);
}

/** A correct password clears the account's record. */
export async function clearFailures(db: Database, key: string) {
  await db.delete(signInLockouts).where(eq(signInLockouts.accountKey, key));
}
