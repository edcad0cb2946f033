import type { SubmissionResult } from "@conform-to/react";
import { formatInteger } from "./money";
import { z } from "./zod";

/** What an action answers when it refuses a form: Conform's result (field errors, form errors, the values sent). */
export interface FormRefusal {
  result: SubmissionResult<string[]>;
}

/**
 * Building blocks of the staff forms' schemas (blog, therapists, groups, sessions, payments), shared
 * by the pages and the server services: the same rules and messages on both sides.
 */

/**
 * A JSON endpoint's refused fields: each message keyed by its top-level field ("current_situations"
 * for any of its items), first one wins; "_" for the whole body. Forms get theirs from Conform.
 */
export function formErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Refused fields (`{ name: message }`: a JSON endpoint's `fields`, see `publicEndpoint`, or a staff
 * upload's) as Conform's result: passed as `lastResult`, they show on their fields through the same
 * path as the browser's check.
 */
export function refusedFields(fields: Record<string, string>): SubmissionResult<string[]> {
  return { status: "error", error: Object.fromEntries(Object.entries(fields).map(([name, message]) => [name, [message]])) };
}

type TooLong = Parameters<z.ZodString["max"]>[1];

/**
 * The refusal of a long text over its limit, with its length now: the person sees how much to cut
 * (long texts are never cut for them, neither by the browser nor on saving).
 */
export const overLimit = (what: string, max: number): TooLong => ({
  error: (issue) =>
    `${what} supera il limite di ${formatInteger(max)} caratteri${typeof issue.input === "string" ? ` (ora ${formatInteger(issue.input.length)})` : ""}: accorcia il testo.`,
});

/** A trimmed text that must not be empty. */
export const requiredText = (message: string, max = 500, tooLong: TooLong = `Massimo ${max} caratteri.`) => z.string({ error: message }).trim().min(1, message).max(max, tooLong);

/** A trimmed text saved as null when empty. */
export const optionalText = (max = 500, tooLong = `Massimo ${max} caratteri.`) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value ? value : null));

/** Trims, drops empty entries and case-insensitive duplicates, keeping the first spelling. */
export function cleanList(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const value of values) {
    const item = value.trim();
    const key = item.toLocaleLowerCase("it");
    if (!item || seen.has(key)) continue;
    seen.add(key);
    result.push(item);
  }
  return result;
}
