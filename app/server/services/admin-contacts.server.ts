import { and, desc, eq, sql } from "drizzle-orm";
import type { ContactStatus } from "~/domain/statuses";
import type { Database } from "../db/client.server";
import { contacts, groupBookings } from "../db/schema";
import { HttpError } from "../http/errors.server";
import { cursorAt, type ListQuery, newestFirstBatches, peopleFilter, personColumns, pageOf } from "./admin-lists.server";
import { hasVersion, VersionConflict, versionOf } from "../record-versions.server";

export { contactStatuses, type ContactStatus } from "~/domain/statuses";

/** Characters of a message shown in the table; the detail dialog shows it whole. */
const MESSAGE_PREVIEW_CHARS = 160;

const where = (query: Omit<ListQuery<ContactStatus>, "page">) => peopleFilter(contacts, query);

/** What the list and the dialog both show of a message. */
const contactColumns = {
  ...personColumns(contacts),
  phone: contacts.phone,
  subject: contacts.subject,
};

/** One page of contact messages, newest first, with the total; a page past the last one shows the last one. */
export async function listContacts(db: Database, query: ListQuery<ContactStatus>) {
  const filter = where(query);
  return pageOf(db, contacts, filter, query.page, (limit, offset) =>
    db
      .select({
        ...contactColumns,
        preview: sql<string>`left(${contacts.message}, ${MESSAGE_PREVIEW_CHARS})`,
        long: sql<boolean>`char_length(${contacts.message}) > ${MESSAGE_PREVIEW_CHARS}`,
        status: contacts.status,
        version: versionOf(contacts.updatedAt),
        // A sender who booked a group has an account page: their booking (a confirmed one first).
        memberId: sql<
          string | null
        >`(select b.id from ${groupBookings} b where lower(b.email) = lower(${contacts}.email) order by (b.status = 'confirmed') desc, b.created_at desc limit 1)`,
      })
      .from(contacts)
      .where(filter)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(limit)
      .offset(offset),
  );
}

/** One message, whole, for the detail dialog. */
export async function findContact(db: Database, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db
    .select({
      ...contactColumns,
      message: contacts.message,
      status: contacts.status,
      version: versionOf(contacts.updatedAt),
    })
    .from(contacts)
    .where(eq(contacts.id, id));
  return row;
}

/** Every message the search and the filter keep, newest first, in batches (no row limit). */
export function exportContacts(db: Database, query: Omit<ListQuery<ContactStatus>, "page">) {
  return newestFirstBatches(contacts, where(query), (filter, limit) =>
    db
      .select({ ...contactColumns, message: contacts.message, status: contacts.status, cursorAt: cursorAt(contacts.createdAt) })
      .from(contacts)
      .where(filter)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(limit),
  );
}

/** Changes the status from the version the row was loaded with: 409 (VersionConflict) when someone changed it in between. */
export async function setContactStatus(db: Database, id: string, status: ContactStatus, version: string) {
  const [row] = await db
    .update(contacts)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(contacts.id, id), hasVersion(contacts.updatedAt, version)))
    .returning({ id: contacts.id });
  if (row) return row;
  const [exists] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id));
  throw exists ? new VersionConflict() : new HttpError(404, "Contact not found");
}
