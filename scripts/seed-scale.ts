// npm run seed:scale -- --members N --years Y
// Grows the demo database (DATABASE_URL, or the embedded server in DATA_DIR) into a practice of N
// confirmed members with Y years of history; refuses a database that holds anyone but demo people.
import "../app/server/polyfills.server";
import { parseArgs } from "node:util";
import { growDatabase, SCALE_LIMITS, validateOptions } from "../app/server/db/seed-scale.server";
import { runCommand, withMigratedDatabase } from "./with-database";

const usage = `Usage: npm run seed:scale -- [--members N] [--years Y]

Grows the database of DATA_DIR (or DATABASE_URL) into a practice of N confirmed members
(default 2000; ${SCALE_LIMITS.members.min}-${SCALE_LIMITS.members.max}) with Y years of history (default 2; ${SCALE_LIMITS.years.min}-${SCALE_LIMITS.years.max}):
therapists, groups of at most 8, questionnaires with encrypted answers, bookings, weekly
meetings, attendance, payments with receipt numbers, contacts, newsletter subscribers,
sent e-mails and audit entries. An empty database gets the demo first. A database that
holds anyone but demo people, or was grown already, is refused (exit code 1).`;

function parse() {
  try {
    return parseArgs({ options: { members: { type: "string" }, years: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
}

const values = parse();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const wholeNumber = (text: string | undefined, fallback: number) => (text === undefined ? fallback : /^\d+$/.test(text) ? Number(text) : Number.NaN);
const options = { members: wholeNumber(values.members, 2000), years: wholeNumber(values.years, 2) };
const problem = validateOptions(options);
if (problem) {
  console.error(`${problem}\n\n${usage}`);
  process.exit(2);
}

const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

await runCommand("seed:scale", async () => {
  await withMigratedDatabase(async (db) => {
    console.log(`Growing the database to ${options.members} members and ${options.years} year(s) of history...`);
    // A refusal (ScaleRefusal: someone but demo people, or grown already) is one line and exit 1, as any failure.
    const report = await growDatabase(db, { ...options, progress: (line) => console.log(line) });
    console.log(`\nDone in ${(report.elapsedMs / 1000).toFixed(1)} s${report.seededDemo ? " (the demo was seeded first)" : ""}. Rows now:`);
    for (const [table, rows] of Object.entries(report.counts)) console.log(`  ${table.padEnd(34)} ${rows.toLocaleString("en").padStart(10)}`);
    console.log(`Database size: ${mebibytes(report.databaseBytes)}`);
  });
});
