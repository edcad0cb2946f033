import { Parser } from "htmlparser2";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_DIR, embeddedDatabase, ensureBuild, freePort, startApp, stopAllApps, stopLeftoverPostgres, until, type AppProcess } from "./app-process";

/**
 * The page cache of the production build as browsers and other instances meet it: public HTML is
 * compressed once and served as ready bytes, its CSP allows its inline scripts by hash, personal
 * pages never enter it, and a NOTIFY on the database empties it, also after PostgreSQL restarted.
 */

const BROWSER = "gzip, deflate, br";
const CHANNEL = "page_cache_clear";
/** The demo admin, with a known password (random and printed once otherwise). */
const DEMO_ADMIN = { email: "admin@insieme.local", password: "page-cache-demo-admin" };

let dataDir: string;
let app: AppProcess;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request, the body as it came over the wire (fetch would decode it). */
function raw(pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${app.url}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

function decoded(answer: RawAnswer) {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(answer.body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(answer.body).toString("utf8");
  expect(encoding).toBeUndefined();
  return answer.body.toString("utf8");
}

/** The text of every script a browser would run inline (no src, a JavaScript or module type), parsed as HTML. */
function inlineScripts(html: string) {
  const scripts: string[] = [];
  let current: string | undefined;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name !== "script") return;
      const type = (attributes.type ?? "").toLowerCase();
      current = attributes.src === undefined && ["", "module", "text/javascript"].includes(type) ? "" : undefined;
    },
    ontext(text) {
      if (current !== undefined) current += text;
    },
    onclosetag(name) {
      if (name === "script" && current !== undefined) scripts.push(current);
      current = undefined;
    },
  });
  parser.write(html);
  parser.end();
  return scripts;
}

const scriptSources = (answer: RawAnswer) => /script-src ([^;]+)/.exec(String(answer.headers["content-security-policy"]))?.[1]?.split(" ") ?? [];

/** The page is served from this instance's cache (warmed by the first request). */
async function cachedNow(pathname: string) {
  await raw(pathname, { "accept-encoding": BROWSER });
  return (await raw(pathname, { "accept-encoding": BROWSER })).headers["x-page-cache"] === "hit";
}

async function notify(url: string, payload = "") {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`select pg_notify($1, $2)`, [CHANNEL, payload]);
  } finally {
    await client.end();
  }
}

/** One query on the app's database. */
async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: embeddedDatabase(dataDir).url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Whether each page is served from the cache now (one request each, nothing warmed). */
async function cacheStates(pathnames: string[]) {
  const states: Record<string, string | undefined> = {};
  for (const pathname of pathnames) states[pathname] = (await raw(pathname, { "accept-encoding": BROWSER })).headers["x-page-cache"] as string | undefined;
  return states;
}

let adminCookie: string | undefined;

/** A plain form POST by the signed-in demo admin; the answer once it has come back whole. */
async function staffPost(pathname: string, fields: Record<string, string>) {
  if (!adminCookie) {
    const signedIn = await fetch(`${app.url}/admin`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams({ intent: "sign-in", ...DEMO_ADMIN }),
    });
    expect(signedIn.status, await signedIn.clone().text()).toBe(302);
    adminCookie = signedIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }
  const response = await fetch(`${app.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, cookie: adminCookie },
    body: new URLSearchParams(fields),
  });
  await response.arrayBuffer();
  return response;
}

beforeAll(async () => {
  await ensureBuild();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-page-cache-"));
  const port = await freePort(3580, 3589);
  app = await startApp({ port, dataDir, env: { SEED_DEMO: "true", DEMO_ADMIN_PASSWORD: DEMO_ADMIN.password, PUBLIC_URL: `http://127.0.0.1:${port}` } });
}, 180_000);

afterAll(async () => {
  await stopAllApps();
  if (dataDir) {
    await stopLeftoverPostgres(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

describe("public HTML compressed once", () => {
  it("two requests for the home page get identical bytes, Brotli-encoded, with their length, validator and Vary", async () => {
    await raw("/", { "accept-encoding": BROWSER });
    const first = await raw("/", { "accept-encoding": BROWSER });
    const second = await raw("/", { "accept-encoding": BROWSER });
    expect(first.status).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("hit");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers["vary"]).toMatch(/accept-encoding/i);
    expect(Number(first.headers["content-length"])).toBe(first.body.length);
    expect(first.headers["etag"]).toMatch(/^"[\w-]+-br"$/);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers["etag"]).toBe(first.headers["etag"]);
    expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
  });

  it("Brotli, gzip and identity decode to the same HTML, each with its own ETag and length", async () => {
    const br = await raw("/terapeuti", { "accept-encoding": "br" });
    const gzip = await raw("/terapeuti", { "accept-encoding": "gzip, deflate" });
    const identity = await raw("/terapeuti");
    expect([br, gzip, identity].map((answer) => answer.headers["content-encoding"])).toEqual(["br", "gzip", undefined]);
    const html = decoded(identity);
    expect(html).toContain("<html");
    expect(decoded(br)).toBe(html);
    expect(decoded(gzip)).toBe(html);
    for (const answer of [br, gzip, identity]) expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(new Set([br, gzip, identity].map((answer) => answer.headers["etag"])).size).toBe(3);
    expect(br.body.length).toBeLessThan(gzip.body.length);
    expect(gzip.body.length).toBeLessThan(identity.body.length / 3);
  });

  it("a hashed script: its first answer is compressed on the way out, the later ones are its Brotli 11 bytes, gzip to a client without Brotli", async () => {
    const html = decoded(await raw("/questionario", { "accept-encoding": BROWSER }));
    const asset = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)![0];
    const file = fs.readFileSync(path.join(BUILD_DIR, "client", asset));
    const first = await raw(asset, { "accept-encoding": BROWSER });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(decoded(first)).toBe(file.toString("utf8"));
    const best = zlib.brotliCompressSync(file, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: file.length } });
    const br = await until("the script's Brotli 11 bytes", async () => {
      const answer = await raw(asset, { "accept-encoding": BROWSER });
      return answer.body.equals(best) && answer;
    });
    const gzip = await raw(asset, { "accept-encoding": "gzip, deflate" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip)).toBe(file.toString("utf8"));
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["vary"]).toBe("Accept-Encoding");
    expect(br.body.length).toBeLessThan(gzip.body.length);
  });

  it("a HEAD and a revalidation are answered from the same entry: the length without a body, then 304 with the same CSP", async () => {
    const page = await raw("/prezzi", { "accept-encoding": BROWSER });
    const head = await raw("/prezzi", { "accept-encoding": BROWSER }, "HEAD");
    expect(head.headers["x-page-cache"]).toBe("hit");
    expect(head.headers["content-length"]).toBe(String(page.body.length));
    expect(head.body.length).toBe(0);
    const revalidated = await raw("/prezzi", { "accept-encoding": BROWSER, "if-none-match": String(page.headers["etag"]) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers["content-security-policy"]).toBe(page.headers["content-security-policy"]);
  });

  it("the CSP of a cached page allows every inline script of the page by its hash, and carries no nonce", async () => {
    for (const pathname of ["/", "/terapeuti", "/blog", "/prezzi"]) {
      await raw(pathname, { "accept-encoding": BROWSER });
      const answer = await raw(pathname, { "accept-encoding": BROWSER });
      expect(answer.headers["x-page-cache"], pathname).toBe("hit");
      const html = decoded(answer);
      const scripts = inlineScripts(html);
      expect(scripts.length, pathname).toBeGreaterThanOrEqual(1);
      const sources = scriptSources(answer);
      expect(sources).toContain("'strict-dynamic'");
      expect(sources.some((source) => source.startsWith("'nonce-"))).toBe(false);
      expect(html).not.toMatch(/\snonce="/);
      const hashes = scripts.map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`);
      for (const hash of hashes) expect(sources, `${pathname}: ${hash}`).toContain(hash);
      expect(sources.filter((source) => source.startsWith("'sha256-")).sort()).toEqual([...new Set(hashes)].sort());
    }
  });
});

describe("a flood of unique query strings", () => {
  it("is answered from the cached page, real pages stay cached, and /healthz stays fast", async () => {
    expect(await cachedNow("/")).toBe(true);
    expect(await cachedNow("/terapeuti")).toBe(true);
    const home = await raw("/", { "accept-encoding": BROWSER });
    const health: number[] = [];
    let flooding = true;
    const probe = (async () => {
      while (flooding) {
        const started = performance.now();
        expect((await raw("/healthz")).status).toBe(200);
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const answers: RawAnswer[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let index = 0; index < 60; index++) answers.push(await raw(`/?cb=${Math.random().toString(36).slice(2)}`, { "accept-encoding": BROWSER }));
      }),
    );
    flooding = false;
    await probe;
    expect(answers).toHaveLength(600);
    for (const answer of answers) {
      expect(answer.headers["x-page-cache"]).toBe("hit");
      expect(answer.body.equals(home.body)).toBe(true);
    }
    expect(health.length).toBeGreaterThan(0);
    expect(Math.max(...health), `/healthz under the flood: ${health.map(Math.round).join(", ")} ms`).toBeLessThan(1000);
    expect(await cacheStates(["/", "/terapeuti"])).toEqual({ "/": "hit", "/terapeuti": "hit" });
  });

  it("a shared page asked with unread parameters is rendered from its clean URL and stored under it", async () => {
    expect(await cachedNow("/prezzi")).toBe(true);
    // Every page dropped (a bare NOTIFY), as after an edit or the page's s-maxage.
    await notify(embeddedDatabase(dataDir).url);
    await until("the cache emptied", async () => (await raw("/terapeuti", { "accept-encoding": BROWSER })).headers["x-page-cache"] === "miss");
    const first = await raw("/prezzi?utm_source=newsletter&cb=1", { "accept-encoding": BROWSER });
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(decoded(first)).not.toContain("utm_source");
    expect((await raw("/prezzi", { "accept-encoding": BROWSER })).headers["x-page-cache"]).toBe("hit");
  });
});

describe("clients that leave", () => {
  it("requests abandoned at once never leave their address waiting: the next request is answered", async () => {
    // React Router's route manifest, which every hydrated page asks for (a browser leaving the page drops it):
    // it reaches the cache's coalescing after express.static has looked for a file of that name.
    const version = /"version":\s*"([0-9a-f]+)"/.exec(decoded(await raw("/questionario", { "accept-encoding": BROWSER })))?.[1];
    expect(version).toBeTruthy();
    const pathname = `/__manifest?paths=%2F%2C%2Fblog&version=${version}`;
    const { port } = new URL(app.url);
    await Promise.all(
      Array.from(
        { length: 40 },
        (_, index) =>
          new Promise<void>((resolve) => {
            // As a browser that navigates away: the request is sent, the connection closed a moment later.
            const socket = net.connect(Number(port), "127.0.0.1", () => {
              socket.write(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: ${BROWSER}\r\n\r\n`);
              setTimeout(() => socket.destroy(), index % 4);
            });
            socket.on("error", () => resolve());
            socket.on("close", () => resolve());
          }),
      ),
    );
    // The sockets are closed on this side; the server may not have seen every close yet, and until it does the
    // address's render places and queue (decision 073) may still be taken: a 503 with Retry-After, as a browser is told.
    // The address must be answered again within 5 s, then at once.
    const deadline = Date.now() + 5000;
    let first = await raw(pathname, { "accept-encoding": BROWSER });
    while (first.status === 503 && first.headers["retry-after"] && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      first = await raw(pathname, { "accept-encoding": BROWSER });
    }
    expect(first.status, "GET after abandoned requests").toBe(200);
    for (const method of ["HEAD", "GET"]) {
      const answer = await Promise.race([raw(pathname, { "accept-encoding": BROWSER }, method), new Promise<undefined>((resolve) => setTimeout(resolve, 5000))]);
      expect(answer?.status, `${method} after abandoned requests`).toBe(200);
    }
  });
});

describe("personal pages stay out of the cache", () => {
  it("the admin and a matching page with a token get a fresh render with its own nonce, compressed per response", async () => {
    for (const pathname of ["/admin", "/gruppi-matching?token=non-valido"]) {
      const answers = [await raw(pathname, { "accept-encoding": BROWSER }), await raw(pathname, { "accept-encoding": BROWSER })];
      const nonces = answers.map((answer) =>
        scriptSources(answer)
          .find((source) => source.startsWith("'nonce-"))
          ?.slice(7, -1),
      );
      for (const [index, answer] of answers.entries()) {
        expect(answer.headers["x-page-cache"], pathname).toBeUndefined();
        expect(answer.headers["content-encoding"], pathname).toBe("br");
        expect(nonces[index], pathname).toBeTruthy();
        expect(decoded(answer), pathname).toContain(`nonce="${nonces[index]}"`);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    }
  });

  /** A page in the cache, asked for with `cookie`: rendered for that visitor (200, Brotli), not from the cache. */
  async function renderedPast(pathname: string, cookie: string) {
    expect(await cachedNow(pathname)).toBe(true);
    const answer = await raw(pathname, { "accept-encoding": BROWSER, cookie });
    expect([answer.status, answer.headers["x-page-cache"], answer.headers["content-encoding"]]).toEqual([200, undefined, "br"]);
    return answer;
  }

  it("a signed-in visitor of a public page gets it rendered for them, not from the cache", async () => {
    await renderedPast("/about", "better-auth.session_token=qualsiasi");
  });

  it("a form's outcome (the flash cookie) is rendered for that visitor alone, spent, and never stored", async () => {
    const answer = await renderedPast("/contatti", "flash=send-contact-email.ok");
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(String(answer.headers["set-cookie"])).toMatch(/^flash=; Path=\/; Max-Age=0/);
    expect(decoded(answer)).toContain("Messaggio inviato!");
    const next = await raw("/contatti", { "accept-encoding": BROWSER });
    expect(next.headers["x-page-cache"]).toBe("hit");
    expect(decoded(next)).not.toContain("Messaggio inviato!");
  });
});

describe("a write drops the pages it changes, before its answer", () => {
  /** The blog form's fields (admin.test.ts has the rules), for a post of this title and slug. */
  const postFields = (title: string, slug: string, published = true) => ({
    title,
    subtitle: "",
    excerpt: "Un estratto.",
    read_time: "5 min",
    published_date: "2025-05-01",
    slug,
    ...(published ? { is_published: "on" } : {}),
    meta_title: title,
    meta_description: "Una descrizione per i motori di ricerca.",
    introduction: "Introduzione.",
    "main_sections[0].type": "h2",
    "main_sections[0].title": "Prima parte",
    "main_sections[0].content": "Testo.",
    conclusion: "Conclusione.",
    cta_text: "Inizia il tuo percorso di crescita con Insieme",
    cta_link: "/questionario",
    image_url: "",
    image_credits: "",
  });
  const versionOf = async (slug: string) =>
    (await query<{ id: string; version: string }>(`select id, (extract(epoch from updated_at) * 1000000)::bigint::text as version from blog_posts where slug = $1`, [slug]))[0]!;

  it("saving a published post drops its article (also under its old slug) and /blog, not /prezzi, /terapeuti or another article", async () => {
    expect((await staffPost("/admin/blog", { intent: "create", ...postFields("Solitudine in città", "solitudine-in-citta") })).status).toBeLessThan(400);
    const [other] = await query<{ slug: string }>(`select slug from blog_posts where is_published and published_date <= current_date and slug <> 'solitudine-in-citta' limit 1`);
    const pages = ["/blog/solitudine-in-citta", "/blog", "/prezzi", "/terapeuti", `/blog/${other!.slug}`];
    for (const pathname of pages) expect(await cachedNow(pathname), pathname).toBe(true);
    const { id, version } = await versionOf("solitudine-in-citta");
    const saved = await staffPost("/admin/blog", { intent: "update", id, version, ...postFields("Solitudine in una grande città", "solitudine-grande-citta") });
    expect(saved.status).toBeLessThan(400);
    // Asked right after the answer: this instance dropped the pages before answering.
    expect(await cacheStates(pages)).toEqual({
      "/blog/solitudine-in-citta": undefined,
      "/blog": "miss",
      "/prezzi": "hit",
      "/terapeuti": "hit",
      [`/blog/${other!.slug}`]: "hit",
    });
    expect((await raw("/blog/solitudine-in-citta")).status).toBe(404);
    expect(decoded(await raw("/blog/solitudine-grande-citta", { "accept-encoding": BROWSER }))).toContain("Solitudine in una grande città");
    expect(decoded(await raw("/blog", { "accept-encoding": BROWSER }))).toContain("Solitudine in una grande città");
  });

  it("saving a draft, or marking attendance, drops nothing", async () => {
    const pages = ["/", "/blog", "/prezzi", "/terapeuti"];
    for (const pathname of pages) expect(await cachedNow(pathname), pathname).toBe(true);
    expect((await staffPost("/admin/blog", { intent: "create", ...postFields("Una bozza", "una-bozza", false) })).status).toBeLessThan(400);
    expect(await query(`select 1 from blog_posts where slug = 'una-bozza' and not is_published`)).toHaveLength(1);
    const [member] = await query<{ session_id: string; booking_id: string }>(
      `select s.id as session_id, b.id as booking_id from group_sessions s join group_bookings b on b.group_id = s.group_id and b.status = 'confirmed'
       where s.status = 'scheduled' order by s.starts_at limit 1`,
    );
    const marked = await staffPost(`/admin/sessioni/${member!.session_id}`, { intent: "attendance", [`mark:${member!.booking_id}`]: "absent_notified" });
    expect(marked.status).toBeLessThan(400);
    expect(await query(`select 1 from attendance where session_id = $1 and booking_id = $2 and status = 'absent_notified'`, [member!.session_id, member!.booking_id])).toHaveLength(
      1,
    );
    expect(await cacheStates(pages)).toEqual(Object.fromEntries(pages.map((pathname) => [pathname, "hit"])));
  });

  it("another instance's announcement (a NOTIFY naming pages) drops those pages only, in any spelling of their URL", async () => {
    const pages = ["/terapeuti/?utm_source=x", "/TERAPEUTI", "/blog", "/prezzi"];
    // The clean URL first: a URL with unread parameters is stored only for a path known to answer a shared page.
    await raw("/terapeuti/", { "accept-encoding": BROWSER });
    for (const pathname of pages) expect(await cachedNow(pathname), pathname).toBe(true);
    await notify(embeddedDatabase(dataDir).url, JSON.stringify({ from: "another-instance", pages: ["/", "/terapeuti", "/sitemap.xml"] }));
    await until("the announced pages to be dropped", async () => (await raw("/TERAPEUTI", { "accept-encoding": BROWSER })).headers["x-page-cache"] === "miss", 5000, 50);
    expect(await cacheStates(pages)).toEqual({ "/terapeuti/?utm_source=x": "miss", "/TERAPEUTI": "hit", "/blog": "hit", "/prezzi": "hit" });
  });
});

describe("clearing every instance's cache", () => {
  it("a NOTIFY from another connection empties this instance's cache", async () => {
    expect(await cachedNow("/terapeuti")).toBe(true);
    await notify(embeddedDatabase(dataDir).url);
    await until("the cache to be emptied", async () => (await raw("/terapeuti", { "accept-encoding": BROWSER })).headers["x-page-cache"] === "miss", 5000, 50);
  });

  it("after PostgreSQL was killed and restarted, the instance listens again", async () => {
    const before = embeddedDatabase(dataDir);
    process.kill(before.pid, "SIGKILL");
    await until(
      "the database to be restarted",
      async () => {
        const after = fs.existsSync(path.join(dataDir, "postgres/postmaster.pid")) ? embeddedDatabase(dataDir) : undefined;
        return after && after.pid !== before.pid && (await fetch(`${app.url}/healthz`).catch(() => undefined))?.status === 200;
      },
      60_000,
      200,
    );
    // The LISTEN connection comes back with back-off (at most 4 s between attempts).
    await until(
      "a NOTIFY to empty the cache again",
      async () => {
        if (!(await cachedNow("/blog"))) return false;
        await notify(embeddedDatabase(dataDir).url);
        await new Promise((resolve) => setTimeout(resolve, 200));
        return (await raw("/blog", { "accept-encoding": BROWSER })).headers["x-page-cache"] === "miss";
      },
      30_000,
      500,
    );
  });
});
