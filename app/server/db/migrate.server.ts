import { migrate } from "drizzle-orm/node-postgres/migrator";
import fs from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { env } from "../env.server";

/** A fixed advisory-lock id so instances starting together migrate one after the other. */
const MIGRATION_LOCK = 727_001;

function migrationsFolder() {
  return path.resolve(env().MIGRATIONS_DIR);
}

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this release knows, in order (drizzle's journal). */
export function journal(folder = migrationsFolder()): JournalEntry[] {
  return (JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: JournalEntry[] }).entries;
}

/** The `created_at` (the journal's `when`) of each migration applied to the database, oldest first; none on a new database. */
export async function appliedMigrations(client: pg.ClientBase): Promise<number[]> {
  const table = await client.query<{ name: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as name`);
  if (!table.rows[0]?.name) return [];
  const rows = await client.query<{ created_at: string }>(`select created_at from drizzle.__drizzle_migrations order by created_at`);
  return rows.rows.map((row) => Number(row.created_at));
}

export interface MigrationOptions {
  /** Another folder of migrations (a restore replays the backup's prefix of them). */
  folder?: string;
  /** Runs under the lock before migrations are applied to a database that already had some (the pre-upgrade backup). */
  beforeUpgrade?: (pending: string[]) => Promise<void>;
}

/**
 * Applies the pending migrations, forward only (there are no down migrations: rolling back is restoring
 * the backup taken before the upgrade), under an advisory lock so that instances starting together
 * migrate one after the other and the second finds nothing pending.
 */
export async function runMigrations(url: string, options: MigrationOptions = {}) {
  const folder = options.folder ?? migrationsFolder();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    if (options.beforeUpgrade) {
      const applied = await appliedMigrations(client);
      // drizzle applies every migration newer than the last one applied.
      const pending = journal(folder).filter((entry) => entry.when > (applied.at(-1) ?? 0));
      if (applied.length > 0 && pending.length > 0) await options.beforeUpgrade(pending.map((entry) => entry.tag));
    }
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
