import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { env } from "../env.server";

/** The eight 16-bit groups of a valid IPv6 address ("::" expanded, an IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  const toGroups = (part: string) =>
    part
      .split(":")
      .filter(Boolean)
      .flatMap((group) => {
        if (!group.includes(".")) return [parseInt(group, 16)];
        const [a, b, c, d] = group.split(".").map(Number) as [number, number, number, number];
        return [(a << 8) | b, (c << 8) | d];
      });
  const [head = "", tail] = address.split("::");
  const left = toGroups(head);
  const right = tail === undefined ? [] : toGroups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * Who a rate limit counts: an IPv4 address, or an IPv6 client's /64 (one subscriber's network,
 * inside which an attacker can rotate addresses for free). IPv4-mapped IPv6 counts as IPv4.
 */
export function rateLimitAddress(clientIp: string) {
  const address = clientIp.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The key a rate limit stores for a client: its address (IPv6: the /64) hashed, so the counter table never holds an identifier. */
export function clientKey(clientIp: string) {
  return createHash("sha256").update(rateLimitAddress(clientIp)).digest("base64url").slice(0, 16);
}

/** Fixed-window counter in the database, shared by every instance. Returns true when allowed. */
export async function hitRateLimit(db: Database, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  // Only for load benchmarks on loopback (npm run bench), never in production.
  if (env().rateLimitsOff) return true;
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count`);
  return Number(result.rows[0]?.count ?? 0) <= limit;
}
