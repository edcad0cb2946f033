import type { z } from "zod";
import { conflictMessages, VERSION_FIELD } from "~/domain/version";
import { audit } from "../audit.server";
import type { Database } from "../db/client.server";
import { parseSubmission } from "../form-submission.server";
import { requireAdmin } from "../gates.server";
import { versionSchema } from "../record-versions.server";
import { HttpError } from "./errors.server";
import { actionFail, actionOk, isRecordId, staffAction, submissionRefused } from "./staff-action.server";

export interface RecordActionOptions<Schema extends z.ZodType, Row extends { id: string }> {
  /** The log scope ("admin-blog") and the audit log's entity ("blog_post"). */
  scope: string;
  entity: string;
  /** The record's form schema, the one its dialog validates with (`useRecordForm`). */
  schema: Schema;
  create: (db: Database, input: z.output<Schema>) => Promise<Row>;
  /** Refuses with VersionConflict when the record changed since `version` was read. */
  update: (db: Database, id: string, version: string, input: z.output<Schema>) => Promise<Row>;
  /** Runs after a create or an update (groups re-plan their sessions). */
  afterSave?: (db: Database, id: string) => Promise<unknown>;
  /** What the audit log keeps of a saved row beside its id. */
  auditDetail?: (row: Row) => Record<string, unknown>;
  /** The page's words: toast titles, the field-errors description, the not-found and unknown-action texts. */
  messages: { saveFailed: string; checkFields: string; notFound: string; created: string; updated: string; unknown: string };
  /** The page's other intents (delete, close) on one existing record: the toast on success, the audit detail. */
  intents?: Record<string, { failed: string; run: (db: Database, id: string) => Promise<{ message: string; detail?: Record<string, unknown> }> }>;
}

/**
 * The one action of an admin page that creates, updates and otherwise acts on records (blog posts,
 * therapists, groups): staff only, the form parsed with its dialog's schema and refused as Conform's
 * result (the messages on their fields, and there too what only the database knows), the
 * optimistic version check (409 with "Ricarica"), an audit entry per change, and a toast's title and
 * description for every refusal (HttpError's status and message; anything else a logged 500).
 */
export function recordAction<Schema extends z.ZodType, Row extends { id: string }>(options: RecordActionOptions<Schema, Row>) {
  const { messages } = options;
  return async ({ request, context }: { request: Request; context: { db: Database } }) => {
    const session = await requireAdmin(context.db, request);
    const db = context.db;
    const form = await request.formData();
    const intent = String(form.get("intent") ?? "");
    const id = form.get("id");
    const other = options.intents?.[intent];
    const refusal = { scope: options.scope, conflictDescription: conflictMessages.form };
    if (other) {
      return staffAction(
        intent,
        async () => {
          if (!isRecordId(id)) throw new HttpError(404, messages.notFound);
          const { message, detail } = await other.run(db, id);
          await audit(db, session, { action: intent, entity: options.entity, entityId: id, ...(detail ? { detail } : {}) });
          return actionOk(intent, message);
        },
        { ...refusal, title: other.failed, fallback: other.failed },
      );
    }
    if (intent !== "create" && intent !== "update") return actionFail(intent, 400, messages.unknown);
    const submission = parseSubmission(form, options.schema);
    if (submission.status !== "success") return submissionRefused(intent, messages.saveFailed, submission, { description: messages.checkFields });
    return staffAction(
      intent,
      async () => {
        let row: Row;
        if (intent === "create") {
          row = await options.create(db, submission.value);
        } else {
          if (!isRecordId(id)) throw new HttpError(404, messages.notFound);
          const version = versionSchema.safeParse(form.get(VERSION_FIELD));
          if (!version.success) throw new HttpError(400, version.error.issues[0]!.message);
          row = await options.update(db, id, version.data, submission.value);
        }
        await options.afterSave?.(db, row.id);
        const detail = options.auditDetail?.(row);
        await audit(db, session, { action: intent, entity: options.entity, entityId: row.id, ...(detail ? { detail } : {}) });
        return actionOk(intent, intent === "create" ? messages.created : messages.updated, row.id);
      },
      { ...refusal, title: messages.saveFailed, fallback: messages.saveFailed, submission },
    );
  };
}
