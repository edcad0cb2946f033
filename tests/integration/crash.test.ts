import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedDatabase, ensureBuild, freePort, startApp, startSmtpSink, until, type AppProcess, type SmtpSink } from "./app-process";
import { fetchProofOfWork } from "../support/proof-of-work.mjs";
import { burstSubmissions, cleanUpBurst, expectDeliveredOnce, expectStoredOnce, outboxDrained, sendInParallel, type BurstAnswer, type BurstSubmission } from "./submission-burst";

/**
 * kill -9 of the production server in the middle of a burst of submissions, while its outbox
 * worker is talking to a real SMTP server; then a restart and the clients' retries with the same
 * Idempotency-Key. Nothing acknowledged may be lost, nothing stored or delivered twice.
 */

/** Submissions in the burst, half questionnaires and half contact messages, sent by 10 clients at once. */
const SUBMISSIONS = 60;
const PARALLEL = 10;
/**
 * The SMTP server holds the first e-mail (no "250" yet) until this many submissions are
 * acknowledged, then the server is killed: mid-burst, and mid-send for the outbox worker.
 */
const KILL_AFTER_ACKNOWLEDGED = Math.round(SUBMISSIONS / 3);

type Answer = BurstAnswer;

interface Submission extends BurstSubmission {
  ip: string;
  /** The first answer the client got (before the crash, or from a retry). */
  answer?: Answer;
  /** The answers of the two parallel retries, when the first attempt got none. */
  retries: Answer[];
}

let dataDir: string;
let port: number;
let smtp: SmtpSink;
let first: AppProcess;
let second: AppProcess | undefined;
let client: pg.Client;
let killedWhileUnanswered = 0;
let answeredBeforeKill = 0;
let heldMessageId = "";
const submissions: Submission[] = [];

const environment = () => ({
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // Every submission comes from its own address (X-Forwarded-For), so rate limits stay on.
  TRUST_PROXY: "1",
  SEED_DEMO: "false",
  SESSION_SECRET: "crash-test-session-secret-0123456789abcdef",
  DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
});

async function post(app: AppProcess, submission: Submission): Promise<Answer | undefined> {
  try {
    // A fresh challenge per attempt: a retry of the same submission is a new request.
    const proof = await fetchProofOfWork(app.url);
    const response = await fetch(`${app.url}${submission.path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Idempotency-Key": submission.key,
        "X-Forwarded-For": submission.ip,
        "X-Altcha": proof,
        Origin: app.url,
      },
      body: JSON.stringify(submission.body),
    });
    return { status: response.status, body: (await response.json()) as Answer["body"] };
  } catch {
    return undefined; // no answer: connection refused or reset by the crash
  }
}

beforeAll(async () => {
  await ensureBuild();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-crash-"));
  port = await freePort(3500, 3519);
  let killed = false;
  smtp = await startSmtpSink(async (mail, index, senderGone) => {
    if (killed || index > 0) return;
    killed = true;
    await until("a third of the burst", () => submissions.filter((submission) => submission.answer).length >= KILL_AFTER_ACKNOWLEDGED, 30_000, 5);
    heldMessageId = mail.messageId;
    killedWhileUnanswered = submissions.filter((submission) => !submission.answer).length;
    answeredBeforeKill = submissions.length - killedWhileUnanswered;
    await first.kill("SIGKILL");
    await senderGone();
  });
  const env = environment();
  first = await startApp({ port, dataDir, env });

  submissions.push(...burstSubmissions(SUBMISSIONS, "crash").map((submission, index) => ({ ...submission, ip: `198.51.100.${index + 1}`, retries: [] })));

  // The burst: PARALLEL clients work through the list; the crash cuts some requests off mid-way.
  await sendInParallel(submissions, PARALLEL, async (submission) => {
    submission.answer = await post(first, submission);
  });
  await until("the crash", () => killed, 30_000);

  second = await startApp({ port, dataDir, env });
  client = new pg.Client({ connectionString: embeddedDatabase(dataDir).url });
  await client.connect();
  // The killed worker's claims expire after CLAIM_SECONDS (120 s); move their clock instead of waiting.
  await client.query(`update email_outbox set locked_until = now() where status = 'sending'`);

  // Every client without an answer retries with the same key, twice at once.
  for (const submission of submissions.filter((candidate) => !candidate.answer)) {
    for (let attempt = 0; attempt < 5 && !submission.answer; attempt++) {
      const answers = await Promise.all([post(second, submission), post(second, submission)]);
      submission.retries = answers.filter((answer): answer is Answer => Boolean(answer));
      submission.answer = submission.retries[0];
    }
  }
  await outboxDrained(client);
}, 150_000);

afterAll(() => cleanUpBurst(client, dataDir, smtp));

async function outboxRows() {
  return (
    await client.query<{ message_id: string; to: string; subject: string; template: string; status: string }>(
      `select message_id, "to", subject, template, status from email_outbox`,
    )
  ).rows;
}

describe("kill -9 in the middle of a burst of submissions", () => {
  it("crashed in the middle: some requests were answered before, some got no answer", () => {
    expect(answeredBeforeKill).toBeGreaterThan(0);
    expect(killedWhileUnanswered).toBeGreaterThan(0);
    expect(submissions.filter((submission) => submission.retries.length > 0).length).toBeGreaterThan(0);
  });

  it("every submission is acknowledged (201) after the clients' retries, and parallel retries got the same answer", () => {
    for (const submission of submissions) {
      expect(submission.answer?.status, `${submission.email}: ${JSON.stringify(submission.answer)}`).toBe(201);
      for (const retry of submission.retries) expect(retry).toEqual(submission.answer);
    }
  });

  it("stores every acknowledged submission exactly once, under the id it answered with", async () => {
    await expectStoredOnce(
      client,
      submissions.map((submission) => ({ submission, id: submission.answer?.body.id })),
    );
  });

  it("queued two e-mails per submission and delivered each exactly once (per Message-ID and per recipient + subject)", async () => {
    const rows = await outboxRows();
    expect(rows).toHaveLength(2 * submissions.length);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
    expectDeliveredOnce(
      smtp,
      rows.map((row) => row.message_id),
    );
    const byRecipient = new Map<string, number>();
    for (const mail of smtp.messages) for (const to of mail.to) byRecipient.set(`${to}|${mail.subject}`, (byRecipient.get(`${to}|${mail.subject}`) ?? 0) + 1);
    for (const row of rows) expect(byRecipient.get(`${row.to.toLowerCase()}|${row.subject}`), `${row.to} ${row.subject}`).toBe(1);
  });

  it("delivered after the restart the message whose send the crash interrupted", () => {
    expect(heldMessageId).not.toBe("");
    expect(smtp.messages.filter((mail) => mail.messageId === heldMessageId)).toHaveLength(1);
  });
});
