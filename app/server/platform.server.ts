import { currentKeyId } from "./crypto.server";
import { createDatabase, endWithin, type Database } from "./db/client.server";
import { startEmbeddedPostgres, type EmbeddedServer } from "./db/embedded.server";
import { runMigrations } from "./db/migrate.server";
import { ensureDemoAdmin, retireDemoPassword } from "./db/demo-admin.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { configuredTransport } from "./mail/transport.server";
import { scheduleRetention } from "./retention.server";
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
  await runMigrations(databaseUrl);
  const db = createDatabase(databaseUrl);
  if (config.SEED_DEMO === "true") {
    // Loaded only here: a production start (no demo data) never reads the demo texts and images.
    const [{ seedDemoContent }, { ensureDemoTherapist, seedDemoSessions }, { seedDemoIntakeCalls }] = await Promise.all([
      import("./db/seed.server"),
      import("./db/seed-sessions.server"),
      import("./db/seed-intake-calls.server"),
    ]);
    await seedDemoContent(db, config.dataDir);
    await ensureDemoAdmin(db);
    await seedDemoSessions(db);
    await ensureDemoTherapist(db);
    await seedDemoIntakeCalls(db);
  }
  await retireDemoPassword(db);
  await scheduleRetention(db);
  // The daily job keeps the window; this fills it at once after a deploy or a long stop.
  await materialiseSessions(db);
  await scheduleSessionsJob(db);
  await scheduleRemindersJob(db);
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
