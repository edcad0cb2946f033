// End-to-end tests: build the site, then run Playwright on the system Chromium (never downloaded).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  const message = `Chromium not found at ${chromium} (set CHROMIUM_PATH, or install Debian's chromium package).`;
  if (process.env.CI === "true" || process.env.REQUIRE_E2E === "true") {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message} Skipping end-to-end tests.`);
  process.exit(0);
}

const run = (command, args, env = {}) => {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run("npx", ["react-router", "build"]);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-e2e-"));
const tests = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, E2E_DATA_DIR: dataDir, CHROMIUM_PATH: chromium },
});
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(tests.status ?? 1);
