import { callOutcomeSchema } from "~/domain/call-outcomes";
import type { Database } from "../db/client.server";
import { parseSubmission } from "../form-submission.server";
import { recordCallOutcome, type OutcomeActor } from "../services/call-outcomes.server";
import { actionOk, checkFields, recordId, staffAction, submissionRefused } from "./staff-action.server";

/** The outcome form's action, on the therapist's page and on the staff page: the refusal on its fields, or the effect as a toast. */
export async function outcomeFormAction(db: Database, actor: OutcomeActor, callIdParam: string | undefined, formData: FormData, scope: string) {
  const submission = parseSubmission(formData, callOutcomeSchema);
  if (submission.status !== "success") return submissionRefused("outcome", "Esito non registrato", submission, { description: checkFields });
  return staffAction(
    "outcome",
    async () => {
      const saved = await recordCallOutcome(db, actor, recordId(callIdParam, "Chiamata non trovata."), submission.value);
      return actionOk("outcome", saved.message);
    },
    { scope, title: "Esito non registrato", fallback: "Si è verificato un errore. Riprova più tardi.", submission },
  );
}
