import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import type { useSchemaForm } from "~/components/forms/schema-form";
import type { z } from "~/domain/zod";
import { FormDialogFooter } from "./conflict-notice";
import { type FormDefaults, useActionForm } from "./action-result";
import { Modal } from "./dialogs";

/**
 * A dialog whose form posts `intent` (and the `hidden` fields) to the page's action, checked with
 * `schema` (the one the action parses with) before it is sent: `children` draws the fields from
 * Conform's, below them Cancel and the submit button with progress (`useActionForm`: the answer is
 * toasted, a success closes it, a conflict calls `onConflict`, a refusal shows on its fields).
 */
export function SchemaFormDialog<Schema extends z.ZodType>(props: {
  schema: Schema;
  defaultValue?: FormDefaults<Schema>;
  title: string;
  description?: string;
  size?: "lg";
  intent: string;
  hidden?: Record<string, string>;
  label: string;
  cancelLabel?: string;
  danger?: boolean;
  disabled?: boolean;
  formClassName?: string;
  onClose: () => void;
  onConflict?: () => void;
  children: (fields: ReturnType<typeof useSchemaForm<Schema>>[1]) => ReactNode;
}) {
  const { fetcher, busy, form, fields } = useActionForm(props.schema, { defaultValue: props.defaultValue, onOk: props.onClose, onConflict: props.onConflict });
  return (
    <Modal
      onClose={props.onClose}
      size={props.size}
      title={props.title}
      description={props.description}
      footer={
        <FormDialogFooter
          formId={form.id}
          onCancel={props.onClose}
          cancelLabel={props.cancelLabel ?? "Annulla"}
          saving={busy}
          savingLabel={null}
          disabled={props.disabled}
          label={props.label}
          submitClassName={props.danger ? "btn bg-danger-600 text-white hover:bg-danger-600/90" : undefined}
        />
      }
    >
      <fetcher.Form method="post" {...getFormProps(form)} className={props.formClassName ?? "grid gap-4"}>
        <input type="hidden" name="intent" value={props.intent} />
        {Object.entries(props.hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {props.children(fields)}
      </fetcher.Form>
    </Modal>
  );
}
