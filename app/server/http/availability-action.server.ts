import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { availabilityActionSchema } from "~/domain/availability-input";
import type { SessionInfo } from "../auth.server";
import type { Database } from "../db/client.server";
import { parseSubmission, replyWith } from "../form-submission.server";
import { changeAvailability } from "../services/availability.server";
import { handleErrors } from "./errors.server";

/** What the availability screens' action answers: the intent it was for, Conform's result, and what was done. */
export interface AvailabilityAnswer {
  intent: string;
  result: SubmissionResult<string[]>;
  done?: string;
}

/**
 * The action shared by the therapist's own screen and staff's: one union on `intent`, a refusal on
 * the field it concerns (status 400, or 404/409), the form kept as typed; a success resets it.
 */
export async function availabilityFormAction(db: Database, actor: SessionInfo, therapistId: string, form: FormData, headers?: HeadersInit) {
  const intent = String(form.get("intent") ?? "");
  const submission = parseSubmission(form, availabilityActionSchema);
  if (submission.status !== "success") return data<AvailabilityAnswer>({ intent, result: submission.reply() }, { status: 400, headers });
  return handleErrors(
    async () => {
      const done = await changeAvailability(db, actor, therapistId, submission.value);
      return data<AvailabilityAnswer>({ intent, done, result: submission.reply({ resetForm: true }) }, { headers });
    },
    (error) =>
      data<AvailabilityAnswer>(
        { intent, result: replyWith(submission, error.fields ? { fieldErrors: error.fields } : { formError: error.message }) },
        { status: error.status, headers },
      ),
    { scope: "availability" },
  );
}
