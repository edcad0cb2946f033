import { useEffect, type ReactNode } from "react";
import { data, Form, Link, Outlet, redirect, useActionData, useNavigation } from "react-router";
import { getFormProps, getInputProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/layout";
import { AreaHeader, AreaRefusal, SignOutButton } from "~/components/layout/area-shell";
import { AdminTabBar } from "~/components/admin/tab-bar";
import { InTurns } from "~/components/in-turns";
import { useToast } from "~/components/ui/toast";
import { site } from "~/content/site";
import { isBackupCode, staffSignInCodeSchema, staffSignInSchema } from "~/domain/staff-account";
import { firstError, useSchemaForm } from "~/components/forms/schema-form";
import { FieldError } from "~/components/site/field-error";
import { ADMIN_ROLE, auth, authResponse, getSession, needsTwoFactorEnrolment, SIGN_IN_ATTEMPTS_PER_MINUTE } from "~/server/auth.server";
import { clientKey, hitRateLimit } from "~/server/http/rate-limit.server";
import { handleErrors } from "~/server/http/errors.server";
import { parseSubmission } from "~/server/form-submission.server";
import { z } from "~/domain/zod";

const adminTabs = [
  { to: "/admin", label: "Utenti", end: true },
  { to: "/admin/questionari", label: "Questionari" },
  { to: "/admin/terapeuti", label: "Terapeuti" },
  { to: "/admin/blog", label: "Blog" },
  { to: "/admin/documenti", label: "Documenti" },
  { to: "/admin/gruppi", label: "Gruppi" },
  { to: "/admin/sessioni", label: "Incontri" },
  { to: "/admin/pagamenti", label: "Pagamenti" },
  { to: "/admin/contabilita", label: "Contabilità" },
  { to: "/admin/prenotazioni", label: "Prenotazioni" },
  { to: "/admin/iscrizioni", label: "Iscrizioni" },
  { to: "/admin/posta", label: "Posta" },
  { to: "/admin/panoramica", label: "Panoramica" },
  { to: "/admin/segnalazioni", label: "Segnalazioni" },
  { to: "/admin/esiti", label: "Esiti" },
  { to: "/admin/percorso", label: "Percorso" },
  { to: "/admin/privacy", label: "Privacy" },
  { to: "/admin/registro", label: "Registro accessi" },
  { to: "/admin/impostazioni", label: "Impostazioni" },
  { to: "/admin/sicurezza", label: "Sicurezza" },
] as const;

/** Where staff set up two-factor authentication; with ADMIN_REQUIRE_2FA=true the only page until they do. */
const securityPath = "/admin/sicurezza";

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(context.db, request);
  if (!session) return { view: "login" as const };
  if (session.user.role !== ADMIN_ROLE) return data({ view: "denied" as const }, { status: 403 });
  const enrolmentRequired = needsTwoFactorEnrolment(session);
  if (enrolmentRequired && new URL(request.url).pathname.replace(/\/$/, "") !== securityPath) throw redirect(securityPath);
  return { view: "admin" as const, user: { email: session.user.email, name: session.user.name }, enrolmentRequired };
}

/** Copies better-auth's Set-Cookie headers onto our redirect. */
function withCookies(from: Response, to: Response) {
  for (const cookie of from.headers.getSetCookie()) to.headers.append("Set-Cookie", cookie);
  return to;
}

async function errorMessage(response: Response) {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return body?.message ?? "Sign in failed";
}

/** The shell's forms: signing out, and the sign-in page's two steps (e-mail and password, then the second factor's code). */
const shellAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sign-out") }),
  staffSignInSchema.safeExtend({ intent: z.literal("sign-in") }),
  staffSignInCodeSchema.safeExtend({ intent: z.literal("verify-otp") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), shellAction);
  const api = auth(context.db, request).api;
  const input = submission.status === "success" ? submission.value : null;
  if (input?.intent === "sign-out") {
    return handleErrors(
      async () => withCookies(await api.signOut({ headers: request.headers, asResponse: true }), redirect("/admin")),
      ({ status, message }) => data({ error: message, intent: input.intent }, { status }),
      { scope: "admin-sign-out", fallback: "Failed to sign out" },
    );
  }
  if (submission.payload.intent === "verify-otp") {
    if (input?.intent !== "verify-otp") return data({ error: "Enter the 6-digit code", intent: "verify-otp", twoFactor: true, result: submission.reply() }, { status: 400 });
    const { code } = input;
    const response = isBackupCode(code)
      ? await api.verifyBackupCode({ body: { code }, headers: request.headers, asResponse: true })
      : await api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true });
    if (!response.ok) return data({ error: await errorMessage(response), intent: input.intent, twoFactor: true }, { status: response.status });
    return withCookies(response, redirect("/admin"));
  }
  // Anything else is a sign-in attempt, and counts. Our own limit: server-side API calls bypass better-auth's HTTP rate limiter.
  if (!(await hitRateLimit(context.db, `admin-sign-in:${clientKey(context.clientIp)}`, SIGN_IN_ATTEMPTS_PER_MINUTE, 60))) {
    return data({ error: "Too many sign-in attempts. Please wait a minute and try again.", intent: "sign-in" }, { status: 429 });
  }
  if (input?.intent !== "sign-in") {
    const refused = submission.status === "error" ? submission.error : undefined;
    const message = refused?.email?.[0] ?? refused?.password?.[0] ?? "Sign in failed";
    // The password typed is never sent back.
    return data({ error: message, intent: "sign-in", result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const response = await authResponse(api.signInEmail({ body: { email: input.email, password: input.password }, headers: request.headers, asResponse: true }));
  if (!response.ok) {
    // A 429 here is the account lockout, whose Italian message says how long to wait.
    const message = await errorMessage(response);
    return data({ error: message, intent: "sign-in" }, { status: response.status === 429 ? 429 : 401 });
  }
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { twoFactorRedirect?: boolean };
  if (body.twoFactorRedirect) {
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return data({ error: undefined, intent: "sign-in", twoFactor: true }, { headers });
  }
  return withCookies(response, redirect("/admin"));
}

export const meta = () => [{ title: `Admin | ${site.brand}` }, { name: "robots", content: "noindex, nofollow" }];

function AdminLogin() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const twoFactor = actionData && "twoFactor" in actionData && actionData.twoFactor;
  const lastResult = actionData && "result" in actionData ? (actionData.result as SubmissionResult<string[]>) : undefined;
  return (
    <section className="grid flex-1 place-items-center bg-sand-100 px-4 py-16">
      <div className="w-full max-w-sm rounded-3xl bg-white p-8 shadow-sm">
        <Link to="/" className="font-serif text-2xl font-semibold text-teal-800">
          {site.brand}
        </Link>
        <h1 className="mt-6 text-2xl font-semibold">{twoFactor ? "Two-factor authentication" : "Admin Login"}</h1>
        {actionData?.error ? (
          <p role="alert" className="mt-4 rounded-xl border border-danger-600/30 bg-danger-50 p-3 text-sm text-danger-600">
            {actionData.error}
          </p>
        ) : null}
        {twoFactor ? <CodeStep lastResult={lastResult} busy={busy} /> : <PasswordStep lastResult={lastResult} busy={busy} />}
      </div>
    </section>
  );
}

interface StepProps {
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}

/** One step of the staff sign-in: its intent, its fields, and its button (which says when it is working). */
function StepForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  busy,
  button,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  intent: "sign-in" | "verify-otp";
  busy: boolean;
  button: { idle: string; busy: string };
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4">
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? button.busy : button.idle}
      </button>
    </Form>
  );
}

/** A labelled field of the sign-in, with an optional hint and its first error. */
function StepField({ label, field, input, hint }: { label: string; field: FieldMetadata<string>; input: ReactNode; hint?: ReactNode }) {
  return (
    <div className="grid gap-1">
      <label className="grid gap-1 text-sm font-medium">
        {label}
        {input}
      </label>
      {hint}
      <FieldError id={field.errorId} error={firstError(field.errors)} />
    </div>
  );
}

function PasswordStep({ lastResult, busy }: StepProps) {
  const [form, fields] = useSchemaForm(staffSignInSchema, { lastResult });
  return (
    <StepForm form={form} intent="sign-in" busy={busy} button={{ idle: "Sign in", busy: "Signing in..." }}>
      <StepField label="Email address" field={fields.email} input={<input {...getInputProps(fields.email, { type: "email" })} autoComplete="username" className="field" />} />
      <StepField
        label="Password"
        field={fields.password}
        input={<input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" className="field" />}
      />
    </StepForm>
  );
}

function CodeStep({ lastResult, busy }: StepProps) {
  const [form, fields] = useSchemaForm(staffSignInCodeSchema, { lastResult });
  return (
    <StepForm form={form} intent="verify-otp" busy={busy} button={{ idle: "Verify", busy: "Verifying..." }}>
      <StepField
        label="Authentication code"
        field={fields.code}
        input={<input {...getInputProps(fields.code, { type: "text", ariaDescribedBy: "admin-code-hint" })} autoComplete="one-time-code" className="field" />}
        hint={
          <span id="admin-code-hint" className="text-xs font-normal text-ink-500">
            The 6 digits from your authenticator app, or a backup code.
          </span>
        }
      />
    </StepForm>
  );
}

function AccessDenied() {
  return (
    <AreaRefusal title="Access Denied" text="You don't have admin privileges to access this area.">
      <Link to="/" className="btn btn-primary">
        Back to Home
      </Link>
      <SignOutButton action="/admin" label="Logout" icon={false} className="btn btn-secondary" />
    </AreaRefusal>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const toast = useToast();
  useEffect(() => {
    if (actionData?.intent === "sign-out" && actionData.error) toast({ title: actionData.error, variant: "destructive" });
  }, [actionData, toast]);
  if (loaderData.view === "login") return <AdminLogin />;
  if (loaderData.view === "denied") return <AccessDenied />;
  return (
    <div className="flex flex-1 flex-col bg-sand-100">
      {/* The header and the page in two turns of the server's render (components/in-turns.tsx). */}
      <InTurns every={1}>
        <AreaHeader
          badge="Admin"
          who={loaderData.user.email}
          width="max-w-7xl"
          signOut={<SignOutButton action="/admin" label="Logout" />}
          tabs={<AdminTabBar tabs={loaderData.enrolmentRequired ? adminTabs.filter((tab) => tab.to === securityPath) : adminTabs} />}
        />
        <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
          <Outlet />
        </div>
      </InTurns>
    </div>
  );
}
