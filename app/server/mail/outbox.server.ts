import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { ReactElement } from "react";
import { retryWhileUnavailable, type Database } from "../db/client.server";
import { emailOutbox } from "../db/schema";
import { logger } from "../logger.server";
import { seal } from "../crypto.server";
import { deferrable, renderQueued } from "./catalogue.server";
import { renderEmail } from "./render.server";

type Executor = Pick<Database, "insert">;

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
  await outboxInsert(executor, await outboxRows(emails));
}

/**
 * Announced by the database when a transaction that queued e-mails commits (a trigger on the
 * outbox, migration 0018): every instance's worker wakes then, not before the rows are visible.
 */
export const EMAIL_OUTBOX_CHANNEL = "email_outbox";

/** Wakes this instance's worker so a committed message is delivered at once, not at the next poll. */
export function emailsQueued() {
  listeners.forEach((listener) => listener());
}

/** The insert of (at least one) outbox row, not yet run (for `writeTogether`). */
export function outboxInsert(executor: Executor, rows: OutboxValues[]) {
  return executor.insert(emailOutbox).values(rows);
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
export const CLAIM_SECONDS = 120;
export const MAX_ATTEMPTS = 12;
/** How long a sent message waits for an unreachable database to record it (well within its claim). */
const MARK_SENT_RETRY_MS = 20_000;

/** 10 s, 20 s, 40 s ... capped at one hour. */
export function backoffSeconds(attempts: number) {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due messages with FOR UPDATE SKIP LOCKED, so several workers (instances) never take the
 * same row; a row left "sending" by a crashed worker becomes due again when its claim expires.
 */
export async function claimDueEmails(db: Database, limit = 10): Promise<OutboxRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    update email_outbox set status = 'sending', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${CLAIM_SECONDS})
    where id in (
      select id from email_outbox
      where (status = 'pending' and next_attempt_at <= now())
         or (status = 'sending' and locked_until < now())
      order by created_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  if (result.rows.length === 0) return [];
  const ids = result.rows.map((row) => String(row.id));
  return db.query.emailOutbox.findMany({ where: (table, { inArray }) => inArray(table.id, ids) });
}

export interface MailTransport {
  name: string;
  send(message: OutboxRow): Promise<void>;
  /** Ends the transport's open connections (the SMTP pool) at shutdown. */
  close?(): void;
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
  let sent = 0;
  for (const claimedMessage of claimed) {
    let message = claimedMessage;
    try {
      message = await withBody(claimedMessage);
      await transport.send(message);
    } catch (error) {
      const failed = message.attempts >= MAX_ATTEMPTS;
      const delay = backoffSeconds(message.attempts);
      logger.warn({ id: message.id, attempts: message.attempts, err: String(error) }, "e-mail delivery failed");
      await db.execute(sql`
        update email_outbox set status = ${failed ? "failed" : "pending"}, locked_until = null,
          last_error = ${String(error).slice(0, 500)},
          next_attempt_at = now() + make_interval(secs => ${delay})
        where id = ${message.id}`);
      continue;
    }
    // The SMTP server has it: if the database is restarting, keep trying to record that, or the
    // message would be sent again when its claim expires.
    await retryWhileUnavailable(
      () =>
        db.execute(sql`update email_outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null,
          html = ${message.html}, text = ${message.text}, content = null where id = ${message.id}`),
      MARK_SENT_RETRY_MS,
    );
    sent += 1;
  }
  return sent;
}
