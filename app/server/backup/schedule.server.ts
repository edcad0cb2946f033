import { sql } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "../db/client.server";
import { env } from "../env.server";
import { enqueueJobs, registerJob } from "../jobs.server";
import { logger } from "../logger.server";
import { enqueueEmails, staffEmail } from "../mail/outbox.server";
import { backupKey, createBackup } from "./backup.server";

/**
 * The scheduled backup (docs/features/backup.md): every BACKUP_EVERY_HOURS (24 by default) into
 * BACKUP_DIR, keeping the newest BACKUP_KEEP; one row per slot whatever the number of instances (the
 * jobs table's dedupe key). A failure e-mails staff once (on the first attempt) and the job retries.
 */
const JOB = "backup";
const PREFIX = "insieme-";
const SUFFIX = ".insieme-backup";

const slotKey = (at: Date) => `${JOB}:${at.toISOString().slice(0, 13)}`;

function nextSlot(now: Date, hours: number) {
  const next = new Date(now);
  if (hours === 24) {
    // Nightly at 02:30 UTC, after the other nightly jobs.
    next.setUTCHours(2, 30, 0, 0);
    if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
    return next;
  }
  next.setUTCMinutes(30, 0, 0);
  next.setUTCHours(Math.floor(now.getUTCHours() / hours) * hours + hours);
  return next;
}

async function schedule(db: Database, now = new Date()) {
  const hours = env().BACKUP_EVERY_HOURS;
  if (hours === 0) return;
  const runAt = nextSlot(now, hours);
  await enqueueJobs(db, [{ type: JOB, runAt, dedupeKey: slotKey(runAt) }]);
}

/** Deletes the oldest scheduled backups beyond `keep` (pre-upgrade backups are never deleted here). */
export function pruneBackups(folder: string, keep: number) {
  const files = fs
    .readdirSync(folder)
    .filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX))
    .sort();
  for (const name of files.slice(0, Math.max(0, files.length - keep))) fs.rmSync(path.join(folder, name), { force: true });
}

/** Takes one scheduled backup now into BACKUP_DIR, then prunes. */
export async function runScheduledBackup(databaseUrl: string) {
  const config = env();
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(config.backupDir, `${PREFIX}${stamp}${SUFFIX}`);
  const result = await createBackup(databaseUrl, file, { key: backupKey((line) => logger.warn(line)), progress: (line) => logger.debug(line) });
  pruneBackups(config.backupDir, config.BACKUP_KEEP);
  return result;
}

/** Registers the job (its handler needs the database's address) and schedules the next run. */
export async function scheduleBackups(db: Database, databaseUrl: string) {
  registerJob(JOB, async (jobDb, _payload, job) => {
    // The next slot first: a backup that keeps failing still leaves tomorrow's scheduled.
    await schedule(jobDb);
    try {
      const result = await runScheduledBackup(databaseUrl);
      await jobDb.execute(sql`update jobs set payload = ${JSON.stringify({ file: result.file, bytes: result.bytes })}::jsonb where id = ${job.id}`);
      logger.info({ file: result.file, bytes: result.bytes }, "scheduled backup written");
    } catch (error) {
      logger.error({ err: (error as Error).message }, "scheduled backup failed");
      if (job.attempts === 1) {
        await enqueueEmails(jobDb, [
          staffEmail({
            subject: "Backup non riuscito",
            template: "staff-backup-failed",
            title: "Il backup programmato del sito non è riuscito: verrà ritentato",
            rows: [
              ["Errore", (error as Error).message.slice(0, 500)],
              ["Cartella", env().backupDir],
              ["Cosa fare", "Controllare il log del server e lo spazio su disco; l'ultimo backup riuscito è indicato nella dashboard dell'admin"],
            ],
          }),
        ]);
      }
      throw error;
    }
  });
  await schedule(db);
}

/** The last scheduled backup that succeeded, for the admin dashboard; undefined when none has yet. */
export async function lastBackup(db: Database): Promise<{ at: Date; bytes: number } | undefined> {
  const rows = await db.execute<{ finished_at: string; bytes: number | null }>(
    sql`select finished_at, (payload->>'bytes')::bigint as bytes from jobs where type = ${JOB} and status = 'done' order by finished_at desc limit 1`,
  );
  const row = rows.rows[0];
  return row ? { at: new Date(row.finished_at), bytes: Number(row.bytes ?? 0) } : undefined;
}
