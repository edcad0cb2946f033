import { useEffect } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/security";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { useToast } from "~/components/ui/toast";
import { MAX_PASSWORD_LENGTH } from "~/domain/password";
import { adminPageData, auth, requireAdmin } from "~/server/auth.server";
import { env } from "~/server/env.server";
import { hitRateLimit } from "~/server/http.server";
import { pendingEnrolment } from "~/server/two-factor.server";

/** Password checks on this page, per staff account: a stolen session cannot guess the password here. */
const ATTEMPTS_PER_MINUTE = 5;

const password = z.string().min(1, "Inserisci la tua password").max(MAX_PASSWORD_LENGTH);
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enable"), password }),
  z.object({
    intent: z.literal("verify"),
    code: z
      .string()
      .transform((value) => value.replace(/\s/g, ""))
      .pipe(z.string().regex(/^\d{6}$/, "Inserisci il codice di 6 cifre mostrato dall'app")),
  }),
  z.object({ intent: z.literal("disable"), password }),
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
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, intent: null, message: parsed.error.issues[0]!.message }, { status: 400 });
  const input = parsed.data;
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
  const passwordField = (intent: Intent) => (
    <label className="grid gap-1 text-sm font-medium">
      La tua password
      <input
        name="password"
        type="password"
        autoComplete="current-password"
        required
        aria-invalid={error?.intent === intent || undefined}
        className="field w-72 max-w-full"
      />
    </label>
  );
  return (
    <section aria-labelledby="security-title" className="grid max-w-3xl gap-6">
      <div>
        <h1 id="security-title" className="text-2xl font-semibold">
          Sicurezza dell'account
        </h1>
        <p className="text-ink-700">
          Con l'autenticazione a due fattori l'accesso chiede, oltre alla password, il codice di 6 cifre di un'app di autenticazione (per esempio
          Aegis, Google Authenticator o 1Password).
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
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="intent" value="disable" />
            <p className="text-sm text-ink-700">Per disattivarla (per esempio per passare a un nuovo telefono) conferma con la password.</p>
            {passwordField("disable")}
            <button type="submit" className="btn btn-secondary justify-self-start text-danger-600" disabled={busy}>
              Disattiva
            </button>
          </Form>
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
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="verify" />
              <label className="grid gap-1 text-sm font-medium">
                Codice dell'app
                <input
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  aria-invalid={error?.intent === "verify" || undefined}
                  className="field w-40"
                />
              </label>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                Conferma e attiva
              </button>
            </Form>
          </div>
        ) : (
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="intent" value="enable" />
            <p className="text-sm text-ink-700">Conferma con la password: ti mostreremo un codice QR da inquadrare.</p>
            {passwordField("enable")}
            <button type="submit" className="btn btn-primary justify-self-start" disabled={busy}>
              Attiva
            </button>
          </Form>
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

export { AdminErrorBoundary as ErrorBoundary };
