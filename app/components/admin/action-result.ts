import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/ui/toast";
import { useSchemaForm } from "~/components/forms/schema-form";
import type { z } from "~/domain/zod";

/** What every admin action answers; the component turns it into the spec's toasts. */
export type ActionResult =
  | { ok: true; intent: string; message: string; id?: string }
  | {
      ok: false;
      intent: string;
      error: string;
      description?: string;
      /** A refused form's Conform result (see `useSchemaForm`): its fields show its messages. */
      result?: SubmissionResult<string[]>;
      conflict?: boolean;
      /** A refusal staff may override by confirming (such as a payment above what is owed, kept as credit). */
      confirm?: string;
    };

/** Calls `handle` once for each new answer of a fetcher, when it has settled. */
export function useFetcherResult<T>(fetcher: { state: string; data: T | undefined }, handle: (data: T) => void) {
  const handled = useRef<T | undefined>(undefined);
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data !== undefined && fetcher.data !== handled.current) {
      handled.current = fetcher.data;
      latest.current(fetcher.data);
    }
  }, [fetcher.state, fetcher.data]);
}

/**
 * A fetcher for one admin action: its answer toasted (the message, or the error with its description),
 * `onOk` called when it succeeded (a dialog closes itself), `onConflict` when the row had changed since
 * the page was loaded, and for the form that posts it its busy state and the refusal to show on its
 * fields (`lastResult`, Conform's).
 */
export function useActionFetcher(onOk?: () => void, onConflict?: () => void) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher, onConflict, onOk);
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return { fetcher, lastResult: refused?.result, busy: fetcher.state !== "idle" };
}

type SchemaFormOptions<Schema extends z.ZodType> = NonNullable<Parameters<typeof useSchemaForm<Schema>>[1]>;

/** The fields' first values of a form on `Schema` (`useSchemaForm`'s defaultValue). */
export type FormDefaults<Schema extends z.ZodType> = SchemaFormOptions<Schema>["defaultValue"];

/**
 * An admin form on Conform: `useActionFetcher` (toasts, busy state, `onOk`/`onConflict`) with
 * `useSchemaForm` on the schema the action parses with, so its fields show the browser's check and
 * the action's refusal alike. Spread `getFormProps(form)` on `fetcher.Form`.
 */
export function useActionForm<Schema extends z.ZodType>(
  schema: Schema,
  { onOk, onConflict, ...options }: { onOk?: () => void; onConflict?: () => void } & Omit<SchemaFormOptions<Schema>, "lastResult"> = {},
) {
  const { fetcher, lastResult, busy } = useActionFetcher(onOk, onConflict);
  const [form, fields] = useSchemaForm(schema, { ...options, lastResult });
  return { fetcher, busy, form, fields };
}

/**
 * Toasts each settled answer of an admin action: its message when it succeeded (then `onOk`), its
 * error and description when it failed (then `onConflict` when the row had changed since the page was loaded).
 */
export function useResultToast(fetcher: { state: string; data: ActionResult | undefined }, onConflict?: () => void, onOk?: () => void) {
  const toast = useToast();
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast({ title: result.message });
      onOk?.();
    } else {
      toast({ title: result.error, description: result.description, variant: "destructive" });
      if (result.conflict) onConflict?.();
    }
  });
}

/** The spec's "Failed to fetch ..." toast when the page's query failed. */
export function useLoadErrorToast(loadError: string | null | undefined) {
  const toast = useToast();
  useEffect(() => {
    if (loadError) toast({ title: loadError, variant: "destructive" });
  }, [loadError, toast]);
}
