import { sql } from "drizzle-orm";
import { lastBackup } from "../backup/schedule.server";
import type { Database } from "../db/client.server";
import { openSafetyAlertCount } from "./safety-alerts.server";

type GroupStatus = "open" | "full" | "closed";
type OccupancyRow = { name: string; occupied: number; capacity: number; status: GroupStatus };
/** Groups by status; seats and members confirmed in the groups not closed. */
type OccupancyTotals = { groups: Record<GroupStatus, number>; seats: number; occupied: number };

/** The groups the dashboard's occupancy chart draws: a practice of 300 groups has its list (/admin/gruppi) for the rest. */
export const OCCUPANCY_SHOWN = 10;

interface Overview {
  perWeek: { week: string; count: number }[];
  sources: { source: string; count: number }[];
  funnel: { step: number; count: number }[];
  /** The open groups with the most free seats (at most OCCUPANCY_SHOWN), and every group's seats in totals. */
  occupancy: { shown: OccupancyRow[]; totals: OccupancyTotals };
  /** Move requests members made in their area that staff have not decided yet. */
  pendingMoveRequests: number;
  /** The last scheduled backup that succeeded (docs/features/backup.md). */
  lastBackup: { at: string; bytes: number } | null;
  /** Safety alerts staff have not acknowledged (docs/features/safety-alerts.md). */
  openSafetyAlerts: number;
}

/**
 * The questionnaires of each of the last twelve weeks: each week a range of `responses_created_at_idx`
 * (a plain range on created_at, not date_trunc of it, which would read every questionnaire ever sent),
 * counting `created_at` (in the index) rather than the id (in the table): an index-only scan. Counting
 * the id made PostgreSQL read the whole table instead, 150-210 ms at 50,000 questionnaires.
 */
export const PER_WEEK_SQL = `
      select to_char(weeks.week, 'YYYY-MM-DD') as week, count(r.created_at)::int as count
      from generate_series(date_trunc('week', now()) - interval '11 weeks', date_trunc('week', now()), interval '1 week') as weeks(week)
      left join internal_questionnaire_responses r on r.created_at >= weeks.week and r.created_at < weeks.week + interval '1 week'
      group by weeks.week order by weeks.week`;

/** How people found the practice, over every questionnaire: an index-only scan of `responses_source_idx`. */
export const SOURCES_SQL = `
      select source_discovery as source, count(*)::int as count from internal_questionnaire_responses
      group by source_discovery order by count desc, source_discovery`;

/** The members confirmed in group `g`. */
const confirmedIn = sql`(select count(*)::int from group_bookings b where b.group_id = g.id and b.status = 'confirmed')`;

/** Groups by status, and the seats and members of those not closed (a closed group's seats are not on offer). */
function occupancyTotals(rows: { status: GroupStatus; groups: number; seats: number; occupied: number }[]): OccupancyTotals {
  const totals: OccupancyTotals = { groups: { open: 0, full: 0, closed: 0 }, seats: 0, occupied: 0 };
  for (const row of rows) {
    totals.groups[row.status] = row.groups;
    if (row.status === "closed") continue;
    totals.seats += row.seats;
    totals.occupied += row.occupied;
  }
  return totals;
}

/** Figures for the staff overview: aggregates only, no personal data, one query per figure in parallel. */
export async function loadOverview(db: Database): Promise<Overview> {
  const [perWeek, sources, funnel, shown, byStatus, moves, backup, alerts] = await Promise.all([
    db.execute<{ week: string; count: number }>(sql.raw(PER_WEEK_SQL)),
    db.execute<{ source: string; count: number }>(sql.raw(SOURCES_SQL)),
    db.execute<{ step: number; count: number }>(sql`
      select step::int as step, sum(count)::int as count from funnel_steps
      where day >= (now() at time zone 'Europe/Rome')::date - 30 group by step order by step`),
    db.execute<OccupancyRow>(sql`
      select g.name, g.capacity::int as capacity, g.status, ${confirmedIn} as occupied
      from groups g where g.status = 'open' order by g.capacity - ${confirmedIn} desc, g.name limit ${OCCUPANCY_SHOWN}`),
    db.execute<{ status: GroupStatus; groups: number; seats: number; occupied: number }>(sql`
      select g.status, count(*)::int as groups, sum(g.capacity)::int as seats, sum(${confirmedIn})::int as occupied from groups g group by g.status`),
    db.execute<{ count: number }>(sql`select count(*)::int as count from move_requests where status = 'pending'`),
    lastBackup(db),
    openSafetyAlertCount(db),
  ]);
  return {
    perWeek: perWeek.rows,
    sources: sources.rows,
    funnel: funnel.rows,
    occupancy: { shown: shown.rows, totals: occupancyTotals(byStatus.rows) },
    pendingMoveRequests: moves.rows[0]?.count ?? 0,
    lastBackup: backup ? { at: backup.at.toISOString(), bytes: backup.bytes } : null,
    openSafetyAlerts: alerts,
  };
}
