import nodemailer from "nodemailer";
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

/** SMTP through Nodemailer. The Message-ID is fixed when queued, so a retried send keeps its identity. */
export function smtpTransport(url: string, from = env().MAIL_FROM): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: "smtp",
    async send(message) {
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
export function devMailboxTransport(): MailTransport {
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
