import { X509Certificate } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/** An optional http(s) address; empty (`VAR=`) counts as unset, as it always has. */
const optionalHttpUrl = () => z.preprocess((value) => (value === "" ? undefined : value), z.url({ protocol: /^https?$/ }).optional());

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Insieme <noreply@insieme-terapia.it>"),
  STAFF_EMAIL: z.email().default("staff@insieme-terapia.it"),
  SESSION_SECRET: z.string().min(32).optional(),
  DATA_ENCRYPTION_KEY: z.string().optional(),
  /** Years the clinical notes are kept after a person's last noted meeting (docs/decisions, clinical record retention). */
  CARE_NOTES_RETENTION_YEARS: z.coerce.number().int().min(5).max(50).default(5),
  /** The demo admin's password; random (printed once on the console) unless set. */
  DEMO_ADMIN_PASSWORD: z.string().min(12).optional(),
  DEMO_THERAPIST_PASSWORD: z.string().min(12).optional(),
  /** pino level; `silent` by default under NODE_ENV=test, `info` otherwise. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** Demo content and a demo admin; in production only when set to `true`. */
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  /** Run the outbox and jobs workers in this process. */
  WORKERS: z.enum(["true", "false"]).default("true"),
  /** Staff must set up TOTP two-factor authentication before anything else of the admin area. */
  ADMIN_REQUIRE_2FA: z.enum(["true", "false"]).default("false"),
  ANALYTICS_SRC: optionalHttpUrl(),
  /** The third-party review widget in the hero (after marketing consent); without it a static rating is shown. */
  REVIEW_WIDGET_SRC: optionalHttpUrl(),
  REVIEW_WIDGET_TEMPLATE_ID: z.string().optional(),
  REVIEW_WIDGET_BUSINESS_UNIT_ID: z.string().optional(),
  /** OAuth providers of the sign-in widget: a provider is on when both its id and secret are set. */
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  AZURE_CLIENT_ID: z.string().optional(),
  AZURE_CLIENT_SECRET: z.string().optional(),
  /** Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (with S3_BUCKET and both keys). */
  S3_ENDPOINT: optionalHttpUrl(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Keys still accepted for reading encrypted answers until `npm run keys:rotate` (comma-separated). */
  DATA_ENCRYPTION_KEYS_PREVIOUS: z
    .string()
    .default("")
    .transform((value) => value.split(",").filter(Boolean)),
  /** Where the SQL migrations are (the build and the tests point elsewhere). */
  MIGRATIONS_DIR: z.string().default("drizzle"),
  /** `off` only for load benchmarks on loopback (npm run bench): honoured without DATABASE_URL and outside tests. */
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  /** `off` sends the page cache's hits through Express like every other request (they are answered before it by default). */
  PAGE_CACHE_FAST_HITS: z.enum(["on", "off"]).default("on"),
  /**
   * How many reverse proxies in front of the server are trusted to append to X-Forwarded-For: the
   * client is the address that many hops in from the right, never one the client wrote itself.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^\d{1,2}$/, "must be the number of trusted proxy hops in front of the server (e.g. TRUST_PROXY=1 behind one reverse proxy), not true/false")
    .transform(Number)
    .optional(),
  /** Difficulty of the anti-spam proof of work: the largest counter a browser may have to reach (SHA-256 rounds). */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  /** Online payments through Stripe Checkout: both keys, or neither (then nothing about Stripe appears). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  /** Tests only: the address of a local stand-in for api.stripe.com (refused in production). */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** Encrypts backups (npm run backup, the scheduled job, the pre-upgrade backup); required in production. */
  BACKUP_ENCRYPTION_KEY: z.string().min(32).optional(),
  /** Where the scheduled and pre-upgrade backups go (default DATA_DIR/backups). */
  BACKUP_DIR: z.string().optional(),
  /** How many scheduled backups are kept in BACKUP_DIR. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Hours between scheduled backups (24: daily); 0 turns the scheduled backup off. */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 7)
    .default(24),
  /** `off`: npm start migrates without taking a backup first (only after taking one yourself). */
  PRE_UPGRADE_BACKUP: z.enum(["on", "off"]).default("on"),
  /** The Sistema Tessera Sanitaria's certificate (SanitelCF, PEM or DER): encrypts the codici fiscali of the yearly file. */
  SISTEMA_TS_CERTIFICATE: z.preprocess((value) => (value === "" ? undefined : value), z.string().optional()),
});

type Env = z.infer<typeof schema> & { dataDir: string; backupDir: string; isProduction: boolean; rateLimitsOff: boolean; sistemaTsCertificate: Buffer | null };

let cached: Env | undefined;

/** Reads and validates configuration once; fails fast naming the bad variable. */
export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  if (value.NODE_ENV === "production") {
    // Generated secrets would sit in DATA_DIR beside the data they protect: production takes them from the environment only.
    const missing = (["SESSION_SECRET", "DATA_ENCRYPTION_KEY"] as const).filter((name) => !value[name]);
    if (missing.length) {
      throw new Error(`Invalid configuration:\n${missing.map((name) => `  ${name}: required in production (generate one with \`openssl rand -base64 32\`)`).join("\n")}`);
    }
  }
  if (Boolean(value.STRIPE_SECRET_KEY) !== Boolean(value.STRIPE_WEBHOOK_SECRET)) {
    const missing = value.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY";
    throw new Error(`Invalid configuration:\n  ${missing}: required with the other Stripe key (online payments need both, or neither)`);
  }
  if (value.STRIPE_API_BASE && value.NODE_ENV === "production") {
    throw new Error("Invalid configuration:\n  STRIPE_API_BASE: a local stand-in for Stripe's API, for tests only; not allowed in production");
  }
  value.SEED_DEMO ??= value.NODE_ENV === "production" ? "false" : "true";
  if (value.S3_ENDPOINT && value.S3_BUCKET && !(value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY)) {
    throw new Error("Invalid configuration:\n  S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: required with S3_ENDPOINT");
  }
  value.LOG_LEVEL ??= defaultLogLevel(value.NODE_ENV);
  const sistemaTsCertificate = value.SISTEMA_TS_CERTIFICATE ? readCertificate(value.SISTEMA_TS_CERTIFICATE) : null;
  cached = {
    ...value,
    sistemaTsCertificate,
    dataDir: path.resolve(value.DATA_DIR),
    backupDir: path.resolve(value.BACKUP_DIR ?? path.join(value.DATA_DIR, "backups")),
    isProduction: value.NODE_ENV === "production",
    rateLimitsOff: value.RATE_LIMITS === "off" && value.NODE_ENV !== "test" && !value.DATABASE_URL,
  };
  return cached;
}

const defaultLogLevel = (nodeEnv: Env["NODE_ENV"]) => (nodeEnv === "test" ? "silent" : "info");

/**
 * The certificate at `file`, read once at start: a path that cannot be read, or a file that is not an
 * X.509 certificate, refuses to start. An expired one starts (the books screen says so and offers only the preview).
 */
function readCertificate(file: string) {
  const fail = (reason: string): never => {
    throw new Error(`Invalid configuration:\n  SISTEMA_TS_CERTIFICATE: ${reason} (the path of SanitelCF.cer from the Sistema TS kit, PEM or DER)`);
  };
  let content: Buffer;
  try {
    content = fs.readFileSync(path.resolve(file));
  } catch {
    return fail(`cannot read ${file}`);
  }
  try {
    new X509Certificate(content);
  } catch {
    return fail(`${file} is not an X.509 certificate`);
  }
  return content;
}

/**
 * The logger's level, read where the logger is made (at import, before env() has validated the rest):
 * an invalid configuration still gets a logger, and env() then refuses to start naming the variable.
 */
export function logLevel() {
  const parsed = schema.pick({ LOG_LEVEL: true, NODE_ENV: true }).safeParse(process.env);
  return parsed.success ? (parsed.data.LOG_LEVEL ?? defaultLogLevel(parsed.data.NODE_ENV)) : "info";
}

export function resetEnvForTests() {
  cached = undefined;
}

/**
 * Whether `host` (of an Origin or a Referer) is this site: the host the request was sent to, or
 * PUBLIC_URL's (a proxy may change the first). Hosts, not origins: behind a proxy that ends TLS
 * the request itself arrives over http.
 */
export function isSiteHost(host: string, requestHost: string | undefined): boolean {
  if (host === requestHost) return true;
  const publicUrl = env().PUBLIC_URL;
  return publicUrl !== undefined && new URL(publicUrl).host === host;
}

/** The origin used in links we send by e-mail. */
export function publicBaseUrl() {
  const config = env();
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
}
