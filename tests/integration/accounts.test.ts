import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { action as accediAction, loader as accediLoader } from "../../app/routes/accedi";
import { loader as contactsLoader } from "../../app/routes/admin/contacts";
import { action as layoutAction, loader as layoutLoader } from "../../app/routes/admin/layout";
import { action as privacyAction } from "../../app/routes/admin/privacy";
import { action as securityAction, loader as securityLoader } from "../../app/routes/admin/security";
import { widgetMessages, type WidgetResult } from "../../app/domain/sign-in-widget";
import { newsletterMessages } from "../../app/domain/newsletter-messages";
import { MIN_PASSWORD_LENGTH, passwordMessages } from "../../app/domain/password";
import { auth, createOrPromoteAdmin, TWO_FACTOR_ENROLMENT_REQUIRED } from "../../app/server/auth.server";
import type { Database } from "../../app/server/db/client.server";
import { auditLog, emailOutbox, newsletterSubscribers, signInLockouts, user } from "../../app/server/db/schema";
import { action as unlockAction } from "../../app/routes/accedi-sblocca";
import { resetEnvForTests } from "../../app/server/env.server";
import { subscribe } from "../../app/server/services/newsletter.server";
import { ACCOUNT_LOCKOUT_THRESHOLD, accountKey, addressKey, lockoutMessage, LOCKOUT_MAX_SECONDS } from "../../app/server/sign-in-lockout.server";
import { testDatabase } from "./database";
import { solvedChallenge, rowsWhere } from "./helpers";
import { refusal } from "./route-calls";
import { totp } from "./totp";
import { requireAdmin } from "../../app/server/gates.server";

/** The account rules of issue 14: confirmed sign-ups, no enumeration, strong passwords, lockout, TOTP, Secure cookies. */

const origin = "http://localhost:3000";
const STAFF = { email: "staff@example.com", password: "password-dello-staff" };
const MEMBER = { email: "socia@example.com", password: "lampada-ciliegia-vento" };
const STRONG = "cavallo-batteria-graffetta";
let db: Database;

let address = 0;
/** Each request from its own client address: the per-address limits stay out of the way of the per-account ones. */
const nextIp = () => `198.18.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-accounts-"));
  resetEnvForTests();
  db = await testDatabase();
  await createOrPromoteAdmin(db, STAFF.email, STAFF.password);
  await auth(db).api.signUpEmail({ body: { ...MEMBER, name: "Socia" } });
  await db.update(user).set({ emailVerified: true }).where(eq(user.email, MEMBER.email));
});

interface Outcome {
  status: number;
  location?: string;
  data?: WidgetResult & Record<string, unknown>;
  cookie: string;
  setCookies: string[];
}

/** A redirect Response, or React Router's data() / a plain object, in one shape. */
function outcome(result: unknown): Outcome {
  const cookieOf = (headers: Headers) => ({
    setCookies: headers.getSetCookie(),
    cookie: headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; "),
  });
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") ?? undefined, ...cookieOf(result.headers) };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: Outcome["data"]; init: ResponseInit | null };
    return { status: init?.status ?? 200, data, ...cookieOf(new Headers(init?.headers)) };
  }
  return { status: 200, data: result as Outcome["data"], cookie: "", setCookies: [] };
}

/** A form post; `clientIp` is the address the server stamps on the request (x-client-ip), which better-auth's hooks see. */
function post(url: string, fields: Record<string, string>, cookie?: string, clientIp = "203.0.113.1") {
  return new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", origin: new URL(url).origin, "x-client-ip": clientIp, ...(cookie ? { cookie } : {}) },
  });
}

const context = (ip = nextIp()) => ({ db, clientIp: ip, cspNonce: "" });
type Handler = (args: never) => unknown;
const run = async (handler: Handler, request: Request) => {
  try {
    return await (handler as (args: unknown) => Promise<unknown>)({ request, params: {}, context: context() });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
};

/** The sign-in widget at /accedi; a sign-up carries a solved anti-spam challenge, as the widget's hidden field does. */
async function widget(fields: Record<string, string>, cookie?: string, clientIp?: string) {
  const sent = fields.intent === "sign-up" ? { ...fields, altcha: await solvedChallenge() } : fields;
  return outcome(await run(accediAction, post(`${origin}/accedi`, sent, cookie, clientIp)));
}
/** The Admin Login form at /admin. */
const adminForm = async (fields: Record<string, string>, cookie?: string, base = origin) => outcome(await run(layoutAction, post(`${base}/admin`, fields, cookie)));
const adminSignIn = (email: string, password: string, base?: string) => adminForm({ intent: "sign-in", email, password }, undefined, base);
const security = async (fields: Record<string, string>, cookie: string) => outcome(await run(securityAction, post(`${origin}/admin/sicurezza`, fields, cookie)));
const page = (handler: Handler, pathname: string, cookie?: string, base = origin) => run(handler, new Request(`${base}${pathname}`, { headers: cookie ? { cookie } : {} }));

/** better-auth's own HTTP endpoints, as a browser or a script would call them. */
async function authApi(pathname: string, body: unknown, cookie?: string, clientIp = nextIp()) {
  const response = await auth(db).handler(
    new Request(`${origin}/api/auth${pathname}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", origin, "x-client-ip": clientIp, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

async function mailsTo(to: string, template: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.createdAt));
}

async function linkIn(to: string, template: string) {
  const [mail] = await mailsTo(to, template);
  expect(mail, `${template} e-mail to ${to}`).toBeDefined();
  return new URL(mail!.text.match(/https?:\/\/[^\s)\]]+/)![0]);
}

const follow = async (link: URL) => outcome(await auth(db).handler(new Request(link)));

/** The lockout row of an account tried from the forms' default address. */
async function lockoutKey(email: string) {
  const { secret } = await auth(db).$context;
  return addressKey(secret, accountKey(secret, email), "203.0.113.1");
}

describe("sign-up: a confirmed address before any session", () => {
  it("answers 'check your e-mail' with no session; the right password is refused until the link is followed", async () => {
    const email = "nuova@example.com";
    const signedUp = await widget({ intent: "sign-up", email, password: STRONG, name: "Nuova" });
    expect(signedUp).toMatchObject({ status: 200, data: { notice: widgetMessages.confirmationSent }, cookie: "" });
    const [created] = await db.select().from(user).where(eq(user.email, email));
    expect(created?.emailVerified).toBe(false);

    const early = await widget({ intent: "sign-in", email, password: STRONG });
    expect(early.status).toBe(403);
    expect(refusal(early.data!).error).toBe(widgetMessages.emailNotVerified);
    expect(early.cookie).not.toMatch(/session_token=[^;]/);
    // The right password of an unconfirmed address sends a fresh link.
    expect(await mailsTo(email, "auth-verify-email")).toHaveLength(2);

    const confirmed = await follow(await linkIn(email, "auth-verify-email"));
    expect(new URL(confirmed.location!, origin).pathname).toBe("/accedi");
    const [after] = await db.select().from(user).where(eq(user.email, email));
    expect(after?.emailVerified).toBe(true);
    const signedIn = await widget({ intent: "sign-in", email, password: STRONG });
    expect(signedIn).toMatchObject({ status: 302, location: "/" });
    expect(signedIn.cookie).toMatch(/session_token=[^;]/);
  });

  it("gives no session through better-auth's own endpoint either", async () => {
    const result = await authApi("/sign-up/email", { email: "api@example.com", password: STRONG, name: "Api" });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ token: null, user: { email: "api@example.com", emailVerified: false } });
    expect(result.headers.getSetCookie().filter((cookie) => /session_token=[^;]/.test(cookie))).toEqual([]);
  });
});

describe("the same answer whether an address has an account or not", () => {
  it("sign-up: a taken address (the admin's too) answers as a new one, and its owner gets a note instead of a link", async () => {
    const fresh = await widget({ intent: "sign-up", email: "libera@example.com", password: STRONG, name: "X" });
    const taken = await widget({ intent: "sign-up", email: STAFF.email, password: STRONG, name: "X" });
    const member = await widget({ intent: "sign-up", email: MEMBER.email, password: STRONG, name: "X" });
    expect(taken).toEqual(fresh);
    expect(member).toEqual(fresh);

    expect(await mailsTo("libera@example.com", "auth-verify-email")).toHaveLength(1);
    expect(await mailsTo(STAFF.email, "auth-verify-email")).toHaveLength(0);
    const [note] = await mailsTo(STAFF.email, "auth-existing-account");
    expect(note?.subject).toBe("Hai già un account");
    // Nothing changed for the owner: the old password still signs in.
    expect((await adminSignIn(STAFF.email, STAFF.password)).location).toBe("/admin");
  });

  it("sign-up through better-auth's endpoint: the same status and the same body, but for the generated values", async () => {
    const shape = (body: Record<string, unknown> | null) => {
      const { id, createdAt, updatedAt, email, ...rest } = (body?.user ?? {}) as Record<string, unknown>;
      return { token: body?.token, user: { ...rest, id: typeof id, createdAt: typeof createdAt, updatedAt: typeof updatedAt, email: typeof email } };
    };
    const fresh = await authApi("/sign-up/email", { email: "altra-libera@example.com", password: STRONG, name: "X" });
    const taken = await authApi("/sign-up/email", { email: STAFF.email, password: STRONG, name: "X" });
    expect(taken.status).toBe(fresh.status);
    expect(shape(taken.body)).toEqual(shape(fresh.body));
    expect(JSON.stringify(taken.body)).not.toMatch(/exist/i);
  });

  it("forgotten password and magic link: identical answers for a registered and an unknown address", async () => {
    for (const intent of ["forgotten-password", "magic-link"]) {
      const known = await widget({ intent, email: MEMBER.email });
      const unknown = await widget({ intent, email: "nessuno@example.com" });
      expect(known.status, intent).toBe(200);
      expect(unknown, intent).toEqual(known);
    }
    for (const pathname of ["/request-password-reset", "/sign-in/magic-link"]) {
      const known = await authApi(pathname, { email: MEMBER.email, redirectTo: "/accedi", callbackURL: "/accedi" });
      const unknown = await authApi(pathname, { email: "nessuno@example.com", redirectTo: "/accedi", callbackURL: "/accedi" });
      expect(known.status, pathname).toBe(200);
      expect({ status: unknown.status, body: unknown.body }, pathname).toEqual({ status: known.status, body: known.body });
    }
  });

  it("newsletter: an address already confirmed gets the same answer as a new one", async () => {
    await db.insert(newsletterSubscribers).values({ email: "iscritta@example.com", status: "confirmed", confirmToken: "c1", unsubscribeToken: "u1" });
    const confirmed = await db.transaction((tx) => subscribe(tx, "iscritta@example.com"));
    const fresh = await db.transaction((tx) => subscribe(tx, "nuova-lettrice@example.com"));
    expect(confirmed.message).toBe(fresh.message);
    expect(fresh.message).toBe(newsletterMessages.subscribed);
  });
});

describe("password strength", () => {
  it("refuses 'aaaaaaaaaa' and 'password1234' at sign-up with an Italian message, and creates nothing", async () => {
    const short = await widget({ intent: "sign-up", email: "debole@example.com", password: "aaaaaaaaaa" });
    expect(short).toMatchObject({ status: 400, data: { errorLang: "it" } });
    expect(refusal(short.data!).fieldErrors).toEqual({ password: passwordMessages.tooShort });
    expect(passwordMessages.tooShort).toContain(String(MIN_PASSWORD_LENGTH));
    const common = await widget({ intent: "sign-up", email: "debole@example.com", password: "password1234" });
    expect(common).toMatchObject({ status: 400, data: { errorLang: "it" } });
    expect(Object.keys(refusal(common.data!).fieldErrors)).toEqual(["password"]);
    expect(refusal(common.data!).fieldErrors.password).toMatch(new RegExp(`^${passwordMessages.tooWeak}.*${passwordMessages.advice}$`));
    const [weakUsers] = await db.select({ value: count() }).from(user).where(eq(user.email, "debole@example.com"));
    expect(weakUsers?.value).toBe(0);

    const api = await authApi("/sign-up/email", { email: "debole@example.com", password: "password1234", name: "X" });
    expect(api).toMatchObject({ status: 400, body: { code: "PASSWORD_TOO_WEAK" } });
  });

  it("refuses a weak new password on reset, then accepts a strong one with the same link", async () => {
    await widget({ intent: "forgotten-password", email: MEMBER.email });
    const landed = await follow(await linkIn(MEMBER.email, "auth-reset-password"));
    const token = new URL(landed.location!, origin).searchParams.get("token")!;
    const weak = await widget({ intent: "update-password", password: "password1234", token });
    expect(weak).toMatchObject({ status: 400, data: { errorLang: "it" } });
    expect(Object.keys(refusal(weak.data!).fieldErrors)).toEqual(["password"]);
    expect(refusal(weak.data!).fieldErrors.password).toMatch(new RegExp(`^${passwordMessages.tooWeak}`));
    const strong = await widget({ intent: "update-password", password: MEMBER.password, token });
    expect(strong).toMatchObject({ status: 302, location: "/accedi?updated=password" });
  });

  it("refuses a weak password when a signed-in user changes it", async () => {
    const signedIn = await widget({ intent: "sign-in", ...MEMBER });
    const changed = await authApi("/change-password", { currentPassword: MEMBER.password, newPassword: "aaaaaaaaaaaa" }, signedIn.cookie);
    expect(changed).toMatchObject({ status: 400, body: { code: "PASSWORD_TOO_WEAK" } });
  });

  it("refuses a weak admin password in admin:create and createOrPromoteAdmin", async () => {
    await expect(createOrPromoteAdmin(db, "capo@example.com", "password1234")).rejects.toThrow(passwordMessages.tooWeak);
    const script = spawnSync("npx", ["tsx", "--tsconfig", "tsconfig.json", "scripts/admin-create.ts", "--email", "capo@example.com", "--password", "aaaaaaaaaa"], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" },
    });
    expect(script.status).toBe(2);
    expect(script.stderr).toContain(passwordMessages.tooShort);
    const [created] = await db.select({ value: count() }).from(user).where(eq(user.email, "capo@example.com"));
    expect(created?.value).toBe(0);
  });
});

describe("per-account lockout", () => {
  const account = { email: "bersaglio@example.com", password: "finestra-limone-tamburo" };

  beforeAll(async () => {
    await createOrPromoteAdmin(db, account.email, account.password);
    await db.update(user).set({ role: "user" }).where(eq(user.email, account.email));
  });

  /** Moves the account's lock into the past, as if the wait were over. */
  async function waitOut(email: string) {
    await db
      .update(signInLockouts)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(signInLockouts.accountKey, await lockoutKey(email)));
  }

  async function lockedSeconds(email: string) {
    const [row] = await db
      .select({ seconds: sql<number>`ceil(extract(epoch from ${signInLockouts.lockedUntil} - now()))::int` })
      .from(signInLockouts)
      .where(eq(signInLockouts.accountKey, await lockoutKey(email)));
    return Number(row?.seconds ?? 0);
  }

  it("refuses the address for a minute after 5 failures, even with the right password, on every sign-in form", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await widget({ intent: "sign-in", email: account.email, password: `sbagliata-${attempt}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await widget({ intent: "sign-in", ...account });
    expect(locked).toMatchObject({ status: 429, data: { errorLang: "it" } });
    expect(refusal(locked.data!).error).toBe(lockoutMessage(60));
    expect(refusal(locked.data!).error).toBe("Troppi tentativi di accesso non riusciti per questo account. Riprova tra 1 minuto.");
    expect(locked.cookie).toBe("");
    // The Admin Login form and better-auth's endpoint say the same.
    expect(await adminSignIn(account.email, account.password)).toMatchObject({ status: 429, data: { error: lockoutMessage(60) } });
    const api = await authApi("/sign-in/email", account, undefined, "203.0.113.1");
    expect(api).toMatchObject({ status: 429, body: { code: "ACCOUNT_LOCKED", message: lockoutMessage(60) } });
    expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(50);
  });

  it("doubles the wait with each failure after a lock, up to an hour; the right password then clears it", async () => {
    await waitOut(account.email);
    expect((await widget({ intent: "sign-in", email: account.email, password: "ancora-sbagliata" })).status).toBe(401);
    expect(await lockedSeconds(account.email)).toBeGreaterThan(110);
    expect(refusal((await widget({ intent: "sign-in", ...account })).data!).error).toBe(lockoutMessage(120));

    await waitOut(account.email);
    await widget({ intent: "sign-in", email: account.email, password: "ancora-sbagliata" });
    expect(await lockedSeconds(account.email)).toBeGreaterThan(230);

    await db
      .update(signInLockouts)
      .set({ failures: 40, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(signInLockouts.accountKey, await lockoutKey(account.email)));
    await widget({ intent: "sign-in", email: account.email, password: "ancora-sbagliata" });
    const capped = await lockedSeconds(account.email);
    expect(capped).toBeGreaterThan(LOCKOUT_MAX_SECONDS - 10);
    expect(capped).toBeLessThanOrEqual(LOCKOUT_MAX_SECONDS);
    expect(refusal((await widget({ intent: "sign-in", ...account })).data!).error).toBe(lockoutMessage(LOCKOUT_MAX_SECONDS));

    await waitOut(account.email);
    expect((await widget({ intent: "sign-in", ...account })).status).toBe(302);
    expect(
      await db
        .select()
        .from(signInLockouts)
        .where(eq(signInLockouts.accountKey, await lockoutKey(account.email))),
    ).toEqual([]);
  });

  it("lets the owner sign in from another address while one address is locked out", async () => {
    const owner = { email: "proprietaria@example.com", password: "gabbiano-ruota-inverno" };
    await createOrPromoteAdmin(db, owner.email, owner.password);
    for (let attempt = 0; attempt < 5; attempt++) await widget({ intent: "sign-in", email: owner.email, password: `sbagliata-${attempt}` }, undefined, "192.0.2.66");
    expect((await widget({ intent: "sign-in", ...owner }, undefined, "192.0.2.66")).status).toBe(429);
    expect(await adminSignIn(owner.email, owner.password)).toMatchObject({ status: 302 });
    expect((await authApi("/sign-in/email", owner, undefined, "192.0.2.67")).status).toBe(200);
  });

  it("locks the account everywhere after 50 failures from many addresses, and e-mails its owner a link that unlocks it once", async () => {
    const owner = { email: "assediata@example.com", password: "tulipano-scala-orologio" };
    await createOrPromoteAdmin(db, owner.email, owner.password);
    // Forty failures from eight addresses earlier today (as the table counts them), then ten more from two others.
    const { secret } = await auth(db).$context;
    await db.insert(signInLockouts).values({ accountKey: accountKey(secret, owner.email), failures: ACCOUNT_LOCKOUT_THRESHOLD - 10, lastFailureAt: new Date() });
    for (let attempt = 0; attempt < 10; attempt++) {
      const status = (await authApi("/sign-in/email", { email: owner.email, password: `sbagliata-${attempt}` }, undefined, `192.0.2.${100 + Math.floor(attempt / 5)}`)).status;
      expect(status).toBe(401);
    }
    expect(await adminSignIn(owner.email, owner.password)).toMatchObject({ status: 429 });
    expect((await authApi("/sign-in/email", owner, undefined, "192.0.2.200")).status).toBe(429);

    const mails = await mailsTo(owner.email, "auth-unlock-account");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Il tuo account è stato bloccato");
    const link = await linkIn(owner.email, "auth-unlock-account");
    const [stored] = await db
      .select()
      .from(signInLockouts)
      .where(eq(signInLockouts.accountKey, accountKey((await auth(db).$context).secret, owner.email)));
    expect(stored!.unlockTokenHash).toBeTruthy();
    expect(link.pathname).not.toContain(stored!.unlockTokenHash!);

    const token = link.pathname.split("/").at(-1)!;
    const unlockOnce = async () =>
      outcome(await (unlockAction as (args: unknown) => Promise<unknown>)({ request: new Request(link, { method: "POST" }), params: { token }, context: context("192.0.2.200") }));
    expect(await unlockOnce()).toMatchObject({ status: 200, data: { ok: true } });
    expect(await adminSignIn(owner.email, owner.password)).toMatchObject({ status: 302 });
    expect(await unlockOnce()).toMatchObject({ status: 404, data: { ok: false } });
    const [owned] = await db.select().from(user).where(eq(user.email, owner.email));
    const audited = await rowsWhere(db, auditLog, { action: "unlock", entityId: owned!.id });
    expect(audited).toHaveLength(1);
  });

  it("answers an address without an account exactly as one with an account", async () => {
    const ghost = "fantasma@example.com";
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++) answers.push(await widget({ intent: "sign-in", email: ghost, password: `sbagliata-${attempt}` }));
    expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
    expect(refusal(answers[0]!.data!).error).toBe("Invalid email or password");
    expect(answers[5]).toMatchObject({ status: 429, data: { errorLang: "it" } });
    expect(refusal(answers[5]!.data!).error).toBe(lockoutMessage(60));
    // The table holds a keyed hash, never the address.
    const rows = await db.select().from(signInLockouts);
    expect(JSON.stringify(rows)).not.toContain("example.com");
  });
});

describe("two-factor authentication for staff (/admin/sicurezza)", () => {
  it("enrols with the password and a code from the QR's secret, asks for the code at sign-in, and is removed with the password", async () => {
    const staff = { email: "totp-staff@example.com", password: "ombrello-giraffa-pianoforte" };
    await createOrPromoteAdmin(db, staff.email, staff.password);
    let cookie = (await adminSignIn(staff.email, staff.password)).cookie;
    expect(await page(securityLoader, "/admin/sicurezza", cookie)).toEqual({ enabled: false, required: false, pending: null });

    expect(await security({ intent: "enable", password: "non-la-mia-password" }, cookie)).toMatchObject({
      status: 400,
      data: { ok: false, message: "Password non corretta." },
    });
    const enabled = await security({ intent: "enable", password: staff.password }, cookie);
    expect(enabled).toMatchObject({ status: 200, data: { ok: true } });
    const backupCodes = enabled.data?.backupCodes as string[];
    expect(backupCodes).toHaveLength(10);

    // The page (reloaded) shows the QR of the secret waiting for its first code.
    const pending = ((await page(securityLoader, "/admin/sicurezza", cookie)) as { pending: { uri: string; secret: string; qr: { size: number; path: string } } }).pending;
    const uri = new URL(pending.uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(pending.secret);
    expect(uri.searchParams.get("issuer")).toBe("Insieme");
    expect(decodeURIComponent(uri.pathname)).toContain(staff.email);
    expect(pending.qr.size).toBeGreaterThanOrEqual(21);
    expect(pending.qr.path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);

    const wrongCode = totp(pending.secret) === "000000" ? "111111" : "000000";
    expect(await security({ intent: "verify", code: wrongCode }, cookie)).toMatchObject({ status: 401, data: { ok: false } });
    expect(await security({ intent: "verify", code: "12ab" }, cookie)).toMatchObject({ status: 400 });
    const verified = await security({ intent: "verify", code: totp(pending.secret) }, cookie);
    expect(verified).toMatchObject({ status: 200, data: { ok: true, message: "Autenticazione a due fattori attiva." } });
    expect(verified.cookie).toMatch(/session_token=[^;]/);
    cookie = verified.cookie;
    expect(await page(securityLoader, "/admin/sicurezza", cookie)).toEqual({ enabled: true, required: false, pending: null });

    // The next sign-in asks for the second factor; a backup code works once.
    const first = await adminSignIn(staff.email, staff.password);
    expect(first).toMatchObject({ status: 200, data: { twoFactor: true } });
    expect(first.cookie).not.toMatch(/session_token=[^;]/);
    const second = await adminForm({ intent: "verify-otp", code: backupCodes[0]! }, first.cookie);
    expect(second).toMatchObject({ status: 302, location: "/admin" });
    expect(second.cookie).toMatch(/session_token=[^;]/);

    // A magic link proves only the mailbox: not enough for this account.
    await widget({ intent: "magic-link", email: staff.email });
    const viaMail = await follow(await linkIn(staff.email, "auth-magic-link"));
    const target = new URL(viaMail.location!, origin);
    expect(target.pathname).toBe("/accedi");
    expect(target.searchParams.get("error")).toBe("TWO_FACTOR_REQUIRED");
    expect(viaMail.setCookies.filter((value) => /session_token=[^;]/.test(value) && !/Max-Age=0/i.test(value))).toEqual([]);
    expect(await run(accediLoader, new Request(target))).toMatchObject({ error: widgetMessages.twoFactorRequired });

    expect(await security({ intent: "disable", password: "non-la-mia-password" }, cookie)).toMatchObject({ status: 400, data: { ok: false } });
    const disabled = await security({ intent: "disable", password: staff.password }, cookie);
    expect(disabled).toMatchObject({ status: 200, data: { ok: true } });
    expect(await page(securityLoader, "/admin/sicurezza", disabled.cookie)).toEqual({ enabled: false, required: false, pending: null });
    expect((await adminSignIn(staff.email, staff.password)).location).toBe("/admin");
  });

  describe("with ADMIN_REQUIRE_2FA=true", () => {
    beforeAll(() => {
      process.env.ADMIN_REQUIRE_2FA = "true";
      resetEnvForTests();
    });
    afterAll(() => {
      delete process.env.ADMIN_REQUIRE_2FA;
      resetEnvForTests();
    });

    it("sends an admin without TOTP to the enrolment page and serves nothing else until it is set up", async () => {
      const staff = { email: "nuovo-staff@example.com", password: "quaderno-arancia-vulcano" };
      await createOrPromoteAdmin(db, staff.email, staff.password);
      const cookie = (await adminSignIn(staff.email, staff.password)).cookie;

      const gate = (await page(layoutLoader, "/admin/questionari", cookie)) as Response;
      expect(gate.headers.get("Location")).toBe("/admin/sicurezza");
      expect(await page(layoutLoader, "/admin/sicurezza", cookie)).toMatchObject({ view: "admin", enrolmentRequired: true });
      expect(((await page(contactsLoader, "/admin", cookie)) as Response).status).toBe(403);
      const request = new Request(`${origin}/admin/privacy`, { headers: { cookie } });
      await expect(requireAdmin(db, request)).rejects.toMatchObject({ status: 403 });
      const refused = (await run(privacyAction, post(`${origin}/admin/privacy`, { intent: "complete", id: crypto.randomUUID() }, cookie))) as Response;
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: TWO_FACTOR_ENROLMENT_REQUIRED });

      expect(await page(securityLoader, "/admin/sicurezza", cookie)).toEqual({ enabled: false, required: true, pending: null });
      await security({ intent: "enable", password: staff.password }, cookie);
      const { pending } = (await page(securityLoader, "/admin/sicurezza", cookie)) as { pending: { secret: string } };
      const enrolled = await security({ intent: "verify", code: totp(pending.secret) }, cookie);
      expect(enrolled.data?.ok).toBe(true);

      const fresh = enrolled.cookie;
      expect(await page(layoutLoader, "/admin/questionari", fresh)).toMatchObject({ view: "admin", enrolmentRequired: false });
      expect(await page(contactsLoader, "/admin", fresh)).toMatchObject({ rows: expect.any(Array) });
      await expect(requireAdmin(db, new Request(`${origin}/admin`, { headers: { cookie: fresh } }))).resolves.toMatchObject({ user: { email: staff.email } });
    });
  });
});

describe("Secure cookies", () => {
  it("are Secure and __Secure- prefixed on an HTTPS request even when PUBLIC_URL is http, and the session reads back over HTTPS", async () => {
    const https = "https://insieme.example";
    const signedIn = await adminSignIn(STAFF.email, STAFF.password, https);
    expect(signedIn.location).toBe("/admin");
    const session = signedIn.setCookies.find((value) => value.includes("session_token"))!;
    expect(session).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(await page(layoutLoader, "/admin", signedIn.cookie, https)).toMatchObject({ view: "admin" });

    const plain = await adminSignIn(STAFF.email, STAFF.password);
    const plainSession = plain.setCookies.find((value) => value.includes("session_token"))!;
    expect(plainSession).toMatch(/^better-auth\.session_token=/);
    expect(plainSession).not.toMatch(/;\s*Secure/i);
  });
});
