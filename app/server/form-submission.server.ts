import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { FormRefusal } from "~/domain/form-fields";
import type { z } from "~/domain/zod";

/**
 * Parses a posted form with the form's schema, exactly as the browser did (`useSchemaForm`): the one
 * way an action reads a form, whether it has just read the body or read it first for its intent.
 */
export function parseSubmission<Schema extends z.ZodType>(form: FormData, schema: Schema) {
  return parseWithZod(form, { schema });
}

/** A posted multi-intent form: the form, its `intent` as sent (the answer names it even when refused) and its submission. */
export async function readIntentForm<Schema extends z.ZodType>(request: Request, schema: Schema) {
  const form = await request.formData();
  return { form, intent: String(form.get("intent") ?? ""), submission: parseSubmission(form, schema) };
}

/**
 * The action's refusal: status 400 (or the given one) with Conform's result, which the form shows
 * on its fields with or without JavaScript. `fieldErrors`/`formError` add what only the server can
 * know (a group that filled up, a record gone).
 */
export function refuseSubmission(
  submission: Submission<unknown>,
  { status = 400, headers, fieldErrors, formError }: { status?: number; headers?: HeadersInit; fieldErrors?: Record<string, string>; formError?: string } = {},
) {
  return data<FormRefusal>({ result: replyWith(submission, { fieldErrors, formError }) }, { status, headers });
}

/** Conform's reply to a submission, with the server's own messages added on fields or on the form. */
export function replyWith(submission: Submission<unknown>, { fieldErrors, formError }: { fieldErrors?: Record<string, string>; formError?: string }) {
  return submission.reply({
    ...(fieldErrors ? { fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([name, message]) => [name, [message]])) } : {}),
    ...(formError ? { formErrors: [formError] } : {}),
  });
}
