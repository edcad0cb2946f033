import type { Database } from "./db/client.server";
import { auditLog } from "./db/schema";
import type { SessionInfo } from "./auth.server";

type Executor = Pick<Database, "insert">;

interface AuditEntry {
  /** "read" | "list" | "export" | "create" | "update" | "delete" | "erase" ... */
  action: string;
  entity: string;
  entityId?: string | null;
  detail?: Record<string, unknown>;
}

/** Records who did what to which personal data, and when. Kept at least 24 months (see retention). */
export async function audit(executor: Executor, session: SessionInfo, entry: AuditEntry) {
  await executor.insert(auditLog).values({
    actorId: session.user.id,
    actorEmail: session.user.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    detail: entry.detail ?? null,
  });
}
