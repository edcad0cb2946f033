import { fetchSolvedChallenge } from "~/components/proof-of-work-solver";
import { siteHooks } from "~/components/site-script-hooks";
import { CHALLENGE_TTL_SECONDS, PROOF_OF_WORK_FIELD } from "~/domain/proof-of-work";

/**
 * Plain HTML forms of the content pages (the newsletter, the contact form) post to their endpoint
 * and the server answers with a redirect to the page, which shows the outcome. This adds what the
 * server needs from a browser: the anti-spam proof of work, solved while the person types (it
 * starts when the form is first focused) into the form's `altcha` field; a submit that comes sooner
 * waits for it. A field left empty is pointed out here instead of spending a challenge on it.
 */

/** Solved a while before it expires on the server, or solved again. */
const USABLE_FOR_MS = (CHALLENGE_TTL_SECONDS - 120) * 1000;
const prepared = new WeakMap<HTMLFormElement, { payload: Promise<string | null>; since: number }>();

/** Starts solving a challenge for the form (once per challenge's useful life); the `altcha` field holds it as soon as it is solved. */
function prepare(form: HTMLFormElement, field: HTMLInputElement) {
  const current = prepared.get(form);
  if (current && Date.now() - current.since < USABLE_FOR_MS) return current.payload;
  field.value = "";
  const entry = { payload: fetchSolvedChallenge(), since: Date.now() };
  prepared.set(form, entry);
  void entry.payload.then((payload) => {
    if (prepared.get(form) === entry && payload) field.value = payload;
  });
  return entry.payload;
}

/** Shows the message of each required field left empty or of the wrong shape and focuses the first; true when none is. */
function requiredFieldsFilled(form: HTMLFormElement) {
  let first: HTMLElement | null = null;
  for (const message of form.querySelectorAll<HTMLElement>(`[${siteHooks.missingField}]`)) {
    const field = form.elements.namedItem(message.getAttribute(siteHooks.missingField) ?? "");
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
    const missing = field.value.trim() === "";
    message.hidden = !missing;
    if (missing) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
    first ??= missing ? field : null;
  }
  // A value of the wrong shape (type="email" without a domain): the browser knows it even with novalidate.
  for (const message of form.querySelectorAll<HTMLElement>(`[${siteHooks.invalidField}]`)) {
    const field = form.elements.namedItem(message.getAttribute(siteHooks.invalidField) ?? "");
    if (!(field instanceof HTMLInputElement)) continue;
    const invalid = field.value.trim() !== "" && field.validity.typeMismatch;
    // A message that also says "missing" was just set by the loop above: only ever shown here.
    if (invalid || !message.hasAttribute(siteHooks.missingField)) message.hidden = !invalid;
    if (invalid) field.setAttribute("aria-invalid", "true");
    first ??= invalid ? field : null;
  }
  first?.focus();
  return first === null;
}

/** A form of this kind and its `altcha` field. */
function proofOfWorkForm(target: EventTarget | null) {
  const form = target instanceof Element ? target.closest("form") : null;
  const field = form?.hasAttribute(siteHooks.proofOfWorkForm) ? form.elements.namedItem(PROOF_OF_WORK_FIELD) : null;
  return form && field instanceof HTMLInputElement ? { form, field } : null;
}

export function startForms() {
  // Without JavaScript the browser's own checks (required, type, maxlength) keep a form with a missing or
  // malformed field from being sent, with what was typed still in it; with it, the messages above do (set
  // again on focus for a form this script met before the page had finished loading).
  for (const form of document.querySelectorAll<HTMLFormElement>(`form[${siteHooks.proofOfWorkForm}]`)) form.noValidate = true;
  document.addEventListener("focusin", (event) => {
    const found = proofOfWorkForm(event.target);
    if (!found) return;
    found.form.noValidate = true;
    void prepare(found.form, found.field);
  });
  document.addEventListener("submit", (event) => {
    const found = proofOfWorkForm(event.target);
    if (!found) return;
    const { form, field } = found;
    if (!requiredFieldsFilled(form)) return event.preventDefault();
    const ready = prepared.get(form);
    if (field.value && ready && Date.now() - ready.since < USABLE_FOR_MS) {
      // Sent with this challenge; the browser has read the field by the next task, and a later
      // submission (e.g. after going back) needs a new one.
      prepared.delete(form);
      setTimeout(() => (field.value = ""));
      return;
    }
    event.preventDefault();
    if (form.getAttribute("aria-busy") === "true") return;
    form.setAttribute("aria-busy", "true");
    const submitter = event.submitter;
    void prepare(form, field).then((payload) =>
      // From a task of its own: a challenge already solved resolves while this submit event is still being
      // dispatched, when the browser would ignore a new submission.
      setTimeout(() => {
        form.removeAttribute("aria-busy");
        // Unsolved (the challenge could not be fetched): sent anyway, and the server says to reload and retry.
        field.value = payload ?? "unsolved";
        form.requestSubmit(submitter);
      }),
    );
  });
}
