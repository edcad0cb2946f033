import { useId, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { proofOfWorkMessages } from "~/domain/proof-of-work";
import { ProofOfWorkField, ProofOfWorkNoScript } from "../proof-of-work-field";
import { passwordHint } from "~/domain/password";
import { oauthProviderLabels, viewHref, widgetMessages, type OAuthProvider, type WidgetIntent, type WidgetView } from "~/domain/sign-in-widget";

export interface SignInWidgetProps {
  view: WidgetView;
  /** Configured OAuth providers only: none by default. */
  providers: OAuthProvider[];
  /** The password-reset token from the e-mailed link (update_password). */
  token: string;
  minPasswordLength: number;
  error?: string;
  /** "it" for an Italian message from the server. */
  errorLang?: "it";
  field?: string;
  notice?: string;
  email?: string;
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

/** The spec's sign-in widget: one view at a time, every form a plain POST to the page's action. */
export function SignInWidget(props: SignInWidgetProps) {
  const { view, providers, error, errorLang, notice } = props;
  const id = useId();
  const errorId = `${id}-error`;
  const withOAuth = providers.length > 0 && (view === "sign_in" || view === "sign_up");
  return (
    <section lang="en" aria-labelledby={`${id}-title`} className="grid flex-1 place-items-center bg-sand-100 px-4 py-12 sm:py-16">
      <div className="w-full max-w-md rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <h1 id={`${id}-title`} className="text-2xl font-semibold sm:text-3xl">
          {copy[view].title}
        </h1>
        <p className="mt-2 text-ink-700">{copy[view].intro}</p>
        {error ? (
          <p
            id={errorId}
            role="alert"
            lang={errorLang ?? (italianMessages.has(error) ? "it" : undefined)}
            className="mt-5 rounded-xl border border-danger-600/30 bg-danger-50 p-3 text-sm text-danger-600"
          >
            {error}
          </p>
        ) : null}
        {notice ? (
          <p role="status" className="mt-5 rounded-xl border border-teal-200 bg-teal-50 p-3 text-sm text-teal-800">
            {notice}
          </p>
        ) : null}
        {withOAuth ? <OAuthButtons providers={providers} /> : null}
        <ViewForm key={view} {...props} errorId={errorId} />
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
      <p className="flex items-center gap-3 text-sm text-ink-500 before:h-px before:flex-1 before:bg-sand-200 after:h-px after:flex-1 after:bg-sand-200">
        or
      </p>
    </div>
  );
}

interface FieldProps {
  label: string;
  name: string;
  type?: string;
  autoComplete: string;
  invalid: boolean;
  errorId: string;
  hint?: string;
  required?: boolean;
  defaultValue?: string;
  minLength?: number;
  inputMode?: "numeric";
}

function Field({ label, name, type = "text", invalid, errorId, hint, required = true, ...input }: FieldProps) {
  const id = useId();
  const describedBy = [invalid ? errorId : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        aria-required={required ? undefined : true}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        className="field"
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-500">
          {hint}
        </p>
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

function ViewForm({ view, token, minPasswordLength, field, email, errorId }: SignInWidgetProps & { errorId: string }) {
  const invalid = (name: string) => field === name;
  const emailField = (options: { required?: boolean } = {}) => (
    <Field label="Email address" name="email" type="email" autoComplete="email" defaultValue={email} invalid={invalid("email")} errorId={errorId} {...options} />
  );
  const newPassword = (
    <Field
      label={view === "update_password" ? "New password" : "Password"}
      name="password"
      type="password"
      autoComplete="new-password"
      minLength={minPasswordLength}
      hint={passwordHint}
      invalid={invalid("password")}
      errorId={errorId}
    />
  );
  const form = (intent: WidgetIntent, children: ReactNode, submit: ReactNode) => (
    <Form method="post" className="mt-6 grid gap-4">
      <input type="hidden" name="intent" value={intent} />
      {children}
      {submit}
    </Form>
  );
  switch (view) {
    case "sign_in":
      return form(
        "sign-in",
        <>
          {emailField()}
          <Field label="Password" name="password" type="password" autoComplete="current-password" invalid={invalid("password")} errorId={errorId} />
        </>,
        <SubmitButton intent="sign-in" label="Sign in" busyLabel="Signing in..." />,
      );
    case "sign_up":
      return form(
        "sign-up",
        <>
          <ProofOfWorkNoScript />
          {emailField()}
          {newPassword}
          <Field label="Name (optional)" name="name" autoComplete="name" required={false} invalid={invalid("name")} errorId={errorId} />
          <ProofOfWorkField />
        </>,
        <SubmitButton intent="sign-up" label="Sign up" busyLabel="Signing up..." />,
      );
    case "forgotten_password":
      return form("forgotten-password", emailField(), <SubmitButton intent="forgotten-password" label="Send reset link" busyLabel="Sending..." />);
    case "magic_link":
      // Not `required`: an empty e-mail gets the spec's localized message from the server, not the browser's.
      return form("magic-link", emailField({ required: false }), <SubmitButton intent="magic-link" label="Send magic link" busyLabel="Sending..." />);
    case "update_password":
      return form(
        "update-password",
        <>
          <input type="hidden" name="token" value={token} />
          {newPassword}
        </>,
        <SubmitButton intent="update-password" label="Update password" busyLabel="Updating..." />,
      );
    case "verify_otp":
      return form(
        "verify-otp",
        <Field label="Authentication code" name="code" inputMode="numeric" autoComplete="one-time-code" invalid={invalid("code")} errorId={errorId} />,
        <SubmitButton intent="verify-otp" label="Verify" busyLabel="Verifying..." />,
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
