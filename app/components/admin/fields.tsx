import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { firstError } from "~/components/forms/schema-form";

/** A Conform field as <Field> reads it: its id (the label's target), its errors and their id, whether the schema requires it. */
type FieldState = Pick<FieldMetadata, "id" | "errorId" | "errors" | "required">;

/**
 * A labelled form control of a Conform field, with its hint and its first error (its `errorId`, which
 * the control's Conform props name in aria-describedby once it is invalid). The required mark follows
 * the schema unless `required` says otherwise.
 */
export function Field({
  label,
  field,
  hint,
  required = field.required,
  className = "",
  children,
}: {
  label: ReactNode;
  field: FieldState;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const error = firstError(field.errors);
  return (
    <div className={`grid content-start gap-1 ${className}`}>
      <label htmlFor={field.id} className="text-sm font-medium">
        {label}
        {required ? (
          <span aria-hidden className="text-danger-600">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? <div className="text-xs text-ink-500">{hint}</div> : null}
      {error ? (
        <p id={field.errorId} className="text-sm text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input (the `field` style) of a Conform field, with its hint and error: <Field> around one <input>. */
export function InputField<Schema>({
  label,
  field,
  type = "text",
  hint,
  fieldClassName,
  ...input
}: {
  label: ReactNode;
  field: FieldMetadata<Schema>;
  type?: "text" | "date" | "email" | "password" | "time";
  hint?: ReactNode;
  fieldClassName?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type" | "required" | "defaultValue">) {
  return (
    <Field label={label} field={field} hint={hint} className={fieldClassName}>
      <input {...getInputProps(field, { type })} className="field" {...input} />
    </Field>
  );
}

/** A labelled select of a Conform field whose first option, "Scegli…", chooses nothing: <Field> around one <select>. */
export function SelectField<Schema>({
  label,
  field,
  options,
  className = "field",
}: {
  label: ReactNode;
  field: FieldMetadata<Schema>;
  options: readonly Option[];
  className?: string;
}) {
  return (
    <Field label={label} field={field}>
      <select {...getSelectProps(field)} className={className}>
        <option value="">Scegli…</option>
        <Options options={options} />
      </select>
    </Field>
  );
}

type Option = { value: string | number; label: string; disabled?: boolean };

/** A select's options, each its value and the label shown (`disabled` where it cannot be chosen now). */
export function Options({ options }: { options: readonly Option[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value} disabled={option.disabled}>
      {option.label}
    </option>
  ));
}

/** The options of a closed list of values, each shown with its label. */
export const labelledOptions = <Value extends string>(values: readonly Value[], labels: Record<Value, string>): Option[] =>
  values.map((value) => ({ value, label: labels[value] }));

/** A select's options, one per item: its id as the value, its name shown. */
export function OptionList({ items }: { items: readonly { id: string; name: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}
