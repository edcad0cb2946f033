// npm run restore -- --from FILE
// Restores a backup into an empty database (DATABASE_URL) or a new data folder (DATA_DIR), then checks
// row counts and checksums against the backup's manifest; see docs/features/backup.md.
import "../app/server/polyfills.server";
import path from "node:path";
import { parseArgs } from "node:util";
import { checkBackupFile, ensureEmptyFolder, restoreBackup } from "../app/server/backup/backup.server";
import { env } from "../app/server/env.server";
import { runCommand, withDatabaseUrl } from "./with-database";

await runCommand("restore", async () => {
  const { values } = parseArgs({ options: { from: { type: "string" } } });
  if (!values.from) throw Object.assign(new Error("Usage: npm run restore -- --from FILE (into an empty DATA_DIR or DATABASE_URL)"), { usage: true });
  const config = env();
  // Checked before the embedded server creates its folder: a restore never goes over existing data.
  if (!config.DATABASE_URL) ensureEmptyFolder(path.join(config.dataDir, "postgres"), "The database folder");
  // Never a generated key: the backup was encrypted with the key of the site it came from.
  const key = config.BACKUP_ENCRYPTION_KEY;
  if (!key) {
    throw new Error(
      "Set BACKUP_ENCRYPTION_KEY to the key the backup was made with (a local trial keeps it in its data folder: " +
        'BACKUP_ENCRYPTION_KEY="$(cat data/.backup-encryption-key)" DATA_DIR=data-restored npm run restore -- --from FILE)',
    );
  }
  await checkBackupFile(values.from, key);
  await withDatabaseUrl(async (url) => {
    console.log(`Restoring ${path.resolve(values.from!)} into ${config.DATABASE_URL ? "DATABASE_URL" : `the data folder ${config.dataDir}`}...`);
    await restoreBackup(url, values.from!, { key, progress: console.log });
  });
  console.log("Restore complete: start the site on this data (npm start) to use it.");
});
