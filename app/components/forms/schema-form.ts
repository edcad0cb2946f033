import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "~/domain/zod";

/**
 * The one way a form validates: Conform with the form's Zod schema from `app/domain`, the same
 * schema the action parses with (`parseSubmission`). In the browser a field is checked when it loses
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
    constraint: withLimits(schema, getZodConstraint(schema)),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

type Constraint = ReturnType<typeof getZodConstraint>[string];
type Inspected = z.ZodType & { _zod: { def: { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; shape?: Record<string, z.ZodType> } } };

/** The schema under its wrappers (optional, nullable, default, a preprocess or transform pipe). */
function unwrapped(schema: z.ZodType): Inspected {
  let current = schema as Inspected;
  for (let depth = 0; depth < 8; depth++) {
    const def = current._zod.def;
    if (def.innerType) current = def.innerType as Inspected;
    else if (def.type === "pipe" && def.in && def.out) current = ((def.in as Inspected)._zod.def.type === "transform" ? def.out : def.in) as Inspected;
    else break;
  }
  return current;
}

/** A bound the schema states, not `.int()`'s safe-integer range. */
const stated = (bound: number | null | undefined): bound is number => bound != null && Math.abs(bound) < Number.MAX_SAFE_INTEGER;

/**
 * Conform's constraints plus the limits it leaves out with Zod 4 (`getZodConstraint` reads a bag
 * Zod 4.6 leaves empty): a text's `maxLength`/`minLength` and a number's `min`/`max`, read with Zod's
 * own getters, so the browser stops the typing where the schema would refuse it.
 */
export function withLimits(schema: z.ZodType, constraint: Record<string, Constraint>) {
  const shape = unwrapped(schema)._zod.def.shape;
  if (!shape) return constraint;
  const limited = { ...constraint };
  for (const [name, field] of Object.entries(shape)) {
    const inner = unwrapped(field) as Inspected & { maxLength?: number | null; minLength?: number | null; minValue?: number | null; maxValue?: number | null };
    const type = inner._zod.def.type;
    const limits: Constraint =
      type === "string"
        ? { ...(inner.maxLength != null ? { maxLength: inner.maxLength } : {}), ...(inner.minLength != null && inner.minLength > 1 ? { minLength: inner.minLength } : {}) }
        : type === "number"
          ? { ...(stated(inner.minValue) ? { min: inner.minValue } : {}), ...(stated(inner.maxValue) ? { max: inner.maxValue } : {}) }
          : {};
    limited[name] = { ...limits, ...limited[name] };
  }
  return limited;
}

/** The first error of a field (or of the form), as the error components take it. */
export function firstError(errors: string[] | undefined) {
  return errors?.[0];
}
