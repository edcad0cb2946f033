import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { conflictMessages } from "~/domain/version";
import { replyWith } from "../form-submission.server";
import { VersionConflict } from "../record-versions.server";
import { handleErrors, HttpError, orFallback, type ErrorScope } from "./errors.server";

/** What a staff page answers: its loader's fallback, an action's toast, a staff form's refusal. */

/** Runs a page loader's query; on failure logs it and gives `fallback` plus the spec's error text. */
export async function loadOr<T extends object, F extends object>(scope: string, fallback: F, message: string, work: () => Promise<T>) {
  const loaded = await orFallback(scope, null, work);
  return loaded ? { ...loaded, loadError: null as string | null } : { ...fallback, loadError: message as string | null };
}

/** A successful admin action: the component shows `message` as a toast. */
export function actionOk(intent: string, message: string, id?: string) {
  return { ok: true as const, intent, message, ...(id ? { id } : {}) };
}

/** A refused admin action with its HTTP status; field errors sit beside their fields. */
export function actionFail(
  intent: string,
  status: number,
  error: string,
  options: { description?: string; result?: SubmissionResult<string[]>; conflict?: boolean; confirm?: string } = {},
) {
  return data({ ok: false as const, intent, error, ...options }, { status });
}

/** The toast's description when a staff form is refused for its fields. */
export const checkFields = "Controlla i campi evidenziati.";

/**
 * A staff form refused (Conform, see `parseSubmission`): the toast's title and description (such
 * as "check the fields"), the messages on their fields; `fieldErrors`/`formError` add what only the server knows.
 */
export function submissionRefused(
  intent: string,
  title: string,
  submission: Submission<unknown>,
  {
    status = 400,
    description,
    fieldErrors,
    formError,
    confirm,
  }: { status?: number; description?: string; fieldErrors?: Record<string, string>; formError?: string; confirm?: string } = {},
) {
  return actionFail(intent, status, title, { description, result: replyWith(submission, { fieldErrors, formError }), ...(confirm ? { confirm } : {}) });
}

export interface StaffRefusal {
  /** The toast's title, with the error's message as its description; without one the message is the title. */
  title?: string;
  /** The staff form that was read (Conform, `parseSubmission`): its reply carries the messages on their fields. */
  submission?: Submission<unknown>;
  /** The toast's description when someone saved the record after the form was loaded (VersionConflict). */
  conflictDescription?: string;
}

/**
 * An admin action refused (an HttpError, see `handleErrors`), as its toast: `title` and the error's
 * message (none when it only repeats the title); a version conflict as "reload" (409, `conflict`);
 * when a staff form was read, its reply, with what only the database knows about a field (HttpError's
 * `fields`, such as a capacity below the confirmed people) on that field.
 */
export function actionFailure(intent: string, error: HttpError, { title, submission, conflictDescription }: StaffRefusal = {}) {
  if (error instanceof VersionConflict)
    return actionFail(intent, 409, conflictMessages.title, { ...(conflictDescription ? { description: conflictDescription } : {}), conflict: true });
  if (title === undefined) return actionFail(intent, error.status, error.message);
  const description = error.message === title ? undefined : error.message;
  if (submission) return submissionRefused(intent, title, submission, { status: error.status, description, fieldErrors: error.fields });
  return actionFail(intent, error.status, title, { description });
}

/** An admin action's work; what it throws is refused as `actionFailure` shows it (a fault: logged, then a 500 with `fallback`). */
export function staffAction<T>(intent: string, work: () => Promise<T>, { scope, fallback, ...refusal }: StaffRefusal & ErrorScope) {
  return handleErrors(work, (error) => actionFailure(intent, error, refusal), { scope, fallback });
}

/** A record id as the admin forms post it (a UUID). */
export const isRecordId = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f-]{36}$/i.test(value);

/** A record id as posted, or the 404 of a missing record (`notFound`): a malformed id names nothing. */
export function recordId(value: unknown, notFound: string): string {
  if (!isRecordId(value)) throw new HttpError(404, notFound);
  return value;
}
