import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useId, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { firstError, useSchemaForm } from "~/components/forms/schema-form";
import { FieldError } from "~/components/site/field-error";
import { proofOfWorkMessages } from "~/domain/proof-of-work";
import { ProofOfWorkField, ProofOfWorkNoScript } from "../proof-of-work-field";
import { passwordHint } from "~/domain/password";
import { oauthProviderLabels, viewHref, viewIntents, widgetMessages, widgetSchemas, type OAuthProvider, type WidgetIntent, type WidgetView } from "~/domain/sign-in-widget";
import type { z } from "~/domain/zod";

interface SignInWidgetProps {
  view: WidgetView;
  /** Configured OAuth providers only: none by default. */
  providers: OAuthProvider[];
  /** The password-reset token from the e-mailed link (update_password). */
  token: string;
  minPasswordLength: number;
  /** The message the page came with (a link that failed, a profile that could not be read). */
  error?: string;
  /** The action's answer to a refused form: the messages on their fields or over the form, the values typed. */
  lastResult?: SubmissionResult<string[]>;
  /** "it" when the action's message is in Italian. */
  errorLang?: "it";
  notice?: string;
}

const copy: Record<WidgetView, { title: string; intro: string }> = {
  sign_in: { title: "Sign in", intro: "Sign in with your e-mail address and password." },
  sign_up: { title: "Create an account", intro: "Sign up with your e-mail address: we will send you a link to confirm it." },
  forgotten_password: { title: "Reset your password", intro: "Enter your e-mail address and we will send you a link to choose a new password." },
  magic_link: { title: "Sign in with a magic link", intro: "Enter your e-mail address and we will send you a link that signs you in." },
  update_password: { title: "Update your password", intro: "Choose a new password for your account." },
  verify_otp: { title: "Two-factor authentication", intro: "Enter the 6-digit code from your authenticator app." },
};

/** Messages in Italian inside the English widget, marked so screen readers pronounce them right. */
const italianMessages = new Set<string>([widgetMessages.emptyMagicLinkEmail, proofOfWorkMessages.failed, proofOfWorkMessages.noJavaScript]);

/** The fields of every view's form, each view using some of them. */
type WidgetFields = { email?: string; password?: string; name?: string; token?: string; code?: string };

/**
 * The spec's sign-in widget: one view at a time (the page remounts it per view), every form a plain
 * POST to the page's action, checked in the browser first with the schema the action parses with.
 */
export function SignInWidget(props: SignInWidgetProps) {
  const { view, providers, lastResult, errorLang, notice } = props;
  const id = useId();
  const schema: z.ZodType<unknown, WidgetFields> = widgetSchemas[viewIntents[view]];
  const [form, fields] = useSchemaForm(schema, { lastResult });
  const error = firstError(form.errors) ?? props.error;
  /** Ours in Italian, or the action's message it marked so. */
  const langOf = (message: string) =>
    italianMessages.has(message) || (errorLang && Object.values(lastResult?.error ?? {}).some((messages) => messages?.includes(message))) ? "it" : undefined;
  const withOAuth = providers.length > 0 && (view === "sign_in" || view === "sign_up");
  return (
    <section lang="en" aria-labelledby={`${id}-title`} className="grid flex-1 place-items-center bg-sand-100 px-4 py-12 sm:py-16">
      <div className="w-full max-w-md rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <h1 id={`${id}-title`} className="text-2xl font-semibold sm:text-3xl">
          {copy[view].title}
        </h1>
        <p className="mt-2 text-ink-700">{copy[view].intro}</p>
        {error ? (
          <p role="alert" lang={langOf(error)} className="mt-5 rounded-xl border border-danger-600/30 bg-danger-50 p-3 text-sm text-danger-600">
            {error}
          </p>
        ) : null}
        {notice ? (
          <p role="status" className="mt-5 rounded-xl border border-teal-200 bg-teal-50 p-3 text-sm text-teal-800">
            {notice}
          </p>
        ) : null}
        {withOAuth ? <OAuthButtons providers={providers} /> : null}
        <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4">
          <input type="hidden" name="intent" value={viewIntents[view]} />
          <ViewFields {...props} fields={fields} langOf={langOf} />
        </Form>
        <ViewLinks view={view} />
      </div>
    </section>
  );
}

function useBusy(intent: WidgetIntent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function OAuthButtons({ providers }: { providers: OAuthProvider[] }) {
  const busy = useBusy("oauth");
  return (
    <div className="mt-6 grid gap-3">
      {providers.map((provider) => (
        <Form method="post" key={provider}>
          <input type="hidden" name="intent" value="oauth" />
          <button type="submit" name="provider" value={provider} className="btn btn-secondary w-full" disabled={busy}>
            Continue with {oauthProviderLabels[provider]}
          </button>
        </Form>
      ))}
      <p className="flex items-center gap-3 text-sm text-ink-500 before:h-px before:flex-1 before:bg-sand-200 after:h-px after:flex-1 after:bg-sand-200">or</p>
    </div>
  );
}

interface FieldProps {
  label: string;
  field: FieldMetadata<string | undefined>;
  type?: "text" | "email" | "password";
  autoComplete: string;
  langOf: (message: string) => "it" | undefined;
  hint?: string;
  minLength?: number;
  inputMode?: "numeric";
}

function Field({ label, field, type = "text", langOf, hint, ...input }: FieldProps) {
  const hintId = `${field.id}-hint`;
  const error = firstError(field.errors);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={field.id} className="text-sm font-medium">
        {label}
      </label>
      <input {...getInputProps(field, { type, ariaDescribedBy: hint ? hintId : undefined })} className="field" {...input} />
      {hint ? (
        <p id={hintId} className="text-sm text-ink-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <div lang={langOf(error)}>
          <FieldError id={field.errorId} error={error} />
        </div>
      ) : null}
    </div>
  );
}

function SubmitButton({ intent, label, busyLabel }: { intent: WidgetIntent; label: string; busyLabel: string }) {
  const busy = useBusy(intent);
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

function ViewFields({
  view,
  token,
  minPasswordLength,
  fields,
  langOf,
}: SignInWidgetProps & { fields: ReturnType<typeof useSchemaForm<z.ZodType<unknown, WidgetFields>>>[1]; langOf: FieldProps["langOf"] }) {
  const emailField = <Field label="Email address" field={fields.email} type="email" autoComplete="email" langOf={langOf} />;
  const newPassword = (
    <Field
      label={view === "update_password" ? "New password" : "Password"}
      field={fields.password}
      type="password"
      autoComplete="new-password"
      minLength={minPasswordLength}
      hint={passwordHint}
      langOf={langOf}
    />
  );
  switch (view) {
    case "sign_in":
      return (
        <>
          {emailField}
          <Field label="Password" field={fields.password} type="password" autoComplete="current-password" langOf={langOf} />
          <SubmitButton intent="sign-in" label="Sign in" busyLabel="Signing in..." />
        </>
      );
    case "sign_up":
      return (
        <>
          <ProofOfWorkNoScript />
          {emailField}
          {newPassword}
          <Field label="Name (optional)" field={fields.name} autoComplete="name" langOf={langOf} />
          <ProofOfWorkField />
          <SubmitButton intent="sign-up" label="Sign up" busyLabel="Signing up..." />
        </>
      );
    case "forgotten_password":
      return (
        <>
          {emailField}
          <SubmitButton intent="forgotten-password" label="Send reset link" busyLabel="Sending..." />
        </>
      );
    case "magic_link":
      return (
        <>
          {emailField}
          <SubmitButton intent="magic-link" label="Send magic link" busyLabel="Sending..." />
        </>
      );
    case "update_password":
      return (
        <>
          <input type="hidden" name="token" value={token} />
          {newPassword}
          <SubmitButton intent="update-password" label="Update password" busyLabel="Updating..." />
        </>
      );
    case "verify_otp":
      return (
        <>
          <Field label="Authentication code" field={fields.code} inputMode="numeric" autoComplete="one-time-code" langOf={langOf} />
          <SubmitButton intent="verify-otp" label="Verify" busyLabel="Verifying..." />
        </>
      );
  }
}

const linkClass = "font-medium text-teal-700 underline underline-offset-2 hover:text-teal-800";

function ViewLinks({ view }: { view: WidgetView }) {
  const links: ReactNode[] = [];
  if (view === "sign_in") {
    links.push(
      <Link to={viewHref("forgotten_password")} className={linkClass}>
        Forgot your password?
      </Link>,
      <Link to={viewHref("magic_link")} className={linkClass}>
        Sign in with a magic link
      </Link>,
      <>
        Don&apos;t have an account?{" "}
        <Link to={viewHref("sign_up")} className={linkClass}>
          Sign up
        </Link>
      </>,
    );
  } else if (view === "sign_up") {
    links.push(
      <Link to={viewHref("magic_link")} className={linkClass}>
        Sign in with a magic link
      </Link>,
      <>
        Already have an account?{" "}
        <Link to={viewHref("sign_in")} className={linkClass}>
          Sign in
        </Link>
      </>,
    );
  } else {
    if (view === "update_password")
      links.push(
        <>
          Link expired?{" "}
          <Link to={viewHref("forgotten_password")} className={linkClass}>
            Send a new reset link
          </Link>
        </>,
      );
    links.push(
      <Link to={viewHref("sign_in")} className={linkClass}>
        Back to sign in
      </Link>,
    );
  }
  return (
    <ul className="mt-6 grid gap-2 border-t border-sand-200 pt-5 text-sm text-ink-700">
      {links.map((link, index) => (
        <li key={index}>{link}</li>
      ))}
    </ul>
  );
}
