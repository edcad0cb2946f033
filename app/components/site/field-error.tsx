import { useState, type ReactNode } from "react";

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

/** A field's aria-invalid and aria-describedby while it has an error or shows its hint (`ErrorOrHint` under it). */
export const describedByErrorOrHint = (id: string, error: string | null | undefined) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": errorOrHintId(id, error),
});

/** A field's value with its error, the error cleared as soon as the person changes the value. */
export function useFieldState<T>(initial: T) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const change = (next: T) => {
    setValue(next);
    if (error) setError(null);
  };
  return { value, error, setError, change };
}

/** Under a field: its error, or while there is none its hint (the ids `errorOrHintId` names). */
export function ErrorOrHint({ id, error, children }: { id: string; error: string | null | undefined; children: ReactNode }) {
  return (
    <p id={errorOrHintId(id, error)} className={error ? "text-sm text-danger-600" : "text-sm text-ink-500"}>
      {error || children}
    </p>
  );
}
