import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * The production server as a child process (crash, multi-instance and security tests) and a real
 * SMTP server that records what it accepted. The build lives outside `build/` (other people's)
 * and outside the linted tree; it is rebuilt when the sources changed.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
export const BUILD_DIR = process.env.STRESS_BUILD_DIR ?? "node_modules/.cache/insieme-build-stress";
const buildPath = path.resolve(root, BUILD_DIR);
const sourceRoots = ["app", "server", "public", "server.mjs", "react-router.config.ts", "vite.config.ts", "package-lock.json"];

/** Paths, sizes and modification times of everything the build reads. */
function sourceFingerprint() {
  const hash = createHash("sha256");
  const visit = (entry: string) => {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(full).sort()) visit(path.join(entry, child));
    } else if (!/\.test\.tsx?$/.test(entry)) {
      hash.update(`${entry}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  sourceRoots.forEach(visit);
  return hash.digest("hex");
}

/** Builds into BUILD_DIR unless an up-to-date build is there; test files share it through a lock folder. */
export async function ensureBuild() {
  const stamp = path.join(buildPath, ".sources");
  const lock = `${buildPath}.lock`;
  const fingerprint = sourceFingerprint();
  const fresh = () => fs.existsSync(path.join(buildPath, "server/index.js")) && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === fingerprint;
  // On a fresh clone the cache folder that holds the build and its lock does not exist yet.
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    if (fresh()) return;
    try {
      fs.mkdirSync(lock, { recursive: false });
    } catch {
      // Another test file is building; a lock older than five minutes belongs to a dead process.
      const held = fs.statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 300_000) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (fresh()) return;
      const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
        cwd: root,
        env: { ...process.env, NODE_ENV: "production", BUILD_DIR },
        encoding: "utf8",
      });
      if (result.status !== 0) throw new Error(`react-router build failed:\n${result.stdout}\n${result.stderr}`);
      fs.writeFileSync(stamp, fingerprint);
      return;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** The first port of [from, to] nobody listens on. */
export async function freePort(from: number, to: number) {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

export interface AppProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** The last 20 KB of stdout and stderr, for failure messages. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
  /** SIGTERM (graceful: drains, stops workers and the embedded database), SIGKILL after 30 s. */
  stop(): Promise<void>;
}

const started = new Set<AppProcess>();

/** Stops every server this test file started and did not stop yet (for afterAll, whatever failed). */
export async function stopAllApps() {
  await Promise.all([...started].map((app) => app.stop()));
}

export const TEST_SESSION_SECRET = "app-process-session-secret-0123456789abcdef";
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");

/** Starts `node server.mjs` on the build in production mode and waits for /healthz. */
export async function startApp(options: { port: number; dataDir: string; env?: Record<string, string> }): Promise<AppProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    // A clean environment: nothing of the test runner's (NODE_ENV=test, DATABASE_URL...) leaks in.
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "warn",
      // Production refuses to start without them; a test may pass its own.
      SESSION_SECRET: TEST_SESSION_SECRET,
      DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      // An easy anti-spam proof of work: the tests solve one per submission (fetchProofOfWork).
      ALTCHA_MAX_NUMBER: "1000",
      ...options.env,
    },
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let running = true;
  void exited.then(() => {
    running = false;
    started.delete(app);
  });
  const app: AppProcess = {
    url,
    port: options.port,
    child,
    output: () => output,
    async kill(signal) {
      if (!running) return;
      child.kill(signal);
      await exited;
    },
    async stop() {
      if (!running) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
  started.add(app);
  try {
    await until(
      `${url}/healthz`,
      async () => {
        if (!running) throw new Error(`the server exited during start-up:\n${output}`);
        try {
          return (await fetch(`${url}/healthz`)).status === 200;
        } catch {
          return false;
        }
      },
      90_000,
    );
  } catch (error) {
    await app.kill("SIGKILL");
    throw error;
  }
  return app;
}

/** The embedded PostgreSQL of a DATA_DIR, from its password file and postmaster.pid (line 4 = port). */
export function embeddedDatabase(dataDir: string) {
  const password = fs.readFileSync(path.join(dataDir, ".postgres-password"), "utf8").trim();
  const lines = fs.readFileSync(path.join(dataDir, "postgres/postmaster.pid"), "utf8").split("\n");
  return { url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(lines[3])}/app`, pid: Number(lines[0]) };
}

/** Stops the embedded PostgreSQL a killed server left behind (only that one, by its pid). */
export async function stopLeftoverPostgres(dataDir: string) {
  const file = path.join(dataDir, "postgres/postmaster.pid");
  if (!fs.existsSync(file)) return;
  const pid = Number(fs.readFileSync(file, "utf8").split("\n")[0]);
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!(pid > 0) || !alive()) return;
  process.kill(pid, "SIGINT");
  await until("PostgreSQL to stop", () => !alive(), 30_000).catch(() => process.kill(pid, "SIGKILL"));
}

interface ReceivedMail {
  messageId: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  port: number;
  /** Messages accepted: their 250 answer reached a connected client. */
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1. `beforeAccept` runs before the 250 answer of each message (a
 * test can kill the sender there and wait with `senderGone`); a message whose sender disconnected before its 250 is not
 * counted, as a real server would not have confirmed it.
 */
export async function startSmtpSink(beforeAccept?: (mail: ReceivedMail, index: number, senderGone: () => Promise<void>) => Promise<void>): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const closed = new Set<string>();
  let seen = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // No reverse DNS of 127.0.0.1 per connection: it made every delivery wait on the resolver.
    disableReverseLookup: true,
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const to = parsed.to ? (Array.isArray(parsed.to) ? parsed.to : [parsed.to]) : [];
          const mail: ReceivedMail = {
            messageId: parsed.messageId ?? "",
            to: to.flatMap((address) => address.value.map((entry) => (entry.address ?? "").toLowerCase())),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          };
          const senderGone = () => until(`SMTP session ${session.id} to close`, () => closed.has(session.id), 5000, 10).then(() => undefined);
          await beforeAccept?.(mail, seen++, senderGone);
          if (closed.has(session.id)) return callback(new Error("client gone"));
          messages.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Messages per Message-ID; any count above 1 is a duplicate delivery. */
export function countByMessageId(messages: readonly ReceivedMail[]) {
  const counts = new Map<string, number>();
  for (const message of messages) counts.set(message.messageId, (counts.get(message.messageId) ?? 0) + 1);
  return counts;
}
