import { sql } from "drizzle-orm";
import { lastBackup } from "../backup/schedule.server";
import type { Database } from "../db/client.server";

interface Overview {
  perWeek: { week: string; count: number }[];
  sources: { source: string; count: number }[];
  funnel: { step: number; count: number }[];
  occupancy: { name: string; occupied: number; capacity: number; status: "open" | "full" | "closed" }[];
  /** Move requests members made in their area that staff have not decided yet. */
  pendingMoveRequests: number;
  /** The last scheduled backup that succeeded (docs/features/backup.md). */
  lastBackup: { at: string; bytes: number } | null;
}

/**
 * Figures for the staff overview: aggregates only, no personal data. The weekly counts read each
 * week's range of `responses_created_at_idx` (a plain range on created_at, not date_trunc of it,
 * which would read every questionnaire ever sent).
 */
export async function loadOverview(db: Database): Promise<Overview> {
  const [perWeek, sources, funnel, occupancy, moves, backup] = await Promise.all([
    db.execute<{ week: string; count: number }>(sql`
      select to_char(weeks.week, 'YYYY-MM-DD') as week, count(r.id)::int as count
      from generate_series(date_trunc('week', now()) - interval '11 weeks', date_trunc('week', now()), interval '1 week') as weeks(week)
      left join internal_questionnaire_responses r on r.created_at >= weeks.week and r.created_at < weeks.week + interval '1 week'
      group by weeks.week order by weeks.week`),
    db.execute<{ source: string; count: number }>(sql`
      select source_discovery as source, count(*)::int as count from internal_questionnaire_responses
      group by source_discovery order by count desc, source_discovery`),
    db.execute<{ step: number; count: number }>(sql`
      select step::int as step, sum(count)::int as count from funnel_steps
      where day >= (now() at time zone 'Europe/Rome')::date - 30 group by step order by step`),
    db.execute<Overview["occupancy"][number]>(sql`
      select g.name, g.capacity::int as capacity, g.status,
        (select count(*)::int from group_bookings b where b.group_id = g.id and b.status = 'confirmed') as occupied
      from groups g order by g.name`),
    db.execute<{ count: number }>(sql`select count(*)::int as count from move_requests where status = 'pending'`),
    lastBackup(db),
  ]);
  return {
    perWeek: perWeek.rows,
    sources: sources.rows,
    funnel: funnel.rows,
    occupancy: occupancy.rows,
    pendingMoveRequests: moves.rows[0]?.count ?? 0,
    lastBackup: backup ? { at: backup.at.toISOString(), bytes: backup.bytes } : null,
  };
}
