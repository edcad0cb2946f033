import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, type ReactNode } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/security";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { useToast } from "~/components/ui/toast";
import { accountPasswordSchema, authenticatorCodeSchema } from "~/domain/staff-account";
import { Field } from "~/components/admin/fields";
import { useSchemaForm } from "~/components/forms/schema-form";
import { auth } from "~/server/auth.server";
import { env } from "~/server/env.server";
import { hitRateLimit } from "~/server/http/rate-limit.server";
import { pendingEnrolment } from "~/server/two-factor.server";
import { parseSubmission } from "~/server/form-submission.server";
import { adminPageData, requireAdmin } from "~/server/gates.server";

/** Password checks on this page, per staff account: a stolen session cannot guess the password here. */
const ATTEMPTS_PER_MINUTE = 5;

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enable"), ...accountPasswordSchema.shape }),
  z.object({ intent: z.literal("verify"), ...authenticatorCodeSchema.shape }),
  z.object({ intent: z.literal("disable"), ...accountPasswordSchema.shape }),
]);

type Intent = z.infer<typeof actionSchema>["intent"];

/** better-auth's codes, in the words of this page. */
const messages: Record<string, string> = {
  INVALID_PASSWORD: "Password non corretta.",
  INVALID_CODE: "Codice non valido: controlla che l'ora del telefono sia esatta e riprova con il codice attuale.",
  TOTP_ALREADY_ENABLED: "L'autenticazione a due fattori è già attiva.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(
    context.db,
    request,
    async (session) => ({
      enabled: Boolean(session.user.twoFactorEnabled),
      required: env().ADMIN_REQUIRE_2FA === "true",
      pending: await pendingEnrolment(context.db, session),
    }),
    { withoutTwoFactor: true },
  );
}

function cookiesOf(response: Response) {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

async function refused(intent: Intent, response: Response) {
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  const message = (body?.code && messages[body.code]) || body?.message || "Operazione non riuscita.";
  return data({ ok: false as const, intent, message }, { status: response.status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(context.db, request, { withoutTwoFactor: true });
  const submission = parseSubmission(await request.formData(), actionSchema);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).find((messages) => messages?.length)?.[0] ?? "Operazione non riuscita.";
    // The password typed is never sent back.
    return data({ ok: false as const, intent: null, message, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const input = submission.value;
  if (input.intent !== "verify" && !(await hitRateLimit(context.db, `admin-two-factor:${session.user.id}`, ATTEMPTS_PER_MINUTE, 60))) {
    return data({ ok: false as const, intent: input.intent, message: "Troppi tentativi. Riprova tra un minuto." }, { status: 429 });
  }
  const api = auth(context.db, request).api;
  const headers = request.headers;
  switch (input.intent) {
    case "enable": {
      const response = await api.enableTwoFactor({ body: { password: input.password }, headers, asResponse: true });
      if (!response.ok) return refused(input.intent, response);
      const { backupCodes } = (await response.json()) as { backupCodes: string[] };
      return { ok: true as const, intent: input.intent, message: "Inquadra il codice QR con l'app, poi conferma con il codice che mostra.", backupCodes };
    }
    case "verify": {
      const response = await api.verifyTOTP({ body: { code: input.code }, headers, asResponse: true });
      if (!response.ok) return refused(input.intent, response);
      // better-auth replaces the session when two-factor is switched on: the new cookie comes along.
      return data({ ok: true as const, intent: input.intent, message: "Autenticazione a due fattori attiva." }, { headers: cookiesOf(response) });
    }
    case "disable": {
      const response = await api.disableTwoFactor({ body: { password: input.password }, headers, asResponse: true });
      if (!response.ok) return refused(input.intent, response);
      return data({ ok: true as const, intent: input.intent, message: "Autenticazione a due fattori disattivata." }, { headers: cookiesOf(response) });
    }
  }
}

export default function AdminSecurity({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  useEffect(() => {
    if (actionData) toast({ title: actionData.message, variant: actionData.ok ? "default" : "destructive" });
  }, [actionData, toast]);
  const busy = navigation.state !== "idle";
  const { enabled, required, pending } = loaderData;
  const error = actionData && !actionData.ok ? actionData : null;
  const backupCodes = actionData && "backupCodes" in actionData ? actionData.backupCodes : null;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  // A refusal of better-auth (a wrong password or code) marks the field of the form that was sent.
  const refused = (intent: Intent) => error?.intent === intent;
  return (
    <section aria-labelledby="security-title" className="grid max-w-3xl gap-6">
      <div>
        <h1 id="security-title" className="text-2xl font-semibold">
          Sicurezza dell'account
        </h1>
        <p className="text-ink-700">
          Con l'autenticazione a due fattori l'accesso chiede, oltre alla password, il codice di 6 cifre di un'app di autenticazione (per esempio Aegis, Google Authenticator o
          1Password).
        </p>
      </div>

      {required && !enabled ? (
        <p role="alert" className="rounded-xl border border-coral-700/30 bg-coral-100 p-4 text-sm text-ink-900">
          Per lo staff l'autenticazione a due fattori è obbligatoria: attivala qui per usare il resto dell'area admin.
        </p>
      ) : null}

      {error ? (
        <p role="alert" className="rounded-xl border border-danger-600/30 bg-danger-50 p-3 text-sm text-danger-600">
          {error.message}
        </p>
      ) : null}

      <div className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm">
        <h2 className="font-sans text-lg font-semibold">
          Autenticazione a due fattori: <span className={enabled ? "text-teal-800" : "text-ink-700"}>{enabled ? "attiva" : "non attiva"}</span>
        </h2>

        {enabled ? (
          <PasswordForm intent="disable" lastResult={lastResult} refused={refused("disable")} busy={busy}>
            <p className="text-sm text-ink-700">Per disattivarla (per esempio per passare a un nuovo telefono) conferma con la password.</p>
          </PasswordForm>
        ) : pending ? (
          <div className="grid gap-4">
            <ol className="grid list-decimal gap-1 pl-5 text-sm text-ink-700">
              <li>Apri l'app di autenticazione e aggiungi un account inquadrando il codice QR.</li>
              <li>Scrivi qui sotto il codice di 6 cifre che l'app mostra.</li>
            </ol>
            <svg
              role="img"
              aria-label="Codice QR da inquadrare con l'app di autenticazione"
              viewBox={`0 0 ${pending.qr.size} ${pending.qr.size}`}
              shapeRendering="crispEdges"
              className="size-56 rounded-lg border border-sand-200 bg-white"
            >
              <path d={pending.qr.path} fill="currentColor" />
            </svg>
            <details className="text-sm">
              <summary className="cursor-pointer font-medium text-teal-700">Non puoi inquadrarlo? Inserisci la chiave a mano</summary>
              <p className="mt-2">
                Chiave: <code className="break-all rounded bg-sand-50 px-1.5 py-0.5 font-mono">{pending.secret.replace(/(.{4})/g, "$1 ").trim()}</code>
              </p>
              <p className="mt-2 break-all text-ink-500">{pending.uri}</p>
            </details>
            <CodeForm lastResult={lastResult} refused={refused("verify")} busy={busy} />
          </div>
        ) : (
          <PasswordForm intent="enable" lastResult={lastResult} refused={refused("enable")} busy={busy}>
            <p className="text-sm text-ink-700">Conferma con la password: ti mostreremo un codice QR da inquadrare.</p>
          </PasswordForm>
        )}
      </div>

      {backupCodes ? (
        <div className="grid gap-3 rounded-2xl bg-white p-5 shadow-sm">
          <h2 className="font-sans text-lg font-semibold">Codici di riserva</h2>
          <p className="text-sm text-ink-700">
            Conservali in un posto sicuro: se perdi il telefono, ognuno sostituisce una volta il codice dell'app all'accesso. Non li mostreremo più.
          </p>
          <ul className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
            {backupCodes.map((code) => (
              <li key={code} className="rounded bg-sand-50 px-2 py-1 text-center">
                {code}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

interface SecurityFormProps {
  lastResult: SubmissionResult<string[]> | undefined;
  refused: boolean;
  busy: boolean;
}

/** Switching two-factor on or off: the account's password, then the button. */
function PasswordForm({ intent, lastResult, refused, busy, children }: SecurityFormProps & { intent: "enable" | "disable"; children: ReactNode }) {
  const [form, fields] = useSchemaForm(accountPasswordSchema, { lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Field label="La tua password" field={fields.password} required={false} className="w-72 max-w-full">
        <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" className="field" {...(refused ? { "aria-invalid": true } : {})} />
      </Field>
      {intent === "disable" ? (
        <button type="submit" className="btn btn-secondary justify-self-start text-danger-600" disabled={busy}>
          Disattiva
        </button>
      ) : (
        <button type="submit" className="btn btn-primary justify-self-start" disabled={busy}>
          Attiva
        </button>
      )}
    </Form>
  );
}

/** The enrolment's first code from the app, which switches two-factor on. */
function CodeForm({ lastResult, refused, busy }: SecurityFormProps) {
  const [form, fields] = useSchemaForm(authenticatorCodeSchema, { lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="verify" />
      <Field label="Codice dell'app" field={fields.code} required={false}>
        <input
          {...getInputProps(fields.code, { type: "text" })}
          inputMode="numeric"
          autoComplete="one-time-code"
          className="field w-40"
          {...(refused ? { "aria-invalid": true } : {})}
        />
      </Field>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Conferma e attiva
      </button>
    </Form>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
