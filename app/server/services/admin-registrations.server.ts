import { desc, ilike, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { registrations } from "../db/schema";
import { containsPattern } from "./admin-lists.server";

/** Rows the registrations page shows: the most recent, no paging. */
const REGISTRATIONS_SHOWN = 100;

/** The latest registrations, newest first, whose e-mail or full name contains `q` (all when empty). */
export function listRegistrations(db: Database, q: string) {
  const pattern = containsPattern(q);
  return db
    .select()
    .from(registrations)
    .where(q ? or(ilike(registrations.email, pattern), ilike(sql`${registrations.firstName} || ' ' || ${registrations.lastName}`, pattern)) : undefined)
    .orderBy(desc(registrations.createdAt))
    .limit(REGISTRATIONS_SHOWN);
}
