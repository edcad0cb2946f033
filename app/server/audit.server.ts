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

/**
 * What a save changed, field by field (`from` → `to`), for an audit entry's detail; fields whose
 * value stayed the same are left out. `keys` names the fields compared.
 */
export function changesOf<T extends Record<string, unknown>>(before: { [K in keyof T]?: unknown } | null, after: T, keys: readonly (keyof T & string)[]) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of keys) {
    const from = before?.[key] ?? null;
    const to = after[key] ?? null;
    if (from !== to) changes[key] = { from, to };
  }
  return changes;
}
