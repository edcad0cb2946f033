import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** A pool and its Drizzle handle. Opened lazily: the build imports this module without a database. */
export function createDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on("error", () => undefined); // a dropped idle client must not crash the process
  return drizzle(pool, { schema }) as Database;
}

export { schema };
