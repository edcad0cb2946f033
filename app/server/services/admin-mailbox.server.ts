import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { OutboxStatus } from "~/domain/statuses";
import type { Database } from "../db/client.server";
import { emailOutbox } from "../db/schema";
import { withBody } from "../mail/outbox.server";
import { ADMIN_PAGE_SIZE, clampPage, containsPattern, type ListQuery } from "./admin-common.server";

export { outboxStatuses } from "~/domain/statuses";

function where(query: ListQuery<OutboxStatus>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(emailOutbox.to, pattern), ilike(emailOutbox.subject, pattern))!);
  }
  if (query.status) conditions.push(eq(emailOutbox.status, query.status));
  return conditions.length ? and(...conditions) : undefined;
}

/** The dev mailbox: every queued message, newest first, without the bodies (read one at a time); a page past the last one shows the last one. */
export async function listOutbox(db: Database, query: ListQuery<OutboxStatus>) {
  const filter = where(query);
  const [counted] = await db.select({ value: count() }).from(emailOutbox).where(filter);
  const total = counted?.value ?? 0;
  const page = clampPage(query.page, total);
  const rows = await db
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
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { rows, total, page };
}

export async function findOutboxMessage(db: Database, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  // A message still waiting for the worker is shown as it will be sent.
  return row && withBody(row);
}
