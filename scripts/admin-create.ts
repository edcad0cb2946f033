// npm run admin:create -- --email E --password P
// Creates an admin, or promotes an existing user; uses DATABASE_URL, or the embedded server in DATA_DIR
// (attaching to it when the site is running).
import "../app/server/polyfills.server";
import { parseArgs } from "node:util";
import { createDatabase } from "../app/server/db/client.server";
import { startEmbeddedPostgres } from "../app/server/db/embedded.server";
import { runMigrations } from "../app/server/db/migrate.server";
import { createOrPromoteAdmin } from "../app/server/auth.server";
import { env } from "../app/server/env.server";
import { passwordProblem } from "../app/server/password-strength.server";

const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } } });
if (!values.email || !values.password) {
  console.error("Usage: npm run admin:create -- --email E --password P [--name N]");
  process.exit(2);
}
const weakness = passwordProblem(values.password, [values.email, values.name]);
if (weakness) {
  console.error(weakness);
  process.exit(2);
}

const config = env();
const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.dataDir);
const url = config.DATABASE_URL ?? embedded!.url;
await runMigrations(url);
const db = createDatabase(url, 2);
try {
  const user = await createOrPromoteAdmin(db, values.email, values.password, values.name);
  console.log(`Admin ready: ${user.email}`);
} finally {
  await db.$client.end();
  await embedded?.stop();
}
