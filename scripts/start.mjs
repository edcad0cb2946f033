// `npm start`: build when the sources are newer than the last build, then run the server.
// `npm start` alone is a local trial: demo content, and secrets generated once into DATA_DIR.
// `NODE_ENV=production npm start` is a real start: the server refuses to run without
// SESSION_SECRET and DATA_ENCRYPTION_KEY in the environment, and seeds nothing unless SEED_DEMO=true.
import { spawnSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { serverEnv, serverNodeFlags } from "./node-flags.mjs";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build/server/index.js");
const sources = ["app", "server", "public", "drizzle", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log("Building the site (sources changed since the last build)...");
  const build = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The secret kept in DATA_DIR (the file the development server uses too), created on first use. */
function localSecret(dataDir, file, create) {
  const full = path.join(dataDir, file);
  if (!fs.existsSync(full)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(full, create(), { mode: 0o600 });
  }
  return fs.readFileSync(full, "utf8").trim();
}

const env = { ...serverEnv, ...process.env };
if (!process.env.NODE_ENV) {
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? "data");
  env.NODE_ENV = "production";
  env.SEED_DEMO ??= "true";
  env.SESSION_SECRET ||= localSecret(dataDir, ".session-secret", () => randomBytes(32).toString("hex"));
  env.DATA_ENCRYPTION_KEY ||= localSecret(dataDir, ".data-encryption-key", () => randomBytes(32).toString("base64"));
  // The same generated key npm run backup uses outside production (the pre-upgrade and scheduled backups).
  env.BACKUP_ENCRYPTION_KEY ||= localSecret(dataDir, ".backup-encryption-key", () => randomBytes(32).toString("base64"));
  console.log(
    "Local trial (NODE_ENV not set): demo content, secrets kept in DATA_DIR. " +
      "For production: NODE_ENV=production with SESSION_SECRET and DATA_ENCRYPTION_KEY in the environment.",
  );
}

const child = spawn(process.execPath, [...serverNodeFlags, path.join(root, "server.mjs")], { cwd: root, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
