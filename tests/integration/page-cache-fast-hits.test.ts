import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLASH_COOKIE } from "../../app/domain/flash";
import { startEmbeddedPostgres, type EmbeddedServer } from "../../app/server/db/embedded.server";
import { BUILD_DIR, ensureBuild, freePort, startApp, stopAllApps, until, type AppProcess } from "./app-process";

/**
 * A page cache hit is answered before Express and React Router (`answerCachedHit`, server.mjs):
 * two instances of the production build on one database, one answering hits that way (the default)
 * and one with PAGE_CACHE_FAST_HITS=off, which sends them through Express's middleware. For every
 * way a browser, a proxy or a crawler asks, the two answers are the same: status, bytes, and every
 * header, name, value and order (the date aside).
 */

const BROWSER = "gzip, deflate, br";

let database: EmbeddedServer;
let fast: AppProcess;
let express: AppProcess;
const dataDirs: string[] = [];

interface Answer {
  status: number;
  /** Every header as sent, in order, names in their case; the date left out (it moves with the clock). */
  headers: string[];
  body: Buffer;
}

function ask(app: AppProcess, pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${app.url}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const pairs: string[] = [];
        for (let index = 0; index < response.rawHeaders.length; index += 2) {
          if (response.rawHeaders[index]!.toLowerCase() !== "date") pairs.push(`${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}`);
        }
        resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

const header = (answer: Answer, name: string) =>
  answer.headers
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}: `))
    ?.split(": ")
    .slice(1)
    .join(": ");

/**
 * The page stored on both instances at its best compression (a miss is compressed fast and stored
 * again at the best level a moment later): the same bytes from both, twice in a row.
 */
async function storedOnBoth(pathname: string) {
  await until(`${pathname} stored at its best on both instances`, async () => {
    const answers = await Promise.all([fast, express, fast, express].map((app) => ask(app, pathname, { "accept-encoding": BROWSER })));
    return answers.every((answer) => header(answer, "x-page-cache") === "hit" && answer.body.equals(answers[0]!.body));
  });
}

/**
 * The answers of both instances to the same request. A page is stored again when public pages change
 * (the demo's jobs announce some), fast-compressed until its best bytes are ready a moment later:
 * asked again for a few seconds while the two differ, then returned as they are.
 */
async function bothAnswers(pathname: string, headers?: Record<string, string>, method?: string) {
  let answers: [Answer, Answer] | undefined;
  await until(
    `${pathname}: the same answer from both instances`,
    async () => {
      answers = [await ask(fast, pathname, headers, method), await ask(express, pathname, headers, method)];
      return answers[0].body.equals(answers[1].body) && answers[0].headers.join("\n") === answers[1].headers.join("\n");
    },
    5_000,
  ).catch(() => undefined);
  return answers!;
}

beforeAll(async () => {
  await ensureBuild();
  const databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-fast-hits-db-"));
  dataDirs.push(databaseDir);
  database = await startEmbeddedPostgres(databaseDir, { database: "app" });
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-fast-hits-app-"));
    dataDirs.push(dir);
    return dir;
  };
  const [fastPort, expressPort] = [await freePort(4180, 4184), await freePort(4185, 4189)];
  // Behind one proxy, so that X-Forwarded-Proto decides Strict-Transport-Security as Express's req.secure does.
  const shared = { DATABASE_URL: database.url, PUBLIC_URL: `http://127.0.0.1:${fastPort}`, TRUST_PROXY: "1" };
  fast = await startApp({ port: fastPort, dataDir: dataDir(), env: { ...shared, SEED_DEMO: "true" } });
  express = await startApp({ port: expressPort, dataDir: dataDir(), env: { ...shared, PAGE_CACHE_FAST_HITS: "off" } });
  for (const pathname of ["/", "/terapeuti"]) await storedOnBoth(pathname);
}, 300_000);

afterAll(async () => {
  await stopAllApps();
  await database?.stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("a cache hit answered before Express", () => {
  const cases: { name: string; pathname: string; headers?: Record<string, string>; method?: string }[] = [
    { name: "a browser (Brotli)", pathname: "/", headers: { "accept-encoding": BROWSER } },
    { name: "gzip only", pathname: "/terapeuti", headers: { "accept-encoding": "gzip, deflate" } },
    { name: "no Accept-Encoding (identity)", pathname: "/" },
    { name: "Brotli refused with q=0", pathname: "/", headers: { "accept-encoding": "br;q=0, gzip" } },
    { name: "HEAD", pathname: "/terapeuti", headers: { "accept-encoding": BROWSER }, method: "HEAD" },
    { name: "a query string the page does not read", pathname: "/?utm_source=newsletter&cb=123", headers: { "accept-encoding": BROWSER } },
    { name: "over HTTPS behind the proxy (HSTS)", pathname: "/", headers: { "accept-encoding": BROWSER, "x-forwarded-proto": "https" } },
    { name: "a cookie that is neither a session nor a form's outcome", pathname: "/", headers: { "accept-encoding": BROWSER, cookie: "cookie_consent=all" } },
  ];

  for (const { name, pathname, headers, method } of cases) {
    it(`${name}: the same status, bytes and headers as through Express`, async () => {
      const [viaFast, viaExpress] = await bothAnswers(pathname, headers, method);
      expect(header(viaExpress, "x-page-cache")).toBe("hit");
      expect(viaFast.status).toBe(200);
      expect(viaFast.headers).toEqual(viaExpress.headers);
      expect(viaFast.body.equals(viaExpress.body)).toBe(true);
      if (method === "HEAD") expect(viaFast.body.length).toBe(0);
    });
  }

  it("HSTS only over HTTPS, and the document's own CSP (hashes, no nonce) on a hit", async () => {
    const plain = await ask(fast, "/", { "accept-encoding": BROWSER });
    const secure = await ask(fast, "/", { "accept-encoding": BROWSER, "x-forwarded-proto": "https" });
    expect(header(plain, "strict-transport-security")).toBeUndefined();
    expect(header(secure, "strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(header(plain, "content-security-policy")).toMatch(/'sha256-/);
    expect(header(plain, "content-security-policy")).not.toMatch(/'nonce-/);
    expect(header(plain, "x-frame-options")).toBe("DENY");
  });

  it("a validator the browser holds gets 304 without a body, as through Express", async () => {
    const etag = header(await ask(fast, "/", { "accept-encoding": BROWSER }), "etag")!;
    const [viaFast, viaExpress] = await bothAnswers("/", { "accept-encoding": BROWSER, "if-none-match": etag });
    expect(viaExpress.status).toBe(304);
    expect(viaFast.status).toBe(304);
    expect(viaFast.body.length).toBe(0);
    expect(viaFast.headers).toEqual(viaExpress.headers);
  });

  it("a form's outcome (the flash cookie) and a session cookie pass through to a fresh render", async () => {
    for (const cookie of [`${FLASH_COOKIE}=abc`, "better-auth.session_token=abc"]) {
      const answer = await ask(fast, "/", { "accept-encoding": BROWSER, cookie });
      expect(answer.status).toBe(200);
      expect(header(answer, "x-page-cache")).toBeUndefined();
    }
  });

  it("a POST to a cached page is not a hit", async () => {
    const answer = await ask(fast, "/terapeuti", { "accept-encoding": BROWSER, "content-type": "application/x-www-form-urlencoded", origin: fast.url }, "POST");
    expect(header(answer, "x-page-cache")).toBeUndefined();
  });
});

/** A file of the build's client folder, as on disk, with the validator express.static gives it (a hashed file gets none). */
function buildFile(urlPath: string) {
  const file = path.resolve(BUILD_DIR, "client", `.${urlPath}`);
  const stat = fs.statSync(file);
  return { bytes: fs.readFileSync(file), etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`, lastModified: stat.mtime.toUTCString() };
}

const decode = (answer: Answer) => {
  const coding = header(answer, "content-encoding");
  return coding === "br" ? zlib.brotliDecompressSync(answer.body) : coding === "gzip" ? zlib.gunzipSync(answer.body) : answer.body;
};

/** Asked until it comes from memory at its best compression (its first requests go through Express while it is compressed). */
async function compressedFromMemory(pathname: string, bestLength: number) {
  return until(`${pathname} from memory`, async () => {
    const answer = await ask(fast, pathname, { "accept-encoding": BROWSER });
    return answer.body.length === bestLength && answer;
  });
}

describe("the build's files answered before Express, from memory", () => {
  it("a hashed script: Brotli 11 to a browser, gzip to a client without Brotli, as is without Accept-Encoding; a subresource's headers", async () => {
    const html = decode(await ask(fast, "/questionario", { "accept-encoding": BROWSER })).toString("utf8");
    const script = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)![0];
    const file = buildFile(script);
    const best = zlib.brotliCompressSync(file.bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: file.bytes.length } });
    const br = await compressedFromMemory(script, best.length);
    expect(decode(br).equals(file.bytes)).toBe(true);
    expect(header(br, "content-encoding")).toBe("br");
    expect(header(br, "content-length")).toBe(String(best.length));
    expect(header(br, "content-type")).toBe("text/javascript; charset=utf-8");
    expect(header(br, "cache-control")).toBe("public, max-age=31536000, immutable");
    expect(header(br, "vary")).toBe("Accept-Encoding");
    expect(header(br, "etag")).toBeUndefined();
    expect(header(br, "last-modified")).toBeUndefined();
    expect(header(br, "x-content-type-options")).toBe("nosniff");
    for (const name of ["content-security-policy", "x-frame-options", "referrer-policy"]) expect(header(br, name), name).toBeUndefined();

    const gzip = await ask(fast, script, { "accept-encoding": "gzip, deflate" });
    expect(header(gzip, "content-encoding")).toBe("gzip");
    expect(decode(gzip).equals(file.bytes)).toBe(true);
    expect(gzip.body.length).toBeGreaterThan(br.body.length);
    const identity = await ask(fast, script);
    expect(header(identity, "content-encoding")).toBeUndefined();
    expect(identity.body.equals(file.bytes)).toBe(true);
    expect(header(identity, "accept-ranges")).toBe("bytes");
    const head = await ask(fast, script, { "accept-encoding": BROWSER }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(header(head, "content-length")).toBe(String(best.length));
    const secure = await ask(fast, script, { "accept-encoding": BROWSER, "x-forwarded-proto": "https" });
    expect(header(secure, "strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(header(br, "strict-transport-security")).toBeUndefined();
  });

  it("a public file (the icon) carries a page's headers with a policy under which no script runs, and an hour of caching", async () => {
    const file = buildFile("/favicon.svg");
    const best = zlib.brotliCompressSync(file.bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: file.bytes.length } });
    const answer = await compressedFromMemory("/favicon.svg", Math.min(best.length, file.bytes.length));
    expect(decode(answer).equals(file.bytes)).toBe(true);
    expect(header(answer, "content-type")).toBe("image/svg+xml");
    expect(header(answer, "cache-control")).toBe("public, max-age=3600");
    expect(header(answer, "x-frame-options")).toBe("DENY");
    const policy = header(answer, "content-security-policy")!;
    expect(policy).toContain("script-src 'self' 'strict-dynamic'");
    expect(policy).not.toMatch(/'nonce-|'sha256-/);
  });

  it("a browser's validator is answered 304 without a body: If-None-Match, If-Modified-Since; an older date gets the file", async () => {
    const file = buildFile("/video/demo-poster.webp");
    const first = await ask(fast, "/video/demo-poster.webp", { "accept-encoding": BROWSER });
    expect(first.status).toBe(200);
    expect(first.body.equals(file.bytes)).toBe(true);
    expect(header(first, "content-type")).toBe("image/webp");
    expect(header(first, "last-modified")).toBe(file.lastModified);
    const validators: Record<string, string>[] = [{ "if-none-match": file.etag }, { "if-none-match": `"other", ${file.etag}` }, { "if-modified-since": file.lastModified }];
    for (const validator of validators) {
      const answer = await ask(fast, "/video/demo-poster.webp", { "accept-encoding": BROWSER, ...validator });
      expect(answer.status, JSON.stringify(validator)).toBe(304);
      expect(answer.body.length).toBe(0);
      expect(header(answer, "etag")).toBe(file.etag);
      expect(header(answer, "content-length")).toBeUndefined();
    }
    const stale = await ask(fast, "/video/demo-poster.webp", { "if-modified-since": "Mon, 01 Jan 2024 00:00:00 GMT", "if-none-match": '"other"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(file.bytes)).toBe(true);
  });

  it("a byte range (the video player's) is answered by express.static, with the same validator", async () => {
    const file = buildFile("/video/demo.mp4");
    const answer = await ask(fast, "/video/demo.mp4", { range: "bytes=0-99" });
    expect(answer.status).toBe(206);
    expect(header(answer, "content-range")).toBe(`bytes 0-99/${file.bytes.length}`);
    expect(answer.body.equals(file.bytes.subarray(0, 100))).toBe(true);
    expect(header(answer, "etag")).toBe(file.etag);
  });

  it("nothing outside the build's client folder, no other method, a file it does not have is a plain 404", async () => {
    expect((await ask(fast, "/assets/../server/index.js")).status).toBe(404);
    expect((await ask(fast, "/../server/index.js")).status).toBe(404);
    const missing = await ask(fast, "/assets/non-esiste-123.js");
    expect(missing.status).toBe(404);
    expect(missing.body.toString("utf8")).toBe("Risorsa non trovata.");
    const post = await ask(fast, "/favicon.svg", { origin: fast.url }, "POST");
    expect(post.status).toBeGreaterThanOrEqual(400);
    expect(post.status).toBeLessThan(500);
  });
});
