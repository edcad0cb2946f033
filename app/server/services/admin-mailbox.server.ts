import { desc, eq, type SQL } from "drizzle-orm";
import type { OutboxStatus } from "~/domain/statuses";
import type { Database } from "../db/client.server";
import { emailOutbox } from "../db/schema";
import { withBody } from "../mail/outbox.server";
import { type ListQuery, listFilter, pageOf } from "./admin-lists.server";

export { outboxStatuses } from "~/domain/statuses";

function where(query: ListQuery<OutboxStatus>): SQL | undefined {
  return listFilter(query, [emailOutbox.to, emailOutbox.subject], emailOutbox.status);
}

/** The dev mailbox: every queued message, newest first, without the bodies (read one at a time); a page past the last one shows the last one. */
export async function listOutbox(db: Database, query: ListQuery<OutboxStatus>) {
  const filter = where(query);
  return pageOf(db, emailOutbox, filter, query.page, (limit, offset) =>
    db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        template: emailOutbox.template,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
        attachments: emailOutbox.attachments,
      })
      .from(emailOutbox)
      .where(filter)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(limit)
      .offset(offset),
  );
}

export async function findOutboxMessage(db: Database, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  // A message still waiting for the worker is shown as it will be sent.
  return row && withBody(row);
}
