/**
 * Issue 32: the dashboard's occupancy chart at the size of a large practice. It draws at most
 * OCCUPANCY_SHOWN open groups, those with the most free seats, and counts every group's seats in its
 * totals; the rest are in /admin/gruppi. Staff only, as the whole dashboard.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as overviewLoader } from "../../app/routes/admin/overview";
import type { Database } from "../../app/server/db/client.server";
import { OCCUPANCY_SHOWN } from "../../app/server/services/admin-overview.server";
import { newTherapist, staffDatabase } from "./helpers";
import { pageRequest, routeCaller, statusOf } from "./route-calls";

let db: Database;
let adminCookie: string;

beforeAll(async () => {
  ({ db, adminCookie } = await staffDatabase("overview-occupancy"));
});

const call = routeCaller(() => ({ db, clientIp: "198.51.100.33", cspNonce: "" }));

interface Occupancy {
  shown: { name: string; occupied: number; capacity: number; status: string }[];
  totals: { groups: Record<"open" | "full" | "closed", number>; seats: number; occupied: number };
}

describe("the dashboard's occupancy chart", () => {
  it("draws the ten open groups with the most free seats out of 30, and counts the seats of every group not closed", async () => {
    const therapist = await newTherapist(db, { name: "Dott.ssa Occupata" });
    // 30 open groups "Gruppo 01".."Gruppo 30" with n % 7 members, 5 full with 8, 3 closed with 2.
    await db.execute(sql`
      insert into groups (therapist_id, name, topic, weekday, time_slot, start_time, starts_on, status)
      select ${therapist.id}, 'Gruppo ' || lpad(n::text, 2, '0'), 'Ansia', 1 + n % 5, 'Sera', '19:00', '2030-01-07',
        case when n <= 30 then 'open' when n <= 35 then 'full' else 'closed' end
      from generate_series(1, 38) as n`);
    await db.execute(sql`
      insert into group_bookings (group_id, therapist_id, email, name, age_bracket, status)
      select g.id, g.therapist_id, 'membro-' || g.name || '-' || m || '@example.invalid', 'Anna', '26-35', 'confirmed'
      from groups g
      cross join lateral generate_series(1, case g.status when 'open' then substr(g.name, 8)::int % 7 when 'full' then 8 else 2 end) as m
      where g.therapist_id = ${therapist.id}`);

    const { occupancy } = await call<{ occupancy: Occupancy }>(overviewLoader, pageRequest("/admin/panoramica", { cookie: adminCookie }));
    expect(OCCUPANCY_SHOWN).toBe(10);
    // Free seats, most first (8 - members), then by name: no members (7, 14, 21, 28), one (1, 8, 15, 22, 29), then the first with two.
    expect(occupancy.shown.map((row) => `${row.name} ${row.occupied}/${row.capacity} ${row.status}`)).toEqual([
      "Gruppo 07 0/8 open",
      "Gruppo 14 0/8 open",
      "Gruppo 21 0/8 open",
      "Gruppo 28 0/8 open",
      "Gruppo 01 1/8 open",
      "Gruppo 08 1/8 open",
      "Gruppo 15 1/8 open",
      "Gruppo 22 1/8 open",
      "Gruppo 29 1/8 open",
      "Gruppo 02 2/8 open",
    ]);
    // 35 groups not closed of 8 seats; members: 1..30 % 7 sums to 87, and 5 × 8 in the full ones.
    expect(occupancy.totals).toEqual({ groups: { open: 30, full: 5, closed: 3 }, seats: 280, occupied: 127 });
  });

  it("is staff only: anonymous is refused (401)", async () => {
    expect(await statusOf(call(overviewLoader, pageRequest("/admin/panoramica")))).toBe(401);
  });
});
