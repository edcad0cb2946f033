import { CalendarHeart, CircleAlert, HeartHandshake, Quote } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Link } from "react-router";
import {
  applyMultiToggle,
  applySingle,
  OTHER_OPTION,
  type ConsentLabelPart,
  type ConsentStep,
  type FieldErrors,
  type InfoStep,
  type MultiStep,
  type OtherField,
  type QuestionnaireDraft,
  type QuestionnaireOption,
  type QuestionnaireStep,
  type SingleStep,
  type TextStep,
} from "~/domain/questionnaire";

export const STEP_HEADING_ID = "passo-titolo";
const DESCRIPTION_ID = "passo-descrizione";

const errorIdOf = (field: string) => `${field}-errore`;

interface StepContentProps {
  step: QuestionnaireStep;
  answers: QuestionnaireDraft;
  errors: FieldErrors;
  onChange: (next: QuestionnaireDraft) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** One question (or informational screen) of the questionnaire; the rules live in the domain. */
export function StepContent(props: StepContentProps) {
  const { step } = props;
  switch (step.kind) {
    case "text":
    case "email":
    case "textarea":
      return <TextQuestion {...props} step={step} />;
    case "single":
    case "multi":
      return <ChoiceQuestion {...props} step={step} />;
    case "consent":
      return <ConsentQuestion {...props} step={step} />;
    case "info":
      return <InfoScreen step={step} headingRef={props.headingRef} />;
  }
}

function describedBy(...ids: (string | false | undefined)[]) {
  const joined = ids.filter(Boolean).join(" ");
  return joined || undefined;
}

/** The title and description above a text or consent question. */
function QuestionHeader({ step, headingRef }: { step: { title: string; description?: string }; headingRef: StepContentProps["headingRef"] }) {
  return (
    <div className="grid gap-2">
      <StepHeading title={step.title} headingRef={headingRef} />
      <Description text={step.description} />
    </div>
  );
}

function StepHeading({ title, headingRef }: { title: string; headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <h1 id={STEP_HEADING_ID} ref={headingRef} tabIndex={-1} className="text-2xl font-semibold leading-tight outline-none sm:text-3xl">
      {title}
    </h1>
  );
}

function Description({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p id={DESCRIPTION_ID} className="text-ink-700">
      {text}
    </p>
  );
}

/** A question's error under it, with its icon (the consent gate's too). */
export function QuestionError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-danger-600">
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}

function TextQuestion({ step, answers, errors, onChange, headingRef }: StepContentProps & { step: TextStep }) {
  const error = errors[step.field];
  const errorId = errorIdOf(step.field);
  const common = {
    id: step.field,
    name: step.field,
    value: answers[step.field],
    placeholder: step.placeholder,
    "aria-labelledby": STEP_HEADING_ID,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(step.description && DESCRIPTION_ID, step.kind === "textarea" && "invio-suggerimento", error && errorId),
    className: "field text-lg",
  } as const;
  return (
    <div className="grid gap-4">
      <QuestionHeader step={step} headingRef={headingRef} />
      <div className="grid gap-2">
        {step.kind === "textarea" ? (
          <>
            <textarea {...common} rows={6} className={`${common.className} resize-y`} onChange={(event) => onChange({ ...answers, [step.field]: event.target.value })} />
            <p id="invio-suggerimento" className="text-sm text-ink-500">
              Invio va a capo; Ctrl+Invio (⌘+Invio su Mac) per continuare.
            </p>
          </>
        ) : (
          <input
            {...common}
            type={step.kind === "email" ? "email" : "text"}
            inputMode={step.kind === "email" ? "email" : undefined}
            autoComplete={step.field === "name" ? "given-name" : step.field === "email" ? "email" : step.field === "city" ? "address-level2" : "off"}
            autoCapitalize={step.kind === "email" ? "none" : "words"}
            spellCheck={step.kind === "email" ? false : undefined}
            onChange={(event) => onChange({ ...answers, [step.field]: event.target.value })}
          />
        )}
        <QuestionError id={errorId} message={error} />
      </div>
    </div>
  );
}

/** Short option lists sit in two columns from small screens up. */
function columnsFor(options: readonly QuestionnaireOption[]) {
  return options.every((option) => option.label.length <= 20) ? "sm:grid-cols-2" : "";
}

function OptionCard({
  type,
  name,
  option,
  checked,
  invalid,
  onChange,
}: {
  type: "radio" | "checkbox";
  name: string;
  option: QuestionnaireOption;
  checked: boolean;
  invalid: boolean;
  onChange: () => void;
}) {
  return (
    <label className="flex min-h-14 cursor-pointer items-center gap-3 rounded-2xl border-2 border-sand-200 bg-white px-4 py-3 leading-snug transition-colors hover:border-teal-200 has-[:checked]:border-teal-600 has-[:checked]:bg-teal-50">
      <input
        type={type}
        name={name}
        value={option.value}
        checked={checked}
        aria-invalid={invalid ? true : undefined}
        onChange={onChange}
        className="size-5 shrink-0 cursor-pointer accent-teal-700"
      />
      <span>{option.label}</span>
    </label>
  );
}

function ChoiceFieldset({
  step,
  error,
  errorId,
  headingRef,
  children,
}: {
  step: SingleStep | MultiStep;
  error?: string;
  errorId: string;
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <fieldset aria-describedby={describedBy(step.description && DESCRIPTION_ID, error && errorId)} className="min-w-0">
      <legend className="float-left mb-4 w-full p-0">
        <StepHeading title={step.title} headingRef={headingRef} />
      </legend>
      <div className="clear-left grid gap-4">
        <Description text={step.description} />
        {children}
      </div>
    </fieldset>
  );
}

function OtherText({ field, value, error, onChange }: { field: OtherField; value: string; error?: string; onChange: (value: string) => void }) {
  const errorId = errorIdOf(field);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={field} className="font-medium">
        Specifica <span className="font-normal text-ink-500">(facoltativo)</span>
      </label>
      <input
        id={field}
        name={field}
        type="text"
        value={value}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="field"
      />
      <QuestionError id={errorId} message={error} />
    </div>
  );
}

/** A single choice (radios) or a multiple one (checkboxes), with its free text while Altro is chosen. */
function ChoiceQuestion({ step, answers, errors, onChange, headingRef }: StepContentProps & { step: SingleStep | MultiStep }) {
  const error = errors[step.field];
  const errorId = errorIdOf(step.field);
  const chosen = (value: string) => (step.kind === "multi" ? answers[step.field].includes(value) : answers[step.field] === value);
  const choose = (value: string) =>
    onChange(step.kind === "multi" ? applyMultiToggle(answers, step.field, value) : applySingle(answers, step.field, value as QuestionnaireDraft[typeof step.field]));
  const otherField = step.otherField;
  return (
    <ChoiceFieldset step={step} error={error} errorId={errorId} headingRef={headingRef}>
      <div className={`grid gap-3 ${columnsFor(step.options)}`}>
        {step.options.map((option) => (
          <OptionCard
            key={option.value}
            type={step.kind === "multi" ? "checkbox" : "radio"}
            name={step.field}
            option={option}
            checked={chosen(option.value)}
            invalid={Boolean(error)}
            onChange={() => choose(option.value)}
          />
        ))}
      </div>
      <QuestionError id={errorId} message={error} />
      {otherField && chosen(OTHER_OPTION) ? (
        <OtherText field={otherField} value={answers[otherField]} error={errors[otherField]} onChange={(value) => onChange({ ...answers, [otherField]: value })} />
      ) : null}
    </ChoiceFieldset>
  );
}

function ConsentQuestion({ step, answers, errors, onChange, headingRef }: StepContentProps & { step: ConsentStep }) {
  const error = errors[step.field];
  const errorId = errorIdOf(step.field);
  return (
    <div className="grid gap-4">
      <QuestionHeader step={step} headingRef={headingRef} />
      <div className="grid gap-2">
        <label className="flex min-h-14 cursor-pointer items-start gap-3 rounded-2xl border-2 border-sand-200 bg-white px-4 py-3 leading-snug has-[:checked]:border-teal-600 has-[:checked]:bg-teal-50">
          <input
            type="checkbox"
            id={step.field}
            name={step.field}
            checked={answers.privacy_consent}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(step.description && DESCRIPTION_ID, error && errorId)}
            onChange={(event) => onChange({ ...answers, privacy_consent: event.target.checked })}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-teal-700"
          />
          <ConsentLabelText parts={step.label} />
        </label>
        <QuestionError id={errorId} message={error} />
      </div>
    </div>
  );
}

/** "Ho letto e accetto la Privacy Policy e i Termini…" with its links, as the domain words it. */
export function ConsentLabelText({ parts }: { parts: readonly ConsentLabelPart[] }) {
  return (
    <span>
      {parts.map((part) =>
        part.href ? (
          <Link key={part.text} to={part.href} className="font-medium text-teal-700 underline underline-offset-2">
            {part.text}
          </Link>
        ) : (
          <span key={part.text}>{part.text}</span>
        ),
      )}
    </span>
  );
}

const infoIcons = { transition: HeartHandshake, commitment: CalendarHeart } as const;

function InfoScreen({ step, headingRef }: { step: InfoStep; headingRef: Ref<HTMLHeadingElement> }) {
  const paragraphs = step.body.map((paragraph) => (
    <p key={paragraph} className="text-lg text-ink-700">
      {paragraph}
    </p>
  ));
  if (step.variant === "intro") {
    return (
      <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
        <img
          src="/images/questionnaire/terapeuta-240.webp"
          srcSet="/images/questionnaire/terapeuta-240.webp 240w, /images/questionnaire/terapeuta-480.webp 480w"
          sizes="(min-width: 40rem) 11rem, 9rem"
          width={240}
          height={240}
          alt={step.photoAlt ?? ""}
          className="size-36 rounded-full object-cover shadow-sm ring-4 ring-white sm:size-44"
        />
        <div className="grid gap-3">
          <StepHeading title={step.title} headingRef={headingRef} />
          {paragraphs}
        </div>
      </div>
    );
  }
  if (step.variant === "quote") {
    return (
      <div className="grid gap-6">
        <StepHeading title={step.title} headingRef={headingRef} />
        {step.quote ? (
          <figure className="grid gap-3 rounded-2xl bg-teal-50 p-6">
            <Quote aria-hidden className="size-8 text-teal-600" />
            <blockquote className="font-serif text-2xl leading-snug text-ink-900">{step.quote.text}</blockquote>
            <figcaption className="font-medium text-ink-700">— {step.quote.author}</figcaption>
          </figure>
        ) : null}
        {paragraphs}
      </div>
    );
  }
  const Icon = infoIcons[step.variant];
  return (
    <div className="grid gap-4">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-coral-100 text-coral-700">
        <Icon aria-hidden className="size-7" />
      </span>
      <StepHeading title={step.title} headingRef={headingRef} />
      {paragraphs}
    </div>
  );
}
