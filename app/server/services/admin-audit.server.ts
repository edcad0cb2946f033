import { count, desc } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { auditLog } from "../db/schema";
import { clampPage } from "./admin-lists.server";

/** Entries per page of the audit log (more than other tables: entries are one line each). */
const AUDIT_PAGE_SIZE = 50;

/** One page of the audit log, newest first, with the total; a page past the last one shows the last one. */
export async function listAuditLog(db: Database, requestedPage: number) {
  const [counted] = await db.select({ value: count() }).from(auditLog);
  const total = counted?.value ?? 0;
  const page = clampPage(requestedPage, total, AUDIT_PAGE_SIZE);
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows, page, total, pageSize: AUDIT_PAGE_SIZE };
}
