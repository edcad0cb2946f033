import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { createElement, type ReactElement } from "react";
import { insertRows, retryWhileUnavailable, type Database } from "../db/client.server";
import { emailOutbox } from "../db/schema";
import { logger } from "../logger.server";
import { seal } from "../crypto.server";
import { env } from "../env.server";
import { deferrable, renderQueued } from "./catalogue.server";
import { renderEmail } from "./render.server";
import { StaffNotification } from "./templates";

type Executor = Pick<Database, "execute">;

export interface Attachment {
  filename: string;
  bucket: "documents";
  key: string;
  contentType: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** A short name of the template, for the admin mailbox and tests. */
  template: string;
  body: ReactElement;
  attachments?: Attachment[];
}

/**
 * An e-mail's body: a template of this folder (a React Email component) with its props. Services
 * name the template and give its props; only the mail layer builds React elements.
 */
export function emailBody<P extends object>(template: (props: P) => ReactElement, props: P): ReactElement {
  return createElement(template, props);
}

type Row = [label: string, value: string];

/** Who a staff notification is about: their name and address, its first rows. */
export function personRows(person: { name: string | null; email: string }): Row[] {
  return [
    ["Nome", person.name ?? "—"],
    ["Email", person.email],
  ];
}

/** A notification to the practice's staff address: a title and label/value rows, the person's first when it names one (StaffNotification). */
export function staffEmail({
  title,
  person,
  rows,
  ...email
}: Omit<OutgoingEmail, "to" | "body"> & { title: string; person?: { name: string | null; email: string }; rows: Row[] }): OutgoingEmail {
  return { ...email, to: env().STAFF_EMAIL, body: emailBody(StaffNotification, { title, rows: person ? [...personRows(person), ...rows] : rows }) };
}

const listeners = new Set<() => void>();

/** The worker subscribes here so a new message is delivered at once, not at the next poll. */
export function onEmailQueued(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A header value on one line: CR, LF and other control characters (from a form's subject, name or
 * address) would otherwise start a header of the sender's choosing.
 */
export function headerValue(text: string) {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}

/**
 * Queues e-mails in the caller's transaction: they are committed with the record that caused
 * them, or not at all. Delivery happens later, in the outbox worker.
 */
export async function enqueueEmails(executor: Executor, emails: OutgoingEmail[]) {
  if (emails.length === 0) return;
  await executor.execute(outboxInsert(await outboxRows(emails)));
}

/**
 * Wakes this instance's worker so a committed message is delivered at once, not at the next poll:
 * called after the answer to a write (its transaction has committed) and after a jobs tick. Not a
 * NOTIFY from the database: that takes one lock for every committing transaction (migration 0019).
 */
export function emailsQueued() {
  listeners.forEach((listener) => listener());
}

/** The insert of (at least one) outbox row, not yet run (for `writeTogether`). */
export function outboxInsert(rows: OutboxValues[]) {
  return insertRows(emailOutbox, rows);
}

type OutboxValues = typeof emailOutbox.$inferInsert;

/** The outbox rows of e-mails: rendered now, or (catalogue templates) sealed for the worker to render. */
export async function outboxRows(emails: OutgoingEmail[]): Promise<OutboxValues[]> {
  return Promise.all(
    emails.map(async (email) => {
      // Templates in the catalogue are rendered by the worker, after the answer; their props are sealed.
      const queued = deferrable(email.body);
      const { html, text } = queued ? { html: "", text: "" } : await renderEmail(email.body);
      return {
        to: headerValue(email.to),
        subject: headerValue(email.subject),
        template: email.template,
        html,
        text,
        content: queued ? seal(queued) : null,
        attachments: (email.attachments ?? []).map((attachment) => ({ ...attachment, filename: headerValue(attachment.filename) })),
        messageId: `<${randomUUID()}@insieme-terapia.it>`,
      };
    }),
  );
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** How long a claimed message stays ours before another worker may take it over (a crash mid-send). */
const CLAIM_SECONDS = 120;
const MAX_ATTEMPTS = 12;
/** Messages claimed at once; those sent are recorded together, in one statement, after the batch. */
const CLAIM_BATCH = 50;
/** How long a sent message waits for an unreachable database to record it (well within its claim). */
const MARK_SENT_RETRY_MS = 20_000;

/** 10 s, 20 s, 40 s ... capped at one hour. */
function backoffSeconds(attempts: number) {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due messages with FOR UPDATE SKIP LOCKED, so several workers (instances) never take the
 * same row; a row left "sending" by a crashed worker becomes due again when its claim expires.
 * One statement claims and returns them, oldest first.
 */
async function claimDueEmails(db: Database, limit = CLAIM_BATCH): Promise<OutboxRow[]> {
  const claimed = await db
    .update(emailOutbox)
    .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1`, lockedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
    .where(
      sql`${emailOutbox.id} in (
        select id from email_outbox
        where (status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by created_at
        limit ${limit}
        for update skip locked)`,
    )
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export interface MailTransport {
  name: string;
  send(message: OutboxRow): Promise<void>;
  /** Ends the transport's open connections (the SMTP pool) at shutdown. */
  close?(): void | Promise<void>;
}

/**
 * The message with its html and text: a template queued by name is rendered here, in the worker.
 * The rendered parts are stored with the "sent" mark (the admin mailbox shows them) and the sealed
 * props dropped.
 */
export async function withBody(message: OutboxRow): Promise<OutboxRow> {
  if (!message.content) return message;
  return { ...message, ...(await renderQueued(message.content)) };
}

/** Delivers what is due once; returns how many were sent. The worker calls this in a loop. */
export async function deliverDueEmails(db: Database, transport: MailTransport): Promise<number> {
  const claimed = await claimDueEmails(db);
  const sent = sentRecorder(db);
  for (const claimedMessage of claimed) {
    // Rendering a message is half a millisecond of the one thread: requests that arrived meanwhile
    // are answered between two messages, not after the whole batch (the submissions' slowest 1%).
    await new Promise((resolve) => setImmediate(resolve));
    // Nothing more is sent once sent messages cannot be recorded: those would all go out twice.
    if (sent.failed()) break;
    let message = claimedMessage;
    try {
      message = await withBody(claimedMessage);
      await transport.send(message);
      sent.add(message);
    } catch (error) {
      const failed = message.attempts >= MAX_ATTEMPTS;
      const delay = backoffSeconds(message.attempts);
      logger.warn({ id: message.id, attempts: message.attempts, err: String(error) }, "e-mail delivery failed");
      await db.execute(sql`
        update email_outbox set status = ${failed ? "failed" : "pending"}, locked_until = null,
          last_error = ${String(error).slice(0, 500)},
          next_attempt_at = now() + make_interval(secs => ${delay})
        where id = ${message.id}`);
    }
  }
  return sent.done();
}

/**
 * Records the messages the SMTP server has taken as it takes them, without holding up the next send:
 * one statement at a time, each taking every message accepted while the one before it ran. A
 * process that dies mid-batch sends again only the messages whose record was under way (they stay
 * "sending" until their claim expires), not the batch; a fast transport still costs few statements.
 */
function sentRecorder(db: Database) {
  let waiting: OutboxRow[] = [];
  let recording: Promise<void> | undefined;
  let failure: unknown;
  let count = 0;
  const record = async () => {
    while (waiting.length > 0) {
      const messages = waiting;
      waiting = [];
      await markSent(db, messages);
    }
  };
  return {
    add(message: OutboxRow) {
      count += 1;
      waiting.push(message);
      // After a failed record (the database gone for longer than markSent waits) the rest stay
      // "sending" and are sent again when their claim expires, as before.
      if (recording || failure !== undefined) return;
      recording = record()
        .catch((error: unknown) => void (failure = error))
        .finally(() => void (recording = undefined));
    },
    failed: () => failure !== undefined,
    /** Waits for the last record; returns how many were sent, or throws what recording them met. */
    async done() {
      while (recording) await recording;
      if (failure !== undefined) throw failure;
      return count;
    },
  };
}

/**
 * Records messages the SMTP server has taken, with their rendered parts, in one statement. If the
 * database is restarting, keep trying: a message left "sending" would be sent again when its claim
 * expires.
 */
async function markSent(db: Database, messages: OutboxRow[]) {
  const parts = JSON.stringify(messages.map(({ id, html, text }) => ({ id, html, text })));
  await retryWhileUnavailable(
    () =>
      db.execute(sql`update email_outbox as o set status = 'sent', sent_at = now(), locked_until = null, last_error = null,
          html = v.html, text = v.text, content = null
        from jsonb_to_recordset(${parts}::jsonb) as v(id uuid, html text, text text)
        where o.id = v.id`),
    MARK_SENT_RETRY_MS,
  );
}
