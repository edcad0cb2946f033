import { sql, type SQL } from "drizzle-orm";
import { tariffs, type Charge } from "~/domain/ledger";
import type { Database } from "../db/client.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

/**
 * The charges in SQL, the same rules as `chargesFor` in domain/ledger.ts (its tests hold the two
 * together): a session costs the fee when it took place as scheduled and the member was present or
 * absent without notice (`owesFee`); the first such session of a booking is the trial; a later one is
 * reduced when it started after the booking's ISEE approval, or within a period an approval held before
 * staff revoked it (isee_revocations); the amounts are `tariffs`. The accounts list reads the same
 * rule's counts kept per booking in ledger_balances (migration 0022); ledger-sql.test.ts holds the three together.
 */

/** An attendance mark `a` that owes the fee when its session took place as scheduled (`owesFee`). */
export const chargedMark = sql`a.status in ('present', 'absent_unnotified')`;

/** The sessions that cost the fee that `bookingScope` keeps (a condition on `a.booking_id`, or on the session `s`). */
export const chargedAttendance = (bookingScope: SQL) => sql`
  attendance a
  join group_sessions s on s.id = a.session_id
  join group_bookings b on b.id = a.booking_id
  where s.status = 'scheduled' and ${chargedMark} and ${bookingScope}`;

/** True when a session of booking `b` starting at `startsAt` is at the reduced rate (unless it is the trial). */
const reducedAt = (startsAt: SQL) => sql`(
  (b.isee_approved_at is not null and ${startsAt} > b.isee_approved_at)
  or exists (select 1 from isee_revocations r where r.booking_id = b.id and ${startsAt} > r.approved_at and ${startsAt} < r.revoked_at))`;

/** The charges of each of `bookings`, in date order (ties by session id), as `chargesFor` gives them. */
export async function chargesByBooking(db: Executor, bookings: readonly { id: string }[]) {
  const result = new Map<string, Charge[]>();
  if (bookings.length === 0) return result;
  for (const booking of bookings) result.set(booking.id, []);
  const ids = bookings.map((booking) => booking.id);
  const { rows } = await db.execute<{ booking_id: string; session_id: string; starts_at: string | Date; kind: Charge["kind"] }>(sql`
    select c.booking_id, c.session_id, c.starts_at,
      case when c.position = 1 then 'trial' when ${reducedAt(sql`c.starts_at`)} then 'reduced' else 'standard' end as kind
    from (
      select a.booking_id, s.id as session_id, s.starts_at, row_number() over (partition by a.booking_id order by s.starts_at, s.id) as position
      from ${chargedAttendance(sql`a.booking_id in ${ids}`)}
    ) c
    join group_bookings b on b.id = c.booking_id
    order by c.booking_id, c.starts_at, c.session_id`);
  for (const row of rows) {
    result.get(row.booking_id)!.push({ sessionId: row.session_id, startsAt: new Date(row.starts_at), kind: row.kind, ...tariffs[row.kind] });
  }
  return result;
}
