import { migrate } from "drizzle-orm/node-postgres/migrator";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { env } from "../env.server";

/** A fixed advisory-lock id so instances starting together migrate one after the other. */
const MIGRATION_LOCK = 727_001;

function migrationsFolder() {
  return path.resolve(env().MIGRATIONS_DIR);
}

export async function runMigrations(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
