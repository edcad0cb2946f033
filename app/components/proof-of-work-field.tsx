import { useEffect, useRef } from "react";
import { PROOF_OF_WORK_FIELD, proofOfWorkMessages } from "~/domain/proof-of-work";
import { prepareProofOfWork, takeProofOfWork } from "./proof-of-work";

/** The name of Conform's own submit button (`INTENT` in @conform-to/dom, not a dependency of ours). */
const CONFORM_INTENT = "__intent__";

/**
 * For a form that posts its fields (a React Router <Form>): a hidden `altcha` field, filled with a
 * solved anti-spam challenge just before the form is sent. Solving starts when the person first
 * focuses the form; a submit that comes sooner waits for it, then goes on by itself.
 */
export function ProofOfWorkField() {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const field = input.current;
    const form = field?.form;
    if (!field || !form) return;
    let ready = false;
    let solving = false;
    const onSubmit = (event: SubmitEvent) => {
      // Conform (useSchemaForm) checks a field by submitting the form through a button of its own, then
      // cancels that submit: it is never sent, so it neither waits for nor spends a challenge.
      if (event.submitter instanceof HTMLButtonElement && event.submitter.name === CONFORM_INTENT) return;
      if (ready) {
        ready = false;
        // The submission has read the field by now; the next one needs a new challenge.
        setTimeout(() => (field.value = ""));
        return;
      }
      // Keep both the browser and React Router from sending it before the challenge is solved.
      event.preventDefault();
      event.stopPropagation();
      if (solving) return;
      solving = true;
      const submitter = event.submitter;
      void takeProofOfWork()
        // A challenge solved already resolves at once, while this submit event is still being dispatched,
        // when the browser ignores a new submission: the form is sent again from a task of its own.
        .then((payload) => new Promise<string | null>((resolve) => setTimeout(() => resolve(payload))))
        .then((payload) => {
          solving = false;
          // Unsolved (e.g. the challenge could not be fetched): sent anyway, the server says to reload and retry.
          field.value = payload ?? "unsolved";
          ready = true;
          form.requestSubmit(submitter);
        });
    };
    form.addEventListener("focusin", prepareProofOfWork);
    form.addEventListener("submit", onSubmit);
    return () => {
      form.removeEventListener("focusin", prepareProofOfWork);
      form.removeEventListener("submit", onSubmit);
    };
  }, []);
  return <input ref={input} type="hidden" name={PROOF_OF_WORK_FIELD} defaultValue="" />;
}

/** Without JavaScript the anti-spam check cannot run: the form says so before anyone fills it in. */
export function ProofOfWorkNoScript({ className }: { className?: string }) {
  return (
    <noscript className={className}>
      <p lang="it" className="rounded-xl border border-danger-600/30 bg-danger-50 p-3 text-sm text-danger-600">
        {proofOfWorkMessages.noJavaScript}
      </p>
    </noscript>
  );
}
