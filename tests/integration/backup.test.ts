import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { action as submitQuestionnaire } from "../../app/routes/api/submit-questionnaire";
import { action as paymentsAction } from "../../app/routes/client/payments";
import { migrationsPrefix, restoreBackup, createBackup, tableSummaries, checkBackupFile } from "../../app/server/backup/backup.server";
import { auth } from "../../app/server/auth.server";
import { unseal, type Sealed } from "../../app/server/crypto.server";
import { createDatabase, type Database } from "../../app/server/db/client.server";
import { journal, runMigrations } from "../../app/server/db/migrate.server";
import { resetEnvForTests } from "../../app/server/env.server";
import { enqueueJobs, runDueJobs } from "../../app/server/jobs.server";
import { lastBackup, runScheduledBackup, scheduleBackups } from "../../app/server/backup/schedule.server";
import { loadOverview } from "../../app/server/services/admin-overview.server";
import { s3Storage, type Bucket } from "../../app/server/storage.server";

import { signedInClient } from "./client-session";
import { admin, testDatabase, testDatabaseUrl, withDatabase } from "./database";
import { attendingMember, fiscalProfile, onePagePdf, postJson, practiceReady, queuedMail, signedInStaff, staffPayment, validAnswers } from "./helpers";
import { form, pageRequest, routeCaller } from "./route-calls";

/**
 * The restore drill (issue 31): data written through the site's own flows, a backup taken while
 * questionnaires keep arriving, restored into a new database and a new data folder, then compared:
 * every table's rows and every file, the same passwords, answers readable with the same data key.
 * And the upgrade path: a database on the previous migrations, with data, migrated to this release.
 */

const KEY = randomBytes(32).toString("base64");
const PASSWORD = "password-molto-lunga-per-il-drill";
let db: Database;
let dataDir: string;
const extraDatabases: string[] = [];
const call = routeCaller(() => ({ db, clientIp: "198.51.100.131", cspNonce: "" }));

/** A new, empty database on the test server (not from the migrated template). */
async function emptyDatabase() {
  const name = `restore_${randomBytes(5).toString("hex")}`;
  await admin((client) => client.query(`create database "${name}"`));
  extraDatabases.push(name);
  return withDatabase(inject("adminDatabaseUrl"), name);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-backup-"));
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
  db = await testDatabase();
});

afterAll(async () => {
  for (const name of extraDatabases) await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
});

const filesOf = (root: string) =>
  (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();

describe("backup and restore", () => {
  it("restores everything written through the site, backed up while requests kept arriving", { timeout: 60_000 }, async () => {
    // Writes through the real flows: a staff account, a questionnaire, a booking attended, a payment with its invoice, an upload.
    const { session: staff } = await signedInStaff(db, "staff-drill@example.com", PASSWORD);
    await practiceReady(db);
    const questionnaire = await postJson(submitQuestionnaire, db, { ...validAnswers, email: "drill-persona@example.com" });
    expect(questionnaire.status).toBe(201);
    const booking = await attendingMember(db, "drill-persona@example.com", 2, "drill");
    await fiscalProfile(db, "drill-persona@example.com");
    const payment = await staffPayment(db, staff, booking.id);
    expect(payment.invoiceNumber).toBeTruthy();
    const cookie = await signedInClient(db, "drill-persona@example.com");
    const pdf = new Blob([new Uint8Array(await onePagePdf("drill"))], { type: "application/pdf" });
    await call(paymentsAction, pageRequest("/area-personale/pagamenti", { method: "POST", cookie, body: form({ intent: "isee", booking: booking.id, below: "on", file: pdf }) }));
    const uploaded = filesOf(path.join(dataDir, "uploads"));
    expect(uploaded.some((file) => file.startsWith("isee/"))).toBe(true);
    const before = await tableSummaries(testDatabaseUrl());

    // The backup, while questionnaires keep arriving.
    let running = true;
    let submitted = 0;
    const load = (async () => {
      while (running) {
        const result = await postJson(submitQuestionnaire, db, { ...validAnswers, email: `drill-carico-${submitted}@example.com` });
        expect(result.status).toBe(201);
        submitted++;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const archive = path.join(dataDir, "drill.insieme-backup");
    const lines: string[] = [];
    const { manifest } = await createBackup(testDatabaseUrl(), archive, { key: KEY, progress: (line) => lines.push(line) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    running = false;
    await load;
    expect(submitted).toBeGreaterThan(0);
    expect(lines.join("\n")).toMatch(/Backup written/);
    // The archive is encrypted: no personal data readable in it.
    expect(fs.readFileSync(archive).includes(Buffer.from("drill-persona@example.com"))).toBe(false);

    // Restore into a new database and a new data folder.
    const restoredUrl = await emptyDatabase();
    const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-restored-"));
    const restored = await restoreBackup(restoredUrl, archive, { key: KEY, dataDir: restoredDir });
    expect(restored.tables).toEqual(manifest.tables);

    // Every table: the restored rows are exactly the backup's, and hold everything written before it began.
    const after = await tableSummaries(restoredUrl);
    expect(after).toEqual(manifest.tables);
    for (const [table, summary] of Object.entries(before)) {
      if (table !== "internal_questionnaire_responses" && table !== "email_outbox") continue;
      expect(after[table]!.rows, table).toBeGreaterThanOrEqual(summary.rows);
    }
    const questionnairesInBackup = after.internal_questionnaire_responses!.rows;
    expect(questionnairesInBackup).toBeLessThanOrEqual(before.internal_questionnaire_responses!.rows + submitted);
    // One consistent snapshot: each questionnaire in the backup came with its outbox e-mails, none torn.
    const restoredDb = createDatabase(restoredUrl, 2);
    try {
      const responses = await restoredDb.$client.query<{ email: string; answers: Sealed }>("select email, answers from internal_questionnaire_responses");
      for (const row of responses.rows.filter((row) => row.email.startsWith("drill-carico-"))) {
        const mails = await restoredDb.$client.query(`select 1 from email_outbox where "to" = $1`, [row.email]);
        expect(mails.rowCount, row.email).toBeGreaterThan(0);
      }
      // The answers open with the same data key.
      const mine = responses.rows.find((row) => row.email === "drill-persona@example.com")!;
      expect(unseal<Record<string, unknown>>(mine.answers)).toMatchObject({
        therapy_goals_other: validAnswers.therapy_goals_other,
        source_discovery: validAnswers.source_discovery,
      });
      // The same password signs staff in on the restored site.
      const signIn = await auth(restoredDb).api.signInEmail({ body: { email: "staff-drill@example.com", password: PASSWORD }, asResponse: true });
      expect(signIn.status).toBe(200);
      const invoices = await restoredDb.$client.query("select id from invoices where number = $1", [payment.invoiceNumber]);
      expect(invoices.rowCount).toBe(1);
    } finally {
      await restoredDb.$client.end();
    }

    // Every file, byte for byte.
    const restoredFiles = filesOf(path.join(restoredDir, "uploads"));
    expect(restoredFiles).toEqual(expect.arrayContaining(uploaded));
    for (const file of uploaded) expect(fs.readFileSync(path.join(restoredDir, "uploads", file)).equals(fs.readFileSync(path.join(dataDir, "uploads", file)))).toBe(true);
  });

  it("refuses a database that is not empty, a wrong key, and a damaged archive, changing nothing", async () => {
    const archive = path.join(dataDir, "small.insieme-backup");
    await createBackup(testDatabaseUrl(), archive, { key: KEY, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "insieme-nofiles-")) });
    const target = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-refused-"));
    await expect(restoreBackup(testDatabaseUrl(), archive, { key: KEY, dataDir: target })).rejects.toThrow(/not empty/);
    await expect(checkBackupFile(archive, randomBytes(32).toString("base64"))).rejects.toThrow(/wrong BACKUP_ENCRYPTION_KEY/);
    const damaged = path.join(dataDir, "damaged.insieme-backup");
    const bytes = fs.readFileSync(archive);
    bytes[bytes.length - 40]! ^= 1;
    fs.writeFileSync(damaged, bytes);
    const url = await emptyDatabase();
    await expect(restoreBackup(url, damaged, { key: KEY, dataDir: target })).rejects.toThrow(/damaged/);
    fs.writeFileSync(damaged, fs.readFileSync(archive).subarray(0, 200));
    await expect(checkBackupFile(damaged, KEY)).rejects.toThrow(/truncated/);
  });
});

function withoutS3() {
  for (const name of ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) delete process.env[name];
  resetEnvForTests();
}

describe("with S3 storage", () => {
  it("lists the bucket's objects with their checksums in the manifest, and the restore checks each of them", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-backup-s3-"));
    const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: root, configureBuckets: [{ name: "insieme" }] });
    const { port } = await server.run();
    const config = { endpoint: `http://127.0.0.1:${port}`, bucket: "insieme", region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
    Object.assign(process.env, { S3_ENDPOINT: config.endpoint, S3_BUCKET: config.bucket, S3_REGION: config.region, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" });
    resetEnvForTests();
    try {
      const store = s3Storage(config);
      const objects = {
        "documents/privacy-policy.pdf": Buffer.from(await onePagePdf()),
        "isee/persona-1/attestazione.pdf": Buffer.from("%PDF-1.4 ISEE"),
        "blog-images/copertina-sole.webp": randomBytes(3000),
      };
      for (const [name, body] of Object.entries(objects)) {
        const [bucket, ...key] = name.split("/");
        await store.put(bucket as Bucket, key.join("/"), body, "application/octet-stream");
      }
      const archive = path.join(root, "s3.insieme-backup");
      const lines: string[] = [];
      const { manifest } = await createBackup(testDatabaseUrl(), archive, {
        key: KEY,
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "insieme-s3-data-")),
        progress: (line) => lines.push(line),
      });
      // Listed with size and ETag (the MD5 of each single-part upload), not copied into the archive.
      expect(manifest.s3?.bucket).toBe("insieme");
      expect(new Map(manifest.s3!.objects.map((object) => [object.key, object]))).toEqual(
        new Map(Object.entries(objects).map(([key, body]) => [key, { key, size: body.length, etag: createHash("md5").update(body).digest("hex") }])),
      );
      expect(manifest.files).toEqual({});
      expect(lines).toContain("S3 bucket insieme: 3 objects listed (not copied: keep the bucket versioned)");

      const restored: string[] = [];
      await restoreBackup(await emptyDatabase(), archive, {
        key: KEY,
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "insieme-s3-restored-")),
        progress: (line) => restored.push(line),
      });
      expect(restored).toContain("S3 bucket insieme: all 3 objects of the backup present, sizes and ETags equal");

      // Replaced since the backup (same size, other bytes) and deleted: the restore names both.
      await store.put("isee", "persona-1/attestazione.pdf", Buffer.from("%PDF-1.4 XXXX"), "application/pdf");
      await store.remove("blog-images", "copertina-sole.webp");
      await expect(restoreBackup(await emptyDatabase(), archive, { key: KEY, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "insieme-s3-restored-")) })).rejects.toThrow(
        /2 of the backup's 3 objects are missing or differ in bucket insieme \(blog-images\/copertina-sole.webp missing, isee\/persona-1\/attestazione.pdf changed since the backup\)/,
      );

      // Without the S3 settings the restore says what it needs.
      withoutS3();
      await expect(restoreBackup(await emptyDatabase(), archive, { key: KEY, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "insieme-s3-restored-")) })).rejects.toThrow(
        /in the S3 bucket insieme: set S3_ENDPOINT, S3_BUCKET and the keys/,
      );
    } finally {
      withoutS3();
      await server.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("upgrades", () => {
  it("migrates a database of the previous release, with its data, to this one, asking for the pre-upgrade backup first", async () => {
    const tags = journal().map((entry) => entry.tag);
    const previous = tags.slice(0, -2);
    const url = await emptyDatabase();
    const folder = migrationsPrefix(previous);
    const hooks: string[][] = [];
    try {
      await runMigrations(url, { folder, beforeUpgrade: async (pending) => void hooks.push(pending) });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
    // A new database: nothing to back up.
    expect(hooks).toEqual([]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(
        `insert into "user" (id, name, email, email_verified, created_at, updated_at) values ('u-prev', 'Persona Precedente', 'precedente@example.com', true, now(), now())`,
      );
      await client.query(`insert into sign_in_lockouts (account_key, failures, last_failure_at) values ('precedente@example.com', 2, now())`);
      const before = await tableSummaries(url);
      await runMigrations(url, { beforeUpgrade: async (pending) => void hooks.push(pending) });
      expect(hooks).toEqual([tags.slice(-2)]);
      const after = await tableSummaries(url);
      expect(after.user).toEqual(before.user);
      // 0023 added two columns to sign_in_lockouts: the row is kept, the new columns empty.
      expect((await client.query(`select failures, unlock_token_hash from sign_in_lockouts`)).rows).toEqual([{ failures: 2, unlock_token_hash: null }]);
      const user = await client.query(`select name, email from "user" where id = 'u-prev'`);
      expect(user.rows).toEqual([{ name: "Persona Precedente", email: "precedente@example.com" }]);
      // Up to date: no hook, nothing applied again.
      await runMigrations(url, { beforeUpgrade: async (pending) => void hooks.push(pending) });
      expect(hooks).toHaveLength(1);
    } finally {
      await client.end();
    }
  });
});

describe("the scheduled backup", () => {
  it("writes into BACKUP_DIR keeping BACKUP_KEEP copies, shows its last success to staff, and e-mails staff when it fails", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-scheduled-"));
    Object.assign(process.env, { BACKUP_DIR: folder, BACKUP_KEEP: "2", BACKUP_ENCRYPTION_KEY: KEY });
    resetEnvForTests();
    try {
      await scheduleBackups(db, testDatabaseUrl());
      expect((await loadOverview(db)).lastBackup).toBeNull();
      // The nightly slot, run as the jobs worker does once it is due.
      await runDueJobs(db, new Date(Date.now() + 26 * 3600_000));
      const last = await lastBackup(db);
      expect(last?.bytes).toBeGreaterThan(0);
      expect((await loadOverview(db)).lastBackup?.at).toBe(last!.at.toISOString());
      for (let run = 0; run < 3; run++) await runScheduledBackup(testDatabaseUrl());
      expect(fs.readdirSync(folder).filter((name) => name.endsWith(".insieme-backup"))).toHaveLength(2);

      // A failure (the folder is a file): staff get one e-mail, the last success stays on the dashboard.
      const blocked = path.join(folder, "not-a-folder");
      fs.writeFileSync(blocked, "");
      process.env.BACKUP_DIR = blocked;
      resetEnvForTests();
      await enqueueJobs(db, [{ type: "backup" }]);
      await runDueJobs(db);
      const mails = (await queuedMail(db)).filter((mail) => mail.subject === "Backup non riuscito");
      expect(mails).toHaveLength(1);
      expect(mails[0]!.html).toContain("non è riuscito");
      expect((await lastBackup(db))?.at).toEqual(last!.at);
    } finally {
      for (const name of ["BACKUP_DIR", "BACKUP_KEEP", "BACKUP_ENCRYPTION_KEY"]) delete process.env[name];
      resetEnvForTests();
    }
  });
});
