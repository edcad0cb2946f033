// npm run backup -- --out FILE
// A hot, encrypted backup of the database (DATABASE_URL, or the embedded server in DATA_DIR, attaching to it
// while the site runs) and of every stored file; see docs/features/backup.md.
import "../app/server/polyfills.server";
import { parseArgs } from "node:util";
import { backupKey, createBackup } from "../app/server/backup/backup.server";
import { runCommand, withDatabaseUrl } from "./with-database";

await runCommand("backup", async () => {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (!values.out) throw Object.assign(new Error("Usage: npm run backup -- --out FILE"), { usage: true });
  const key = backupKey(console.log);
  await withDatabaseUrl(async (url) => {
    console.log("Backing up (the site keeps running)...");
    await createBackup(url, values.out!, { key, progress: console.log });
  });
});
