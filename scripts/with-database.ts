import type { Database } from "../app/server/db/client.server";
import { createDatabase } from "../app/server/db/client.server";
import { startEmbeddedPostgres } from "../app/server/db/embedded.server";
import { runMigrations } from "../app/server/db/migrate.server";
import { env } from "../app/server/env.server";

/**
 * Runs `work` with the site's database URL, not migrated: DATABASE_URL, or the embedded server in
 * DATA_DIR (attaching to it when the site is running, else starting it and stopping it afterwards).
 */
export async function withDatabaseUrl<T>(work: (url: string) => Promise<T>): Promise<T> {
  const config = env();
  const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.dataDir);
  try {
    return await work(config.DATABASE_URL ?? embedded!.url);
  } finally {
    await embedded?.stop();
  }
}

/**
 * Runs a maintenance command's `work` on the site's database, migrated: DATABASE_URL, or the embedded
 * server in DATA_DIR (attaching to it when the site is running); everything is closed afterwards.
 */
export async function withMigratedDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  return withDatabaseUrl(async (url) => {
    await runMigrations(url);
    const db = createDatabase(url, 2);
    try {
      return await work(db);
    } finally {
      await db.$client.end();
    }
  });
}

/** A command's outcome for the operator: progress on stdout, one clear error on stderr, exit 1 on failure (2 on bad usage). */
export async function runCommand(name: string, work: () => Promise<void>) {
  const started = Date.now();
  try {
    await work();
    console.log(`${name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    const usage = (error as { usage?: boolean }).usage;
    console.error(`${name} failed: ${(error as Error).message}`);
    process.exit(usage ? 2 : 1);
  }
}
