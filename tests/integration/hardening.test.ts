import { spawn } from "node:child_process";
import { count, eq } from "drizzle-orm";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as documentsAction } from "../../app/routes/admin/documents";
import { action as sendContactEmail } from "../../app/routes/api/send-contact-email";
import { action as testFollowupEmails } from "../../app/routes/api/test-followup-emails";
import { action as testFollowupAction, loader as testFollowupLoader } from "../../app/routes/test-followup";
import { auth, createOrPromoteAdmin } from "../../app/server/auth.server";
import type { Database } from "../../app/server/db/client.server";
import { DEMO_ADMIN_EMAIL, ensureDemoAdmin, retireDemoPassword } from "../../app/server/db/demo-admin.server";
import { documents, emailOutbox, newsletterSubscribers, questionnaireResponses, session, therapists, user } from "../../app/server/db/schema";
import { clientKey, rateLimitAddress } from "../../app/server/http/rate-limit.server";
import { sameOriginPath } from "../../app/server/http/endpoint.server";
import { enqueueEmails, type OutboxRow } from "../../app/server/mail/outbox.server";
import { smtpTransport } from "../../app/server/mail/transport.server";
import { storage } from "../../app/server/storage.server";
import { BUILD_DIR, TEST_ENCRYPTION_KEY, TEST_SESSION_SECRET, ensureBuild, freePort, startApp, startSmtpSink, stopAllApps, until, type AppProcess } from "./app-process";
import { testDatabase, testDatabaseUrl } from "./database";
import { onePagePdf, postJson, cookieHeader, validAnswers } from "./helpers";
import { fetchProofOfWork } from "../support/proof-of-work.mjs";
import { refusal } from "./route-calls";

/**
 * Safe defaults and request hygiene, tried as an attacker would: on the production build where the
 * rule lives in Express or Node, in-process where it lives in a loader, action or server module.
 */

const RETIRED_DEMO_PASSWORD = "insieme-demo-2024";

let db: Database;
let server: AppProcess;
let serverOutput = "";
const dataDirs: string[] = [];
let address = 0;
const nextIp = () => `192.0.2.${++address}`;

function tempDir(label: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `insieme-hardening-${label}-`));
  dataDirs.push(dir);
  return dir;
}

/** Starts the production build expecting it to refuse: its exit code and everything it printed. */
function refusedStart(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["server.mjs"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", BUILD_DIR, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function signIn(target: AppProcess, email: string, password: string) {
  return fetch(`${target.url}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: target.url, "X-Forwarded-For": nextIp() },
    body: new URLSearchParams({ intent: "sign-in", email, password }),
  });
}

const inProcessSignIn = (email: string, password: string) => auth(db).api.signInEmail({ body: { email, password }, asResponse: true });

beforeAll(async () => {
  process.env.DATA_DIR = tempDir("in-process");
  db = await testDatabase();
  await ensureBuild();
  const shared = { DATABASE_URL: testDatabaseUrl(), WORKERS: "false", TRUST_PROXY: "1" };
  const port = await freePort(3560, 3569);
  // First without SEED_DEMO: a production start on an empty database must seed nothing.
  const bare = await startApp({ port, dataDir: tempDir("bare"), env: { ...shared, PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await bare.stop();
  const [{ value: seededTherapists } = { value: -1 }] = await db.select({ value: count() }).from(therapists);
  const [{ value: admins } = { value: -1 }] = await db.select({ value: count() }).from(user);
  expect({ seededTherapists, admins }).toEqual({ seededTherapists: 0, admins: 0 });
  server = await startApp({ port, dataDir: tempDir("server"), env: { ...shared, SEED_DEMO: "true", PUBLIC_URL: `http://127.0.0.1:${port}` } });
  serverOutput = server.output();
}, 180_000);

afterAll(async () => {
  await stopAllApps();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("safe defaults in production", () => {
  const external = { DATABASE_URL: "postgres://nobody@127.0.0.1:1/app" };
  it.each<[string, string, Record<string, string>]>([
    ["SESSION_SECRET", "embedded database", { DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY }],
    ["DATA_ENCRYPTION_KEY", "embedded database", { SESSION_SECRET: TEST_SESSION_SECRET }],
    ["SESSION_SECRET", "DATABASE_URL", { DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, ...external }],
    ["DATA_ENCRYPTION_KEY", "DATABASE_URL", { SESSION_SECRET: TEST_SESSION_SECRET, ...external }],
  ])("refuses to start without %s (%s), naming it, and writes no secret into DATA_DIR", async (variable, _database, env) => {
    const dataDir = tempDir("refused");
    const { code, output } = await refusedStart({ ...env, DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).toContain(`${variable}: required in production`);
    expect(output).not.toContain("Server ready");
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("seeds demo content only with SEED_DEMO=true, and prints a random demo admin password once, on the console", async () => {
    const printed = /Demo admin: admin@insieme\.local with password (\S+) \(shown only now\)/.exec(serverOutput);
    expect(printed, serverOutput).not.toBeNull();
    const password = printed![1]!;
    expect(password).not.toBe(RETIRED_DEMO_PASSWORD);
    expect(password.length).toBeGreaterThanOrEqual(20);
    const [{ value: seededTherapists } = { value: 0 }] = await db.select({ value: count() }).from(therapists);
    expect(seededTherapists).toBeGreaterThan(0);
    // Not in a log line (pino writes JSON), not in any file of the server's DATA_DIR.
    expect(serverOutput.split("\n").filter((line) => line.includes(password) && line.startsWith("{"))).toEqual([]);
    for (const dir of dataDirs) {
      for (const file of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
        if (file.isFile()) expect(fs.readFileSync(path.join(file.parentPath, file.name), "utf8")).not.toContain(password);
      }
    }
    expect((await signIn(server, DEMO_ADMIN_EMAIL, RETIRED_DEMO_PASSWORD)).status).not.toBe(302);
    expect((await signIn(server, DEMO_ADMIN_EMAIL, password)).status).toBe(302);
  });
});

describe("the demo admin in-process", () => {
  it("a demo admin still holding the published password gets a random one, printed once, and loses its sessions", async () => {
    await db.delete(user).where(eq(user.email, DEMO_ADMIN_EMAIL));
    await createOrPromoteAdmin(db, DEMO_ADMIN_EMAIL, RETIRED_DEMO_PASSWORD, "Admin demo");
    expect((await inProcessSignIn(DEMO_ADMIN_EMAIL, RETIRED_DEMO_PASSWORD)).ok).toBe(true);
    const printed = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      await retireDemoPassword(db);
      await retireDemoPassword(db);
      expect(printed).toHaveBeenCalledTimes(1);
      const password = /with password (\S+) /.exec(String(printed.mock.calls[0]![0]))![1]!;
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ADMIN_EMAIL));
      expect(await db.select().from(session).where(eq(session.userId, row!.id))).toEqual([]);
      expect((await inProcessSignIn(DEMO_ADMIN_EMAIL, RETIRED_DEMO_PASSWORD)).ok).toBe(false);
      expect((await inProcessSignIn(DEMO_ADMIN_EMAIL, password)).ok).toBe(true);
    } finally {
      printed.mockRestore();
    }
  });

  it("an empty database gets a demo admin whose password is printed once and is different every time", async () => {
    const printed = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const passwords: string[] = [];
    try {
      for (let round = 0; round < 2; round++) {
        await db.delete(user);
        await ensureDemoAdmin(db);
        await ensureDemoAdmin(db);
        passwords.push(/with password (\S+) /.exec(String(printed.mock.calls.at(-1)![0]))![1]!);
      }
      expect(printed).toHaveBeenCalledTimes(2);
      expect(passwords[0]).not.toBe(passwords[1]);
      expect((await inProcessSignIn(DEMO_ADMIN_EMAIL, RETIRED_DEMO_PASSWORD)).ok).toBe(false);
      expect((await inProcessSignIn(DEMO_ADMIN_EMAIL, passwords[1]!)).ok).toBe(true);
    } finally {
      printed.mockRestore();
    }
  });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on its own connection; with `chunks`, a body without Content-Length (chunked), written piece by piece. */
function rawRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer; chunks?: Buffer[] } = {}) {
  return new Promise<Answer | { error: string }>((resolve) => {
    const request = http.request(url, { method: init.method ?? "GET", headers: init.headers, agent: false }, (response) => {
      const received: Buffer[] = [];
      response.on("data", (chunk: Buffer) => received.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(received).toString("utf8") }));
      response.on("error", (error) => resolve({ error: String(error) }));
    });
    request.setTimeout(20_000, () => request.destroy(new Error("timeout")));
    request.on("error", (error) => resolve({ error: String(error) }));
    if (init.chunks) {
      for (const chunk of init.chunks) request.write(chunk);
      request.end();
    } else {
      request.end(init.body);
    }
  });
}

/**
 * Sends `head` and then one byte of `trickle` per second on a raw socket, as a slowloris client
 * does; resolves with what the server answered and when it closed the connection.
 */
function slowClient(port: number, head: string, trickle: string) {
  return new Promise<{ seconds: number; answer: string }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < trickle.length && socket.writable) socket.write(trickle[sent++]!);
    }, 1000);
    socket.on("connect", () => socket.write(head));
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ seconds: (Date.now() - started) / 1000, answer });
    });
  });
}

const formHeaders = () => ({ "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": nextIp() });

describe("request bodies", () => {
  it("refuses a chunked body over the cap with 413, on a JSON endpoint and on a page action alike", async () => {
    const megabyte = Buffer.alloc(256 * 1024, 0x61);
    const oversized = [Buffer.from("intent=sign-in&email="), ...Array.from({ length: 5 }, () => megabyte)];
    for (const pathname of ["/api/send-contact-email", "/admin", "/accedi"]) {
      const answer = await rawRequest(`${server.url}${pathname}`, { method: "POST", headers: formHeaders(), chunks: oversized });
      expect(answer, pathname).toMatchObject({ status: 413 });
      expect(JSON.parse((answer as Answer).body)).toEqual({ error: "Richiesta troppo grande." });
    }
  });

  it("reads a chunked body under the cap in full: a chunked sign-in form signs in", async () => {
    await createOrPromoteAdmin(db, "a-pezzi@example.com", "password-a-pezzi-lunga");
    const form = new URLSearchParams({ intent: "sign-in", email: "a-pezzi@example.com", password: "password-a-pezzi-lunga" }).toString();
    const chunks = [Buffer.from(form.slice(0, 10)), Buffer.from(form.slice(10, 30)), Buffer.from(form.slice(30))];
    const answer = await rawRequest(`${server.url}/admin`, { method: "POST", headers: formHeaders(), chunks });
    expect(answer).toMatchObject({ status: 302, headers: { location: "/admin" } });
    expect(String((answer as Answer).headers["set-cookie"])).toMatch(/session_token=/);
  });

  it("the JSON API (resource routes' actions, answered without React Router's handler) reads chunked JSON and plain form posts as before", async () => {
    const email = "api-diretta@example.com";
    const json = Buffer.from(JSON.stringify({ ...validAnswers, email }));
    const headers = async () => ({
      "Content-Type": "application/json",
      Origin: server.url,
      "X-Forwarded-For": nextIp(),
      "Idempotency-Key": "direct-action-key-1",
      "X-Altcha": await fetchProofOfWork(server.url),
    });
    const chunks = [json.subarray(0, 40), json.subarray(40, 200), json.subarray(200)];
    const first = (await rawRequest(`${server.url}/api/submit-questionnaire`, { method: "POST", headers: await headers(), chunks })) as Answer;
    expect(first.status).toBe(201);
    expect(first.headers["content-type"]).toMatch(/^application\/json/);
    const answered = JSON.parse(first.body) as { id: string; token: string };
    expect(answered).toEqual({ id: expect.any(String), token: expect.any(String) });
    // The retry (same key, a fresh proof) gets the same answer; one questionnaire is stored.
    const retry = (await rawRequest(`${server.url}/api/submit-questionnaire`, { method: "POST", headers: await headers(), body: json })) as Answer;
    expect({ status: retry.status, body: JSON.parse(retry.body) }).toEqual({ status: 201, body: answered });
    expect(await db.select({ id: questionnaireResponses.id }).from(questionnaireResponses).where(eq(questionnaireResponses.email, email))).toEqual([{ id: answered.id }]);
    // Without JavaScript (no proof): the newsletter form is refused with a redirect back and the flash cookie, nothing stored.
    const plain = (await rawRequest(`${server.url}/api/newsletter-signup`, {
      method: "POST",
      headers: { ...formHeaders(), Referer: `${server.url}/blog` },
      body: new URLSearchParams({ email: "senza-js@example.com" }).toString(),
    })) as Answer;
    expect(plain).toMatchObject({ status: 303, headers: { location: "/blog#newsletter-signup" } });
    expect(String(plain.headers["set-cookie"])).toMatch(/^flash=newsletter-signup\.error;.*HttpOnly/i);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "senza-js@example.com"))).toEqual([]);
  });

  it("closes a connection whose headers or body trickle in: headers within ~10 s, the whole request within ~30 s", { timeout: 60_000 }, async () => {
    const [slowHeaders, slowBody] = await Promise.all([
      slowClient(server.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", "X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
      slowClient(
        server.port,
        `POST /api/send-contact-email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Forwarded-For: ${nextIp()}\r\nContent-Length: 1000\r\n\r\n{`,
        "a".repeat(120),
      ),
    ]);
    expect(slowHeaders.seconds).toBeLessThan(15);
    expect(slowHeaders.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(slowBody.seconds).toBeGreaterThan(25);
    expect(slowBody.seconds).toBeLessThan(35);
    expect(slowBody.answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe("redirects stay on this site", () => {
  it("keeps only the path of the Referer, never a protocol-relative //host", () => {
    expect(sameOriginPath("//evil.example")).toBe("/");
    expect(sameOriginPath("http://127.0.0.1:3000//evil.example/x")).toBe("/evil.example/x");
    expect(sameOriginPath("http://127.0.0.1:3000/\\\\evil.example")).toBe("/evil.example");
    expect(sameOriginPath("https://evil.example/contatti")).toBe("/contatti");
    expect(sameOriginPath("not a url at all")).toBe("/not%20a%20url%20at%20all");
    expect(sameOriginPath(null)).toBe("/");
  });

  it.each(["//evil.example", "http://127.0.0.1//evil.example", "http://127.0.0.1/\\evil.example/"])(
    "a no-JavaScript form post with Referer %s is sent back to a path of this site",
    async (referer) => {
      const answer = await rawRequest(`${server.url}/api/newsletter-signup`, {
        method: "POST",
        headers: { ...formHeaders(), Referer: referer },
        body: new URLSearchParams({ email: "lettore@example.com" }).toString(),
      });
      expect(answer).toMatchObject({ status: 303 });
      const location = String((answer as Answer).headers.location);
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, "http://insieme.test").origin).toBe("http://insieme.test");
    },
  );

  it("the sign-in service refuses a callback to another site", async () => {
    const answer = await rawRequest(`${server.url}/api/auth/magic-link/verify?token=nessuno&callbackURL=${encodeURIComponent("//evil.example")}`, {
      headers: { "X-Forwarded-For": nextIp() },
    });
    expect("status" in answer && answer.status).toBeGreaterThanOrEqual(300);
    expect(String((answer as Answer).headers.location ?? "")).not.toMatch(/evil\.example/);
  });
});

describe("e-mail headers", () => {
  const hostile = { to: "anna@example.com\r\nBcc: vittima@example.com", subject: "Ciao\r\nBcc: vittima@example.com\nX-Spam: 1" };

  it("strips CR/LF from the recipient, the subject and attachment names when a message is queued", async () => {
    await enqueueEmails(db, [{ ...hostile, template: "test-header", body: createElement("p", null, "Testo") }]);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "test-header"));
    expect(row!.subject).toBe("Ciao Bcc: vittima@example.com X-Spam: 1");
    expect(row!.to).toBe("anna@example.com Bcc: vittima@example.com");
    expect(`${row!.to}${row!.subject}`).not.toMatch(/[\r\n]/);
  });

  it("sends no injected header or recipient over SMTP, even for a row stored with CR/LF", async () => {
    const sink = await startSmtpSink();
    try {
      const row = { id: "x", to: "anna@example.com", subject: hostile.subject, html: "<p>Testo</p>", text: "Testo", attachments: [], messageId: "<hardening@insieme.test>" };
      const transport = smtpTransport(`smtp://127.0.0.1:${sink.port}`, "Insieme\r\nBcc: vittima@example.com <noreply@insieme.test>");
      await transport.send(row as unknown as OutboxRow);
      transport.close?.();
      await until("the message", () => sink.messages.length > 0, 5000);
      expect(sink.messages[0]!.to).toEqual(["anna@example.com"]);
      expect(sink.messages[0]!.subject).toBe("Ciao Bcc: vittima@example.com X-Spam: 1");
    } finally {
      await sink.close();
    }
  });
});

describe("methods", () => {
  it.each([
    ["GET", "/api/send-contact-email", "POST, OPTIONS"],
    ["HEAD", "/api/submit-questionnaire", "POST, OPTIONS"],
    ["PUT", "/api/send-contact-email", "POST, OPTIONS"],
    ["DELETE", "/admin/terapeuti", "GET, HEAD, POST, OPTIONS"],
    ["POST", "/prezzi", "GET, HEAD, OPTIONS"],
    ["POST", "/healthz", "GET, HEAD, OPTIONS"],
    ["TRACE", "/", "GET, HEAD, OPTIONS"],
    ["TRACE", "/api/send-contact-email", "POST, OPTIONS"],
    ["PATCH", "/api/auth/sign-in/email", "GET, HEAD, POST, OPTIONS"],
  ])("%s %s → 405 with Allow: %s", async (method, pathname, allow) => {
    const answer = await rawRequest(`${server.url}${pathname}`, { method, headers: { "X-Forwarded-For": nextIp(), Origin: server.url } });
    expect(answer).toMatchObject({ status: 405, headers: { allow } });
    if (method !== "HEAD") expect(JSON.parse((answer as Answer).body)).toEqual({ error: "Metodo non consentito." });
  });

  it("answers OPTIONS with the methods a path takes (204 and Allow)", async () => {
    expect(await rawRequest(`${server.url}/api/send-contact-email`, { method: "OPTIONS" })).toMatchObject({ status: 204, headers: { allow: "POST, OPTIONS" } });
    expect(await rawRequest(`${server.url}/contatti`, { method: "OPTIONS" })).toMatchObject({ status: 204, headers: { allow: "GET, HEAD, OPTIONS" } });
  });

  it("refuses CONNECT with 405 instead of dropping the connection", async () => {
    const { answer } = await slowClient(server.port, "CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n", "");
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, OPTIONS/);
  });

  it("still serves what each path takes: GET pages and loaders, POST actions, single-fetch .data", async () => {
    expect((await fetch(`${server.url}/prezzi`)).status).toBe(200);
    expect((await fetch(`${server.url}/healthz`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${server.url}/prezzi.data`)).status).toBe(200);
    expect((await fetch(`${server.url}/_root.data`)).status).toBe(200);
    const signIn = await rawRequest(`${server.url}/admin.data`, {
      method: "POST",
      headers: formHeaders(),
      body: new URLSearchParams({ intent: "sign-in", email: DEMO_ADMIN_EMAIL, password: "sbagliata-davvero" }).toString(),
    });
    expect(signIn).not.toMatchObject({ status: 405 });
  });
});

const STAFF = { email: "staff-hardening@example.com", password: "Ginepro-Tramonto-47-Vela" };

/** A session cookie for a signed-in account, straight from the sign-in service. */
async function sessionCookie(email: string, password: string) {
  const response = await inProcessSignIn(email, password);
  expect(response.ok, await response.clone().text()).toBe(true);
  return cookieHeader(response);
}

async function staffCookie() {
  await createOrPromoteAdmin(db, STAFF.email, STAFF.password);
  return sessionCookie(STAFF.email, STAFF.password);
}

describe("legal documents", () => {
  async function upload(cookie: string, file: File) {
    const body = new FormData();
    body.set("intent", "upload");
    body.set("type", "privacy-policy");
    body.set("file", file);
    const request = new Request("http://localhost/admin/documenti", { method: "POST", headers: { Cookie: cookie, Origin: "http://localhost" }, body });
    const result = (await documentsAction({ request, params: {}, context: { db, clientIp: "198.51.100.7", cspNonce: "" } } as never)) as unknown;
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      const wrapped = result as { data: Record<string, unknown>; init: { status?: number } | null };
      return { status: wrapped.init?.status ?? 200, body: wrapped.data };
    }
    return { status: 200, body: result as Record<string, unknown> };
  }

  it("rejects a PDF upload that is really HTML (a %PDF- header and then a page) with 415, the reason in Italian, and stores nothing", async () => {
    const cookie = await staffCookie();
    const fakes = [
      "%PDF-1.7\n<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
      "%PDF-1.4\n%%EOF\n",
      Buffer.concat([(await onePagePdf()).subarray(0, 300), Buffer.from("<script>alert(1)</script>")]),
    ];
    for (const content of fakes) {
      const result = await upload(cookie, new File([new Uint8Array(Buffer.from(content))], "privacy-policy.pdf", { type: "application/pdf" }));
      expect(result.status).toBe(415);
      expect(result.body).toMatchObject({ ok: false });
      expect(refusal(result.body).fieldErrors).toEqual({ file: "Il file non è un PDF valido: non si apre come documento o non ha pagine." });
    }
    expect(await storage().exists("documents", "privacy-policy.pdf")).toBe(false);
    expect(await db.select().from(documents)).toEqual([]);
  });

  it("accepts a real PDF with a page", async () => {
    const result = await upload(await staffCookie(), new File([new Uint8Array(await onePagePdf())], "privacy-policy.pdf", { type: "application/pdf" }));
    expect(result.body).toMatchObject({ ok: true, message: "Upload completato" });
    expect(await storage().exists("documents", "privacy-policy.pdf")).toBe(true);
  });
});

describe("client addresses behind a proxy", () => {
  const keys = { SESSION_SECRET: TEST_SESSION_SECRET, DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, DATABASE_URL: "postgres://nobody@127.0.0.1:1/app" };

  it.each(["true", "yes", "1.5", "-1", "loopback"])("refuses to start with TRUST_PROXY=%s, asking for a number of hops", async (value) => {
    const { code, output } = await refusedStart({ ...keys, TRUST_PROXY: value, DATA_DIR: tempDir("trust") });
    expect(code).toBe(1);
    expect(output).toContain("TRUST_PROXY: must be the number of trusted proxy hops");
  });

  /** Sign-in attempts on the admin form (5 a minute per client) from the given X-Forwarded-For. */
  const attempt = (forwardedFor: string) =>
    fetch(`${server.url}/admin`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": forwardedFor },
      body: new URLSearchParams({ intent: "sign-in", email: `nessuno-${Math.random().toString(36).slice(2)}@example.com`, password: "sbagliata-davvero" }),
    }).then((response) => response.status);

  it("with TRUST_PROXY=1 the client is the address the proxy saw: entries the client wrote itself change nothing", async () => {
    const statuses = [];
    for (let index = 0; index < 7; index++) statuses.push(await attempt(`10.${index}.0.1, 203.0.113.${index}, 198.51.100.200`));
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Another client behind the same proxy is counted on its own.
    expect(await attempt("10.9.9.9, 198.51.100.201")).not.toBe(429);
  });

  it("counts IPv6 clients per /64: rotating addresses inside one network share one limit", async () => {
    const network = ["2001:db8:aa:bb::1", "2001:db8:aa:bb:ffff:ffff:ffff:fffe", "2001:db8:aa:bb:1234::7"];
    const statuses = [];
    for (let index = 0; index < 7; index++) statuses.push(await attempt(network[index % network.length]!));
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(await attempt("2001:db8:aa:bc::1")).not.toBe(429);
  });

  it("keys a rate limit by the IPv6 /64, IPv4 as is (IPv4-mapped IPv6 too), always hashed", () => {
    expect(rateLimitAddress("2001:db8:aa:bb::1")).toBe("2001:db8:aa:bb::/64");
    expect(rateLimitAddress("2001:0db8:00aa:00bb:ffff:ffff:ffff:fffe")).toBe("2001:db8:aa:bb::/64");
    expect(rateLimitAddress("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(rateLimitAddress("192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey("2001:db8:aa:bb::1")).toBe(clientKey("2001:db8:aa:bb:9::9"));
    expect(clientKey("2001:db8:aa:bb::1")).not.toBe(clientKey("2001:db8:aa:bc::1"));
    expect(clientKey("192.0.2.7")).not.toContain("192");
  });

  it("a JSON endpoint's limit is shared by two IPv6 addresses of one /64", async () => {
    const contact = (ip: string) => postJson(sendContactEmail, db, { name: "Anna", email: "anna@example.com", subject: "Limite", message: "Prova del limite" }, { ip });
    const statuses = [];
    for (let index = 0; index < 6; index++) statuses.push((await contact(index % 2 ? "2001:db8:cc:dd::1" : "2001:db8:cc:dd::2")).status);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses[5]).toBe(429);
    expect((await contact("2001:db8:cc:de::1")).status).toBe(201);
  });
});

describe("the test e-mail page is for staff only", () => {
  const person = { email: "destinatario-prova@example.com", name: "Prova" };
  const context = () => ({ db, clientIp: "198.51.100.50", cspNonce: "" });
  const testMails = () => db.select().from(emailOutbox).where(eq(emailOutbox.to, person.email));

  async function memberCookie() {
    const email = "iscritta-prova@example.com";
    const password = "Ginepro-Tramonto-47-Vela";
    const [existing] = await db.select().from(user).where(eq(user.email, email));
    if (!existing) await auth(db).api.signUpEmail({ body: { email, password, name: "Iscritta" } });
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    return sessionCookie(email, password);
  }

  function formPost(cookie?: string) {
    return new Request("http://localhost/test-followup", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(person),
    });
  }

  const result = (value: unknown) => {
    const wrapped = value as { data?: unknown; init?: { status?: number } | null };
    return "data" in (value as object) ? { status: wrapped.init?.status ?? 200, body: wrapped.data } : { status: 200, body: value };
  };

  it("the endpoint answers 401 to a visitor and 403 to a signed-in client, in Italian, and sends nothing", async () => {
    const anonymous = await postJson(testFollowupEmails, db, person);
    expect(anonymous).toEqual({ status: 401, body: { error: "Solo lo staff può inviare le email di prova: accedi con un account amministratore." } });
    const member = await postJson(testFollowupEmails, db, person, { headers: { Cookie: await memberCookie() } });
    expect(member).toEqual({ status: 403, body: { error: "Solo lo staff può inviare le email di prova: questo account non è un amministratore." } });
    expect(await testMails()).toEqual([]);
  });

  it("the endpoint sends the three e-mails when a signed-in admin asks", async () => {
    const sent = await postJson(testFollowupEmails, db, person, { headers: { Cookie: await staffCookie() } });
    expect(sent).toEqual({ status: 200, body: { totalSent: 3 } });
    expect((await testMails()).map((mail) => mail.template).sort()).toEqual(["followup-test-1", "followup-test-2", "followup-test-3"]);
    await db.delete(emailOutbox).where(eq(emailOutbox.to, person.email));
  });

  it("the page explains to others that only staff can send, and its form post sends nothing for them", async () => {
    const call = (handler: unknown, request: Request) => (handler as (args: unknown) => Promise<unknown>)({ request, params: {}, context: context() });
    expect(await call(testFollowupLoader, new Request("http://localhost/test-followup"))).toEqual({
      refusal: "Solo lo staff può inviare le email di prova: accedi con un account amministratore.",
    });
    const member = await memberCookie();
    expect(await call(testFollowupLoader, new Request("http://localhost/test-followup", { headers: { Cookie: member } }))).toEqual({
      refusal: "Solo lo staff può inviare le email di prova: questo account non è un amministratore.",
    });
    expect(result(await call(testFollowupAction, formPost()))).toMatchObject({ status: 401, body: { totalSent: 0 } });
    expect(result(await call(testFollowupAction, formPost(member)))).toMatchObject({ status: 403, body: { totalSent: 0 } });
    expect(await testMails()).toEqual([]);

    const staff = await staffCookie();
    expect(await call(testFollowupLoader, new Request("http://localhost/test-followup", { headers: { Cookie: staff } }))).toEqual({ refusal: null });
    expect(result(await call(testFollowupAction, formPost(staff)))).toEqual({ status: 200, body: { error: null, totalSent: 3 } });
    expect(await testMails()).toHaveLength(3);
  });

  it("shows a visitor the explanation and a link to sign in, never the form, and is not cached", async () => {
    const response = await fetch(`${server.url}/test-followup`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain("Riservato allo staff");
    expect(html).toContain("Solo lo staff può inviare le email di prova: accedi con un account amministratore.");
    expect(html).toMatch(/<a[^>]+href="\/admin"[^>]*>Accedi all(&#x27;|')area riservata<\/a>/);
    expect(html).not.toContain('name="email"');
  });
});
