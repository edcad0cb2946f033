import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, magicLink, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { site } from "~/content/site";
import type { Database } from "./db/client.server";
import * as schema from "./db/schema";
import { env, publicBaseUrl } from "./env.server";
import { logger } from "./logger.server";
import { enqueueEmails } from "./mail/outbox.server";
import { AuthLinkEmail } from "./mail/templates";

export const ADMIN_ROLE = "admin";
/** Sign-in attempts allowed per client address per minute before 429. */
export const SIGN_IN_ATTEMPTS_PER_MINUTE = 5;
export const CLIENT_IP_HEADER = "x-client-ip";

/** SESSION_SECRET, or (development) a secret generated once into DATA_DIR. */
function authSecret() {
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
    const clientId = process.env[id];
    const clientSecret = process.env[secret];
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

function createAuth(db: Database) {
  const base = publicBaseUrl();
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
      minPasswordLength: 10,
      sendResetPassword: ({ user, url }) =>
        sendLink(db, "auth-reset-password", "Reimposta la password", "Hai chiesto di reimpostare la password.", "Reimposta la password")({ email: user.email, url }),
    },
    emailVerification: {
      sendVerificationEmail: ({ user, url }) =>
        sendLink(db, "auth-verify-email", "Conferma il tuo indirizzo email", "Conferma il tuo indirizzo email per completare la registrazione.", "Conferma l'email")({ email: user.email, url }),
    },
    socialProviders: socialProviders(),
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: { "/sign-in/email": { window: 60, max: SIGN_IN_ATTEMPTS_PER_MINUTE } },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: base.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [
      admin({ adminRoles: [ADMIN_ROLE] }),
      twoFactor({ issuer: site.brand }),
      magicLink({
        sendMagicLink: sendLink(db, "auth-magic-link", "Il tuo link di accesso", "Ecco il link per accedere.", "Accedi"),
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Database, Auth>();

/** One better-auth instance per database handle (tests hand each file its own database). */
export function auth(db: Database): Auth {
  let instance = instances.get(db);
  if (!instance) {
    instance = createAuth(db);
    instances.set(db, instance);
  }
  return instance;
}

export async function getSession(db: Database, request: Request) {
  return auth(db).api.getSession({ headers: request.headers });
}

export type SessionInfo = NonNullable<Awaited<ReturnType<typeof getSession>>>;

/**
 * The gate of every admin loader, action and endpoint: 401 without a session, 403 without the
 * admin role. The UI gate is a convenience; this is the security.
 */
export async function requireAdmin(db: Database, request: Request): Promise<SessionInfo> {
  const session = await getSession(db, request);
  if (!session) throw Response.json({ error: "Authentication required" }, { status: 401 });
  if (session.user.role !== ADMIN_ROLE) throw Response.json({ error: "You don't have admin privileges to access this area." }, { status: 403 });
  return session;
}

/** Creates an admin, or promotes an existing user and sets the given password. */
export async function createOrPromoteAdmin(db: Database, email: string, password: string, name = "Staff") {
  const normalized = email.trim().toLowerCase();
  const instance = auth(db);
  const [existing] = await db.select().from(schema.user).where(eq(schema.user.email, normalized));
  if (!existing) {
    await instance.api.signUpEmail({ body: { email: normalized, password, name } });
  } else {
    const context = await instance.$context;
    const hash = await context.password.hash(password);
    const [account] = await db.select().from(schema.account).where(eq(schema.account.userId, existing.id));
    if (account) await db.update(schema.account).set({ password: hash }).where(eq(schema.account.id, account.id));
    else await context.internalAdapter.linkAccount({ userId: existing.id, providerId: "credential", accountId: existing.id, password: hash });
  }
  await db.update(schema.user).set({ role: ADMIN_ROLE, emailVerified: true }).where(eq(schema.user.email, normalized));
  const [row] = await db.select().from(schema.user).where(eq(schema.user.email, normalized));
  return row!;
}

/**
 * For admin page loaders, which run in parallel with the layout's gate: returns null when the
 * request is not an admin's (the layout then shows the login or Access Denied instead of the page),
 * so no admin data ever leaves the server for anyone else.
 */
export async function adminPageData<T>(db: Database, request: Request, load: (session: SessionInfo) => Promise<T>): Promise<T | null> {
  const session = await getSession(db, request);
  if (!session || session.user.role !== ADMIN_ROLE) return null;
  return load(session);
}
