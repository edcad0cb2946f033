import type { ReactNode } from "react";

/** A field's error under it, announced when it appears; `id` is what the field's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <p id={id} role="alert" className="text-sm text-danger-600">
      {error}
    </p>
  ) : null;
}

/** The id of what describes a field under it: its error (`ID-error`) when it has one, else its hint (`ID-hint`). */
export const errorOrHintId = (id: string, error: string | null | undefined) => (error ? `${id}-error` : `${id}-hint`);

/** Under a field: its error, or while there is none its hint (the ids `errorOrHintId` names). */
export function ErrorOrHint({ id, error, children }: { id: string; error: string | null | undefined; children: ReactNode }) {
  return (
    <p id={errorOrHintId(id, error)} className={error ? "text-sm text-danger-600" : "text-sm text-ink-500"}>
      {error || children}
    </p>
  );
}
