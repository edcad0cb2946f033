import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { ContactStatus } from "~/components/admin/statuses";
import type { Database } from "../db/client.server";
import { contacts } from "../db/schema";
import { HttpError } from "../http.server";
import { ADMIN_PAGE_SIZE, containsPattern, CSV_EXPORT_LIMIT, type ListQuery } from "./admin-common.server";

export { contactStatuses, type ContactStatus } from "~/components/admin/statuses";

function where(query: Omit<ListQuery<ContactStatus>, "page">): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(contacts.name, pattern), ilike(contacts.email, pattern))!);
  }
  if (query.status) conditions.push(eq(contacts.status, query.status));
  return conditions.length ? and(...conditions) : undefined;
}

/** One page of contact messages, newest first, with the total for the pagination. */
export async function listContacts(db: Database, query: ListQuery<ContactStatus>) {
  const filter = where(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(filter)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ value: count() }).from(contacts).where(filter),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export function exportContacts(db: Database, query: Omit<ListQuery<ContactStatus>, "page">) {
  return db.select().from(contacts).where(where(query)).orderBy(desc(contacts.createdAt), desc(contacts.id)).limit(CSV_EXPORT_LIMIT);
}

export async function setContactStatus(db: Database, id: string, status: ContactStatus) {
  const [row] = await db.update(contacts).set({ status }).where(eq(contacts.id, id)).returning({ id: contacts.id });
  if (!row) throw new HttpError(404, "Contact not found");
  return row;
}
