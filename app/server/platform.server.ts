import path from "node:path";
import { backupKey, createBackup } from "./backup/backup.server";
import { scheduleBackups } from "./backup/schedule.server";
import { currentKeyId } from "./crypto.server";
import { createDatabase, endWithin, type Database } from "./db/client.server";
import { startEmbeddedPostgres, type EmbeddedServer } from "./db/embedded.server";
import { runMigrations } from "./db/migrate.server";
import { retireDemoPassword } from "./db/demo-admin.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { configuredTransport } from "./mail/transport.server";
import { scheduleRetention } from "./retention.server";
import { scheduleResultsJob } from "./services/outcome-results.server";
// Modules that register job handlers: loaded before the jobs worker starts claiming work.
import "./services/bookings.server";
import "./services/followups.server";
import { scheduleRemindersJob } from "./services/reminders.server";
import { materialiseSessions, scheduleSessionsJob } from "./services/sessions.server";
import { startWorkers } from "./workers.server";

interface Platform {
  db: Database;
  databaseUrl: string;
  stop(): Promise<void>;
}

// Kept on globalThis: in development Vite may reload this module while the server keeps running.
const state = globalThis as typeof globalThis & { __insiemePlatform?: Platform; __insiemeStopHooks?: Array<() => Promise<void> | void> };
const stopHooks = (state.__insiemeStopHooks ??= []);

/** Runs something when the platform stops (workers register here), in reverse order. */
export function onPlatformStop(hook: () => Promise<void> | void) {
  stopHooks.push(hook);
}

/**
 * Before migrating a database that already holds data (decision 069): a full backup into BACKUP_DIR,
 * the way back if the upgrade goes wrong. Without BACKUP_ENCRYPTION_KEY in production the start stops.
 */
const preUpgradeBackup = (databaseUrl: string) => async (pending: string[]) => {
  let key: string;
  try {
    key = backupKey((line) => logger.warn(line));
  } catch (error) {
    throw new Error(
      `${pending.length} migrations are pending on a database with data: the start takes a backup before migrating, and ${(error as Error).message}. ` +
        "Or set PRE_UPGRADE_BACKUP=off after taking a backup yourself (npm run backup).",
      { cause: error },
    );
  }
  const file = path.join(env().backupDir, `pre-upgrade-${new Date().toISOString().replace(/[:.]/g, "-")}-${pending.at(-1)}.insieme-backup`);
  logger.info({ pending, file }, "migrations pending on a database with data: backing it up first");
  const result = await createBackup(databaseUrl, file, { key });
  logger.info({ file: result.file, bytes: result.bytes }, "pre-upgrade backup written: restore it to roll back (docs/features/backup.md)");
};

/** Starts (or attaches to) the database, migrates it, seeds demo content on the first run. */
export async function startPlatform(): Promise<Platform> {
  if (state.__insiemePlatform) return state.__insiemePlatform;
  const config = env();
  // Fail at start-up, not at the first questionnaire, when the encryption key is missing or malformed.
  currentKeyId();
  let embedded: EmbeddedServer | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir);
    databaseUrl = embedded.url;
  }
  await runMigrations(databaseUrl, { beforeUpgrade: config.PRE_UPGRADE_BACKUP === "on" ? preUpgradeBackup(databaseUrl) : undefined });
  const db = createDatabase(databaseUrl);
  // The demo seed (loaded only here: a production start never reads the demo texts and images) is checked while the
  // retired demo password's scrypt check runs on libuv's pool; the start waits for both.
  const seeded = config.SEED_DEMO === "true" ? import("./db/seed-demo.server").then(({ seedDemo }) => seedDemo(db, config.dataDir)) : undefined;
  await Promise.all([retireDemoPassword(db), seeded]);
  await scheduleRetention(db);
  // The daily job keeps the window; this fills it at once after a deploy or a long stop.
  await materialiseSessions(db);
  await scheduleSessionsJob(db);
  await scheduleRemindersJob(db);
  await scheduleResultsJob(db);
  await scheduleBackups(db, databaseUrl);
  const workers = config.WORKERS === "true" ? startWorkers(db, configuredTransport()) : undefined;
  const platform: Platform = {
    db,
    databaseUrl,
    async stop() {
      await workers?.stop();
      for (const hook of stopHooks.splice(0).reverse()) await hook();
      const pool = db.$client;
      if (!(await endWithin(pool, 5000))) {
        logger.warn({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }, "database pool did not close within 5 s: stopping anyway");
      }
      await embedded?.stop();
      state.__insiemePlatform = undefined;
    },
  };
  state.__insiemePlatform = platform;
  logger.info({ embedded: Boolean(embedded) }, "platform ready");
  return platform;
}

export function platform(): Platform {
  if (!state.__insiemePlatform) throw new Error("The platform has not been started");
  return state.__insiemePlatform;
}
