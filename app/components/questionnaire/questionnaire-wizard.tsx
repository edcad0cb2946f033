import { ArrowLeft, ArrowRight, LoaderCircle, Send } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { TOAST_CLEAR, useToast } from "~/components/ui/toast";
import { ANCHOR_SCROLL_OFFSET_PX } from "~/content/site";
import { fieldsOfStep, getStep, questionnaireSteps, UNREACHABLE_SERVER, type FieldErrors, type QuestionnaireDraft } from "~/domain/questionnaire";
import { QuestionnaireProgress } from "./questionnaire-progress";
import { clearDraft, readUtm, sendFunnelStep, storeDraft, type StoredDraft } from "./questionnaire-session";
import { newIdempotencyKey } from "../idempotency-key";
import { StepContent, STEP_HEADING_ID } from "./step-content";
import type * as ValidationModule from "~/domain/questionnaire-schema";
import type { SubmitOutcome } from "./submit-questionnaire";

let validation: typeof ValidationModule | undefined;
let loading: Promise<typeof ValidationModule> | undefined;
/**
 * The answer schema and Zod (24 KB), loaded when the person first touches the form rather than
 * with the page: nothing is validated before a step is answered.
 */
function loadValidation() {
  return (loading ??= import("~/domain/questionnaire-schema").then(
    (module) => (validation = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

/**
 * A browser keeps a code-split chunk that failed to load (a dropped connection) as failed for the life
 * of the page, and so do the chunks it imports: asking again fails at once without a request. So once
 * the person was told the server could not be reached, their next click reloads the page if the server
 * answers again; the draft (step, answers, idempotency key) is in sessionStorage and comes back with it.
 */
let toldUnreachable = false;
async function reloadedAfterFailedLoad() {
  if (!toldUnreachable) return false;
  const reachable = await fetch("/healthz", { cache: "no-store" }).then(
    (response) => response.ok,
    () => false,
  );
  if (reachable) window.location.reload();
  return reachable;
}

/** Sending and its anti-spam challenge, loaded when the last step opens: 22 steps come before them. */
function loadSending() {
  return Promise.all([import("./submit-questionnaire"), import("../proof-of-work")]).then(([sending, proofOfWork]) => ({
    submitQuestionnaire: sending.submitQuestionnaire,
    prepareProofOfWork: proofOfWork.prepareProofOfWork,
  }));
}

const TOTAL_STEPS = questionnaireSteps.length;

/** Same frame for every step and for the loading state, so nothing jumps between screens. */
function QuestionnaireFrame({ children }: { children: ReactNode }) {
  return (
    <div className="container-page py-6 sm:py-10">
      <div className="mx-auto w-full max-w-2xl">{children}</div>
    </div>
  );
}

const CARD_CLASS = "flex min-h-[38rem] flex-col rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:min-h-[34rem] sm:p-8";

function firstStepWithError(errors: FieldErrors): number | undefined {
  return questionnaireSteps.find((step) => fieldsOfStep(step).some((field) => errors[field]))?.number;
}

type FocusTarget = "heading" | "invalid" | "submit";

/**
 * The 23-step questionnaire: one question per screen, a draft kept in this tab only. `waiting` is
 * the rendering before the draft is read (the server's, and the browser's until then): it stores
 * and counts nothing, and its buttons stay disabled (without JavaScript they would send the
 * answers in the address).
 */
export function QuestionnaireWizard({ initial, waiting = false }: { initial: StoredDraft; waiting?: boolean }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [answers, setAnswers] = useState<QuestionnaireDraft>(initial.answers);
  const [stepNumber, setStepNumber] = useState(initial.step);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget; id: number }>({ target: "heading", id: 0 });
  const [idempotencyKey, setIdempotencyKey] = useState(initial.idempotencyKey);
  const reachedSteps = useRef(new Set(initial.reachedSteps));
  const submittingRef = useRef(false);
  const finished = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const step = getStep(stepNumber);

  useEffect(() => {
    if (waiting || reachedSteps.current.has(stepNumber)) return;
    reachedSteps.current.add(stepNumber);
    sendFunnelStep(stepNumber);
  }, [stepNumber, waiting]);

  // A new draft gets its key in the browser (the server's rendering has none).
  useEffect(() => {
    if (!waiting && !idempotencyKey) setIdempotencyKey(newIdempotencyKey());
  }, [waiting, idempotencyKey]);

  useEffect(() => {
    if (waiting || !idempotencyKey || finished.current) return;
    storeDraft({ step: stepNumber, answers, idempotencyKey, reachedSteps: [...reachedSteps.current] });
  }, [stepNumber, answers, idempotencyKey, waiting]);

  useEffect(() => {
    if (waiting) return;
    if (focusRequest.target === "submit") {
      submitRef.current?.focus();
      return;
    }
    const invalid = focusRequest.target === "invalid" ? formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    if (invalid) {
      invalid.focus();
      return;
    }
    // A new step starts at its top: bring the progress bar back into view if the visitor had
    // scrolled past it on a long step, then focus the heading without a second jump.
    const top = topRef.current;
    if (top && top.getBoundingClientRect().top < ANCHOR_SCROLL_OFFSET_PX) top.scrollIntoView({ block: "start" });
    headingRef.current?.focus({ preventScroll: true });
  }, [focusRequest, waiting]);

  const requestFocus = (target: FocusTarget) => setFocusRequest((current) => ({ target, id: current.id + 1 }));

  // Each step is a history entry (#passo-N, a hash change runs no loader), so the browser's Back
  // and Forward move between steps instead of leaving the questionnaire. The entry without a hash
  // is the step the visitor started from.
  const location = useLocation();
  const shownStep = useRef(stepNumber);
  shownStep.current = stepNumber;
  useEffect(() => {
    const match = /^#passo-(\d+)$/.exec(location.hash);
    const target = match ? Number(match[1]) : initial.step;
    const highest = Math.max(initial.step, ...reachedSteps.current);
    if (target === shownStep.current || target < 1 || target > Math.min(highest, TOTAL_STEPS)) return;
    setStepNumber(target);
    requestFocus("heading");
  }, [location.hash, initial.step]);

  function goTo(number: number, focus: FocusTarget = "heading") {
    setStepNumber(number);
    requestFocus(focus);
    if (number !== stepNumber) navigate({ hash: `passo-${number}` }, { preventScrollReset: true });
  }

  /** Errors already shown on this step follow every change, so they clear as soon as fixed. */
  function update(next: QuestionnaireDraft) {
    setAnswers(next);
    const fields = fieldsOfStep(step);
    setErrors((current) => {
      // Errors on screen came from the schema, so it is loaded.
      if (!validation || !fields.some((field) => current[field])) return current;
      const stepErrors = validation.validateStep(stepNumber, next);
      const merged = { ...current };
      for (const field of fields) {
        if (stepErrors[field]) merged[field] = stepErrors[field];
        else delete merged[field];
      }
      return merged;
    });
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    goTo(firstStepWithError(found) ?? stepNumber, "invalid");
  }

  /** The schema, or null (and the message) when it could not be loaded: the step stays, nothing is lost (or the page reloads, see reloadedAfterFailedLoad). */
  async function schema() {
    if (await reloadedAfterFailedLoad()) return null;
    const loaded = validation ?? (await loadValidation().catch(() => null));
    toldUnreachable ||= !loaded;
    if (!loaded) toast({ title: "Errore", description: `Si è verificato un errore: ${UNREACHABLE_SERVER}`, variant: "destructive" });
    return loaded;
  }

  async function next() {
    const loaded = await schema();
    if (!loaded) return;
    const { validateStep } = loaded;
    const stepErrors = validateStep(stepNumber, answers);
    const fields = fieldsOfStep(step);
    const merged = { ...errors };
    for (const field of fields) delete merged[field];
    setErrors({ ...merged, ...stepErrors });
    if (Object.keys(stepErrors).length > 0) {
      requestFocus("invalid");
      return;
    }
    goTo(stepNumber + 1);
  }

  async function submit() {
    if (submittingRef.current) return;
    const loaded = await schema();
    if (!loaded) return;
    const { validateAll } = loaded;
    const result = validateAll(answers);
    if (!result.success) {
      toast({
        title: "Errore di validazione",
        description: "Alcuni campi non sono compilati correttamente.",
        variant: "destructive",
      });
      showErrors(result.errors);
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    toast({ title: "Invio in corso...", description: "Stiamo elaborando il tuo questionario" });
    const sending = await loadSending().catch(() => null);
    toldUnreachable ||= !sending;
    const outcome: SubmitOutcome = sending
      ? await sending.submitQuestionnaire(result.data, readUtm(), idempotencyKey)
      : { ok: false, status: null, message: UNREACHABLE_SERVER, fields: {} };
    if (outcome.ok) {
      finished.current = true;
      clearDraft();
      // Someone under 18 is recommended no group (the page says why): the toast does not promise any.
      toast({
        title: "Questionario inviato!",
        description: outcome.minor ? "Qui sotto trovi a chi puoi rivolgerti." : "Riceverai presto una email con i tuoi gruppi consigliati.",
      });
      const { email, name } = result.data;
      // The token proves who we are talking to: without it the page shows no personal recommendation.
      const token = outcome.token ? `&token=${encodeURIComponent(outcome.token)}` : "";
      navigate(`/gruppi-matching?email=${encodeURIComponent(email)}&name=${encodeURIComponent(name)}${token}`);
      return;
    }
    submittingRef.current = false;
    setSubmitting(false);
    // 422: this key already stored a different submission (its answer never reached us and the
    // answers changed since); a fresh key lets the corrected answers through.
    if (outcome.status === 422) setIdempotencyKey(newIdempotencyKey());
    toast({
      title: "Errore",
      description: `Si è verificato un errore: ${outcome.message ?? "Errore sconosciuto"}`,
      variant: "destructive",
    });
    if (Object.keys(outcome.fields).length > 0) showErrors(outcome.fields);
    else requestFocus("submit");
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submittingRef.current) return;
    if (stepNumber < TOTAL_STEPS) void next();
    else void submit();
  }

  /** Enter continues from any field (and from the focused heading); in a textarea only with Ctrl/Cmd. */
  function handleKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    void loadValidation();
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    const target = event.target;
    if (event.repeat) {
      if (!(target instanceof HTMLTextAreaElement)) event.preventDefault();
      return;
    }
    if (target instanceof HTMLTextAreaElement) {
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault();
        event.currentTarget.requestSubmit();
      }
      return;
    }
    if (target instanceof HTMLInputElement || target === headingRef.current) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  }

  const isLast = stepNumber === TOTAL_STEPS;
  // The anti-spam challenge is solved while the person reads the last step, so sending does not wait for it.
  useEffect(() => {
    // Not loaded (a dropped connection): Invia loads it again.
    if (isLast && !waiting)
      loadSending().then(
        ({ prepareProofOfWork }) => prepareProofOfWork(),
        () => undefined,
      );
  }, [isLast, waiting]);

  return (
    <QuestionnaireFrame>
      <div ref={topRef} className="scroll-mt-4">
        <QuestionnaireProgress step={stepNumber} total={TOTAL_STEPS} />
      </div>
      <form
        ref={formRef}
        noValidate
        aria-labelledby={STEP_HEADING_ID}
        onSubmit={handleSubmit}
        onKeyDown={handleKeyDown}
        onPointerDown={() => void loadValidation()}
        className={CARD_CLASS}
      >
        <div className="flex-1">
          <StepContent key={stepNumber} step={step} answers={answers} errors={errors} onChange={update} headingRef={headingRef} />
        </div>
        <div className="mt-8 flex items-center justify-between gap-3 border-t border-sand-200 pt-5" {...{ [TOAST_CLEAR]: "" }}>
          {stepNumber > 1 ? (
            <button type="button" className="btn btn-secondary" onClick={() => goTo(stepNumber - 1)} disabled={submitting || waiting}>
              <ArrowLeft aria-hidden className="size-5" />
              Indietro
            </button>
          ) : (
            <span />
          )}
          <button ref={submitRef} type="submit" className="btn btn-primary min-w-32" disabled={submitting || waiting}>
            {isLast ? (
              submitting ? (
                <>
                  <LoaderCircle aria-hidden className="size-5 animate-spin" />
                  Invio in corso...
                </>
              ) : (
                <>
                  Invia
                  <Send aria-hidden className="size-5" />
                </>
              )
            ) : (
              <>
                Avanti
                <ArrowRight aria-hidden className="size-5" />
              </>
            )}
          </button>
        </div>
        {waiting ? (
          <noscript>
            <p className="mt-4 text-ink-700">Per compilare il questionario è necessario attivare JavaScript nel browser.</p>
          </noscript>
        ) : null}
      </form>
    </QuestionnaireFrame>
  );
}
