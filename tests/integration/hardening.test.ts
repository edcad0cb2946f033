import { spawn } from "node:child_process";
import { count, eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auth, createOrPromoteAdmin } from "../../app/server/auth.server";
import type { Database } from "../../app/server/db/client.server";
import { DEMO_ADMIN_EMAIL, ensureDemoAdmin, retireDemoPassword } from "../../app/server/db/seed.server";
import { session, therapists, user } from "../../app/server/db/schema";
import { BUILD_DIR, TEST_ENCRYPTION_KEY, TEST_SESSION_SECRET, ensureBuild, freePort, startApp, stopAllApps, type AppProcess } from "./app-process";
import { testDatabase, testDatabaseUrl } from "./database";

/**
 * Safe defaults and request hygiene, tried as an attacker would: on the production build where the
 * rule lives in Express or Node, in-process where it lives in a loader, action or server module.
 */

const RETIRED_DEMO_PASSWORD = "insieme-demo-2024";

let db: Database;
let server: AppProcess;
let serverOutput = "";
const dataDirs: string[] = [];
let address = 0;
const nextIp = () => `192.0.2.${++address}`;

function tempDir(label: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `insieme-hardening-${label}-`));
  dataDirs.push(dir);
  return dir;
}

/** Starts the production build expecting it to refuse: its exit code and everything it printed. */
function refusedStart(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["server.mjs"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", BUILD_DIR, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function signIn(target: AppProcess, email: string, password: string) {
  return fetch(`${target.url}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: target.url, "X-Forwarded-For": nextIp() },
    body: new URLSearchParams({ intent: "sign-in", email, password }),
  });
}

const inProcessSignIn = (email: string, password: string) => auth(db).api.signInEmail({ body: { email, password }, asResponse: true });

beforeAll(async () => {
  process.env.DATA_DIR = tempDir("in-process");
  db = await testDatabase();
  await ensureBuild();
  const shared = { DATABASE_URL: testDatabaseUrl(), WORKERS: "false", TRUST_PROXY: "1" };
  const port = await freePort(3560, 3569);
  // First without SEED_DEMO: a production start on an empty database must seed nothing.
  const bare = await startApp({ port, dataDir: tempDir("bare"), env: { ...shared, PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await bare.stop();
  const [{ value: seededTherapists } = { value: -1 }] = await db.select({ value: count() }).from(therapists);
  const [{ value: admins } = { value: -1 }] = await db.select({ value: count() }).from(user);
  expect({ seededTherapists, admins }).toEqual({ seededTherapists: 0, admins: 0 });
  server = await startApp({ port, dataDir: tempDir("server"), env: { ...shared, SEED_DEMO: "true", PUBLIC_URL: `http://127.0.0.1:${port}` } });
  serverOutput = server.output();
}, 180_000);

afterAll(async () => {
  await stopAllApps();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("safe defaults in production", () => {
  const external = { DATABASE_URL: "postgres://nobody@127.0.0.1:1/app" };
  it.each<[string, string, Record<string, string>]>([
    ["SESSION_SECRET", "embedded database", { DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY }],
    ["DATA_ENCRYPTION_KEY", "embedded database", { SESSION_SECRET: TEST_SESSION_SECRET }],
    ["SESSION_SECRET", "DATABASE_URL", { DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, ...external }],
    ["DATA_ENCRYPTION_KEY", "DATABASE_URL", { SESSION_SECRET: TEST_SESSION_SECRET, ...external }],
  ])("refuses to start without %s (%s), naming it, and writes no secret into DATA_DIR", async (variable, _database, env) => {
    const dataDir = tempDir("refused");
    const { code, output } = await refusedStart({ ...env, DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).toContain(`${variable}: required in production`);
    expect(output).not.toContain("Server ready");
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("seeds demo content only with SEED_DEMO=true, and prints a random demo admin password once, on the console", async () => {
    const printed = /Demo admin: admin@insieme\.local with password (\S+) \(shown only now\)/.exec(serverOutput);
    expect(printed, serverOutput).not.toBeNull();
    const password = printed![1]!;
    expect(password).not.toBe(RETIRED_DEMO_PASSWORD);
    expect(password.length).toBeGreaterThanOrEqual(20);
    const [{ value: seededTherapists } = { value: 0 }] = await db.select({ value: count() }).from(therapists);
    expect(seededTherapists).toBeGreaterThan(0);
    // Not in a log line (pino writes JSON), not in any file of the server's DATA_DIR.
    expect(serverOutput.split("\n").filter((line) => line.includes(password) && line.startsWith("{"))).toEqual([]);
    for (const dir of dataDirs) {
      for (const file of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
        if (file.isFile()) expect(fs.readFileSync(path.join(file.parentPath, file.name), "utf8")).not.toContain(password);
      }
    }
    expect((await signIn(server, DEMO_ADMIN_EMAIL, RETIRED_DEMO_PASSWORD)).status).not.toBe(302);
    expect((await signIn(server, DEMO_ADMIN_EMAIL, password)).status).toBe(302);
  });
});

describe("the demo admin in-process", () => {
  it("a demo admin still holding the published password gets a random one, printed once, and loses its sessions", async () => {
    await db.delete(user).where(eq(user.email, DEMO_ADMIN_EMAIL));
    await createOrPromoteAdmin(db, DEMO_ADMIN_EMAIL, RETIRED_DEMO_PASSWORD, "Admin demo");
    expect((await inProcessSignIn(DEMO_ADMIN_EMAIL, RETIRED_DEMO_PASSWORD)).ok).toBe(true);
    const printed = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      await retireDemoPassword(db);
      await retireDemoPassword(db);
      expect(printed).toHaveBeenCalledTimes(1);
      const password = /with password (\S+) /.exec(String(printed.mock.calls[0]![0]))![1]!;
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ADMIN_EMAIL));
      expect(await db.select().from(session).where(eq(session.userId, row!.id))).toEqual([]);
      expect((await inProcessSignIn(DEMO_ADMIN_EMAIL, RETIRED_DEMO_PASSWORD)).ok).toBe(false);
      expect((await inProcessSignIn(DEMO_ADMIN_EMAIL, password)).ok).toBe(true);
    } finally {
      printed.mockRestore();
    }
  });

  it("an empty database gets a demo admin whose password is printed once and is different every time", async () => {
    const printed = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const passwords: string[] = [];
    try {
      for (let round = 0; round < 2; round++) {
        await db.delete(user);
        await ensureDemoAdmin(db);
        await ensureDemoAdmin(db);
        passwords.push(/with password (\S+) /.exec(String(printed.mock.calls.at(-1)![0]))![1]!);
      }
      expect(printed).toHaveBeenCalledTimes(2);
      expect(passwords[0]).not.toBe(passwords[1]);
      expect((await inProcessSignIn(DEMO_ADMIN_EMAIL, RETIRED_DEMO_PASSWORD)).ok).toBe(false);
      expect((await inProcessSignIn(DEMO_ADMIN_EMAIL, passwords[1]!)).ok).toBe(true);
    } finally {
      printed.mockRestore();
    }
  });
});
