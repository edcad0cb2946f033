import type { Transporter } from "nodemailer";
import { env } from "../env.server";
import { storage } from "../storage.server";
import { headerValue, type MailTransport, type OutboxRow } from "./outbox.server";

async function attachmentsOf(message: OutboxRow) {
  return Promise.all(
    message.attachments.map(async (attachment) => {
      const object = await storage().get(attachment.bucket, attachment.key);
      if (!object) throw new Error(`Attachment missing from storage: ${attachment.key}`);
      return { filename: headerValue(attachment.filename), content: object.body, contentType: attachment.contentType };
    }),
  );
}

/** Connections kept open to the SMTP server, and messages sent on one before it is replaced. */
const SMTP_POOL = { maxConnections: 3, maxMessages: 100 } as const;

/**
 * SMTP through Nodemailer, over a small pool of reused connections (no TCP/TLS handshake and
 * greeting per message); close() ends them at shutdown. The Message-ID is fixed when queued, so a
 * retried send keeps its identity.
 */
export function smtpTransport(url: string, from = env().MAIL_FROM): MailTransport {
  // Nodemailer (650 KB of code) is loaded with the first message, not at start-up.
  let created: Promise<Transporter> | undefined;
  const pool = () => (created ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport({ url, pool: true, ...SMTP_POOL })));
  return {
    name: "smtp",
    async close() {
      if (created) (await created).close();
    },
    async send(message) {
      const transporter = await pool();
      // Rows queued before headers were cleaned at enqueue time are cleaned here too.
      await transporter.sendMail({
        from: headerValue(from),
        to: headerValue(message.to),
        subject: headerValue(message.subject),
        html: message.html,
        text: message.text,
        messageId: message.messageId,
        attachments: await attachmentsOf(message),
      });
    },
  };
}

/**
 * Without SMTP_URL, messages are "delivered" to the built-in dev mailbox: they stay in the outbox
 * table, marked sent, and the admin area shows them. Attachments are still checked.
 */
function devMailboxTransport(): MailTransport {
  return {
    name: "dev-mailbox",
    async send(message) {
      await attachmentsOf(message);
    },
  };
}

export function configuredTransport(): MailTransport {
  const url = env().SMTP_URL;
  return url ? smtpTransport(url) : devMailboxTransport();
}
