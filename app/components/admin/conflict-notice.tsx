import type { DefaultValue } from "@conform-to/react";
import { RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { useToast, type ToastMessage } from "~/components/ui/toast";
import { type ActionResult, useFetcherResult } from "./action-result";
import { Spinner } from "./page";
import { useSchemaForm } from "~/components/forms/schema-form";
import { conflictMessages, VERSION_FIELD } from "~/domain/version";
import type { z } from "~/domain/zod";

/** "Modificato da un altro utente" and a Ricarica button; shown where the refused edit was made. */
function ConflictNotice({ message, onReload, reloading }: { message: string; onReload: () => void; reloading: boolean }) {
  const notice = useRef<HTMLDivElement>(null);
  // The save button may be far below in a long form: bring the notice into view.
  // In braces: Chromium's scrollIntoView returns a promise, which React would take for a cleanup function.
  useEffect(() => {
    notice.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <div ref={notice} role="alert" className="grid justify-items-start gap-2 rounded-xl border border-coral-500/40 bg-coral-100 p-4 text-sm text-coral-700">
      <p className="font-semibold">{conflictMessages.title}</p>
      <p>{message}</p>
      <button type="button" className="btn btn-secondary min-h-10 px-4 py-2 text-sm" onClick={onReload} disabled={reloading}>
        <RefreshCw aria-hidden className={`size-4 ${reloading ? "animate-spin" : ""}`} />
        {reloading ? conflictMessages.reloading : conflictMessages.reload}
      </button>
    </div>
  );
}

/**
 * Loads a page's loader data again without navigating (the dialog stays open), and hands it to
 * `onData`: the dialogs use it to replace their fields with the record as saved now.
 */
function useReloadedData<T>(href: string, onData: (data: T) => void) {
  const fetcher = useFetcher();
  useFetcherResult(fetcher as { state: string; data: T | undefined }, onData);
  return { reload: () => void fetcher.load(href), reloading: fetcher.state !== "idle" };
}

/**
 * The save side of a create-or-update dialog: its fetcher, busy state and conflict; its Conform form
 * on `schema`, the one the page's action parses with (`recordAction`), so a field shows the browser's
 * check before sending and the action's refusal after; the answer's toast (and onDone after a save);
 * and "Ricarica" after a conflict, which loads `href` again and hands the record as saved now (`fresh`
 * picks it from the loader data) to onReloaded, or toasts `notFound` when it is gone. A refusal's toast
 * is the error with its description, or, with `failedTitle`, that title with the description or the error.
 */
export function useRecordForm<Schema extends z.ZodType, D, R>(
  schema: Schema,
  options: {
    href: string;
    fresh: (data: D) => R | null | undefined;
    onReloaded: (record: R) => void;
    onDone: () => void;
    notFound: ToastMessage;
    failedTitle?: string;
    defaultValue?: DefaultValue<z.input<Schema>>;
  },
) {
  const fetcher = useFetcher<ActionResult>();
  const toast = useToast();
  const { reload, reloading } = useReloadedData<D>(options.href, (data) => {
    const record = options.fresh(data);
    if (record) options.onReloaded(record);
    else toast({ ...options.notFound, variant: "destructive" });
  });
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast({ title: result.message });
      options.onDone();
    } else if (result.conflict) toast({ title: result.error, variant: "destructive" });
    else if (options.failedTitle) toast({ title: options.failedTitle, description: result.description ?? result.error, variant: "destructive" });
    else toast({ title: result.error, description: result.description, variant: "destructive" });
  });
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const [form, fields] = useSchemaForm(schema, { lastResult: failed?.result, defaultValue: options.defaultValue });
  return {
    fetcher,
    form,
    fields,
    reload,
    reloading,
    saving: fetcher.state !== "idle",
    conflict: fetcher.state === "idle" && Boolean(failed?.conflict),
  };
}

/**
 * The hidden fields of a create-or-update form and its conflict notice: `intent` create/update, and
 * for an existing record its id and the version it was loaded at (a save over a newer one is refused).
 */
export function RecordFormFields({
  record,
  conflict,
  reload,
  reloading,
}: {
  record: { id: string; version: string } | null | undefined;
  conflict: boolean | undefined;
  reload: () => void;
  reloading: boolean;
}) {
  return (
    <>
      {conflict ? <ConflictNotice message={conflictMessages.form} onReload={reload} reloading={reloading} /> : null}
      <input type="hidden" name="intent" value={record ? "update" : "create"} />
      {record ? <input type="hidden" name="id" value={record.id} /> : null}
      {record ? <input type="hidden" name={VERSION_FIELD} value={record.version} /> : null}
    </>
  );
}

/** A form dialog's buttons: cancel, and submit (of the form `formId`) with its progress while saving. */
export function FormDialogFooter({
  formId,
  onCancel,
  cancelLabel,
  saving,
  disabled,
  label,
  savingLabel = "Salvando...",
  submitClassName = "btn btn-primary",
}: {
  formId: string;
  onCancel: () => void;
  cancelLabel: string;
  saving: boolean;
  disabled?: boolean;
  label: string;
  /** What the submit button says while saving (its label when null). */
  savingLabel?: string | null;
  submitClassName?: string;
}) {
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={saving}>
        {cancelLabel}
      </button>
      <button type="submit" form={formId} className={submitClassName} disabled={saving || disabled}>
        {saving ? <Spinner /> : null}
        {saving ? (savingLabel ?? label) : label}
      </button>
    </>
  );
}

/**
 * For a list whose rows change in place (or a form on the page itself, with `conflictMessages.form`):
 * `onConflict` (give it to the row actions) shows the "changed by someone else" notice, whose
 * Ricarica reloads the page's data and hides it again.
 */
export function useRowConflict(message: string = conflictMessages.row) {
  const revalidator = useRevalidator();
  const [conflict, setConflict] = useState(false);
  const notice = conflict ? (
    <ConflictNotice message={message} reloading={revalidator.state !== "idle"} onReload={() => void revalidator.revalidate().then(() => setConflict(false))} />
  ) : null;
  return { onConflict: () => setConflict(true), notice };
}
