import { eq, inArray } from "drizzle-orm";
import { chargesFor, tariffs, type Charge } from "~/domain/ledger";
import type { Database } from "../db/client.server";
import { attendance, groupSessions, iseeRevocations } from "../db/schema";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

/**
 * The charges of each booking, from its attendance on each meeting (the rules are in domain/ledger.ts).
 * A revoked ISEE approval still reduces the sessions that started while it held.
 */
export async function chargesByBooking(db: Executor, bookings: { id: string; iseeApprovedAt: Date | null }[]) {
  const result = new Map<string, Charge[]>();
  if (bookings.length === 0) return result;
  const ids = bookings.map((booking) => booking.id);
  const revoked = await db
    .select({ bookingId: iseeRevocations.bookingId, approvedAt: iseeRevocations.approvedAt, revokedAt: iseeRevocations.revokedAt })
    .from(iseeRevocations)
    .where(inArray(iseeRevocations.bookingId, ids));
  const rows = await db
    .select({
      bookingId: attendance.bookingId,
      sessionId: groupSessions.id,
      startsAt: groupSessions.startsAt,
      sessionStatus: groupSessions.status,
      attendanceStatus: attendance.status,
    })
    .from(attendance)
    .innerJoin(groupSessions, eq(groupSessions.id, attendance.sessionId))
    .where(inArray(attendance.bookingId, ids));
  for (const booking of bookings) {
    const periods = revoked.filter((period) => period.bookingId === booking.id);
    const withinRevokedPeriod = (startsAt: Date) => periods.some((period) => startsAt > period.approvedAt && startsAt < period.revokedAt);
    const charges = chargesFor(
      rows.filter((row) => row.bookingId === booking.id),
      booking.iseeApprovedAt,
    ).map((charge): Charge => (charge.kind === "standard" && withinRevokedPeriod(charge.startsAt) ? { ...charge, kind: "reduced", ...tariffs.reduced } : charge));
    result.set(booking.id, charges);
  }
  return result;
}
