import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { action, loader } from "../../app/routes/accedi";
import { widgetMessages, type WidgetResult } from "../../app/domain/sign-in-widget";
import { auth } from "../../app/server/auth.server";
import { createDatabase, type Database } from "../../app/server/db/client.server";
import { emailOutbox, user } from "../../app/server/db/schema";
import { resetEnvForTests } from "../../app/server/env.server";
import { testDatabase, testDatabaseUrl } from "./database";
import { solvedChallenge, staffAndClientAccounts } from "./helpers";
import { refusal } from "./route-calls";
import { totp } from "./totp";

const origin = "http://localhost:3000";
let db: Database;

beforeAll(async () => {
  db = await testDatabase({ dataDir: "widget" });
  await staffAndClientAccounts(db, "password-dello-staff");
});

let ipCounter = 0;
/** Each call from its own client address, so the per-address rate limit stays out of the way. */
const nextIp = () => `192.0.2.${++ipCounter}`;

interface Outcome {
  status: number;
  location?: string;
  data?: WidgetResult;
  cookie: string;
}

/** A redirect Response, or React Router's data() with its status and headers, in one shape. */
function outcome(result: unknown): Outcome {
  const cookieOf = (headers: Headers) =>
    headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") ?? undefined, cookie: cookieOf(result.headers) };
  const { data, init } = result as { data: WidgetResult; init: ResponseInit | null };
  return { status: init?.status ?? 200, data, cookie: cookieOf(new Headers(init?.headers)) };
}

async function submit(fields: Record<string, string>, options: { cookie?: string; ip?: string; database?: Database; url?: string } = {}) {
  const ip = options.ip ?? nextIp();
  const request = new Request(options.url ?? `${origin}/accedi`, {
    method: "POST",
    // Sign-up carries a solved anti-spam challenge, as the widget's hidden field does in a browser.
    body: new URLSearchParams(fields.intent === "sign-up" && !("altcha" in fields) ? { ...fields, altcha: await solvedChallenge() } : fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "x-client-ip": ip,
      origin,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
  return outcome(await action({ request, params: {}, context: { db: options.database ?? db, clientIp: ip, cspNonce: "" } } as never));
}

async function load(url: string, options: { cookie?: string; database?: Database } = {}) {
  const request = new Request(new URL(url, origin), { headers: options.cookie ? { cookie: options.cookie } : {} });
  try {
    const result = await loader({ request, params: {}, context: { db: options.database ?? db, clientIp: "192.0.2.250", cspNonce: "" } } as never);
    if (result && typeof result === "object" && "init" in result) return { status: 500, page: (result as { data: Record<string, unknown> }).data };
    return { status: 200, page: result as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") ?? undefined };
    throw thrown;
  }
}

/** The link in the last e-mail of this template sent to the address. */
async function linkIn(to: string, template: string) {
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  expect(mail, `${template} e-mail to ${to}`).toBeDefined();
  const link = mail!.text.match(/https?:\/\/[^\s)\]]+/)?.[0];
  expect(link).toBeDefined();
  return new URL(link!);
}

/** Follows an e-mailed better-auth link the way the browser would, returning the redirect. */
async function follow(link: URL) {
  return outcome(await auth(db).handler(new Request(link)));
}

describe("sign-in widget: sign_in", () => {
  it("shows the server's message for a wrong password", async () => {
    const result = await submit({ intent: "sign-in", email: "staff@example.com", password: "sbagliata-1234" });
    expect(result.status).toBe(401);
    expect(refusal(result.data!).error).toBe("Invalid email or password");
    // The address typed comes back for the form; the password never does.
    expect(result.data?.result?.initialValue).toMatchObject({ email: "staff@example.com" });
    expect(result.data?.result?.initialValue).not.toHaveProperty("password");
    expect(result.cookie).toBe("");
  });

  it("loads the profile and sends an admin to /admin and anyone else to /, with the session cookie", async () => {
    const admin = await submit({ intent: "sign-in", email: "staff@example.com", password: "password-dello-staff" });
    expect(admin.status).toBe(302);
    expect(admin.location).toBe("/admin");
    expect(admin.cookie).toContain("session_token");

    const member = await submit({ intent: "sign-in", email: "utente@example.com", password: "password-utente-1" });
    expect(member.location).toBe("/");
    expect(member.cookie).toContain("session_token");

    // Back on /accedi with the session: routed by role again.
    expect(await load("/accedi", { cookie: admin.cookie })).toMatchObject({ status: 302, location: "/admin" });
    expect(await load("/accedi?view=sign_up", { cookie: member.cookie })).toMatchObject({ status: 302, location: "/" });
  });

  it("shows 'Failed to fetch profile information' when the profile cannot be read", async () => {
    // The same database, except that reading a role fails (better-auth's own reads still work).
    const broken = new Proxy(db, {
      get(target, property) {
        if (property !== "select") return Reflect.get(target, property, target);
        return (fields?: Record<string, unknown>) => {
          if (fields && "role" in fields) throw new Error("profiles unavailable");
          return target.select(fields as never);
        };
      },
    });
    const result = await submit({ intent: "sign-in", email: "utente@example.com", password: "password-utente-1" }, { database: broken });
    expect(result.status).toBe(500);
    expect(refusal(result.data!).error).toBe("Failed to fetch profile information");
    expect(result.cookie).toContain("session_token");
    expect((await load("/accedi", { cookie: result.cookie, database: broken })).page).toMatchObject({ error: "Failed to fetch profile information" });
  });

  it("answers 429 after five attempts a minute from one address, not from another", async () => {
    // A different account each time: one account's own failures would lock it out (accounts.test.ts).
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await submit({ intent: "sign-in", email: `bersaglio-${attempt}@example.com`, password: `sbagliata-${attempt}` }, { ip: "203.0.113.7" })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const other = await submit({ intent: "sign-in", email: "staff@example.com", password: "password-dello-staff" }, { ip: "203.0.113.8" });
    expect(other.location).toBe("/admin");
  });

  it("requires both fields and refuses an unknown intent", async () => {
    const empty = await submit({ intent: "sign-in", email: "", password: "x" });
    expect(empty.status).toBe(400);
    expect(refusal(empty.data!).fieldErrors).toEqual({ email: widgetMessages.emailRequired });
    expect((await submit({ intent: "drop-tables" })).status).toBe(400);
  });
});

describe("sign-in widget: sign_up", () => {
  it("creates the account without a session and queues a verification e-mail whose link confirms the address", async () => {
    const result = await submit({ intent: "sign-up", email: "nuova@example.com", password: "password-nuova-1", name: "Nuova" });
    // The spec: a user returned without a session means e-mail confirmation is needed.
    expect(result).toMatchObject({ status: 200, data: { notice: widgetMessages.confirmationSent }, cookie: "" });
    const link = await linkIn("nuova@example.com", "auth-verify-email");
    expect(link.pathname).toBe("/api/auth/verify-email");
    expect(link.searchParams.get("callbackURL")).toBe("/accedi");

    const [before] = await db.select().from(user).where(eq(user.email, "nuova@example.com"));
    expect(before?.emailVerified).toBe(false);
    const confirmed = await follow(link);
    expect(confirmed.status).toBe(302);
    expect(new URL(confirmed.location!, origin).pathname).toBe("/accedi");
    const [after] = await db.select().from(user).where(eq(user.email, "nuova@example.com"));
    expect(after?.emailVerified).toBe(true);
  });

  it("answers a registered address as a new one, and shows the server's Italian message for a short password", async () => {
    const taken = await submit({ intent: "sign-up", email: "utente@example.com", password: "password-utente-2" });
    expect(taken).toMatchObject({ status: 200, data: { notice: widgetMessages.confirmationSent } });
    const short = await submit({ intent: "sign-up", email: "corta@example.com", password: "corta" });
    expect(short.status).toBe(400);
    expect(refusal(short.data!).fieldErrors).toEqual({ password: "La password deve avere almeno 12 caratteri." });
    expect(short.data?.errorLang).toBe("it");
  });
});

describe("sign-in widget: forgotten_password and update_password", () => {
  it("e-mails a reset link that leads to update_password, where the token sets the new password", async () => {
    await auth(db).api.signUpEmail({ body: { email: "reset@example.com", password: "vecchia-password-1", name: "Reset" } });
    const requested = await submit({ intent: "forgotten-password", email: "reset@example.com" });
    expect(requested).toMatchObject({ status: 200, data: { notice: widgetMessages.resetLinkSent } });

    const link = await linkIn("reset@example.com", "auth-reset-password");
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\//);
    const landed = await follow(link);
    expect(landed.status).toBe(302);
    const target = new URL(landed.location!, origin);
    expect(target.pathname).toBe("/accedi");
    expect(target.searchParams.get("view")).toBe("update_password");
    const token = target.searchParams.get("token");
    expect(token).toBeTruthy();

    const page = await load(`${target.pathname}${target.search}`);
    expect(page.page).toMatchObject({ view: "update_password", token });

    const updated = await submit({ intent: "update-password", password: "nuova-password-1", token: token! }, { url: target.href });
    expect(updated.status).toBe(302);
    expect(updated.location).toBe("/accedi?updated=password");
    // The spec's user-updated event: back to sign_in with the confirmation.
    expect((await load(updated.location!)).page).toMatchObject({ view: "sign_in", notice: widgetMessages.passwordUpdated });

    const old = await submit({ intent: "sign-in", email: "reset@example.com", password: "vecchia-password-1" });
    expect(old.status).toBe(401);
    const fresh = await submit({ intent: "sign-in", email: "reset@example.com", password: "nuova-password-1" });
    expect(fresh.location).toBe("/");

    // A token works once.
    const again = await submit({ intent: "update-password", password: "terza-password-1", token: token! });
    expect(again.status).toBe(400);
    expect(refusal(again.data!).error).toBe("Invalid token");
  });

  it("shows the server's message when a reset link is no longer valid", async () => {
    const expired = await follow(new URL(`${origin}/api/auth/reset-password/non-esiste?callbackURL=${encodeURIComponent("/accedi?view=update_password")}`));
    const target = new URL(expired.location!, origin);
    expect(target.searchParams.get("error")).toBe("INVALID_TOKEN");
    expect((await load(`${target.pathname}${target.search}`)).page).toMatchObject({ view: "update_password", error: "Invalid token" });
    // A crafted link cannot put its own words in the danger box.
    const crafted = await load(`/accedi?error=${encodeURIComponent("Account locked: call +39 333 0000000")}&error_description=Call+us`);
    expect(crafted.page).toMatchObject({ error: widgetMessages.signInFailed });
  });
});

describe("sign-in widget: magic_link", () => {
  it("shows the localized message for an empty e-mail", async () => {
    const result = await submit({ intent: "magic-link", email: "  " });
    expect(result.status).toBe(400);
    expect(refusal(result.data!).fieldErrors).toEqual({ email: "Inserisci il tuo indirizzo email" });
  });

  it("e-mails a magic link that signs the user in and lands by role", async () => {
    const sent = await submit({ intent: "magic-link", email: "staff@example.com" });
    expect(sent).toMatchObject({ status: 200, data: { notice: widgetMessages.magicLinkSent } });
    const signedIn = await follow(await linkIn("staff@example.com", "auth-magic-link"));
    expect(signedIn.status).toBe(302);
    expect(new URL(signedIn.location!, origin).pathname).toBe("/accedi");
    expect(signedIn.cookie).toContain("session_token");
    expect(await load("/accedi", { cookie: signedIn.cookie })).toMatchObject({ status: 302, location: "/admin" });
  });
});

describe("sign-in widget: verify_otp", () => {
  it("asks for the TOTP code after a password sign-in of a user with two-factor, then signs in", async () => {
    const api = auth(db).api;
    await api.signUpEmail({ body: { email: "totp@example.com", password: "password-totp-1", name: "Totp" } });
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, "totp@example.com"));
    const session = await api.signInEmail({ body: { email: "totp@example.com", password: "password-totp-1" }, asResponse: true });
    const cookie = outcome(session).cookie;
    const { totpURI } = (await api.enableTwoFactor({ body: { password: "password-totp-1" }, headers: new Headers({ cookie }) })) as { totpURI: string };
    const secret = new URL(totpURI).searchParams.get("secret")!;
    await api.verifyTOTP({ body: { code: totp(secret) }, headers: new Headers({ cookie }) });

    const first = await submit({ intent: "sign-in", email: "totp@example.com", password: "password-totp-1" });
    expect(first.status).toBe(302);
    expect(first.location).toBe("/accedi?view=verify_otp");
    expect(first.cookie).toContain("two_factor");
    expect(first.cookie).not.toMatch(/session_token=[^;]/);
    expect((await load(first.location!)).page).toMatchObject({ view: "verify_otp" });

    const malformed = await submit({ intent: "verify-otp", code: "12ab" }, { cookie: first.cookie });
    expect(malformed.status).toBe(400);
    expect(refusal(malformed.data!).fieldErrors).toEqual({ code: widgetMessages.codeRequired });
    const wrong = await submit({ intent: "verify-otp", code: totp(secret) === "000000" ? "111111" : "000000" }, { cookie: first.cookie });
    expect(wrong.status).toBe(401);
    expect(refusal(wrong.data!).fieldErrors).toEqual({ code: "Invalid code" });

    const verified = await submit({ intent: "verify-otp", code: totp(secret) }, { cookie: first.cookie });
    expect(verified.status).toBe(302);
    expect(verified.location).toBe("/");
    expect(verified.cookie).toContain("session_token");
  });
});

describe("sign-in widget: OAuth", () => {
  const keys = ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"] as const;
  let configured: Database | undefined;
  afterAll(async () => {
    for (const key of keys) delete process.env[key];
    resetEnvForTests();
    await configured?.$client.end();
  });

  it("offers no provider by default and refuses one that is not configured", async () => {
    expect((await load("/accedi")).page).toMatchObject({ providers: [] });
    const refused = await submit({ intent: "oauth", provider: "github" });
    expect(refused.status).toBe(404);
    expect(refusal(refused.data!).error).toBe("Provider not found");
  });

  it("offers a configured provider and sends the browser to its authorization page with the state cookie", async () => {
    process.env.GITHUB_CLIENT_ID = "client-id-di-prova";
    process.env.GITHUB_CLIENT_SECRET = "client-secret-di-prova";
    resetEnvForTests();
    // A second handle on the same database: better-auth reads the providers when its instance is made.
    configured = createDatabase(testDatabaseUrl(), 2);
    expect((await load("/accedi", { database: configured })).page).toMatchObject({ providers: ["github"] });
    const result = await submit({ intent: "oauth", provider: "github" }, { database: configured });
    expect(result.status).toBe(302);
    const target = new URL(result.location!);
    expect(target.origin).toBe("https://github.com");
    expect(target.searchParams.get("client_id")).toBe("client-id-di-prova");
    expect(target.searchParams.get("redirect_uri")).toBe(`${origin}/api/auth/callback/github`);
    expect(result.cookie).toContain("state");
  });
});
