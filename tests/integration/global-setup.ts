import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedServer } from "../../app/server/db/embedded.server";
import { runMigrations } from "../../app/server/db/migrate.server";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

let embedded: EmbeddedServer | undefined;
let dataDir: string | undefined;
let adminUrl = "";
const template = `template_${process.pid}`;

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * One PostgreSQL server for the whole run (embedded, or the one at TEST_DATABASE_URL), with a
 * migrated template database; every test file gets a fresh copy of it (see setup-file.ts).
 */
export async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-test-"));
    embedded = await startEmbeddedPostgres(dataDir, { database: "postgres", fsync: false });
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${template}"`);
  await admin.query(`create database "${template}"`);
  await admin.end();
  await runMigrations(withDatabase(adminUrl, template));
  project.provide("adminDatabaseUrl", adminUrl);
  project.provide("templateDatabase", template);
}

export async function teardown() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const leftovers = await admin.query<{ datname: string }>(`select datname from pg_database where datname = $1 or datname like $2`, [template, `t\\_${process.pid}\\_%`]);
  for (const row of leftovers.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
  await admin.end();
  await embedded?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
