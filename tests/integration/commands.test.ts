import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 31 point 6: every operator command says what went wrong in one line and exits non-zero, with no
 * stack trace. Each runs as the operator runs it (tsx), against a database nobody listens on.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const unreachable = "postgres://nobody:nothing@127.0.0.1:1/none";

function run(script: string, args: string[]) {
  return spawnSync(path.join(root, "node_modules/.bin/tsx"), ["--tsconfig", "tsconfig.json", `scripts/${script}.ts`, ...args], {
    cwd: root,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "development",
      DATABASE_URL: unreachable,
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString("base64"),
    },
    timeout: 60_000,
  });
}

describe("operator commands on failure", () => {
  it.each([
    ["keys-rotate", "keys:rotate", []],
    ["admin-create", "admin:create", ["--email", "ops@example.com", "--password", "una-password-lunga-e-robusta-2026"]],
    ["backup", "backup", ["--out", "/tmp/never-written.insieme-backup"]],
    ["seed-scale", "seed:scale", ["--members", "100", "--years", "1"]],
  ])("%s prints one clear error and exits 1", { timeout: 60_000 }, (script, name, args) => {
    const result = run(script, args);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^${name} failed: .*ECONNREFUSED`, "m"));
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});
