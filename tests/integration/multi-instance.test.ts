import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedServer } from "../../app/server/db/embedded.server";
import { followupSubject } from "../../app/server/mail/booking-templates";
import { RETENTION_JOB } from "../../app/server/retention.server";
import { countByMessageId, ensureBuild, freePort, startApp, startSmtpSink, stopAllApps, until, type AppProcess, type SmtpSink } from "./app-process";
import { fetchProofOfWork } from "../support/proof-of-work.mjs";
import { validAnswers, cookieHeader } from "./helpers";

/**
 * Two instances of the production build on one PostgreSQL, as behind a load balancer: sessions,
 * e-mails and jobs live in the database, so it must not matter which instance does what.
 */

/** The demo admin both instances race to create, with a known password (random and printed once otherwise). */
const DEMO_ADMIN = { email: "admin@insieme.local", password: "multi-instance-demo-admin" };
const CONTACTS = 30;
const FOLLOWUPS = 10;

let database: EmbeddedServer;
let client: pg.Client;
let smtp: SmtpSink;
let a: AppProcess;
let b: AppProcess;
const dataDirs: string[] = [];
let address = 0;
const startupFailures: string[] = [];

const nextIp = () => `203.0.113.${++address}`;

beforeAll(async () => {
  await ensureBuild();
  const databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-multi-db-"));
  dataDirs.push(databaseDir);
  database = await startEmbeddedPostgres(databaseDir, { database: "app" });
  smtp = await startSmtpSink();
  const [portA, portB] = [await freePort(3520, 3529), await freePort(3530, 3539)];
  const shared = {
    DATABASE_URL: database.url,
    SESSION_SECRET: "multi-instance-session-secret-0123456789",
    DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SEED_DEMO: "true",
    DEMO_ADMIN_PASSWORD: DEMO_ADMIN.password,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    // The load balancer's address: the same for both instances.
    PUBLIC_URL: `http://127.0.0.1:${portA}`,
    TRUST_PROXY: "1",
  };
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-multi-app-"));
    dataDirs.push(dir);
    return dir;
  };
  // Started together: both migrate and seed the empty database at the same moment. One that
  // fails is recorded (first test below) and started again, so the other tests still run.
  const options = [
    { port: portA, dataDir: dataDir(), env: shared },
    { port: portB, dataDir: dataDir(), env: shared },
  ];
  const started = await Promise.allSettled(options.map((option) => startApp(option)));
  const running = await Promise.all(
    started.map(async (outcome, index) => {
      if (outcome.status === "fulfilled") return outcome.value;
      startupFailures.push(String(outcome.reason).slice(0, 3000));
      return startApp(options[index]!);
    }),
  );
  [a, b] = [running[0]!, running[1]!];
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client?.end();
  await stopAllApps();
  await database?.stop();
  await smtp?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function cookiesOf(response: Response) {
  return cookieHeader(response);
}

async function signIn(app: AppProcess) {
  const response = await fetch(`${app.url}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, "X-Forwarded-For": nextIp() },
    body: new URLSearchParams({ intent: "sign-in", ...DEMO_ADMIN }),
  });
  expect(response.status, await response.clone().text()).toBe(302);
  return cookiesOf(response);
}

const postJson = async (app: AppProcess, pathname: string, body: unknown) =>
  fetch(`${app.url}${pathname}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: app.url,
      "X-Forwarded-For": nextIp(),
      "Idempotency-Key": `multi-${randomBytes(8).toString("hex")}`,
      // Issued by one instance, accepted by either: both derive the key from the same SESSION_SECRET.
      "X-Altcha": await fetchProofOfWork(app === a ? b.url : a.url),
    },
    body: JSON.stringify(body),
  });

describe("two instances on one PostgreSQL", () => {
  it("both started together on the empty database (SEED_DEMO=true on both): one set of demo content and one demo admin", async () => {
    expect(startupFailures).toEqual([]);
    const admins = await client.query(`select email from "user" where role = 'admin'`);
    expect(admins.rows.map((row) => row.email)).toEqual([DEMO_ADMIN.email]);
    const therapists = await client.query<{ name: string; n: number }>(`select name, count(*)::int as n from therapists group by name`);
    expect(therapists.rows.length).toBeGreaterThan(0);
    expect(therapists.rows.every((row) => row.n === 1)).toBe(true);
  });

  it("a session cookie from signing in on instance A works on instance B", async () => {
    const cookie = await signIn(a);
    const anonymous = await fetch(`${b.url}/admin/esporta/contatti`);
    expect(anonymous.status).toBe(401);
    const onB = await fetch(`${b.url}/admin/esporta/contatti`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(onB.headers.get("content-type")).toMatch(/^text\/csv/);
    const page = await (await fetch(`${b.url}/admin`, { headers: { cookie } })).text();
    expect(page).not.toContain("Admin Login");
    expect(page).toContain(DEMO_ADMIN.email);
  });

  it("an anti-spam challenge issued by A and used on B is refused on A: one replay guard for both", async () => {
    const proof = await fetchProofOfWork(a.url);
    const send = (app: AppProcess, email: string) =>
      fetch(`${app.url}/api/newsletter-signup`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: app.url, "X-Forwarded-For": nextIp(), "X-Altcha": proof },
        body: JSON.stringify({ email }),
      });
    expect((await send(b, "multi-sfida-1@example.com")).status).toBe(200);
    const replay = await send(a, "multi-sfida-2@example.com");
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: "Verifica anti-spam non riuscita. Ricarica la pagina e riprova." });
  });

  it(`${CONTACTS} contact messages spread over both instances give exactly ${2 * CONTACTS} e-mails, none twice`, async () => {
    const emails = Array.from({ length: CONTACTS }, (_, index) => `multi-contatto-${index}@example.com`);
    const answers = await Promise.all(
      emails.map((email, index) =>
        postJson(index % 2 ? b : a, "/api/send-contact-email", { name: `Persona ${index}`, email, subject: `Richiesta multi ${index}`, message: "Ciao, vorrei informazioni." }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(CONTACTS).fill(201));
    const rows = await until(
      "the contact e-mails to be sent",
      async () => {
        const result = await client.query<{ message_id: string; status: string }>(
          `select message_id, status from email_outbox where template in ('contact-staff', 'contact-auto-reply') and ("to" = any($1) or subject like 'Nuovo messaggio dal sito: Richiesta multi %')`,
          [emails],
        );
        return result.rows.length === 2 * CONTACTS && result.rows.every((row) => row.status === "sent") && result.rows;
      },
      30_000,
      200,
    );
    await until("the SMTP server to receive them", () => rows.every((row) => smtp.messages.some((mail) => mail.messageId === row.message_id)), 5000, 50);
    const delivered = smtp.messages.filter((mail) => rows.some((row) => row.message_id === mail.messageId));
    expect(delivered).toHaveLength(2 * CONTACTS);
    expect([...countByMessageId(delivered).values()].every((count) => count === 1)).toBe(true);
    expect(
      delivered
        .filter((mail) => mail.subject === "Abbiamo ricevuto il tuo messaggio")
        .map((mail) => mail.to[0])
        .sort(),
    ).toEqual([...emails].sort());
    expect(delivered.filter((mail) => mail.subject.startsWith("Nuovo messaggio dal sito: Richiesta multi "))).toHaveLength(CONTACTS);
    expect([...countByMessageId(smtp.messages).values()].every((count) => count === 1)).toBe(true);
  });

  it("the instance that answered a contact message wakes its worker: the e-mail leaves within a second, not at the 2 s poll", async () => {
    for (const [index, instance] of [a, b, a, b, a, b].entries()) {
      const email = `multi-sveglia-${index}@example.com`;
      const answer = await postJson(instance, "/api/send-contact-email", { name: "Sveglia", email, subject: `Sveglia ${index}`, message: "Ciao, vorrei informazioni." });
      expect(answer.status).toBe(201);
      const answered = Date.now();
      await until("the auto-reply at the SMTP server", () => smtp.messages.some((mail) => mail.to.includes(email)), 5000, 10);
      expect(Date.now() - answered).toBeLessThan(1000);
    }
  });

  it("a due job runs once, on one of the two instances", async () => {
    const emails = Array.from({ length: FOLLOWUPS }, (_, index) => `multi-questionario-${index}@example.com`);
    const answers = await Promise.all(emails.map((email, index) => postJson(index % 2 ? b : a, "/api/submit-questionnaire", { ...validAnswers, email })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(FOLLOWUPS).fill(201));
    const ids = (await client.query<{ id: string }>(`select id from internal_questionnaire_responses where email = any($1)`, [emails])).rows.map((row) => row.id);
    const keys = ids.map((id) => `followup:${id}:1`);
    // The first follow-up is due a day later: make it due now, for both instances' job workers.
    await client.query(`update jobs set run_at = now() where dedupe_key = any($1)`, [keys]);
    const jobs = await until(
      "the follow-up jobs to run",
      async () => {
        const result = await client.query<{ status: string; attempts: number }>(`select status, attempts from jobs where dedupe_key = any($1)`, [keys]);
        return result.rows.every((row) => row.status === "done") && result.rows;
      },
      30_000,
      200,
    );
    expect(jobs).toHaveLength(FOLLOWUPS);
    expect(jobs.map((job) => job.attempts)).toEqual(Array(FOLLOWUPS).fill(1));
    await until(
      "the follow-up e-mails to be delivered",
      () => {
        const found = smtp.messages.filter((mail) => emails.includes(mail.to[0]!) && mail.subject === followupSubject(1));
        return found.length >= FOLLOWUPS && found;
      },
      30_000,
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      smtp.messages
        .filter((mail) => emails.includes(mail.to[0]!) && mail.subject === followupSubject(1))
        .map((mail) => mail.to[0])
        .sort(),
    ).toEqual([...emails].sort());
    // Both instances scheduled the nightly retention job at start-up: it exists once.
    const retention = await client.query(`select count(*)::int as n from jobs where type = $1 and status = 'pending'`, [RETENTION_JOB]);
    expect(retention.rows[0].n).toBe(1);
  });

  it("a staff edit on instance A drops the pages it changes from both instances' cache at once (NOTIFY): visitors on B see it without waiting for s-maxage", async () => {
    const cookie = await signIn(a);
    // The version the edit form sends back (optimistic concurrency), as the admin page loads it.
    const [therapist] = (await client.query(`select *, (extract(epoch from updated_at) * 1000000)::bigint::text as version from therapists order by created_at limit 1`)).rows;
    // Both instances hold /terapeuti (and /prezzi, which shows no therapist) in their page cache before the edit.
    for (const app of [a, b]) {
      expect(await (await fetch(`${app.url}/terapeuti`)).text()).toContain(therapist.name);
      expect((await fetch(`${app.url}/terapeuti`)).headers.get("x-page-cache")).toBe("hit");
      await fetch(`${app.url}/prezzi`);
      expect((await fetch(`${app.url}/prezzi`)).headers.get("x-page-cache")).toBe("hit");
    }
    const renamed = `Dott.ssa Rinominata ${randomBytes(3).toString("hex")}`;
    const form = new URLSearchParams({
      intent: "update",
      id: therapist.id,
      version: therapist.version,
      name: renamed,
      role: therapist.role,
      specialization: therapist.specialization,
      experience: therapist.experience,
      description: therapist.description,
      registration_number: therapist.registration_number ?? "",
      biography: therapist.biography ?? "",
      image: therapist.image ?? "",
    });
    for (const item of therapist.qualifications ?? []) form.append("qualifications", item);
    for (const item of therapist.approaches ?? []) form.append("approaches", item);
    const saved = await fetch(`${a.url}/admin/terapeuti`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: a.url, cookie, "X-Forwarded-For": nextIp() },
      body: form,
    });
    expect(saved.status).toBeLessThan(400);
    expect((await client.query(`select name from therapists where id = $1`, [therapist.id])).rows[0].name).toBe(renamed);
    expect(await (await fetch(`${a.url}/terapeuti`)).text()).toContain(renamed);
    // Signed-in staff bypass the page cache on every instance.
    expect(await (await fetch(`${b.url}/terapeuti`, { headers: { cookie } })).text()).toContain(renamed);
    // Visitors on B: B's copy was dropped when A announced the edit (no waiting for s-maxage).
    const seen = await until("B to serve the edited page", async () => (await (await fetch(`${b.url}/terapeuti`)).text()).includes(renamed), 2000, 50);
    expect(seen).toBe(true);
    expect((await fetch(`${b.url}/terapeuti`)).headers.get("x-page-cache")).toBe("hit");
    // The pages the edit does not touch stay in both caches.
    for (const app of [a, b]) expect((await fetch(`${app.url}/prezzi`)).headers.get("x-page-cache")).toBe("hit");
  });
});
