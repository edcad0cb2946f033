import { data, redirect } from "react-router";
import type { z } from "zod";
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
import {
  ADMIN_ROLE,
  auth,
  authResponse,
  configuredOAuthProviders,
  getSession,
  SIGN_IN_ATTEMPTS_PER_MINUTE,
  TWO_FACTOR_REQUIRED_ERROR,
  userRole,
} from "~/server/auth.server";
import type { Database } from "~/server/db/client.server";
import { clientKey, hitRateLimit } from "~/server/http.server";
import { logger } from "~/server/logger.server";
import { acceptProofOfWork } from "~/server/proof-of-work.server";

const RATE_LIMIT_WINDOW_SECONDS = 60;
/** Magic links, OAuth and e-mail confirmation come back here; the loader then routes by role. */
const returnURL = widgetPath;

function configuredProviders(): OAuthProvider[] {
  return configuredOAuthProviders().filter((name): name is OAuthProvider => (oauthProviders as readonly string[]).includes(name));
}

/** The spec's "profile is fetched on sign-in": the role decides where the user goes; null when it cannot be read. */
async function destinationFor(db: Database, userId: string | undefined) {
  if (!userId) return null;
  try {
    const role = await userRole(db, userId);
    if (role === undefined) return null;
    if (role === ADMIN_ROLE) return "/admin";
    return role === THERAPIST_ROLE ? THERAPIST_AREA : "/";
  } catch (error) {
    logger.error({ err: error }, "failed to fetch the profile after sign-in");
    return null;
  }
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

/** Which field a better-auth error code is about, to mark it invalid. */
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

/** The server's message, in the danger box (spec section 8). */
async function failed(intent: WidgetIntent, response: Response, email?: string) {
  const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
  const error = (body?.code && messageOfCode[body.code]) || body?.message || response.statusText || `Request failed (${response.status})`;
  const status = response.status >= 400 ? response.status : 500;
  const code = body?.code ?? "";
  return data<WidgetResult>({ intent, error, field: fieldOfCode[code], errorLang: italianCodes.has(code) ? "it" : undefined, email }, { status });
}

function invalid(intent: WidgetIntent, error: z.ZodError, email?: string) {
  const issue = error.issues[0]!;
  return data<WidgetResult>({ intent, error: issue.message, field: String(issue.path[0] ?? ""), email }, { status: 400 });
}

/** After any successful sign-in: read the profile, then /admin for admins and / for everyone else. */
async function signedIn(db: Database, intent: WidgetIntent, response: Response, userId: string | undefined) {
  const headers = cookiesOf(response);
  const destination = await destinationFor(db, userId);
  if (!destination) return data<WidgetResult>({ intent, error: widgetMessages.profileFailed }, { status: 500, headers });
  return redirect(destination, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = parseIntent(form.get("intent"));
  if (!intent) return data<WidgetResult>({ intent: null, error: widgetMessages.unknownRequest }, { status: 400 });
  // Our own limit: server-side API calls bypass better-auth's HTTP rate limiter.
  if (!(await hitRateLimit(context.db, `sign-in-widget:${intent}:${clientKey(context.clientIp)}`, SIGN_IN_ATTEMPTS_PER_MINUTE, RATE_LIMIT_WINDOW_SECONDS))) {
    return data<WidgetResult>({ intent, error: widgetMessages.tooManyAttempts }, { status: 429 });
  }
  const fields = Object.fromEntries(form);
  const typedEmail = typeof fields.email === "string" ? fields.email.slice(0, 254) : undefined;
  const api = auth(context.db, request).api;
  const headers = request.headers;

  switch (intent) {
    case "sign-in": {
      const parsed = widgetSchemas[intent].safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, typedEmail);
      // The callback is for the fresh confirmation link an unconfirmed address gets.
      const response = await authResponse(api.signInEmail({ body: { ...parsed.data, callbackURL: returnURL }, headers, asResponse: true }));
      if (!response.ok) return failed(intent, response, typedEmail);
      const body = (await response.json()) as { twoFactorRedirect?: boolean; user?: { id: string } };
      if (body.twoFactorRedirect) return redirect(viewHref("verify_otp"), { headers: cookiesOf(response) });
      return signedIn(context.db, intent, response, body.user?.id);
    }
    case "sign-up": {
      // Sign-up creates an account and sends an e-mail for anyone: it takes a solved anti-spam challenge.
      const proof = typeof fields[PROOF_OF_WORK_FIELD] === "string" ? fields[PROOF_OF_WORK_FIELD] : "";
      if (!(await acceptProofOfWork(context.db, proof || null))) {
        return data<WidgetResult>({ intent, error: proof ? proofOfWorkMessages.failed : proofOfWorkMessages.noJavaScript, email: typedEmail }, { status: 400 });
      }
      const parsed = widgetSchemas[intent].safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, typedEmail);
      const { email, password, name } = parsed.data;
      // better-auth e-mails the confirmation link (or, for an address already registered, a note to
      // its owner) and answers alike either way: never a session before the address is confirmed.
      const response = await authResponse(api.signUpEmail({ body: { email, password, name, callbackURL: returnURL }, headers, asResponse: true }));
      if (!response.ok) return failed(intent, response, typedEmail);
      return data<WidgetResult>({ intent, notice: widgetMessages.confirmationSent });
    }
    case "forgotten-password": {
      const parsed = widgetSchemas[intent].safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, typedEmail);
      // better-auth's link /api/auth/reset-password/{token} redirects here with &token=…
      const response = await api.requestPasswordReset({
        body: { email: parsed.data.email, redirectTo: viewHref("update_password") },
        headers,
        asResponse: true,
      });
      if (!response.ok) return failed(intent, response, typedEmail);
      return data<WidgetResult>({ intent, notice: widgetMessages.resetLinkSent });
    }
    case "magic-link": {
      const parsed = widgetSchemas[intent].safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, typedEmail);
      const response = await api.signInMagicLink({
        body: { email: parsed.data.email, callbackURL: returnURL, errorCallbackURL: viewHref("magic_link") },
        headers,
        asResponse: true,
      });
      if (!response.ok) return failed(intent, response, typedEmail);
      return data<WidgetResult>({ intent, notice: widgetMessages.magicLinkSent });
    }
    case "update-password": {
      const parsed = widgetSchemas[intent].safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error);
      const response = await authResponse(api.resetPassword({ body: { newPassword: parsed.data.password, token: parsed.data.token }, headers, asResponse: true }));
      if (!response.ok) return failed(intent, response);
      return redirect(`${widgetPath}?updated=password`);
    }
    case "verify-otp": {
      const parsed = widgetSchemas[intent].safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error);
      const response = await api.verifyTOTP({ body: { code: parsed.data.code }, headers, asResponse: true });
      if (!response.ok) return failed(intent, response);
      const body = (await response.json()) as { user?: { id: string } };
      return signedIn(context.db, intent, response, body.user?.id);
    }
    case "oauth": {
      const parsed = widgetSchemas[intent].safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error);
      const provider = parsed.data.provider === "azure" ? "microsoft" : parsed.data.provider;
      const response = await api.signInSocial({
        body: { provider, callbackURL: returnURL, errorCallbackURL: returnURL, disableRedirect: true },
        headers,
        asResponse: true,
      });
      if (!response.ok) return failed(intent, response);
      const body = (await response.json()) as { url?: string };
      if (!body.url) return data<WidgetResult>({ intent, error: widgetMessages.signInFailed }, { status: 502 });
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
  const result = actionData;
  return (
    <SignInWidget
      view={loaderData.view}
      providers={loaderData.providers}
      token={loaderData.token}
      minPasswordLength={loaderData.minPasswordLength}
      error={result ? result.error : loaderData.error}
      errorLang={result?.errorLang}
      field={result?.field}
      notice={result ? result.notice : loaderData.notice}
      email={result?.email}
    />
  );
}
