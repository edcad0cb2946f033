import { sql } from "drizzle-orm";
import { insertRows, retryWhileUnavailable, type Database } from "./db/client.server";
import { jobs } from "./db/schema";
import { logger } from "./logger.server";

type Executor = Pick<Database, "execute">;
type JobHandler = (db: Database, payload: Record<string, unknown>, job: { id: string; type: string; attempts: number }) => Promise<void>;

const handlers = new Map<string, JobHandler>();

/** The next `hour:minute` UTC after `now`: a daily time in Italy, close enough across DST for a nightly job. */
export const dailyAt = (hour: number, minute: number) => (now: Date) => {
  const next = new Date(now);
  next.setUTCHours(hour, minute, 0, 0);
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
};

/**
 * A nightly job: runs, then schedules its next night (one row per day whatever the number of
 * instances: the dedupe key). Returns the scheduler every start calls.
 */
export function registerDailyJob(type: string, nextRun: (now: Date) => Date, run: (db: Database) => Promise<void>) {
  const schedule = async (db: Database, now: Date = new Date()) => {
    const runAt = nextRun(now);
    await enqueueJobs(db, [{ type, runAt, dedupeKey: `${type}:${runAt.toISOString().slice(0, 10)}` }]);
  };
  registerJob(type, async (db) => {
    await run(db);
    await schedule(db);
  });
  return schedule;
}

/** Registers what a job type does. Handlers must be safe to run again (a crash may repeat one). */
export function registerJob(type: string, handler: JobHandler) {
  handlers.set(type, handler);
}

export interface NewJob {
  type: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  /** A job with the same key is scheduled only once. */
  dedupeKey?: string;
}

export async function enqueueJobs(executor: Executor, newJobs: NewJob[]) {
  if (newJobs.length === 0) return;
  await executor.execute(jobsInsert(newJobs));
}

/** The insert of (at least one) job, not yet run (for `writeTogether`). */
export function jobsInsert(newJobs: NewJob[]) {
  return insertRows(
    jobs,
    newJobs.map((job) => ({ type: job.type, payload: job.payload ?? {}, runAt: job.runAt ?? new Date(), dedupeKey: job.dedupeKey ?? null })),
    { onConflictDoNothing: jobs.dedupeKey },
  );
}

const JOB_CLAIM_SECONDS = 300;
const JOB_MAX_ATTEMPTS = 5;
/** How long a finished job waits for an unreachable database to record its outcome. */
const OUTCOME_RETRY_MS = 20_000;

/** Claims due jobs with SKIP LOCKED and runs them; failures retry with backoff. Returns how many ran. */
export async function runDueJobs(db: Database, now?: Date, limit = 10): Promise<number> {
  // The database's clock by default: a job inserted a microsecond ago (run_at = now()) is already due,
  // which a millisecond-precision time from Node would miss. Tests pass a later time to jump ahead.
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const claimed = await db.execute<{ id: string; type: string; payload: Record<string, unknown>; attempts: number }>(sql`
    update jobs set status = 'running', attempts = attempts + 1,
      locked_until = ${at} + make_interval(secs => ${JOB_CLAIM_SECONDS})
    where id in (
      select id from jobs
      where (status = 'pending' and run_at <= ${at})
         or (status = 'running' and locked_until < ${at})
      order by run_at
      limit ${limit}
      for update skip locked
    )
    returning id, type, payload, attempts`);
  for (const job of claimed.rows) {
    const handler = handlers.get(job.type);
    let outcome;
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(db, job.payload, job);
      outcome = sql`update jobs set status = 'done', finished_at = now(), locked_until = null where id = ${job.id}`;
    } catch (error) {
      const failed = job.attempts >= JOB_MAX_ATTEMPTS;
      logger.warn({ job: job.id, type: job.type, err: String(error) }, "job failed");
      outcome = sql`
        update jobs set status = ${failed ? "failed" : "pending"}, locked_until = null, last_error = ${String(error).slice(0, 500)},
          run_at = now() + make_interval(secs => ${60 * 2 ** job.attempts})
        where id = ${job.id}`;
    }
    // A database restart must not leave the job claimed (and idle) for JOB_CLAIM_SECONDS.
    await retryWhileUnavailable(() => db.execute(outcome), OUTCOME_RETRY_MS);
  }
  return claimed.rows.length;
}
