import type { SessionInfo } from "../auth.server";
import type { Database } from "../db/client.server";
import { auditLog } from "../db/schema";

type Executor = Pick<Database, "insert">;

/**
 * One row per admin read or change of personal data (contacts, bookings, questionnaire
 * responses) and per content change: who, what, which record.
 */
export async function recordAudit(
  executor: Executor,
  session: SessionInfo,
  action: string,
  entity: string,
  entityId?: string | null,
  detail?: Record<string, unknown>,
) {
  await executor.insert(auditLog).values({
    actorId: session.user.id,
    actorEmail: session.user.email,
    action,
    entity,
    entityId: entityId ?? null,
    detail: detail ?? null,
  });
}
