import type { z } from "zod";
import { conflictMessages, VERSION_FIELD } from "~/domain/version";
import { audit } from "../audit.server";
import type { Database, Transaction } from "../db/client.server";
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
  /** The writes run in the action's transaction (`tx`), with their audit entry. */
  create: (tx: Transaction, input: z.output<Schema>) => Promise<Row>;
  /** Refuses with VersionConflict when the record changed since `version` was read. */
  update: (tx: Transaction, id: string, version: string, input: z.output<Schema>) => Promise<Row>;
  /** Runs after a create or an update, in the same transaction (groups re-plan their sessions). */
  afterSave?: (tx: Transaction, id: string) => Promise<unknown>;
  /** What the audit log keeps of a saved row beside its id. */
  auditDetail?: (row: Row) => Record<string, unknown>;
  /** The page's words: toast titles, the field-errors description, the not-found and unknown-action texts. */
  messages: { saveFailed: string; checkFields: string; notFound: string; created: string; updated: string; unknown: string };
  /** The page's other intents (delete, close) on one existing record: the toast on success, the audit detail. */
  intents?: Record<string, { failed: string; run: (tx: Transaction, id: string) => Promise<{ message: string; detail?: Record<string, unknown> }> }>;
}

/**
 * The one action of an admin page that creates, updates and otherwise acts on records (blog posts,
 * therapists, groups): staff only, the form parsed with its dialog's schema and refused as Conform's
 * result (the messages on their fields, and there too what only the database knows), the
 * optimistic version check (409 with "Ricarica"), an audit entry per change in the change's own
 * transaction (one is never kept without the other), and a toast's title and
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
          const { message } = await db.transaction(async (tx) => {
            const done = await other.run(tx, id);
            await audit(tx, session, { action: intent, entity: options.entity, entityId: id, ...(done.detail ? { detail: done.detail } : {}) });
            return done;
          });
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
        let save: (tx: Transaction) => Promise<Row>;
        if (intent === "create") {
          save = (tx) => options.create(tx, submission.value);
        } else {
          if (!isRecordId(id)) throw new HttpError(404, messages.notFound);
          const version = versionSchema.safeParse(form.get(VERSION_FIELD));
          if (!version.success) throw new HttpError(400, version.error.issues[0]!.message);
          save = (tx) => options.update(tx, id, version.data, submission.value);
        }
        const row = await db.transaction(async (tx) => {
          const saved = await save(tx);
          await options.afterSave?.(tx, saved.id);
          const detail = options.auditDetail?.(saved);
          await audit(tx, session, { action: intent, entity: options.entity, entityId: saved.id, ...(detail ? { detail } : {}) });
          return saved;
        });
        return actionOk(intent, intent === "create" ? messages.created : messages.updated, row.id);
      },
      { ...refusal, title: messages.saveFailed, fallback: messages.saveFailed, submission },
    );
  };
}
