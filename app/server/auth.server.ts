import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { admin, magicLink, twoFactor } from "better-auth/plugins";
import { and, eq } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { widgetPath } from "~/domain/sign-in-widget";
import { CLIENT_AREA, CLIENT_SESSION_DAYS } from "~/domain/client-area";
import { site } from "~/content/site";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/domain/password";
import type { Database } from "./db/client.server";
import * as schema from "./db/schema";
import { env, publicBaseUrl } from "./env.server";
import { hitRateLimit } from "./http/rate-limit.server";
import { logger } from "./logger.server";
import { enqueueEmails } from "./mail/outbox.server";
import { AuthLinkEmail } from "./mail/templates";
import { passwordProblem } from "./password-strength.server";
import {
  ACCOUNT_LOCKOUT_THRESHOLD,
  accountKey,
  addressKey,
  clearFailures,
  issueUnlockToken,
  lockedForSeconds,
  lockoutMessage,
  recordFailure,
  UNLOCK_LINK_MINUTES,
  unlockPath,
} from "./sign-in-lockout.server";

export const ADMIN_ROLE = "admin";
/** Sign-in attempts allowed per client address per minute before 429. */
export const SIGN_IN_ATTEMPTS_PER_MINUTE = 5;
const CLIENT_IP_HEADER = "x-client-ip";

/** SESSION_SECRET (required in production by env()), or outside production a secret generated once into DATA_DIR. */
export function authSecret() {
  const configured = env().SESSION_SECRET;
  if (configured) return configured;
  const file = path.join(env().dataDir, ".session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    logger.warn({ file }, "SESSION_SECRET not set: generated a development secret");
  }
  return fs.readFileSync(file, "utf8").trim();
}

/** OAuth providers of the spec's widget, enabled only when configured (never on the admin login). */
function socialProviders() {
  const providers: Record<string, { clientId: string; clientSecret: string }> = {};
  const pairs = [
    ["github", "GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"],
    ["google", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    ["microsoft", "AZURE_CLIENT_ID", "AZURE_CLIENT_SECRET"],
  ] as const;
  for (const [name, id, secret] of pairs) {
    const clientId = env()[id];
    const clientSecret = env()[secret];
    if (clientId && clientSecret) providers[name] = { clientId, clientSecret };
  }
  return providers;
}

export function configuredOAuthProviders() {
  return Object.keys(socialProviders()).map((name) => (name === "microsoft" ? "azure" : name));
}

function sendLink(db: Database, template: string, subject: string, intro: string, action: string) {
  return async ({ email, url }: { email: string; url: string }) => {
    await enqueueEmails(db, [{ to: email, subject, template, body: createElement(AuthLinkEmail, { intro, action, url }) }]);
  };
}

/** A magic link that returns to the client area gets that area's own words. */
function isClientAreaLink(url: string) {
  return new URL(url).searchParams.get("callbackURL")?.startsWith(CLIENT_AREA) ?? false;
}

/** Sign-in links e-mailed to one address per window, whoever asks (the area's form or better-auth's endpoint): more are not sent, and the answer stays the same. */
const SIGN_IN_LINKS_PER_ADDRESS = { limit: 3, windowSeconds: 15 * 60 };

async function mayMailSignInLink(db: Database, email: string) {
  const key = `sign-in-link:${createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22)}`;
  return hitRateLimit(db, key, SIGN_IN_LINKS_PER_ADDRESS.limit, SIGN_IN_LINKS_PER_ADDRESS.windowSeconds);
}

const clientIpOf = (headers: Headers | undefined) => headers?.get(CLIENT_IP_HEADER) ?? "unknown";

/** The account just locked for everyone: its owner gets a link that unlocks it (nothing is sent for an address without an account). */
async function mailUnlockLink(db: Database, account: string, email: string) {
  const [owner] = await db.select({ id: schema.user.id, email: schema.user.email }).from(schema.user).where(eq(schema.user.email, email.trim().toLowerCase()));
  if (!owner) return;
  const token = await issueUnlockToken(db, account, owner.id);
  await sendLink(
    db,
    "auth-unlock-account",
    "Il tuo account è stato bloccato",
    `Ci sono stati molti tentativi di accesso non riusciti al tuo account, da più indirizzi: per proteggerlo lo abbiamo bloccato per un po'. Puoi sbloccarlo subito con questo link, che vale ${UNLOCK_LINK_MINUTES} minuti e si usa una volta sola. Se non sei statə tu, ti consigliamo di cambiare la password.`,
    "Sblocca l'account",
  )({ email: owner.email, url: `${publicBaseUrl()}${unlockPath(token)}` });
}

/** Endpoints that store a new password: each is held to the password rule, whoever calls it. */
const NEW_PASSWORD_PATHS = new Set(["/sign-up/email", "/reset-password", "/change-password", "/set-password", "/admin/create-user", "/admin/set-user-password"]);
/** Sign-ins that prove only the mailbox: not enough for an account with two-factor authentication. */
const isMailboxSignIn = (path: string) => path === "/magic-link/verify" || path.startsWith("/callback/");
export const TWO_FACTOR_REQUIRED_ERROR = "TWO_FACTOR_REQUIRED";

function createAuth(db: Database, secureCookies: boolean) {
  const base = publicBaseUrl();

  const before = createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    if (NEW_PASSWORD_PATHS.has(ctx.path)) {
      const candidate = body.newPassword ?? body.password;
      if (typeof candidate === "string") {
        const problem = await passwordProblem(candidate, [body.email as string | undefined, body.name as string | undefined]);
        if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "PASSWORD_TOO_WEAK" });
      }
    }
    if (ctx.path === "/sign-in/email" && typeof body.email === "string") {
      const account = accountKey(ctx.context.secret, body.email);
      const seconds = Math.max(await lockedForSeconds(db, account), await lockedForSeconds(db, addressKey(ctx.context.secret, account, clientIpOf(ctx.headers))));
      if (seconds > 0) throw new APIError("TOO_MANY_REQUESTS", { message: lockoutMessage(seconds), code: "ACCOUNT_LOCKED" }, { "Retry-After": String(seconds) });
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    if (ctx.path === "/sign-in/email" && typeof body.email === "string") {
      const account = accountKey(ctx.context.secret, body.email);
      const fromAddress = addressKey(ctx.context.secret, account, clientIpOf(ctx.headers));
      const returned = ctx.context.returned;
      // A wrong password (or no such account: the same 401) counts for the account from this address
      // and, towards a higher limit, from anywhere; a right one, even awaiting its second factor, clears both.
      if (isAPIError(returned)) {
        if (returned.statusCode === 401) {
          await recordFailure(db, fromAddress);
          if ((await recordFailure(db, account, ACCOUNT_LOCKOUT_THRESHOLD)) === ACCOUNT_LOCKOUT_THRESHOLD) await mailUnlockLink(db, account, body.email);
        }
      } else {
        await clearFailures(db, account);
        await clearFailures(db, fromAddress);
      }
    }
    const created = ctx.context.newSession;
    if (isMailboxSignIn(ctx.path) && created?.user.twoFactorEnabled) {
      deleteSessionCookie(ctx, true);
      await ctx.context.internalAdapter.deleteSession(created.session.token);
      ctx.context.setNewSession(null);
      throw ctx.redirect(`${base}${widgetPath}?error=${TWO_FACTOR_REQUIRED_ERROR}`);
    }
  });

  return betterAuth({
    appName: site.brand,
    logger: { level: "error" },
    baseURL: base,
    basePath: "/api/auth",
    secret: authSecret(),
    trustedOrigins: [base],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // No session before the address is confirmed; and a sign-up for a taken address answers as for a new one.
      requireEmailVerification: true,
      // The answer for a taken address carries a made-up user: with every field a real new one has.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({ ...coreFields, role: "user", banned: false, ...additionalFields, id }),
      sendResetPassword: ({ user, url }) =>
        sendLink(db, "auth-reset-password", "Reimposta la password", "Hai chiesto di reimpostare la password.", "Reimposta la password")({ email: user.email, url }),
      // A reset link proves the mailbox as well as a confirmation link does; and ends every other session.
      onPasswordReset: async ({ user }) => {
        if (!user.emailVerified) await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, user.id));
      },
      revokeSessionsOnPasswordReset: true,
      onExistingUserSignUp: ({ user }) =>
        sendLink(
          db,
          "auth-existing-account",
          "Hai già un account",
          "Qualcuno, forse tu, ha chiesto di creare un account con questo indirizzo, che ne ha già uno. Se sei statə tu, accedi con la tua password oppure reimpostala dalla pagina di accesso.",
          "Accedi",
        )({ email: user.email, url: `${base}${widgetPath}` }),
    },
    emailVerification: {
      // The right password of an unconfirmed address sends a fresh link (the first may have expired).
      sendOnSignIn: true,
      sendVerificationEmail: ({ user, url }) =>
        sendLink(
          db,
          "auth-verify-email",
          "Conferma il tuo indirizzo email",
          "Conferma il tuo indirizzo email per completare la registrazione.",
          "Conferma l'email",
        )({ email: user.email, url }),
    },
    socialProviders: socialProviders(),
    // The client area's promise (issue 19); staff and therapists get the same length, see docs/decisions/056-sessions-30-days.md.
    session: { expiresIn: CLIENT_SESSION_DAYS * 86_400 },
    hooks: { before, after },
    onAPIError: {
      // The refusals of our hooks (a weak password, a locked account) are answers, not faults.
      onError: (error) => {
        if (!isAPIError(error) || error.statusCode >= 500) logger.error({ err: error }, "auth request failed");
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: { "/sign-in/email": { window: 60, max: SIGN_IN_ATTEMPTS_PER_MINUTE } },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [
      admin({ adminRoles: [ADMIN_ROLE] }),
      twoFactor({ issuer: site.brand }),
      magicLink({
        sendMagicLink: async (link) => {
          if (!(await mayMailSignInLink(db, link.email))) return;
          await (isClientAreaLink(link.url)
            ? sendLink(
                db,
                "auth-client-area-link",
                "Entra nella tua area personale",
                "Ecco il link per entrare nella tua area personale: il tuo gruppo, i prossimi incontri, le assenze e i tuoi dati. Vale 5 minuti e si usa una volta sola.",
                "Entra nell'area personale",
              )(link)
            : sendLink(db, "auth-magic-link", "Il tuo link di accesso", "Ecco il link per accedere.", "Accedi")(link));
        },
      }),
    ],
  });
}

type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Database, { plain?: Auth; secure?: Auth }>();

/**
 * Cookies are Secure (and __Secure- prefixed) when PUBLIC_URL is https or the request came over
 * HTTPS: directly, or through a trusted proxy saying so (Express's req.protocol becomes the
 * request's URL).
 */
export function usesSecureCookies(request?: Request) {
  return publicBaseUrl().startsWith("https://") || (request ? new URL(request.url).protocol === "https:" : false);
}

/**
 * One better-auth instance per database handle (tests hand each file its own database) and cookie
 * policy. Pass the request whenever cookies are read or set.
 */
export function auth(db: Database, request?: Request): Auth {
  const secure = usesSecureCookies(request);
  let pair = instances.get(db);
  if (!pair) {
    pair = {};
    instances.set(db, pair);
  }
  const slot = secure ? "secure" : "plain";
  return (pair[slot] ??= createAuth(db, secure));
}

/**
 * A better-auth call made by a page action, always as its Response. Over HTTP better-auth turns
 * the errors of our hooks (password rule, account lockout) into responses; to a server-side caller
 * it throws them instead.
 */
export async function authResponse(call: Promise<Response>): Promise<Response> {
  try {
    return await call;
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return Response.json(error.body ?? {}, { status: error.statusCode, headers: error.headers });
  }
}

export async function getSession(db: Database, request: Request) {
  return auth(db, request).api.getSession({ headers: request.headers });
}

export type SessionInfo = NonNullable<Awaited<ReturnType<typeof getSession>>>;

/** A user's role as stored now ("user", "admin", "therapist"), undefined when there is no such user. */
export async function userRole(db: Database, userId: string) {
  const [profile] = await db.select({ role: schema.user.role }).from(schema.user).where(eq(schema.user.id, userId));
  return profile?.role;
}

/** With ADMIN_REQUIRE_2FA=true, an admin without TOTP may use only the page where it is set up. */
export function needsTwoFactorEnrolment(session: SessionInfo) {
  return env().ADMIN_REQUIRE_2FA === "true" && session.user.role === ADMIN_ROLE && !session.user.twoFactorEnabled;
}

export const TWO_FACTOR_ENROLMENT_REQUIRED = "Attiva l'autenticazione a due fattori in /admin/sicurezza per usare l'area admin.";

/**
 * Creates an admin (already verified: no confirmation e-mail), or promotes an existing user; sets
 * the given password, which must pass the password rule.
 */
export async function createOrPromoteAdmin(db: Database, email: string, password: string, name = "Staff") {
  const normalized = email.trim().toLowerCase();
  const problem = await passwordProblem(password, [normalized, name]);
  if (problem) throw new Error(problem);
  const context = await auth(db).$context;
  const hash = await context.password.hash(password);
  const [existing] = await db.select().from(schema.user).where(eq(schema.user.email, normalized));
  const userId = existing?.id ?? (await context.internalAdapter.createUser({ email: normalized, name, emailVerified: true }, { method: "admin" })).id;
  const [credential] = await db
    .select()
    .from(schema.account)
    .where(and(eq(schema.account.userId, userId), eq(schema.account.providerId, "credential")));
  if (credential) await db.update(schema.account).set({ password: hash }).where(eq(schema.account.id, credential.id));
  else await context.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
  await db.update(schema.user).set({ role: ADMIN_ROLE, emailVerified: true }).where(eq(schema.user.id, userId));
  const [row] = await db.select().from(schema.user).where(eq(schema.user.id, userId));
  return row!;
}
