import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { createDatabase, type Database } from "../../app/server/db/client.server";

let database: Database | undefined;
let databaseName: string | undefined;

export function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs `work` on a connection to the test server's maintenance database (create / drop databases). */
export async function admin<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for this test file, copied from the template in milliseconds. With
 * `dataDir`, first a temporary DATA_DIR of that name (uploads, keys) for code that writes there.
 */
export async function testDatabase(options: { dataDir?: string } = {}): Promise<Database> {
  if (options.dataDir) process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), `insieme-${options.dataDir}-`));
  if (database) return database;
  const templateName = inject("templateDatabase");
  const parentPid = templateName.replace("template_", "");
  databaseName = `t_${parentPid}_${randomBytes(5).toString("hex")}`;
  await admin((client) => client.query(`create database "${databaseName}" template "${templateName}"`));
  database = createDatabase(withDatabase(inject("adminDatabaseUrl"), databaseName), 5);
  return database;
}

export function testDatabaseUrl() {
  if (!databaseName) throw new Error("call testDatabase() first");
  return withDatabase(inject("adminDatabaseUrl"), databaseName);
}

export async function dropTestDatabase() {
  if (!database) return;
  await database.$client.end();
  const name = databaseName;
  database = undefined;
  await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
}
