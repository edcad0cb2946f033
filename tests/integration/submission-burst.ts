import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type pg from "pg";
import { expect } from "vitest";
import { countByMessageId, stopAllApps, stopLeftoverPostgres, until, type SmtpSink } from "./app-process";
import { validAnswers } from "./helpers";

/** One public submission of a burst: a questionnaire or a contact message, with its own Idempotency-Key. */
export interface BurstSubmission {
  kind: "questionnaire" | "contact";
  path: string;
  email: string;
  key: string;
  body: Record<string, unknown>;
}

/** `count` submissions, questionnaires and contact messages in turn, each from its own address. */
export function burstSubmissions(count: number, keyPrefix: string): BurstSubmission[] {
  return Array.from({ length: count }, (_, index) => {
    const questionnaire = index % 2 === 0;
    const email = `${questionnaire ? "questionario" : "contatto"}-${index}@example.com`;
    return {
      kind: questionnaire ? "questionnaire" : "contact",
      path: questionnaire ? "/api/submit-questionnaire" : "/api/send-contact-email",
      email,
      key: `${keyPrefix}-${index}-${randomBytes(6).toString("hex")}`,
      body: questionnaire
        ? { ...validAnswers, name: `Persona ${index}`, email }
        : { name: `Persona ${index}`, email, subject: `Domanda numero ${index}`, message: "Vorrei sapere come funzionano i gruppi." },
    };
  });
}

/** What the server answered one attempt: its status and JSON body. */
export interface BurstAnswer {
  status: number;
  body: { id?: string; error?: string };
}

/** `parallel` clients work through `submissions` in order, each taking the next one nobody has taken. */
export async function sendInParallel<T>(submissions: readonly T[], parallel: number, send: (submission: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < submissions.length) await send(submissions[next++]!);
    }),
  );
}

/** Waits until the outbox has sent every e-mail it holds. */
export function outboxDrained(client: pg.Client) {
  return until("the outbox to drain", async () => (await client.query(`select count(*)::int as n from email_outbox where status <> 'sent'`)).rows[0].n === 0, 45_000, 200);
}

/** Every submission stored exactly once, under the id its acknowledgement named; half questionnaires, half contact messages. */
export async function expectStoredOnce(client: pg.Client, stored: readonly { submission: BurstSubmission; id: string | undefined }[]) {
  const questionnaires = await client.query<{ id: string; email: string }>(`select id, email from internal_questionnaire_responses`);
  const contacts = await client.query<{ id: string; email: string }>(`select id, email from contacts`);
  for (const { submission, id } of stored) {
    const rows = (submission.kind === "questionnaire" ? questionnaires : contacts).rows.filter((row) => row.email === submission.email);
    expect(
      rows.map((row) => row.id),
      submission.email,
    ).toEqual([id]);
  }
  expect(questionnaires.rows).toHaveLength(stored.length / 2);
  expect(contacts.rows).toHaveLength(stored.length / 2);
}

/** The SMTP server received each of the outbox's `messageIds` exactly once, and nothing else. */
export function expectDeliveredOnce(smtp: SmtpSink, messageIds: string[]) {
  const delivered = countByMessageId(smtp.messages);
  expect([...delivered].filter(([, count]) => count > 1)).toEqual([]);
  expect([...delivered.keys()].sort()).toEqual([...messageIds].sort());
}

/** After a burst test: its connection, the servers, a PostgreSQL a kill left running, the data folder, the SMTP server. */
export async function cleanUpBurst(client: pg.Client | undefined, dataDir: string | undefined, smtp: SmtpSink | undefined) {
  await client?.end().catch(() => undefined);
  await stopAllApps();
  if (dataDir) {
    await stopLeftoverPostgres(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await smtp?.close();
}
