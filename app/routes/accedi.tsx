import type { Submission } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/accedi";
import { SignInWidget } from "~/components/auth/sign-in-widget";
import {
  oauthProviders,
  parseIntent,
  parseView,
  viewHref,
  widgetMessages,
  widgetPath,
  widgetSchemas,
  type OAuthProvider,
  type WidgetIntent,
  type WidgetResult,
} from "~/domain/sign-in-widget";
import { MIN_PASSWORD_LENGTH } from "~/domain/password";
import { PROOF_OF_WORK_FIELD, proofOfWorkMessages } from "~/domain/proof-of-work";
import { THERAPIST_AREA, THERAPIST_ROLE } from "~/domain/sessions";
import { seo } from "~/domain/seo";
import { z } from "~/domain/zod";
import { ADMIN_ROLE, auth, authResponse, configuredOAuthProviders, getSession, SIGN_IN_ATTEMPTS_PER_MINUTE, TWO_FACTOR_REQUIRED_ERROR, userRole } from "~/server/auth.server";
import type { Database } from "~/server/db/client.server";
import { clientKey, hitRateLimit } from "~/server/http/rate-limit.server";
import { orFallback } from "~/server/http/errors.server";
import { acceptProofOfWork } from "~/server/proof-of-work.server";
import { parseSubmission } from "~/server/form-submission.server";

const RATE_LIMIT_WINDOW_SECONDS = 60;
/** Magic links, OAuth and e-mail confirmation come back here; the loader then routes by role. */
const returnURL = widgetPath;

function configuredProviders(): OAuthProvider[] {
  return configuredOAuthProviders().filter((name): name is OAuthProvider => (oauthProviders as readonly string[]).includes(name));
}

/** The spec's "profile is fetched on sign-in": the role decides where the user goes; null when it cannot be read. */
async function destinationFor(db: Database, userId: string | undefined) {
  if (!userId) return null;
  return orFallback("sign-in profile", null, async () => {
    const role = await userRole(db, userId);
    if (role === undefined) return null;
    if (role === ADMIN_ROLE) return "/admin";
    return role === THERAPIST_ROLE ? THERAPIST_AREA : "/";
  });
}

/**
 * better-auth redirects back with ?error=CODE (INVALID_TOKEN, state_mismatch...): shown as its words.
 * Only short letter codes, never a free error_description, so a crafted link cannot put its own text here.
 */
function redirectedError(params: URLSearchParams) {
  const code = params.get("error");
  if (!code) return undefined;
  if (!/^[A-Za-z_]{1,48}$/.test(code)) return widgetMessages.signInFailed;
  if (code === TWO_FACTOR_REQUIRED_ERROR) return widgetMessages.twoFactorRequired;
  const words = code.replace(/_+/g, " ").trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = parseView(url.searchParams.get("view"));
  const page = {
    view,
    providers: configuredProviders(),
    token: url.searchParams.get("token") ?? "",
    minPasswordLength: MIN_PASSWORD_LENGTH,
    error: redirectedError(url.searchParams),
    // The spec's "user-updated event switches to sign_in", after the redirect from update_password.
    notice: view === "sign_in" && url.searchParams.get("updated") === "password" ? widgetMessages.passwordUpdated : undefined,
  };
  // Someone following a reset link may be signed in and still wants to choose a new password.
  if (view !== "update_password") {
    const session = await getSession(context.db, request);
    if (session) {
      const destination = await destinationFor(context.db, session.user.id);
      if (destination) throw redirect(destination);
      return data({ ...page, error: widgetMessages.profileFailed }, { status: 500 });
    }
  }
  return page;
}

/** better-auth's Set-Cookie headers (session, two-factor or OAuth state), for our own response. */
function cookiesOf(response: Response) {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Which field a better-auth error code is about: its message shows under that field. */
const fieldOfCode: Record<string, string> = {
  INVALID_EMAIL: "email",
  PASSWORD_TOO_SHORT: "password",
  PASSWORD_TOO_LONG: "password",
  PASSWORD_TOO_WEAK: "password",
  INVALID_CODE: "code",
};

/** Our own rules answer in Italian (the password rule, the account lockout). */
const italianCodes = new Set(["PASSWORD_TOO_WEAK", "ACCOUNT_LOCKED"]);

/** Where better-auth's words would leave the person stuck, ours say what happens next. */
const messageOfCode: Record<string, string> = {
  EMAIL_NOT_VERIFIED: widgetMessages.emailNotVerified,
};

/**
 * The widget's refusal: Conform's result, with the server's message on its field or over the form
 * (the danger box, spec section 8), and what was typed but the password, which never comes back.
 * Not `refuseSubmission`: the answer also names its intent and an Italian message's language.
 */
function refuse(
  intent: WidgetIntent | null,
  submission: Submission<unknown>,
  { status = 400, message, field, errorLang, headers }: { status?: number; message?: string; field?: string; errorLang?: "it"; headers?: HeadersInit } = {},
) {
  const errors = message ? (field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }) : {};
  return data<WidgetResult>({ intent, result: submission.reply({ hideFields: ["password"], ...errors }), ...(errorLang ? { errorLang } : {}) }, { status, headers });
}

/** better-auth's refusal, in its words (or ours where they would leave the person stuck). */
async function failed(intent: WidgetIntent, submission: Submission<unknown>, response: Response) {
  const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
  const message = (body?.code && messageOfCode[body.code]) || body?.message || response.statusText || `Request failed (${response.status})`;
  const status = response.status >= 400 ? response.status : 500;
  const code = body?.code ?? "";
  return refuse(intent, submission, { status, message, field: fieldOfCode[code], errorLang: italianCodes.has(code) ? "it" : undefined });
}

/** After any successful sign-in: read the profile, then /admin for admins and / for everyone else. */
async function signedIn(db: Database, intent: WidgetIntent, submission: Submission<unknown>, response: Response, userId: string | undefined) {
  const headers = cookiesOf(response);
  const destination = await destinationFor(db, userId);
  if (!destination) return refuse(intent, submission, { status: 500, message: widgetMessages.profileFailed, headers });
  return redirect(destination, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = parseIntent(form.get("intent"));
  // No intent, no schema: the refusal is over the form alone.
  if (!intent) return refuse(null, parseSubmission(form, z.object({})), { message: widgetMessages.unknownRequest });
  // Our own limit: server-side API calls bypass better-auth's HTTP rate limiter.
  if (!(await hitRateLimit(context.db, `sign-in-widget:${intent}:${clientKey(context.clientIp)}`, SIGN_IN_ATTEMPTS_PER_MINUTE, RATE_LIMIT_WINDOW_SECONDS))) {
    return refuse(intent, parseSubmission(form, widgetSchemas[intent]), { status: 429, message: widgetMessages.tooManyAttempts });
  }
  const api = auth(context.db, request).api;
  const headers = request.headers;

  // Each form is checked with its intent's schema, exactly as the browser did (`useSchemaForm`).
  switch (intent) {
    case "sign-in": {
      const submission = parseSubmission(form, widgetSchemas[intent]);
      if (submission.status !== "success") return refuse(intent, submission);
      // The callback is for the fresh confirmation link an unconfirmed address gets.
      const response = await authResponse(api.signInEmail({ body: { ...submission.value, callbackURL: returnURL }, headers, asResponse: true }));
      if (!response.ok) return failed(intent, submission, response);
      const body = (await response.json()) as { twoFactorRedirect?: boolean; user?: { id: string } };
      if (body.twoFactorRedirect) return redirect(viewHref("verify_otp"), { headers: cookiesOf(response) });
      return signedIn(context.db, intent, submission, response, body.user?.id);
    }
    case "sign-up": {
      const submission = parseSubmission(form, widgetSchemas[intent]);
      // Sign-up creates an account and sends an e-mail for anyone: it takes a solved anti-spam challenge.
      const proof = form.get(PROOF_OF_WORK_FIELD);
      if (!(await acceptProofOfWork(context.db, typeof proof === "string" && proof ? proof : null))) {
        return refuse(intent, submission, { message: proof ? proofOfWorkMessages.failed : proofOfWorkMessages.noJavaScript });
      }
      if (submission.status !== "success") return refuse(intent, submission);
      const { email, password, name } = submission.value;
      // better-auth e-mails the confirmation link (or, for an address already registered, a note to
      // its owner) and answers alike either way: never a session before the address is confirmed.
      const response = await authResponse(api.signUpEmail({ body: { email, password, name, callbackURL: returnURL }, headers, asResponse: true }));
      if (!response.ok) return failed(intent, submission, response);
      return data<WidgetResult>({ intent, notice: widgetMessages.confirmationSent });
    }
    // The two links sent by e-mail (a password reset, a sign-in link): the page says the link is on its way.
    case "forgotten-password":
    case "magic-link": {
      const submission = parseSubmission(form, widgetSchemas[intent]);
      if (submission.status !== "success") return refuse(intent, submission);
      const { email } = submission.value;
      const response =
        intent === "forgotten-password"
          ? // better-auth's link /api/auth/reset-password/{token} redirects here with &token=…
            await api.requestPasswordReset({ body: { email, redirectTo: viewHref("update_password") }, headers, asResponse: true })
          : await api.signInMagicLink({ body: { email, callbackURL: returnURL, errorCallbackURL: viewHref("magic_link") }, headers, asResponse: true });
      if (!response.ok) return failed(intent, submission, response);
      return data<WidgetResult>({ intent, notice: intent === "forgotten-password" ? widgetMessages.resetLinkSent : widgetMessages.magicLinkSent });
    }
    case "update-password": {
      const submission = parseSubmission(form, widgetSchemas[intent]);
      if (submission.status !== "success") return refuse(intent, submission);
      const response = await authResponse(api.resetPassword({ body: { newPassword: submission.value.password, token: submission.value.token }, headers, asResponse: true }));
      if (!response.ok) return failed(intent, submission, response);
      return redirect(`${widgetPath}?updated=password`);
    }
    case "verify-otp": {
      const submission = parseSubmission(form, widgetSchemas[intent]);
      if (submission.status !== "success") return refuse(intent, submission);
      const response = await api.verifyTOTP({ body: { code: submission.value.code }, headers, asResponse: true });
      if (!response.ok) return failed(intent, submission, response);
      const body = (await response.json()) as { user?: { id: string } };
      return signedIn(context.db, intent, submission, response, body.user?.id);
    }
    case "oauth": {
      const submission = parseSubmission(form, widgetSchemas[intent]);
      if (submission.status !== "success") return refuse(intent, submission);
      const provider = submission.value.provider === "azure" ? "microsoft" : submission.value.provider;
      const response = await api.signInSocial({
        body: { provider, callbackURL: returnURL, errorCallbackURL: returnURL, disableRedirect: true },
        headers,
        asResponse: true,
      });
      if (!response.ok) return failed(intent, submission, response);
      const body = (await response.json()) as { url?: string };
      if (!body.url) return refuse(intent, submission, { status: 502, message: widgetMessages.signInFailed });
      return redirect(body.url, { headers: cookiesOf(response) });
    }
  }
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta = () =>
  seo({
    title: "Sign in",
    description: "Sign in to your Insieme account, create one, or reset your password.",
    path: widgetPath,
    noindex: true,
  });

export default function Accedi({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignInWidget
      key={loaderData.view}
      view={loaderData.view}
      providers={loaderData.providers}
      token={loaderData.token}
      minPasswordLength={loaderData.minPasswordLength}
      // The action's answer replaces what the page came with (a link's error, the updated password).
      error={actionData ? undefined : loaderData.error}
      notice={actionData ? actionData.notice : loaderData.notice}
      lastResult={actionData?.result}
      errorLang={actionData?.errorLang}
    />
  );
}
