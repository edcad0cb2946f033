// npm run bench: builds, starts the production server on loopback, and prints one table of
// Lighthouse scores, page weight, HTTP throughput/latency, cold start and memory.
// Figures go to bench/results.json and one line per run to bench/HISTORY.md.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { fetchProofOfWork } from "../tests/support/proof-of-work.mjs";
import { validAnswers } from "../tests/support/valid-answers.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.BENCH_PORT ?? 3400);
const base = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const loadSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-bench-"));
// Production refuses to start without them; the same pair for every start on this DATA_DIR.
const sessionSecret = randomBytes(32).toString("hex");
const encryptionKey = randomBytes(32).toString("base64");

function log(message) {
  process.stderr.write(`${message}\n`);
}

function startServer() {
  const started = performance.now();
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
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

async function runLighthouse(pages) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const results = [];
  try {
    for (const preset of ["mobile", "desktop"]) {
      for (const page of pages) {
        const options = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] };
        const runner = await lighthouse(`${base}${page}`, options, preset === "desktop" ? desktopConfig : undefined);
        const lhr = runner.lhr;
        const summary = lhr.audits["resource-summary"]?.details?.items ?? [];
        const bytes = (type) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
        results.push({
          preset,
          page,
          performance: Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
          bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
          seo: Math.round(lhr.categories.seo.score * 100),
          lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
          cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
          tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
          jsKbGzip: Number((bytes("script") / 1024).toFixed(1)),
          cssKbGzip: Number((bytes("stylesheet") / 1024).toFixed(1)),
        });
        log(`lighthouse ${preset} ${page}: ${results.at(-1).performance}`);
      }
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

function load(name, options) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration: loadSeconds, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        name,
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
  log("building...");
  const build = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("build failed");

  log("first start (initdb, migrations, demo seed)...");
  let server = startServer();
  const firstStartMs = await untilOk(`${base}/`, server.started);
  await stopServer(server.child);

  log("cold start on existing data...");
  server = startServer();
  server.coldStartMs = await untilOk(`${base}/`, server.started);
  server.firstStartMs = firstStartMs;

  try {
    await measure(server);
  } finally {
    if (server.child.exitCode === null) await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function solvedChallenges(count) {
  const proofs = [];
  while (proofs.length < count) proofs.push(...(await Promise.all(Array.from({ length: Math.min(50, count - proofs.length) }, () => fetchProofOfWork(base)))));
  return proofs;
}

async function measure(server) {
  const coldStartMs = server.coldStartMs;
  const firstStartMs = server.firstStartMs;
  const post = await firstPostSlug();
  const pages = ["/", "/questionario-interno", post, "/terapeuti"];
  const lighthouseResults = await runLighthouse(pages);

  const html = await fetch(`${base}/`).then((r) => r.text());
  const asset = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? "/favicon.svg";

  log("load: static asset, SSR home, questionnaire submit...");
  const staticAsset = await load(`static asset ${asset}`, { url: `${base}${asset}` });
  const ssrHome = await load("SSR home /", { url: `${base}/` });
  // Each submission needs its own solved anti-spam challenge: a pool of three times the last measured
  // rate, solved beforehand. Should it run out, the reused ones are refused and show as errors.
  const proofs = await solvedChallenges(loadSeconds * 600);
  let counter = 0;
  const submit = await load("POST /api/submit-questionnaire", {
    url: `${base}/api/submit-questionnaire`,
    requests: [
      {
        method: "POST",
        setupRequest(request) {
          counter += 1;
          return {
            ...request,
            headers: { "content-type": "application/json", "idempotency-key": `bench-${process.pid}-${counter}`, "x-altcha": proofs[(counter - 1) % proofs.length] },
            body: JSON.stringify({ ...validAnswers, name: "Bench", email: `bench-${counter}@example.com` }),
          };
        },
      },
    ],
  });
  const rssAfterLoadMb = rssMb(server.child.pid);

  const results = {
    date: new Date().toISOString(),
    commit: spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).stdout.toString().trim(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    lighthouse: lighthouseResults,
    load: [staticAsset, ssrHome, submit],
    ssrToStaticRatio: Number((ssrHome.requestsPerSecond / staticAsset.requestsPerSecond).toFixed(3)),
    firstStartMs: Math.round(firstStartMs),
    coldStartMs: Math.round(coldStartMs),
    rssAfterLoadMb,
  };

  console.log("\nLighthouse (system Chromium)");
  console.table(
    lighthouseResults.map((r) => ({
      preset: r.preset,
      page: r.page,
      perf: r.performance,
      a11y: r.accessibility,
      "best pr.": r.bestPractices,
      seo: r.seo,
      "LCP ms": r.lcpMs,
      CLS: r.cls,
      "TBT ms": r.tbtMs,
      "JS KB gz": r.jsKbGzip,
      "CSS KB gz": r.cssKbGzip,
    })),
  );
  console.log(`HTTP load (autocannon, ${connections} connections, ${loadSeconds} s each)`);
  console.table(results.load.map((r) => ({ test: r.name, "req/s": r.requestsPerSecond, "p50 ms": r.p50Ms, "p99 ms": r.p99Ms, errors: r.errors, requests: r.total })));
  console.table([
    {
      "SSR home / static": results.ssrToStaticRatio,
      "first start ms": results.firstStartMs,
      "cold start ms": results.coldStartMs,
      "RSS after load MB": results.rssAfterLoadMb,
    },
  ]);

  fs.writeFileSync(path.join(root, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);
  const mobileHome = lighthouseResults.find((r) => r.preset === "mobile" && r.page === "/");
  const line = `| ${results.date.slice(0, 16)} | ${results.commit} | ${mobileHome?.performance} | ${mobileHome?.jsKbGzip} | ${ssrHome.requestsPerSecond} | ${staticAsset.requestsPerSecond} | ${results.ssrToStaticRatio} | ${submit.p99Ms} | ${submit.errors} | ${results.coldStartMs} | ${rssAfterLoadMb} |\n`;
  const history = path.join(root, "bench/HISTORY.md");
  if (!fs.existsSync(history)) {
    fs.writeFileSync(
      history,
      "# Benchmark history\n\n| date | commit | LH mobile / | home JS KB gz | SSR req/s | static req/s | ratio | submit p99 ms | submit errors | cold start ms | RSS MB |\n|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
  }
  fs.appendFileSync(history, line);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
