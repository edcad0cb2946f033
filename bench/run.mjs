// npm run bench: builds, starts the production server on loopback, and prints one table of
// Lighthouse scores (median of three runs), page weight, HTTP throughput/latency as a browser asks
// (Accept-Encoding: gzip, deflate, br), the same HTML served by nginx as the ceiling, cold start and
// memory. Figures go to bench/results.json and one line per run to bench/HISTORY.md. Any answer that
// is not 2xx, or a Lighthouse run that fails, makes it exit with status 1. `npm run bench -- --large
// <DATA_DIR>` (a database grown with `npm run seed:scale`) adds the large-practice probe
// (bench/large-practice.mjs): every staff page's median, max and bytes, the event loop's longest block, the RSS.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";
import PipelinedRequestsQueue from "autocannon/lib/pipelinedRequestsQueue.js";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { fetchProofOfWork } from "../tests/support/proof-of-work.mjs";
import { validAnswers } from "../tests/support/valid-answers.mjs";
import { serverEnv, serverNodeFlags } from "../scripts/node-flags.mjs";
import { dataDirSecrets, printLargePractice, probeAdmin, probeStaffPages, signIn } from "./large-practice.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.BENCH_PORT ?? 3400);
const base = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const loadSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Submissions sent, and not counted, before the submissions are measured. */
const SUBMIT_WARMUP_SECONDS = 3;
const nginxBinary = "/usr/sbin/nginx";
/** `--large <DATA_DIR>`: the large practice the probe browses after the rest (its own data, left as it was but for the probe's admin). */
const largeDataDir = largePracticeArgument(process.argv.slice(2));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-bench-"));
// Its own build, so a benchmark never replaces the build/ another run (e2e, a server) is using.
const buildDir = path.join(root, "bench/.tmp/build");
/** What a browser sends; every load below asks this way. */
const BROWSER_ENCODINGS = "gzip, deflate, br";
// Production refuses to start without them; the same pair for every start on this DATA_DIR.
const sessionSecret = randomBytes(32).toString("hex");
const encryptionKey = randomBytes(32).toString("base64");

/**
 * autocannon 9 decodes every response's body into a string (`req.body += chunk`, lib/pipelinedRequestsQueue.js)
 * whether or not anything reads it; the bench never does (no onResponse, no expectBody). Decoding a compressed
 * 10-12 KB page as UTF-8 took 0.2 ms of the client's core here, so the client, not the server, set the pace of
 * every page load (about 4,000 a second for the home and for nginx alike: a ratio near 1 that measured the
 * client). Without it the same client asks nginx 10 times as fast (docs/performance.md, "The load client").
 */
if (typeof PipelinedRequestsQueue.prototype.addBody !== "function")
  throw new Error("autocannon no longer has PipelinedRequestsQueue#addBody: check decision 095 against its new version");
PipelinedRequestsQueue.prototype.addBody = function keepNoBody() {};

function log(message) {
  process.stderr.write(`${message}\n`);
}

function largePracticeArgument(args) {
  const index = args.indexOf("--large");
  if (index === -1) return process.env.BENCH_LARGE_DATA_DIR || undefined;
  const dir = args[index + 1];
  if (!dir || dir.startsWith("--")) throw new Error("--large needs the DATA_DIR of a database grown with npm run seed:scale");
  return path.resolve(dir);
}

/**
 * The production server on the bench's build. `large`: on the large practice's DATA_DIR instead, with
 * its secrets, the event-loop probe loaded (bench/event-loop-probe.mjs) and an IPC channel to ask it.
 */
function startServer(large) {
  const started = performance.now();
  const probe = large ? ["--import", "./bench/event-loop-probe.mjs"] : [];
  const child = spawn(process.execPath, [...serverNodeFlags, ...probe, "server.mjs"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit", ...(large ? ["ipc"] : [])],
    env: {
      ...serverEnv,
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // The benchmark drives thousands of requests from one address: per-client limits off.
      RATE_LIMITS: "off",
      PUBLIC_URL: base,
      SEED_DEMO: "true",
      SESSION_SECRET: sessionSecret,
      DATA_ENCRYPTION_KEY: encryptionKey,
      // The submissions' challenges are solved before the load (below); the server's check is one HMAC at any difficulty.
      ALTCHA_MAX_NUMBER: "100",
      ...(large ? { DATA_DIR: large, ...dataDirSecrets(large) } : {}),
    },
  });
  return { child, started };
}

async function untilOk(url, started) {
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function stopServer(child) {
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function firstPostSlug() {
  const rss = await fetch(`${base}/blog/rss.xml`).then((r) => r.text());
  const link = /<link>([^<]+\/blog\/[^<]+)<\/link>/.exec(rss)?.[1];
  return link ? new URL(link).pathname : "/blog";
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The loads' names, in the tables and in results.json. */
const LOADS = {
  home: "SSR home / (app)",
  nginxGzip: "same HTML, nginx gzip",
  nginxStatic: "same HTML, nginx gzip_static, one worker",
  submit: "POST /api/submit-questionnaire",
};

/** Attempts per run: Lighthouse sometimes loses its own trace (NO_NAVSTART), which says nothing about the page. */
const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * A person reaches the questionnaire through the welcome gate, which leaves its consent cookie
 * (GATE_CONSENT_COOKIE in app/domain/questionnaire.ts); without it the page is a redirect to the gate.
 */
const visitorHeaders = (page) => (page === "/questionario-interno" ? { Cookie: "questionario_consenso=accetto" } : {});

/** One Lighthouse run of a page, reduced to the figures the table shows. */
async function lighthouseRun(chrome, preset, page) {
  const options = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] };
  options.extraHeaders = visitorHeaders(page);
  let lhr;
  for (let attempt = 1; ; attempt++) {
    ({ lhr } = await lighthouse(`${base}${page}`, options, preset === "desktop" ? desktopConfig : undefined));
    if (!lhr.runtimeError) break;
    const message = `Lighthouse ${preset} ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt === LIGHTHOUSE_ATTEMPTS) throw new Error(message);
    log(`${message}: again`);
  }
  const summary = lhr.audits["resource-summary"]?.details?.items ?? [];
  const bytes = (type) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? NaN),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
    cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
    tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
    jsKbGzip: Number((bytes("script") / 1024).toFixed(1)),
    cssKbGzip: Number((bytes("stylesheet") / 1024).toFixed(1)),
  };
}

/** Each page `lighthouseRuns` times per preset; every figure is the median of its runs. */
async function runLighthouse(pages, failures) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const results = [];
  try {
    for (const preset of ["mobile", "desktop"]) {
      for (const page of pages) {
        const runs = [];
        try {
          for (let run = 0; run < lighthouseRuns; run++) runs.push(await lighthouseRun(chrome, preset, page));
        } catch (error) {
          failures.push(error.message);
          continue;
        }
        const figures = Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]));
        results.push({ preset, page, runs: runs.map((r) => r.performance), ...figures });
        log(`lighthouse ${preset} ${page}: ${runs.map((r) => r.performance).join(", ")} (median ${figures.performance})`);
      }
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

function load(name, options) {
  return new Promise((resolve, reject) => {
    const headers = { "accept-encoding": BROWSER_ENCODINGS, ...options.headers };
    autocannon({ url: base, connections, duration: loadSeconds, ...options, headers }, (error, result) => {
      if (error) return reject(error);
      resolve({
        name,
        non2xx: result.non2xx ?? 0,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts + (result.non2xx ?? 0),
        total: result.requests.total,
      });
    });
  });
}

async function main() {
  if (!fs.existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath}`);
  ensureNginx();
  log("building...");
  const build = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, BUILD_DIR: buildDir } });
  if (build.status !== 0) throw new Error("build failed");

  log("first start (initdb, migrations, demo seed)...");
  let server = startServer();
  const firstStartMs = await untilOk(`${base}/`, server.started);
  await stopServer(server.child);

  log("cold start on existing data...");
  server = startServer();
  server.coldStartMs = await untilOk(`${base}/`, server.started);
  server.firstStartMs = firstStartMs;

  const nginx = [];
  try {
    const html = await fetch(`${base}/`, { headers: { "accept-encoding": "identity" } }).then((r) => r.text());
    // gzip per response with a worker per core (issue 17's ceiling); the pre-compressed file with one worker, as the one thread of the app (issue 32).
    nginx.push(await startNginx(html, { workers: "auto", port: port + 1, site: "gzip on; gzip_vary on;" }));
    nginx.push(await startNginx(html, { workers: "1", port: port + 2, site: "gzip_static on; gzip_vary on;" }));
    const { results, failures } = await measure(server, { gzipUrl: nginx[0].url, staticUrl: nginx[1].url });
    if (largeDataDir) {
      await stopServer(server.child);
      results.largePractice = await largePractice(largeDataDir, failures);
    }
    record(results);
    if (failures.length) {
      console.error(`\nFAILED: ${failures.join("; ")}`);
      process.exitCode = 1;
    }
  } finally {
    for (const each of nginx) await each.stop();
    if (server.child.exitCode === null) await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The large-practice probe: the server started on `dir`, the probe's admin signed in, every staff page browsed. */
async function largePractice(dir, failures) {
  log(`large practice: ${dir}...`);
  const admin = probeAdmin(root, dir);
  const server = startServer(dir);
  try {
    await untilOk(`${base}/healthz`, server.started);
    const cookie = await signIn(base, admin);
    const summary = await probeStaffPages({ base, child: server.child, cookie, acceptEncoding: BROWSER_ENCODINGS, log });
    failures.push(...summary.failures);
    printLargePractice(summary, dir);
    return summary;
  } finally {
    await stopServer(server.child);
  }
}

/** Debian's nginx-light, installed with apt-get when it is missing (needs root, as apt-get does). */
function ensureNginx() {
  if (fs.existsSync(nginxBinary)) return;
  log("nginx not found: apt-get install nginx-light...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "nginx-light"], { stdio: ["ignore", "ignore", "inherit"], env });
  if (install.status !== 0) {
    spawnSync("apt-get", ["update"], { stdio: ["ignore", "ignore", "inherit"], env });
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "nginx-light"], { stdio: ["ignore", "ignore", "inherit"], env });
  }
  if (!fs.existsSync(nginxBinary)) throw new Error(`${nginxBinary} missing and apt-get install nginx-light failed`);
}

/**
 * nginx serving the app's home HTML (the same bytes) from a file, on its own port with its own
 * workers: `site` is the gzip configuration (per response as a default Debian site does, or a file
 * gzipped ahead with gzip_static). No access log.
 */
async function startNginx(html, { workers, port: listen, site }) {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-bench-nginx-"));
  fs.mkdirSync(path.join(prefix, "www"));
  fs.writeFileSync(path.join(prefix, "www/index.html"), html);
  fs.writeFileSync(path.join(prefix, "www/index.html.gz"), zlib.gzipSync(html, { level: 9 }));
  // Workers run as nobody when started as root: the files must be readable by anyone.
  for (const item of [prefix, path.join(prefix, "www")]) fs.chmodSync(item, 0o755);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `${kind}_temp_path ${prefix}/${kind};`).join(" ");
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    `worker_processes ${workers};
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  default_type text/html;
  access_log off;
  ${temp}
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server { listen 127.0.0.1:${listen}; root ${prefix}/www; ${site} location = / { try_files /index.html =404; } }
}
`,
  );
  const child = spawn(nginxBinary, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${listen}/`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${fs.readFileSync(path.join(prefix, "error.log"), "utf8")}`);
    try {
      const answer = await fetch(url);
      if (answer.ok && (await answer.text()) === html) break;
      throw new Error("nginx does not serve the home HTML");
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

async function solvedChallenges(count) {
  const proofs = [];
  while (proofs.length < count) proofs.push(...(await Promise.all(Array.from({ length: Math.min(50, count - proofs.length) }, () => fetchProofOfWork(base)))));
  return proofs;
}

/** What one request as a browser gets: status, encoding and bytes on the wire. */
async function asBrowser(url, headers = {}) {
  const response = await new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": BROWSER_ENCODINGS, ...headers } }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode, encoding: res.headers["content-encoding"] ?? "identity", bytes: Buffer.concat(chunks).length }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
  return response;
}

async function measure(server, nginx) {
  const failures = [];
  const coldStartMs = server.coldStartMs;
  const firstStartMs = server.firstStartMs;
  const post = await firstPostSlug();
  const pages = ["/", "/questionario-interno", post, "/terapeuti"];
  for (const page of pages) {
    const answer = await asBrowser(`${base}${page}`, visitorHeaders(page));
    if (answer.status < 200 || answer.status > 299) failures.push(`GET ${page} answered ${answer.status}`);
  }
  const lighthouseResults = await runLighthouse(pages, failures);

  const html = await fetch(`${base}/`).then((r) => r.text());
  const asset = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? "/favicon.svg";
  const wire = { app: await asBrowser(`${base}/`), nginxGzip: await asBrowser(nginx.gzipUrl), nginxStatic: await asBrowser(nginx.staticUrl) };

  log("load: static asset, SSR home, nginx (same HTML), questionnaire submit...");
  const staticAsset = await load(`static asset ${asset}`, { url: `${base}${asset}` });
  const ssrHome = await load(LOADS.home, { url: `${base}/` });
  const nginxGzip = await load(LOADS.nginxGzip, { url: nginx.gzipUrl });
  const nginxStatic = await load(LOADS.nginxStatic, { url: nginx.staticUrl });
  // Each submission needs its own solved anti-spam challenge: a pool of 2,500 a second (five times the
  // target rate; the server answers about 1,000), solved beforehand. Should it run out, the reused ones
  // are refused, show as non-2xx, and the run fails saying so.
  const proofs = await solvedChallenges((loadSeconds + SUBMIT_WARMUP_SECONDS) * 2500);
  let counter = 0;
  const submission = {
    url: `${base}/api/submit-questionnaire`,
    requests: [
      {
        method: "POST",
        setupRequest(request) {
          counter += 1;
          return {
            ...request,
            headers: {
              ...request.headers,
              "content-type": "application/json",
              "idempotency-key": `bench-${process.pid}-${counter}`,
              "x-altcha": proofs[(counter - 1) % proofs.length],
            },
            body: JSON.stringify({ ...validAnswers, name: "Bench", email: `bench-${counter}@example.com` }),
          };
        },
      },
    ],
  };
  // The pages above warmed the server's HTTP path; the write path (Zod, Drizzle, the transaction) is
  // warmed the same way before it is measured, as a server that has been up a while would be.
  const warmup = await load("submissions warm-up", { ...submission, duration: SUBMIT_WARMUP_SECONDS });
  if (warmup.errors) failures.push(`${warmup.name}: ${warmup.non2xx} non-2xx, ${warmup.errors - warmup.non2xx} errors or timeouts`);
  const submit = await load(LOADS.submit, submission);
  if (counter > proofs.length) failures.push(`the pool of ${proofs.length} solved challenges ran out: ${counter - proofs.length} submissions reused one (raise it)`);
  const rssAfterLoadMb = rssMb(server.child.pid);
  const loads = [staticAsset, ssrHome, nginxGzip, nginxStatic, submit];
  for (const result of loads) if (result.errors) failures.push(`${result.name}: ${result.non2xx} non-2xx, ${result.errors - result.non2xx} errors or timeouts`);

  const ratio = (a, b) => Number((a.requestsPerSecond / b.requestsPerSecond).toFixed(3));
  const results = {
    date: new Date().toISOString(),
    commit: spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).stdout.toString().trim(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    acceptEncoding: BROWSER_ENCODINGS,
    lighthouseRuns,
    lighthouse: lighthouseResults,
    homeOnTheWire: wire,
    load: loads,
    ssrToNginxRatio: ratio(ssrHome, nginxGzip),
    ssrToNginxStaticRatio: ratio(ssrHome, nginxStatic),
    ssrToStaticAssetRatio: ratio(ssrHome, staticAsset),
    firstStartMs: Math.round(firstStartMs),
    coldStartMs: Math.round(coldStartMs),
    rssAfterLoadMb,
    failures,
  };

  console.log(`\nLighthouse (system Chromium), median of ${lighthouseRuns} runs`);
  console.table(
    lighthouseResults.map((r) => ({
      preset: r.preset,
      page: r.page,
      perf: r.performance,
      runs: r.runs.join("/"),
      a11y: r.accessibility,
      "best pr.": r.bestPractices,
      seo: r.seo,
      "FCP ms": r.fcpMs,
      "LCP ms": r.lcpMs,
      CLS: r.cls,
      "TBT ms": r.tbtMs,
      "JS KB gz": r.jsKbGzip,
      "CSS KB gz": r.cssKbGzip,
    })),
  );
  console.log(`Home as a browser gets it (Accept-Encoding: ${BROWSER_ENCODINGS})`);
  console.table(Object.entries(wire).map(([server, r]) => ({ server, status: r.status, encoding: r.encoding, bytes: r.bytes })));
  console.log(`HTTP load (autocannon, ${connections} connections, ${loadSeconds} s each, Accept-Encoding: ${BROWSER_ENCODINGS})`);
  console.table(loads.map((r) => ({ test: r.name, "req/s": r.requestsPerSecond, "p50 ms": r.p50Ms, "p99 ms": r.p99Ms, "non-2xx": r.non2xx, errors: r.errors, requests: r.total })));
  console.table([
    {
      "home / nginx gzip": results.ssrToNginxRatio,
      "home / nginx gzip_static (1 worker)": results.ssrToNginxStaticRatio,
      "home / static asset": results.ssrToStaticAssetRatio,
      "first start ms": results.firstStartMs,
      "cold start ms": results.coldStartMs,
      "RSS after load MB": results.rssAfterLoadMb,
    },
  ]);

  results.historyCells = {
    lighthouseMobile: pages.map((page) => lighthouseResults.find((r) => r.preset === "mobile" && r.page === page)?.performance ?? "-").join(" / "),
    homeJsKb: lighthouseResults.find((r) => r.preset === "mobile" && r.page === "/")?.jsKbGzip ?? "-",
  };
  return { results, failures };
}

/** bench/results.json, and the run's line in bench/HISTORY.md (a new table whenever the columns change). */
function record(results) {
  const { historyCells, ...kept } = results;
  fs.writeFileSync(path.join(root, "bench/results.json"), `${JSON.stringify(kept, null, 2)}\n`);
  const figure = (name) => results.load.find((r) => r.name === name);
  const [ssrHome, nginxGzip, nginxStatic, submit] = [LOADS.home, LOADS.nginxGzip, LOADS.nginxStatic, LOADS.submit].map(figure);
  const large = results.largePractice;
  const cells = [
    results.date.slice(0, 16),
    results.commit,
    historyCells.lighthouseMobile,
    historyCells.homeJsKb,
    ssrHome.requestsPerSecond,
    nginxGzip.requestsPerSecond,
    results.ssrToNginxRatio,
    nginxStatic.requestsPerSecond,
    results.ssrToNginxStaticRatio,
    submit.requestsPerSecond,
    submit.p99Ms,
    results.load.reduce((sum, r) => sum + r.errors, 0),
    results.coldStartMs,
    results.rssAfterLoadMb,
    large ? `${large.slowestMedianMs} / ${(large.largestHtmlBytes / 1024).toFixed(0)} / ${large.longestBlockMs} / ${large.rssMb}` : "-",
  ];
  const history = path.join(root, "bench/HISTORY.md");
  if (!fs.existsSync(history)) fs.writeFileSync(history, "# Benchmark history\n");
  if (!fs.readFileSync(history, "utf8").includes(HISTORY_HEADER)) fs.appendFileSync(history, `\n${HISTORY_INTRO}\n\n${HISTORY_HEADER}\n|${"---|".repeat(cells.length)}\n`);
  fs.appendFileSync(history, `| ${cells.join(" | ")} |\n`);
}

const HISTORY_INTRO =
  "Requests as a browser asks (`Accept-Encoding: gzip, deflate, br`), nginx serving the same home HTML in the same run (gzip per response, a worker per core; gzip_static with one worker), Lighthouse mobile medians of 3 for `/`, `/questionario-interno`, an article, `/terapeuti`; with `--large`, the large-practice probe's slowest staff-page median (ms), largest page (KB of HTML), longest event-loop block (ms) and RSS after it (MB).";
const HISTORY_HEADER =
  "| date | commit | LH mobile (median of 3) | home JS KB gz | home req/s | nginx gzip req/s | ratio | nginx gzip_static (1 worker) req/s | ratio | submit req/s | submit p99 ms | non-2xx + errors | cold start ms | RSS MB | large practice: median / KB / block / RSS |";

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
