// npm run keys:rotate
// Set DATA_ENCRYPTION_KEY to the NEW key and DATA_ENCRYPTION_KEYS_PREVIOUS to the old one(s), then run this:
// every questionnaire answer is re-encrypted with the new key; afterwards the old key can be dropped.
import { createDatabase } from "../app/server/db/client.server";
import { startEmbeddedPostgres } from "../app/server/db/embedded.server";
import { runMigrations } from "../app/server/db/migrate.server";
import { env } from "../app/server/env.server";
import { reencryptAll } from "../app/server/key-rotation.server";

const config = env();
const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.dataDir);
const url = config.DATABASE_URL ?? embedded!.url;
await runMigrations(url);
const db = createDatabase(url, 2);
try {
  const count = await reencryptAll(db);
  console.log(`Re-encrypted ${count} questionnaire responses with the current key.`);
} finally {
  await db.$client.end();
  await embedded?.stop();
}
