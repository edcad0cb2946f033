// npm run stress: a mixed load on the production build with a kill -9 and a restart in the middle,
// against a real SMTP server; then waits for the outbox to drain and checks that nothing the server
// acknowledged was lost and nothing was stored or delivered twice. Exit code 1 when it was.
//
// Environment: STRESS_SECONDS (60), STRESS_CONNECTIONS (50), STRESS_SUBMITS_PER_SECOND (6),
// STRESS_KILL_AT_SECONDS (half the run), STRESS_PORT (3580), STRESS_BUILD_DIR.
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { fetchProofOfWork } from "../tests/support/proof-of-work.mjs";
import { validAnswers } from "../tests/support/valid-answers.mjs";
import { serverEnv, serverNodeFlags } from "./node-flags.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const seconds = Number(process.env.STRESS_SECONDS ?? 60);
const connections = Number(process.env.STRESS_CONNECTIONS ?? 50);
const submitsPerSecond = Number(process.env.STRESS_SUBMITS_PER_SECOND ?? 6);
const killAtSeconds = Number(process.env.STRESS_KILL_AT_SECONDS ?? seconds / 2);
const port = Number(process.env.STRESS_PORT ?? 3580);
// Outside build/ (other people's) and outside the linted tree; shared with the integration tests.
const buildDir = process.env.STRESS_BUILD_DIR ?? "node_modules/.cache/insieme-build-stress";
const base = `http://127.0.0.1:${port}`;
const pages = ["/", "/blog", "/terapeuti"];

const log = (message) => process.stderr.write(`${message}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/* Build: rebuilt when a source file changed since the last one. */

function fingerprint() {
  const hash = createHash("sha256");
  const visit = (entry) => {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) for (const child of fs.readdirSync(full).sort()) visit(path.join(entry, child));
    else if (!/\.test\.tsx?$/.test(entry)) hash.update(`${entry}:${stat.size}:${stat.mtimeMs}\n`);
  };
  ["app", "server", "public", "server.mjs", "react-router.config.ts", "vite.config.ts", "package-lock.json"].forEach(visit);
  return hash.digest("hex");
}

function ensureBuild() {
  const stamp = path.join(root, buildDir, ".sources");
  const sources = fingerprint();
  if (fs.existsSync(path.join(root, buildDir, "server/index.js")) && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === sources) return;
  log(`building into ${buildDir} ...`);
  const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
  fs.writeFileSync(stamp, sources);
}

/* A real SMTP server that counts what it accepted, per Message-ID. */

function startSmtp() {
  const received = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const headers =
          Buffer.concat(chunks)
            .toString("utf8")
            .split(/\r?\n\r?\n/)[0] ?? "";
        const id = /^Message-ID:\s*(\S+)/im.exec(headers)?.[1] ?? `(none ${received.size})`;
        received.set(id, (received.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  server.on("error", () => undefined);
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve({ server, port: server.server.address().port, received }));
  });
}

/* The server under load */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-stress-"));
let smtp;
let child;

function startServer() {
  const started = Date.now();
  child = spawn(process.execPath, [...serverNodeFlags, "server.mjs"], {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...serverEnv,
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      // One load generator on loopback: the per-client limits would answer 429 to everything.
      RATE_LIMITS: "off",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PUBLIC_URL: base,
      SESSION_SECRET: "stress-session-secret-0123456789abcdef",
      // Every submission solves a challenge (as a browser would), cheaply: one load generator does them all.
      ALTCHA_MAX_NUMBER: "1000",
      SEED_DEMO: "true",
      DATA_ENCRYPTION_KEY: encryptionKey,
    },
  });
  child.stderr.on("data", (chunk) => {
    const text = chunk.toString();
    if (/"level":(50|60)|Error/.test(text)) serverErrors.push(text.slice(0, 500));
  });
  return (async () => {
    for (;;) {
      try {
        if ((await fetch(`${base}/healthz`)).status === 200) return Date.now() - started;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error("the server exited during start-up");
      await sleep(50);
    }
  })();
}

const encryptionKey = randomBytes(32).toString("base64");
const serverErrors = [];

/* The load */

const stats = {
  pages: { ok: 0, networkErrors: 0, serverErrors: 0, other: 0, latencies: [] },
  posts: { attempts: 0, networkErrors: 0, serverErrors: 0, retried: 0 },
};
/** Every submission: its key, what the server answered (once acknowledged). */
const submissions = [];
let submitted = 0;

function nextSubmission() {
  const index = submitted++;
  const questionnaire = index % 2 === 0;
  const email = `stress-${questionnaire ? "q" : "c"}-${index}@example.com`;
  return {
    endpoint: questionnaire ? "submit-questionnaire" : "send-contact-email",
    email,
    key: `stress-${index}-${randomBytes(6).toString("hex")}`,
    body: questionnaire
      ? { ...validAnswers, name: `Persona ${index}`, email }
      : { name: `Persona ${index}`, email, subject: `Domanda di carico ${index}`, message: "Vorrei sapere come funzionano i gruppi." },
    answer: undefined,
  };
}

/** POSTs with the same Idempotency-Key until the server answers (a network error is retried). */
async function submit(submission, stopAt) {
  for (let attempt = 0; ; attempt++) {
    stats.posts.attempts += 1;
    if (attempt > 0) stats.posts.retried += 1;
    try {
      // A fresh anti-spam challenge per attempt; the Idempotency-Key is what makes a retry the same submission.
      const proof = await fetchProofOfWork(base, { signal: AbortSignal.timeout(15_000) });
      const response = await fetch(`${base}/api/${submission.endpoint}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": submission.key, Origin: base, "X-Altcha": proof },
        body: JSON.stringify(submission.body),
        signal: AbortSignal.timeout(15_000),
      });
      const body = await response.json().catch(() => ({}));
      if (response.status >= 500) {
        stats.posts.serverErrors += 1;
      } else {
        submission.answer = { status: response.status, body };
        return;
      }
    } catch {
      stats.posts.networkErrors += 1;
    }
    if (Date.now() > stopAt) return;
    await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 4)));
  }
}

async function pageView() {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${pages[Math.floor(Math.random() * pages.length)]}`, { signal: AbortSignal.timeout(15_000) });
    await response.arrayBuffer();
    if (response.status === 200) {
      stats.pages.ok += 1;
      stats.pages.latencies.push(performance.now() - started);
    } else if (response.status >= 500) stats.pages.serverErrors += 1;
    else stats.pages.other += 1;
  } catch {
    stats.pages.networkErrors += 1;
    await sleep(100);
  }
}

async function load(endAt) {
  const startedAt = Date.now();
  const due = () => Math.floor(((Date.now() - startedAt) / 1000) * submitsPerSecond);
  const pending = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < endAt) {
        if (submitted < due()) {
          const submission = nextSubmission();
          submissions.push(submission);
          const done = submit(submission, endAt + 120_000);
          pending.push(done);
          await done;
        } else {
          await pageView();
        }
      }
    }),
  );
  await Promise.all(pending);
}

/* Checks */

function embeddedUrl() {
  const password = fs.readFileSync(path.join(dataDir, ".postgres-password"), "utf8").trim();
  const lines = fs.readFileSync(path.join(dataDir, "postgres/postmaster.pid"), "utf8").split("\n");
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(lines[3])}/app`;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]) : 0;
};

async function main() {
  ensureBuild();
  smtp = await startSmtp();
  const coldStart = await startServer();
  log(`server ready in ${coldStart} ms; ${seconds} s of load, ${connections} connections, ${submitsPerSecond} submissions/s, kill -9 at ${killAtSeconds} s`);

  const endAt = Date.now() + seconds * 1000;
  const killer = (async () => {
    await sleep(killAtSeconds * 1000);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    const killedAt = Date.now();
    const restart = await startServer();
    return { downMs: Date.now() - killedAt, restartMs: restart };
  })();
  await load(endAt);
  const { downMs } = await killer;
  log(`load done; the server was down ${downMs} ms after the kill`);

  const client = new pg.Client({ connectionString: embeddedUrl() });
  await client.connect();
  const drainStarted = Date.now();
  for (;;) {
    const { rows } = await client.query(`select count(*) filter (where status <> 'sent')::int as open, count(*) filter (where status = 'failed')::int as failed from email_outbox`);
    if (rows[0].open === 0 || rows[0].failed > 0) break;
    if (Date.now() - drainStarted > 15 * 60_000) break;
    await sleep(500);
  }
  const drainSeconds = Math.round((Date.now() - drainStarted) / 1000);
  await sleep(500);

  const stored = {
    "submit-questionnaire": (await client.query(`select id, email from internal_questionnaire_responses where email like 'stress-%'`)).rows,
    "send-contact-email": (await client.query(`select id, email from contacts where email like 'stress-%'`)).rows,
  };
  const outbox = (await client.query(`select message_id, status from email_outbox`)).rows;
  await client.end();

  const report = {};
  let lost = 0;
  let storedTwice = 0;
  let wrongId = 0;
  for (const endpoint of Object.keys(stored)) {
    const mine = submissions.filter((submission) => submission.endpoint === endpoint);
    const acknowledged = mine.filter((submission) => submission.answer && submission.answer.status < 300);
    const rowsByEmail = new Map();
    for (const row of stored[endpoint]) rowsByEmail.set(row.email, [...(rowsByEmail.get(row.email) ?? []), row.id]);
    for (const submission of acknowledged) {
      const ids = rowsByEmail.get(submission.email) ?? [];
      if (ids.length === 0) lost += 1;
      if (ids.length > 1) storedTwice += 1;
      if (ids.length === 1 && ids[0] !== submission.answer.body.id) wrongId += 1;
    }
    report[endpoint] = {
      sent: mine.length,
      acknowledged: acknowledged.length,
      refused: mine.filter((submission) => submission.answer && submission.answer.status >= 300).length,
      unanswered: mine.filter((submission) => !submission.answer).length,
      stored: stored[endpoint].length,
      storedTwice: [...rowsByEmail.values()].filter((ids) => ids.length > 1).length,
    };
  }
  const queued = outbox.length;
  const notSent = outbox.filter((row) => row.status !== "sent").length;
  const deliveredIds = new Set(smtp.received.keys());
  const missing = outbox.filter((row) => !deliveredIds.has(row.message_id)).length;
  const duplicates = [...smtp.received.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0);
  const unknown = [...deliveredIds].filter((id) => !outbox.some((row) => row.message_id === id)).length;
  const totalAcknowledged = Object.values(report).reduce((sum, row) => sum + row.acknowledged, 0);
  const totalStored = Object.values(report).reduce((sum, row) => sum + row.stored, 0);

  const summary = {
    durationSeconds: seconds,
    connections,
    requests: stats.pages.ok + stats.pages.networkErrors + stats.pages.serverErrors + stats.pages.other + stats.posts.attempts,
    pageViews: {
      ok: stats.pages.ok,
      networkErrors: stats.pages.networkErrors,
      serverErrors: stats.pages.serverErrors,
      p50Ms: percentile(stats.pages.latencies, 50),
      p99Ms: percentile(stats.pages.latencies, 99),
    },
    posts: stats.posts,
    errors: stats.pages.networkErrors + stats.pages.serverErrors + stats.posts.networkErrors + stats.posts.serverErrors,
    downtimeMs: downMs,
    endpoints: report,
    acknowledged: totalAcknowledged,
    stored: totalStored,
    lost,
    storedTwice,
    answeredWithAnotherId: wrongId,
    emails: { queued, delivered: deliveredIds.size, notSent, missing, duplicates, unknown, drainSeconds },
    serverErrorLogLines: serverErrors.length,
  };
  console.log(JSON.stringify(summary, null, 2));

  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  smtp.server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const failed = totalAcknowledged !== totalStored || lost > 0 || storedTwice > 0 || wrongId > 0 || duplicates > 0 || missing > 0 || notSent > 0;
  log(failed ? "FAILED: something acknowledged was lost, or stored / delivered twice" : "OK: every acknowledged submission stored once, every e-mail delivered once");
  process.exitCode = failed ? 1 : 0;
}

/** The embedded PostgreSQL a killed server left running, stopped by its pid. */
function stopLeftoverPostgres() {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, "postgres/postmaster.pid"), "utf8").split("\n")[0]);
    if (pid > 0) process.kill(pid, "SIGINT");
  } catch {
    // not running
  }
}

main().catch((error) => {
  log(String(error?.stack ?? error));
  child?.kill("SIGKILL");
  stopLeftoverPostgres();
  smtp?.server.close();
  process.exitCode = 2;
});
