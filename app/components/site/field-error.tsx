/** A field's error under it, announced when it appears; `id` is what the field's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <p id={id} role="alert" className="text-sm text-danger-600">
      {error}
    </p>
  ) : null;
}
