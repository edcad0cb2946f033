import type { Database } from "../app/server/db/client.server";
import { createDatabase } from "../app/server/db/client.server";
import { startEmbeddedPostgres } from "../app/server/db/embedded.server";
import { runMigrations } from "../app/server/db/migrate.server";
import { env } from "../app/server/env.server";

/**
 * Runs a maintenance command's `work` on the site's database, migrated: DATABASE_URL, or the embedded
 * server in DATA_DIR (attaching to it when the site is running); everything is closed afterwards.
 */
export async function withMigratedDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const config = env();
  const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.dataDir);
  const url = config.DATABASE_URL ?? embedded!.url;
  await runMigrations(url);
  const db = createDatabase(url, 2);
  try {
    return await work(db);
  } finally {
    await db.$client.end();
    await embedded?.stop();
  }
}
