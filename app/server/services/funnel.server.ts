import { sql } from "drizzle-orm";
import { romeTimeToUtc } from "~/domain/calendar";
import { funnelStages, funnelWeekStarts, WAITING_DAYS, type FunnelCounts, type FunnelWeek, type WaitingKind } from "~/domain/care-funnel";
import type { Database } from "../db/client.server";

/** Counts one visitor reaching questionnaire step `step` today (Italian day). No identifiers stored. */
export async function countFunnelStep(tx: Pick<Database, "execute">, step: number) {
  await tx.execute(sql`
    insert into funnel_steps (day, step, count) values ((now() at time zone 'Europe/Rome')::date, ${step}, 1)
    on conflict (day, step) do update set count = funnel_steps.count + 1`);
}

/** The Monday (Italian date) of the ISO week, in Italy, of a timestamptz column. */
const romeWeek = (column: string) => `to_char(date_trunc('week', ${column} at time zone 'Europe/Rome'), 'YYYY-MM-DD')`;

/**
 * Each stage's events since a moment, by the Italian week they happened in (the cohort rule of
 * docs/features/care-path.md). Questionnaires are an index-only range of `responses_created_at_idx`;
 * the calls (a few thousand at most) are read whole; a first meeting is the earliest meeting with
 * «presente» of a booking that a suitable call confirmed (`attendance_booking_idx`). 22 ms on the
 * 50,000-questionnaire demo data (docs/features/care-path.md).
 */
const FUNNEL_SQL = (since: Date) => sql`
  with events as (
    select ${sql.raw(romeWeek("created_at"))} as week, 'questionnaires' as stage
      from internal_questionnaire_responses where created_at >= ${since}
    union all
    select ${sql.raw(romeWeek("created_at"))}, 'booked' from intake_calls where created_at >= ${since}
    union all
    select ${sql.raw(romeWeek("starts_at"))}, stage from intake_calls
      cross join lateral (values ('held'), ('suitable')) as stages(stage)
      where starts_at >= ${since} and outcome is not null and outcome <> 'no_show'
        and (stage = 'held' or outcome in ('suitable', 'suitable_other'))
    union all
    select ${sql.raw(romeWeek("first_at"))}, 'attended' from (
      select min(s.starts_at) as first_at
      from (select distinct booking_id from intake_calls where outcome in ('suitable', 'suitable_other') and booking_id is not null) c
      join attendance a on a.booking_id = c.booking_id and a.status = 'present'
      join group_sessions s on s.id = a.session_id
      group by c.booking_id
    ) first_meetings where first_at >= ${since}
  )
  select week, stage, count(*)::int as count from events group by week, stage`;

/**
 * The last twelve ISO weeks (Europe/Rome), oldest first, each with its count per stage; weeks with
 * nothing are there with zeros.
 */
export async function weeklyCareFunnel(db: Pick<Database, "execute">, now: Date = new Date()): Promise<FunnelWeek[]> {
  const mondays = funnelWeekStarts(now);
  const since = romeTimeToUtc(mondays[0]!, "00:00");
  const { rows } = await db.execute<{ week: string; stage: string; count: number }>(FUNNEL_SQL(since));
  const weeks = new Map(mondays.map((week) => [week, Object.fromEntries(funnelStages.map((stage) => [stage, 0])) as FunnelCounts]));
  for (const row of rows) {
    const counts = weeks.get(row.week);
    if (counts && row.stage in counts) counts[row.stage as keyof FunnelCounts] = row.count;
  }
  return [...weeks].map(([week, counts]) => ({ week, counts }));
}

/** The most rows the waiting list shows (the page says how many there are in all). */
export const WAITING_SHOWN = 100;

export type WaitingPerson = {
  kind: WaitingKind;
  /** The call (kinds call and outcome), or the questionnaire (kind questionnaire). */
  id: string;
  bookingId: string | null;
  name: string;
  email: string;
  therapistName: string | null;
  callAt: string | null;
  since: string;
};

/**
 * Everyone waiting for a decision for longer than WAITING_DAYS, the longest wait first:
 * - a booked call with no outcome: once it has taken place, waiting for its outcome since its start;
 *   before, waiting for the call since it was booked;
 * - a questionnaire of the funnel's twelve weeks (the latest of its address; not of someone under 18,
 *   whom no group takes) with no call booked at or after it and no booking decided since (confirmed,
 *   moved or withdrawn). An older one counts as a person who did not go on, not as one waiting.
 * At most WAITING_SHOWN rows, with the total.
 */
export async function waitingForDecision(db: Pick<Database, "execute">, now: Date = new Date()): Promise<{ people: WaitingPerson[]; total: number }> {
  const before = new Date(now.getTime() - WAITING_DAYS * 86_400_000);
  const oldest = romeTimeToUtc(funnelWeekStarts(now)[0]!, "00:00");
  const { rows } = await db.execute<{
    kind: WaitingKind;
    id: string;
    booking_id: string | null;
    name: string;
    email: string;
    therapist_name: string | null;
    call_at: Date | string | null;
    since: Date | string;
    total: number;
  }>(sql`
    select *, count(*) over ()::int as total from (
      select case when c.starts_at <= ${now} then 'outcome' else 'call' end as kind, c.id, c.booking_id,
        coalesce(c.name, c.email) as name, c.email, t.name as therapist_name, c.starts_at as call_at,
        case when c.starts_at <= ${now} then c.starts_at else c.created_at end as since
      from intake_calls c left join therapists t on t.id = c.therapist_id
      where c.status = 'booked' and c.outcome is null
      union all
      select 'questionnaire', r.id, null, r.name, r.email, null, null, r.created_at
      from internal_questionnaire_responses r
      where r.created_at >= ${oldest} and r.created_at < ${before} and r.age <> 'Meno di 18'
        and not exists (select 1 from internal_questionnaire_responses n where lower(n.email) = lower(r.email) and n.created_at > r.created_at)
        and not exists (select 1 from intake_calls c where lower(c.email) = lower(r.email) and c.created_at >= r.created_at)
        and not exists (select 1 from group_bookings b where lower(b.email) = lower(r.email) and b.status <> 'requested' and b.updated_at >= r.created_at)
    ) waiting
    where since < ${before}
    order by since, id
    limit ${WAITING_SHOWN}`);
  const iso = (value: Date | string) => new Date(value).toISOString();
  const people = rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    bookingId: row.booking_id,
    name: row.name,
    email: row.email,
    therapistName: row.therapist_name,
    callAt: row.call_at ? iso(row.call_at) : null,
    since: iso(row.since),
  }));
  return { people, total: rows[0]?.total ?? 0 };
}
