import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { env } from "../env.server";
import { appliedMigrations, journal, runMigrations } from "../db/migrate.server";
import { listS3Objects, s3ConfigFromEnvironment, type S3Config, type S3Object } from "../storage.server";
import { archiveEntries, archiveWriter } from "./archive.server";

/**
 * Hot backup and restore (docs/features/backup.md, decision 068). The database is read in one
 * REPEATABLE READ, READ ONLY transaction (one snapshot: the site keeps writing meanwhile), table by table
 * through a cursor, each row as PostgreSQL's own text of the row; files are copied afterwards. A restore
 * replays the backup's migrations on an empty database, loads the rows with triggers off (the stored
 * balances are data too) and checks every count and checksum against the manifest.
 */

export type Progress = (line: string) => void;

export interface TableSummary {
  rows: number;
  /** sha256 of the rows' texts, summed modulo 2^256: the same rows in any order give the same value. */
  checksum: string;
}

export interface Manifest {
  format: 1;
  createdAt: string;
  /** The migrations applied to the database (drizzle journal tags), oldest first. */
  migrations: string[];
  tables: Record<string, TableSummary>;
  files: Record<string, { size: number; sha256: string }>;
  /** With S3 storage: the bucket's objects, listed (not copied: the bucket is versioned instead). */
  s3?: { endpoint: string; bucket: string; objects: S3Object[] };
  secrets: string[];
}

/** The secrets a local trial generates into DATA_DIR: without the data key, the restored answers could not be read. */
const SECRET_FILES = [".data-encryption-key", ".session-secret"];
const KEY_FILE = ".backup-encryption-key";
const BATCH = 2000;
const MOD = 1n << 256n;

/** BACKUP_ENCRYPTION_KEY; outside production, one generated once into DATA_DIR (with a warning). */
export function backupKey(progress: Progress = () => undefined): string {
  const config = env();
  if (config.BACKUP_ENCRYPTION_KEY) return config.BACKUP_ENCRYPTION_KEY;
  if (config.isProduction) throw new Error("BACKUP_ENCRYPTION_KEY is required in production (generate one with `openssl rand -base64 32` and keep it apart from the backups)");
  const file = path.join(config.dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600 });
  }
  progress(
    `WARNING: BACKUP_ENCRYPTION_KEY is not set: using the development key in ${file}. ` +
      `It is lost with that folder; to restore elsewhere run restore with BACKUP_ENCRYPTION_KEY="$(cat ${file})".`,
  );
  return fs.readFileSync(file, "utf8").trim();
}

function rowSummer() {
  let sum = 0n;
  let rows = 0;
  return {
    add(row: string) {
      sum = (sum + BigInt(`0x${createHash("sha256").update(row).digest("hex")}`)) % MOD;
      rows++;
    },
    summary: (): TableSummary => ({ rows, checksum: sum.toString(16).padStart(64, "0") }),
  };
}

/** The same text for the same row whatever the server's or role's defaults: checksums compare across servers. */
async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("set time zone 'UTC'; set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'; set bytea_output = 'hex'; set extra_float_digits = 1");
  return client;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function publicTables(client: pg.ClientBase) {
  const result = await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  return result.rows.map((row) => row.name);
}

/** Every row of `table` as text, a batch at a time, through a cursor of the current transaction. */
async function eachBatch(client: pg.ClientBase, table: string, work: (rows: string[]) => Promise<void>) {
  await client.query(`declare backup_rows no scroll cursor for select t::text as r from ${quoted(table)} t`);
  for (;;) {
    const batch = await client.query<{ r: string }>(`fetch ${BATCH} from backup_rows`);
    if (batch.rows.length === 0) break;
    await work(batch.rows.map((row) => row.r));
  }
  await client.query("close backup_rows");
}

/** Counts and checksums of every table, read in one snapshot (the restore's check, and the drill's comparison). */
export async function tableSummaries(url: string): Promise<Record<string, TableSummary>> {
  const client = await connect(url);
  try {
    await client.query("begin isolation level repeatable read read only");
    const tables: Record<string, TableSummary> = {};
    for (const table of await publicTables(client)) {
      const summer = rowSummer();
      await eachBatch(client, table, async (rows) => rows.forEach(summer.add));
      tables[table] = summer.summary();
    }
    await client.query("commit");
    return tables;
  } finally {
    await client.end();
  }
}

function walk(root: string, relative = ""): string[] {
  const folder = path.join(root, relative);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) => {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) return walk(root, child);
      return entry.isFile() && !entry.name.endsWith(".tmp") ? [child] : [];
    })
    .sort();
}

const sha256 = (body: Buffer) => createHash("sha256").update(body).digest("hex");
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export interface BackupOptions {
  key: string;
  progress?: Progress;
  /** The data folder of the uploads and generated secrets (DATA_DIR unless given: the restore drill's second site). */
  dataDir?: string;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/** Writes an encrypted backup of the database at `url` and of the stored files into `outFile` (atomically). */
export async function createBackup(url: string, outFile: string, options: BackupOptions): Promise<BackupResult> {
  const progress = options.progress ?? (() => undefined);
  const config = env();
  const dataDir = options.dataDir ?? config.dataDir;
  const target = path.resolve(outFile);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  const out = fs.createWriteStream(partial, { mode: 0o600 });
  const writer = archiveWriter(out, options.key);
  let client: pg.Client | undefined;
  try {
    client = await connect(url);
    // One snapshot for every table: what a transaction committed is all in, or all out.
    await client.query("begin isolation level repeatable read read only");
    const appliedAt = await appliedMigrations(client);
    const known = new Map(journal().map((entry) => [entry.when, entry.tag]));
    const migrations = appliedAt.map((when) => known.get(when) ?? `unknown-${when}`);
    const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), migrations, tables: {}, files: {}, secrets: [] };
    await writer.entry({ kind: "meta", name: "migrations", migrations }, Buffer.alloc(0));
    const tables = await publicTables(client);
    progress(`Database: ${tables.length} tables, ${migrations.length} migrations applied`);
    for (const table of tables) {
      const summer = rowSummer();
      await eachBatch(client, table, async (rows) => {
        rows.forEach(summer.add);
        await writer.entry({ kind: "rows", name: table }, Buffer.from(JSON.stringify(rows)));
      });
      manifest.tables[table] = summer.summary();
      if (manifest.tables[table].rows > 0) progress(`  ${table}: ${manifest.tables[table].rows} rows`);
    }
    await client.query("commit");

    const s3 = s3ConfigFromEnvironment();
    if (s3) {
      const objects = await listS3Objects(s3);
      manifest.s3 = { endpoint: s3.endpoint, bucket: s3.bucket, objects };
      progress(`S3 bucket ${s3.bucket}: ${objects.length} objects listed (not copied: keep the bucket versioned)`);
    } else {
      const root = path.join(dataDir, "uploads");
      let bytes = 0;
      for (const file of walk(root)) {
        let body: Buffer;
        try {
          body = fs.readFileSync(path.join(root, file));
        } catch {
          continue; // removed since it was listed
        }
        const name = `uploads/${file}`;
        manifest.files[name] = { size: body.length, sha256: sha256(body) };
        bytes += body.length;
        await writer.entry({ kind: "file", name }, body);
      }
      progress(`Files: ${Object.keys(manifest.files).length} from ${root} (${megabytes(bytes)})`);
    }
    for (const name of SECRET_FILES) {
      const file = path.join(dataDir, name);
      if (!fs.existsSync(file)) continue;
      await writer.entry({ kind: "secret", name }, fs.readFileSync(file));
      manifest.secrets.push(name);
    }
    await writer.entry({ kind: "manifest", name: "manifest" }, Buffer.from(JSON.stringify(manifest)));
    const written = await writer.close();
    fs.renameSync(partial, target);
    progress(`Backup written: ${target} (${megabytes(written)}, encrypted)`);
    return { file: target, bytes: written, manifest };
  } catch (error) {
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await client?.end().catch(() => undefined);
  }
}

/** Refuses a missing file, a file that is not a backup, or the wrong key, before anything is touched. */
export async function checkBackupFile(fromFile: string, key: string) {
  if (!fs.existsSync(fromFile)) throw new Error(`No backup file at ${path.resolve(fromFile)}`);
  const input = fs.createReadStream(path.resolve(fromFile));
  try {
    for await (const entry of archiveEntries(input, key)) {
      if (entry.header.kind !== "meta") throw new Error("The backup file does not start with its schema version: it is damaged");
      return;
    }
  } finally {
    input.destroy();
  }
}

/** A temporary folder holding this release's migrations up to `tags` (the schema a backup was taken on); the caller removes it. */
export function migrationsPrefix(tags: string[]) {
  const folder = path.resolve(env().MIGRATIONS_DIR);
  const entries = journal(folder);
  tags.forEach((tag, index) => {
    if (entries[index]?.tag !== tag) {
      throw new Error(`The backup was taken on migration ${tag}, which this release does not have at position ${index + 1}: restore with the release that made the backup`);
    }
  });
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-restore-migrations-"));
  fs.mkdirSync(path.join(prefix, "meta"));
  const journalFile = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
  fs.writeFileSync(path.join(prefix, "meta/_journal.json"), JSON.stringify({ ...journalFile, entries: journalFile.entries.slice(0, tags.length) }));
  for (const tag of tags) fs.copyFileSync(path.join(folder, `${tag}.sql`), path.join(prefix, `${tag}.sql`));
  return prefix;
}

/** Refuses a database that already holds tables (a restore never mixes with or replaces data). */
export async function ensureEmptyDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await publicTables(client);
    const migrated = (await appliedMigrations(client)).length;
    if (tables.length > 0 || migrated > 0) {
      throw new Error(`The target database is not empty (${tables.length} tables): restore only into a new, empty database or data folder`);
    }
  } finally {
    await client.end();
  }
}

export function ensureEmptyFolder(folder: string, what: string) {
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
    throw new Error(`${what} ${folder} is not empty: restore only into a new, empty data folder`);
  }
}

async function checkS3(s3: NonNullable<Manifest["s3"]>, config: S3Config | undefined, progress: Progress) {
  if (!config) throw new Error(`The backup's files are in the S3 bucket ${s3.bucket}: set S3_ENDPOINT, S3_BUCKET and the keys to restore`);
  progress(`S3 bucket ${config.bucket}: checking the backup's ${s3.objects.length} objects (size and ETag)...`);
  const present = new Map((await listS3Objects(config)).map((object) => [object.key, object]));
  // The ETag is the object's checksum (MD5 of a single-part upload): an object replaced since the backup differs.
  const problems = s3.objects.flatMap((object) => {
    const now = present.get(object.key);
    if (!now) return [`${object.key} missing`];
    return now.size !== object.size || now.etag !== object.etag ? [`${object.key} changed since the backup`] : [];
  });
  if (problems.length) {
    throw new Error(
      `${problems.length} of the backup's ${s3.objects.length} objects are missing or differ in bucket ${config.bucket} (${problems.slice(0, 5).join(", ")}): ` +
        "restore their versions as of the backup's time from the bucket's versioning",
    );
  }
  progress(`S3 bucket ${config.bucket}: all ${s3.objects.length} objects of the backup present, sizes and ETags equal`);
}

/**
 * Restores a backup into the empty database at `url` and the empty data folder: replays the backup's
 * migrations, loads the rows with triggers off, writes the files, then checks everything against the manifest.
 */
export async function restoreBackup(url: string, fromFile: string, options: BackupOptions): Promise<Manifest> {
  const progress = options.progress ?? (() => undefined);
  const config = env();
  const dataDir = options.dataDir ?? config.dataDir;
  const uploadsRoot = path.join(dataDir, "uploads");
  await ensureEmptyDatabase(url);
  if (!s3ConfigFromEnvironment()) ensureEmptyFolder(uploadsRoot, "The uploads folder");
  if (!fs.existsSync(fromFile)) throw new Error(`No backup file at ${path.resolve(fromFile)}`);
  const input = fs.createReadStream(path.resolve(fromFile));
  const client = await connect(url);
  let manifest: Manifest | undefined;
  const written: Record<string, string> = {};
  let transaction = false;
  try {
    for await (const { header, body } of archiveEntries(input, options.key)) {
      if (header.kind === "meta") {
        const tags = header.migrations as string[];
        const folder = migrationsPrefix(tags);
        try {
          await runMigrations(url, { folder });
        } finally {
          fs.rmSync(folder, { recursive: true, force: true });
        }
        progress(`Schema: ${tags.length} migrations applied (up to ${tags.at(-1) ?? "none"})`);
        await client.query("begin");
        transaction = true;
        // Triggers and foreign keys off while loading: the rows are loaded as they were, balances included.
        await client.query("set local session_replication_role = replica").catch((error: Error) => {
          throw new Error(`The restore needs a database role allowed to set session_replication_role (the owner as superuser, or rds_superuser): ${error.message}`);
        });
        const tables = await publicTables(client);
        // Rows a migration itself inserted are in the backup too.
        if (tables.length) await client.query(`truncate ${tables.map(quoted).join(", ")}`);
      } else if (header.kind === "rows") {
        await client.query(`insert into ${quoted(header.name)} select (r::${quoted(header.name)}).* from unnest($1::text[]) as r`, [JSON.parse(body.toString()) as string[]]);
      } else if (header.kind === "file") {
        if (!header.name.startsWith("uploads/") || header.name.split("/").includes("..")) throw new Error(`Unexpected file in the backup: ${header.name}`);
        const file = path.join(dataDir, header.name);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, body);
        written[header.name] = sha256(fs.readFileSync(file));
      } else if (header.kind === "secret") {
        if (!SECRET_FILES.includes(header.name)) continue;
        const fromEnvironment = header.name === ".data-encryption-key" ? config.DATA_ENCRYPTION_KEY : config.SESSION_SECRET;
        if (fromEnvironment && fromEnvironment !== body.toString().trim()) {
          progress(`Note: the backup holds a generated ${header.name}; this environment sets its own, which is kept`);
          continue;
        }
        fs.mkdirSync(dataDir, { recursive: true });
        fs.writeFileSync(path.join(dataDir, header.name), body, { mode: 0o600 });
      } else if (header.kind === "manifest") {
        manifest = JSON.parse(body.toString()) as Manifest;
      }
    }
    if (!manifest) throw new Error("The backup has no manifest: it is incomplete");
    if (transaction) await client.query("commit");
    transaction = false;
  } catch (error) {
    if (transaction) await client.query("rollback").catch(() => undefined);
    throw new Error(`${(error as Error).message}\nThe target is partly restored: drop the database (or delete the data folder) before trying again.`, { cause: error });
  } finally {
    await client.end();
  }

  const restored = await tableSummaries(url);
  const problems: string[] = [];
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const actual = restored[table];
    if (!actual) problems.push(`table ${table} missing`);
    else if (actual.rows !== expected.rows) problems.push(`table ${table}: ${actual.rows} rows, the backup had ${expected.rows}`);
    else if (actual.checksum !== expected.checksum) problems.push(`table ${table}: content differs from the backup`);
  }
  for (const [name, expected] of Object.entries(manifest.files)) {
    if (written[name] !== expected.sha256) problems.push(`file ${name}: ${written[name] ? "checksum differs" : "missing"}`);
  }
  if (problems.length) throw new Error(`The restored data does not match the backup's manifest:\n  ${problems.join("\n  ")}`);
  if (manifest.s3) await checkS3(manifest.s3, s3ConfigFromEnvironment(), progress);

  const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
  progress(`Restored ${rows} rows in ${Object.keys(manifest.tables).length} tables (counts and checksums match the manifest):`);
  for (const [table, summary] of Object.entries(manifest.tables)) if (summary.rows > 0) progress(`  ${table}: ${summary.rows}`);
  progress(`Restored ${Object.keys(manifest.files).length} files (checksums match)${manifest.secrets.length ? `, and the generated secrets ${manifest.secrets.join(", ")}` : ""}`);
  progress(`Backup taken at ${manifest.createdAt}`);
  return manifest;
}
