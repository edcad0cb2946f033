import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "~/domain/zod";

/**
 * The one way a form validates: Conform with the form's Zod schema from `app/domain`, the same
 * schema the action parses with (`readSubmission`). In the browser a field is checked when it loses
 * focus and again as it is corrected; without JavaScript the action's answer (`lastResult`) shows
 * the same messages on the same fields, and the fields keep what was typed. Native validation stays
 * off (`noValidate`) so no browser-worded bubble ever replaces our Italian messages.
 */
export function useSchemaForm<Schema extends z.ZodType>(
  schema: Schema,
  options: {
    lastResult?: SubmissionResult<string[]> | null;
    id?: string;
    defaultValue?: DefaultValue<z.input<Schema>>;
    onSubmit?: Parameters<typeof useForm>[0]["onSubmit"];
  } = {},
) {
  type Fields = z.input<Schema> & Record<string, unknown>;
  return useForm<Fields, z.output<Schema>>({
    ...options,
    // Conform wants a record of fields; the schema's own input type is that record (lists included).
    defaultValue: options.defaultValue as DefaultValue<Fields>,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** The first error of a field (or of the form), as the error components take it. */
export function firstError(errors: string[] | undefined) {
  return errors?.[0];
}
