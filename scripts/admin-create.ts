// npm run admin:create -- --email E --password P
// Creates an admin, or promotes an existing user; uses DATABASE_URL, or the embedded server in DATA_DIR
// (attaching to it when the site is running).
import "../app/server/polyfills.server";
import { parseArgs } from "node:util";
import { createOrPromoteAdmin } from "../app/server/auth.server";
import { passwordProblem } from "../app/server/password-strength.server";
import { runCommand, withMigratedDatabase } from "./with-database";

const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } } });
const { email, password, name } = values;
if (!email || !password) {
  console.error("Usage: npm run admin:create -- --email E --password P [--name N]");
  process.exit(2);
}
const weakness = await passwordProblem(password, [email, name]);
if (weakness) {
  console.error(weakness);
  process.exit(2);
}

await runCommand("admin:create", async () => {
  console.log(`Creating or promoting the admin ${email}...`);
  await withMigratedDatabase(async (db) => {
    const user = await createOrPromoteAdmin(db, email, password, name);
    console.log(`Admin ready: ${user.email}`);
  });
});
