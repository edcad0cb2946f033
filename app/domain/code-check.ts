import { z } from "./zod";

/** What checking a typed code gives: the normalised value to store, or the problem and its Italian message. */
export type CodeCheck<Problem extends string> = { ok: true; value: string } | { ok: false; problem: Problem; message: string };

/** The refusal of one problem, with the message written for it. */
export const refuser =
  <Problem extends string>(messages: Record<Problem, string>) =>
  (problem: Problem): CodeCheck<Problem> => ({ ok: false, problem, message: messages[problem] });

/** A form field for a code: parses to the normalised value, or fails with the check's one message. */
export const codeSchema = (empty: string, check: (input: string) => { ok: true; value: string } | { ok: false; message: string }) =>
  z.string({ error: empty }).transform((input, context) => {
    const result = check(input);
    if (result.ok) return result.value;
    context.addIssue({ code: "custom", message: result.message });
    return z.NEVER;
  });
