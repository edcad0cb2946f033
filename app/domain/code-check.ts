/**
 * What a check of a typed code (codice fiscale, partita IVA, IBAN) answers: the normalised value to
 * store, or the problem found and its Italian message for the field.
 */
export type CodeCheck<Problem extends string> = { ok: true; value: string } | { ok: false; problem: Problem; message: string };

/** The refusal of each problem, with its message from `messages`. */
export function refusalsFrom<Problem extends string>(messages: Readonly<Record<Problem, string>>) {
  return (problem: Problem): CodeCheck<Problem> => ({ ok: false, problem, message: messages[problem] });
}
