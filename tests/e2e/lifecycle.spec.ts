import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isAlive } from "../../app/server/db/embedded.server";
import { fetchProofOfWork } from "../support/proof-of-work.mjs";
import { serverEnv } from "./support/server-env";

/** The production server on its own port and data folder, started and killed by this spec. */
const port = 3190;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-lifecycle-"));

function start(): ChildProcess {
  return spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, ...serverEnv, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", SMTP_URL: "" },
    // Errors of the server under test show in the test output.
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitHealthy() {
  await expect
    .poll(
      async () =>
        await fetch(`${base}/healthz`)
          .then((r) => r.status)
          .catch(() => 0),
      { timeout: 60_000, intervals: [200] },
    )
    .toBe(200);
}

function exited(child: ChildProcess) {
  return new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

function postmasterPid() {
  const file = path.join(dataDir, "postgres", "postmaster.pid");
  return fs.existsSync(file) ? Number(fs.readFileSync(file, "utf8").split("\n")[0]) : undefined;
}

test.describe("server lifecycle", () => {
  test.skip(({ isMobile }) => isMobile, "runs once");
  test.setTimeout(180_000);

  test("survives kill -9 with the data intact, and stops PostgreSQL cleanly on SIGTERM", async () => {
    const submit = async (key: string) =>
      fetch(`${base}/api/send-contact-email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": key, "X-Altcha": await fetchProofOfWork(base) },
        body: JSON.stringify({ name: "Anna", email: "anna@example.com", subject: "Crash", message: "Prima del crash" }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));

    let server = start();
    await waitHealthy();
    const before = await submit("lifecycle-key-0001");
    expect(before.status).toBe(201);

    server.kill("SIGKILL");
    await exited(server);
    server = start();
    await waitHealthy();
    // The same key after the crash returns the stored answer: the record survived, and is not written twice.
    const after = await submit("lifecycle-key-0001");
    expect(after).toEqual(before);

    // A crash of the database itself too: the next start recovers the data folder.
    const pid = postmasterPid()!;
    server.kill("SIGKILL");
    await exited(server);
    process.kill(pid, "SIGKILL");
    server = start();
    await waitHealthy();
    expect(await submit("lifecycle-key-0001")).toEqual(before);

    const postgres = postmasterPid()!;
    server.kill("SIGTERM");
    expect(await exited(server)).toBe(0);
    expect(isAlive(postgres)).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
