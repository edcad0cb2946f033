// npm run deploy:smoke: the production layout of docs/operations.md, stood up on loopback and checked.
// Debian's PostgreSQL (DEPLOY_SMOKE_DATABASE_URL, a superuser URL of a running server, or a throwaway cluster
// started here), two instances of the production build with DATABASE_URL and TRUST_PROXY=1, and Debian's nginx
// with the site of docs/operations.md (the same text, read from that page: only ports and certificate paths are
// replaced) over TLS with a self-signed certificate. Then a smoke test through the proxy, and a load of
// questionnaire submissions during which one instance is killed (SIGKILL): the client retries every answer
// other than 2xx with the same Idempotency-Key, as the site's own forms do, and at the end every submission it
// considers accepted is in the database exactly once. Progress on stderr; exit 1 on any failure.
//
// Environment: DEPLOY_SMOKE_DATABASE_URL, DEPLOY_SMOKE_SUBMISSIONS (60), DEPLOY_SMOKE_CLIENTS (6),
// STRESS_BUILD_DIR (the production build, shared with the process tests).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { solveProofOfWork } from "../tests/support/proof-of-work.mjs";
import { validAnswers } from "../tests/support/valid-answers.mjs";
import { BUILD_DIR, ensureBuild, freePort, sleep, startApp, until, type AppProcess } from "../tests/integration/app-process";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SUBMISSIONS = Math.min(250, Number(process.env.DEPLOY_SMOKE_SUBMISSIONS ?? 60));
const CLIENTS = Number(process.env.DEPLOY_SMOKE_CLIENTS ?? 10);
const SERVER_NAME = "www.example.it";
const NGINX = "/usr/sbin/nginx";

const log = (message: string) => process.stderr.write(`[deploy-smoke] ${message}\n`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-deploy-smoke-"));
const cleanups: Array<() => Promise<void> | void> = [];
const failures: string[] = [];

function check(ok: boolean, what: string) {
  if (ok) log(`ok: ${what}`);
  else {
    failures.push(what);
    log(`FAILED: ${what}`);
  }
}

function aptInstall(binary: string, apt: string) {
  if (fs.existsSync(binary)) return;
  log(`${binary} missing: apt-get install ${apt}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () => spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", apt], { stdio: ["ignore", "ignore", "inherit"], env }).status;
  if (install() !== 0) {
    spawnSync("apt-get", ["update", "-qq"], { stdio: ["ignore", "ignore", "inherit"], env });
    install();
  }
  if (!fs.existsSync(binary)) throw new Error(`${binary} missing and apt-get install ${apt} failed`);
}

function run(command: string, args: string[], options: { asPostgres?: boolean } = {}) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = options.asPostgres && asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/* PostgreSQL: a database and a non-superuser owner role, as docs/operations.md sets them up. */

/** A throwaway cluster of Debian's PostgreSQL (as .ci/run starts one); its superuser URL. */
async function startCluster(): Promise<string> {
  const binOf = () =>
    fs.existsSync("/usr/lib/postgresql")
      ? fs
          .readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(a) - Number(b))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
          .filter((bin) => fs.existsSync(`${bin}/postgres`))
          .at(-1)
      : undefined;
  if (!binOf()) aptInstall("/usr/bin/psql", "postgresql");
  const bin = binOf();
  if (!bin) throw new Error("Debian's PostgreSQL is not installed (apt-get install postgresql)");
  const folder = path.join(work, "postgres");
  fs.mkdirSync(folder);
  const password = randomBytes(18).toString("hex");
  fs.writeFileSync(path.join(folder, "pw"), password);
  if (process.getuid?.() === 0) {
    if (spawnSync("id", ["postgres"]).status !== 0) run("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    fs.chmodSync(work, 0o755);
    run("chown", ["-R", "postgres:postgres", folder]);
  }
  const port = await freePort(5590, 5599);
  log(`PostgreSQL: initdb and start (${bin}, port ${port})`);
  run(`${bin}/initdb`, ["-D", `${folder}/data`, "-U", "postgres", `--pwfile=${folder}/pw`, "--auth=scram-sha-256", "-E", "UTF8", "--locale=C"], { asPostgres: true });
  const ctl = (...args: string[]) => run(`${bin}/pg_ctl`, ["-D", `${folder}/data`, ...args], { asPostgres: true });
  ctl("-o", `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder}`, "-l", `${folder}/log`, "-w", "start");
  cleanups.push(() => void ctl("-m", "fast", "-w", "stop"));
  return `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
}

async function createDatabase(adminUrl: string) {
  const name = `insieme_smoke_${randomBytes(4).toString("hex")}`;
  const password = randomBytes(18).toString("hex");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create role ${name} login password '${password}'`);
  await admin.query(`create database ${name} owner ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`drop role if exists ${name}`);
    await client.end();
  });
  const url = new URL(adminUrl);
  url.username = name;
  url.password = password;
  url.pathname = `/${name}`;
  log(`PostgreSQL: database ${name} owned by the role ${name} (not a superuser)`);
  return url.toString();
}

/* nginx: the site of docs/operations.md. */

/** The ```nginx block under "### nginx" of docs/operations.md: the one text the docs show and this test runs. */
function documentedSite() {
  const page = fs.readFileSync(path.join(root, "docs/operations.md"), "utf8");
  const block = /^### nginx\n[\s\S]*?^```nginx\n([\s\S]*?)^```$/m.exec(page)?.[1];
  if (!block) throw new Error("docs/operations.md has no ```nginx block under ### nginx");
  return block;
}

/** `from` replaced by `to`; throws when the documented text no longer has `from` (docs and test must not drift). */
function replaced(text: string, from: string, to: string) {
  if (!text.includes(from)) throw new Error(`the nginx site of docs/operations.md no longer contains \`${from}\`: update scripts/deploy-smoke.ts with it`);
  return text.split(from).join(to);
}

function selfSignedCertificate() {
  const cert = path.join(work, "nginx/cert.pem");
  const key = path.join(work, "nginx/key.pem");
  run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    `/CN=${SERVER_NAME}`,
    "-addext",
    `subjectAltName=DNS:${SERVER_NAME}`,
    "-keyout",
    key,
    "-out",
    cert,
  ]);
  return { cert, key, pem: fs.readFileSync(cert) };
}

async function startNginx(ports: { http: number; https: number; apps: [number, number] }, certificate: { cert: string; key: string }) {
  aptInstall(NGINX, "nginx-light");
  const prefix = path.join(work, "nginx");
  let site = documentedSite();
  site = replaced(site, "server 127.0.0.1:3001", `server 127.0.0.1:${ports.apps[0]}`);
  site = replaced(site, "server 127.0.0.1:3002", `server 127.0.0.1:${ports.apps[1]}`);
  site = replaced(site, "listen 80;", `listen 127.0.0.1:${ports.http};`);
  site = replaced(site, "listen [::]:80;", "");
  site = replaced(site, "listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`);
  site = replaced(site, "listen [::]:443 ssl http2;", "");
  site = replaced(site, `/etc/letsencrypt/live/${SERVER_NAME}/fullchain.pem`, certificate.cert);
  site = replaced(site, `/etc/letsencrypt/live/${SERVER_NAME}/privkey.pem`, certificate.key);
  fs.writeFileSync(path.join(prefix, "insieme.conf"), site);
  // What Debian's /etc/nginx/nginx.conf provides around a site, in a folder of our own.
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${prefix}/access.log;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `${kind}_temp_path ${prefix}/${kind}_temp;`).join("\n  ")}
  include ${prefix}/insieme.conf;
}
`,
  );
  // Workers run as nobody when started as root: the folder must be traversable.
  for (const folder of [work, prefix]) fs.chmodSync(folder, 0o755);
  run(NGINX, ["-t", "-q", "-p", prefix, "-c", path.join(prefix, "nginx.conf")]);
  const child = spawn(NGINX, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "inherit"] });
  cleanups.push(async () => {
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  });
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(ports.https, "127.0.0.1", () => resolve(socket.end() !== undefined));
      socket.on("error", () => resolve(child.exitCode !== null));
    });
  await until("nginx listening", listening, 10_000, 50);
  if (child.exitCode !== null) throw new Error(`nginx exited: ${fs.readFileSync(path.join(prefix, "error.log"), "utf8")}`);
  return { child, errorLog: () => fs.readFileSync(path.join(prefix, "error.log"), "utf8") };
}

/* An HTTP/2 client over TLS, trusting only our certificate (a browser on https://www.example.it). */

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
}

/** `localAddress`: the client's own address on loopback (127.0.1.x): the app's per-client limits stay on, one visitor per address. */
function h2Client(port: number, ca: Buffer, localAddress?: string) {
  const authority = `${SERVER_NAME}:${port}`;
  let session: http2.ClientHttp2Session | undefined;
  const open = () => {
    if (session && !session.closed && !session.destroyed) return session;
    session = http2.connect(`https://${authority}`, {
      createConnection: () => tls.connect({ socket: net.connect({ host: "127.0.0.1", port, localAddress }), ca, servername: SERVER_NAME, ALPNProtocols: ["h2"] }),
    });
    session.on("error", () => undefined);
    return session;
  };
  return {
    origin: `https://${authority}`,
    /** The protocol TLS agreed on (ALPN). */
    protocol: () =>
      new Promise<string | undefined>((resolve, reject) => {
        const current = open();
        if (current.alpnProtocol) return resolve(current.alpnProtocol);
        current.once("connect", () => resolve(current.alpnProtocol));
        current.once("error", reject);
        setTimeout(() => reject(new Error("no TLS connection to nginx within 10 s")), 10_000).unref();
      }),
    request(pathname: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {}): Promise<Answer> {
      return new Promise((resolve, reject) => {
        const stream = open().request({ ":method": options.method ?? "GET", ":path": pathname, ":authority": authority, ...options.headers });
        const chunks: Buffer[] = [];
        let headers: http2.IncomingHttpHeaders = {};
        stream.setTimeout(options.timeoutMs ?? 15_000, () => stream.close(http2.constants.NGHTTP2_CANCEL));
        stream.on("response", (received) => (headers = received));
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => resolve({ status: Number(headers[":status"]), headers, body: Buffer.concat(chunks) }));
        stream.on("error", reject);
        stream.on("close", () => {
          if (!headers[":status"]) reject(new Error(`stream closed without an answer (code ${stream.rstCode})`));
        });
        stream.end(options.body);
      });
    },
    close: () => session?.close(),
  };
}

type Client = ReturnType<typeof h2Client>;

/** A questionnaire POSTed as the site's form does: a fresh challenge per attempt, the same Idempotency-Key on every retry. */
let postsInFlight = 0;

async function postQuestionnaire(client: Client, key: string, email: string): Promise<Answer> {
  const challenge = await client.request("/api/altcha-challenge");
  if (challenge.status !== 200) return challenge;
  const proof = await solveProofOfWork(JSON.parse(challenge.body.toString()));
  postsInFlight++;
  try {
    return await client.request("/api/submit-questionnaire", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key, origin: client.origin, "x-altcha": proof },
      body: JSON.stringify({ ...validAnswers, name: "Persona di prova", email }),
    });
  } finally {
    postsInFlight--;
  }
}

const header = (answer: Answer, name: string) => String(answer.headers[name] ?? "");

/* The smoke test through the proxy. */

async function smoke(client: Client, httpPort: number, adminUrl: () => string) {
  check((await client.protocol()) === "h2", "TLS with HTTP/2 (ALPN h2) on the https port");
  const home = await client.request("/", { headers: { "accept-encoding": "gzip" } });
  check(home.status === 200, `GET / through nginx: ${home.status}`);
  // The app sends it only to a request it sees as https: nginx's X-Forwarded-Proto read through TRUST_PROXY=1.
  check(
    /^max-age=\d+; includeSubDomains$/.test(header(home, "strict-transport-security")),
    `the app sees https behind nginx (Strict-Transport-Security: ${header(home, "strict-transport-security")})`,
  );
  check(header(home, "x-content-type-options") === "nosniff" && header(home, "referrer-policy") !== "", "the app's security headers pass through");
  check(/public/.test(header(home, "cache-control")), `a public page stays cacheable (Cache-Control: ${header(home, "cache-control")})`);

  const redirect = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get({ host: "127.0.0.1", port: httpPort, path: "/terapeuti", headers: { host: SERVER_NAME } }, resolve).on("error", reject),
  );
  redirect.resume();
  check(
    redirect.statusCode === 301 && redirect.headers.location === `https://${SERVER_NAME}/terapeuti`,
    `plain HTTP redirects to https (${redirect.statusCode} ${redirect.headers.location})`,
  );

  const assetsFolder = path.join(root, BUILD_DIR, "client/assets");
  const asset = fs.readdirSync(assetsFolder).find((name) => name.endsWith(".css")) ?? fs.readdirSync(assetsFolder)[0]!;
  const assetAnswer = await client.request(`/assets/${asset}`);
  check(assetAnswer.status === 200, `GET /assets/${asset}: ${assetAnswer.status}`);
  check(
    header(assetAnswer, "cache-control") === "public, max-age=31536000, immutable",
    `/assets cached for a year, one header (Cache-Control: ${header(assetAnswer, "cache-control")})`,
  );
  const staleAsset = await client.request("/assets/no-such-chunk-0000.js");
  check(
    staleAsset.status === 404 && !/immutable/.test(header(staleAsset, "cache-control")),
    `a missing /assets file is a 404 not cached for a year (${staleAsset.status}, ${header(staleAsset, "cache-control") || "no Cache-Control"})`,
  );

  const health = await client.request("/healthz");
  check(health.status === 200, `GET /healthz: ${health.status}`);

  const admin = await client.request("/admin", { headers: { accept: "text/html" } });
  check(admin.status === 401 && /type="password"/.test(admin.body.toString()), `/admin shows a visitor the staff sign-in form (${admin.status})`);
  const signIn = await client.request("/accedi");
  check(signIn.status === 200 && /type="password"/.test(signIn.body.toString()), `the sign-in page /accedi: ${signIn.status}`);

  const flash = await client.request("/contatti", { headers: { cookie: "flash=send-contact-email.ok" } });
  check(
    flash.status === 200 && /no-store/.test(header(flash, "cache-control")) && /^flash=;/.test(String(flash.headers["set-cookie"] ?? "")),
    `a request with flash= reaches the app, which spends it (Cache-Control: ${header(flash, "cache-control")})`,
  );

  const key = `smoke-${randomBytes(8).toString("hex")}`;
  const email = `smoke-${key}@example.com`;
  const submitted = await postQuestionnaire(client, key, email);
  check(submitted.status === 201, `a questionnaire submitted through nginx: ${submitted.status} ${submitted.body.toString().slice(0, 200)}`);
  const database = new pg.Client({ connectionString: adminUrl() });
  await database.connect();
  const stored = await database.query(`select count(*)::int as n from internal_questionnaire_responses where email = $1`, [email]);
  await database.end();
  check(stored.rows[0].n === 1, "the questionnaire is in the database");

  const json = (bytes: number) => ({
    method: "POST",
    headers: { "content-type": "application/json", "content-length": String(bytes), origin: client.origin },
    body: Buffer.alloc(bytes, 32),
  });
  const tooBig = await client.request("/api/send-contact-email", json(8 * 1024 * 1024));
  check(tooBig.status === 413 && header(tooBig, "server").startsWith("nginx"), `an 8 MB body is stopped by nginx (client_max_body_size): ${tooBig.status}`);
  const overAppCap = await client.request("/api/send-contact-email", json(2 * 1024 * 1024));
  check(
    overAppCap.status === 413 && /"error"/.test(overAppCap.body.toString()),
    `a 2 MB JSON body passes nginx and is refused by the app with its own message: ${overAppCap.status}`,
  );
}

/* The load, and SIGKILL of one instance in the middle of it. */

interface Submission {
  key: string;
  email: string;
  attempts: number;
  refused: number[];
  id?: string;
}

async function loadWithKill(port: number, ca: Buffer, victim: AppProcess) {
  const submissions: Submission[] = Array.from({ length: SUBMISSIONS }, (_, index) => {
    const key = `deploy-smoke-${index}-${randomBytes(6).toString("hex")}`;
    return { key, email: `${key}@example.com`, attempts: 0, refused: [] };
  });
  let next = 0;
  let killedAt: number | undefined;
  const deadline = Date.now() + 90_000;
  const killer = (async () => {
    await until("a third of the submissions accepted", () => submissions.filter((submission) => submission.id).length >= SUBMISSIONS / 3, 60_000, 5);
    // While several POSTs wait for their answers: some of them on the instance that dies.
    await until("POSTs in flight", () => postsInFlight >= Math.min(4, CLIENTS - 1), 10_000, 1).catch(() => undefined);
    const inFlight = postsInFlight;
    killedAt = submissions.filter((submission) => submission.id).length;
    log(`SIGKILL of the instance on port ${victim.port} after ${killedAt} accepted submissions, ${inFlight} POSTs in flight`);
    await victim.kill("SIGKILL");
  })().catch((error: Error) => failures.push(`the kill: ${error.message}`));
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < submissions.length) {
        const index = next++;
        const submission = submissions[index]!;
        // Each submission is another visitor, from its own address.
        const client = h2Client(port, ca, `127.0.1.${index + 1}`);
        for (;;) {
          submission.attempts++;
          try {
            const answer = await postQuestionnaire(client, submission.key, submission.email);
            if (answer.status >= 200 && answer.status < 300) {
              submission.id = (JSON.parse(answer.body.toString()) as { id: string }).id;
              break;
            }
            submission.refused.push(answer.status);
          } catch {
            submission.refused.push(0);
          }
          if (Date.now() > deadline) break;
          await sleep(Math.min(1000, 100 * 2 ** submission.attempts));
        }
        client.close();
      }
    }),
  );
  await killer;
  return { submissions, killedAt };
}

async function main() {
  const started = Date.now();
  log(`work folder ${work}`);
  log(`production build in ${BUILD_DIR} (built when the sources changed)...`);
  await ensureBuild();
  const adminUrl = process.env.DEPLOY_SMOKE_DATABASE_URL ?? (await startCluster());
  const databaseUrl = await createDatabase(adminUrl);
  const ports = { http: await freePort(3700, 3719), https: await freePort(3720, 3739), apps: [await freePort(3740, 3759), await freePort(3760, 3779)] as [number, number] };
  const publicUrl = `https://${SERVER_NAME}:${ports.https}`;
  const environment = {
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: "1",
    PUBLIC_URL: publicUrl,
    SEED_DEMO: "true",
    SESSION_SECRET: randomBytes(32).toString("base64"),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    BACKUP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    BACKUP_EVERY_HOURS: "0",
    // One client address for the whole load (nginx's X-Forwarded-For): the per-client limits would answer 429.
    RATE_LIMITS: "off",
    LOG_LEVEL: "warn",
  };
  log(`two instances on ports ${ports.apps.join(" and ")} (DATABASE_URL, TRUST_PROXY=1), started together...`);
  const apps = await Promise.all(ports.apps.map(async (port, index) => startApp({ port, dataDir: fs.mkdtempSync(path.join(work, `app-${index}-`)), env: environment })));
  cleanups.push(() => Promise.all(apps.map((app) => app.stop())).then(() => undefined));
  fs.mkdirSync(path.join(work, "nginx"));
  const certificate = selfSignedCertificate();
  const nginx = await startNginx(ports, certificate);
  log(`nginx: https on ${ports.https} (the site of docs/operations.md), http on ${ports.http}`);
  try {
    const client = h2Client(ports.https, certificate.pem);
    log("smoke test through the proxy:");
    await smoke(client, ports.http, () => databaseUrl);
    client.close();

    log(`load: ${SUBMISSIONS} questionnaires from ${CLIENTS} clients, one instance killed once a third are accepted...`);
    const { submissions, killedAt } = await loadWithKill(ports.https, certificate.pem, apps[0]!);
    const retried = submissions.filter((submission) => submission.refused.length > 0);
    const refusals = retried.flatMap((submission) => submission.refused);
    log(
      `${retried.length} submissions retried after ${refusals.length} answers other than 2xx (${[...new Set(refusals)].map((status) => (status === 0 ? "no answer" : status)).join(", ") || "none"})`,
    );
    check(killedAt !== undefined && killedAt < SUBMISSIONS, `an instance was killed in the middle of the load (after ${killedAt} of ${SUBMISSIONS})`);
    const accepted = submissions.filter((submission) => submission.id);
    check(accepted.length === SUBMISSIONS, `every submission accepted in the end (${accepted.length} of ${SUBMISSIONS})`);

    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    const keys = await database.query<{ key: string; n: number }>(
      `select key, count(*)::int as n from idempotency_keys where key like 'submit-questionnaire:deploy-smoke-%' group by key`,
    );
    const rows = await database.query<{ id: string; email: string }>(`select id, email from internal_questionnaire_responses where email like 'deploy-smoke-%'`);
    await database.end();
    const keyCount = new Map(keys.rows.map((row) => [row.key, row.n]));
    const lost = accepted.filter((submission) => keyCount.get(`submit-questionnaire:${submission.key}`) !== 1);
    const stored = (submission: Submission) => rows.rows.filter((row) => row.email === submission.email);
    const notOnce = accepted.filter((submission) => stored(submission).length !== 1 || stored(submission)[0]!.id !== submission.id);
    check(lost.length === 0, `every accepted submission's Idempotency-Key stored once (${lost.length} not: ${lost.map((s) => s.key).join(", ")})`);
    check(notOnce.length === 0, `every accepted submission stored exactly once under the id it was answered with (${notOnce.length} not)`);
    check(rows.rows.length === accepted.length, `nothing stored beyond what was accepted (${rows.rows.length} rows for ${accepted.length} accepted)`);

    const after = h2Client(ports.https, certificate.pem);
    const answers = await Promise.all(Array.from({ length: 6 }, () => after.request("/healthz")));
    after.close();
    check(
      answers.every((answer) => answer.status === 200),
      `with one instance dead nginx keeps answering from the other (/healthz: ${answers.map((answer) => answer.status).join(" ")})`,
    );
  } catch (error) {
    failures.push((error as Error).message);
    log(`FAILED: ${(error as Error).stack ?? error}`);
  }
  if (failures.length) {
    log(`nginx error log:\n${nginx.errorLog().slice(-3000)}`);
    for (const app of apps) log(`instance ${app.port} output:\n${app.output().slice(-3000)}`);
  }
  log(`${failures.length ? `${failures.length} check(s) FAILED` : "all checks passed"} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function cleanUp() {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      log(`clean-up: ${(error as Error).message}`);
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
}

// Whatever happens, nothing of ours is left running: a hard limit, and the same clean-up on Ctrl+C or SIGTERM.
const stopped = async (reason: string) => {
  log(`FAILED: ${reason}`);
  await cleanUp();
  process.exit(1);
};
setTimeout(() => void stopped("not finished within 5 minutes"), 300_000).unref();
process.once("SIGINT", () => void stopped("interrupted"));
process.once("SIGTERM", () => void stopped("terminated"));

try {
  await main();
} catch (error) {
  failures.push((error as Error).message);
  log(`FAILED: ${(error as Error).stack ?? error}`);
} finally {
  await cleanUp();
}
process.exit(failures.length ? 1 : 0);
