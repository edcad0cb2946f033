import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env, resetEnvForTests } from "./env.server";
import { logger } from "./logger.server";

/** How an encrypted value is stored (in a jsonb column): AES-256-GCM, the key named by its id. */
export interface Sealed {
  v: 1;
  kid: string;
  iv: string;
  tag: string;
  data: string;
}

interface Key {
  id: string;
  bytes: Buffer;
}

function parseKey(text: string, name: string): Key {
  const bytes = Buffer.from(text.trim(), /^[0-9a-f]{64}$/i.test(text.trim()) ? "hex" : "base64");
  if (bytes.length !== 32) throw new Error(`${name} must be 32 bytes, base64 or hex encoded`);
  return { id: createHash("sha256").update(bytes).digest("hex").slice(0, 12), bytes };
}

let keyring: { current: Key; all: Map<string, Key> } | undefined;

/**
 * DATA_ENCRYPTION_KEY is the current key; DATA_ENCRYPTION_KEYS_PREVIOUS (comma-separated) are still
 * accepted for reading until `npm run keys:rotate` has re-encrypted everything. Outside production a
 * key is generated once into DATA_DIR, with a warning.
 */
function keys() {
  if (keyring) return keyring;
  let configured = env().DATA_ENCRYPTION_KEY || undefined;
  // Production never gets here without the variable: env() refuses to start.
  if (!configured) {
    const file = path.join(env().dataDir, ".data-encryption-key");
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600 });
      logger.warn({ file }, "DATA_ENCRYPTION_KEY not set: generated a development key (set it in production)");
    }
    configured = fs.readFileSync(file, "utf8");
  }
  const current = parseKey(configured, "DATA_ENCRYPTION_KEY");
  const all = new Map([[current.id, current]]);
  for (const old of env().DATA_ENCRYPTION_KEYS_PREVIOUS) {
    const key = parseKey(old, "DATA_ENCRYPTION_KEYS_PREVIOUS");
    all.set(key.id, key);
  }
  keyring = { current, all };
  return keyring;
}

export function resetKeysForTests() {
  resetEnvForTests();
  keyring = undefined;
}

export function currentKeyId() {
  return keys().current.id;
}

export function seal(value: unknown): Sealed {
  const key = keys().current;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.bytes, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return { v: 1, kid: key.id, iv: iv.toString("base64"), tag: cipher.getAuthTag().toString("base64"), data: data.toString("base64") };
}

export function isSealed(value: unknown): value is Sealed {
  return typeof value === "object" && value !== null && (value as Sealed).v === 1 && typeof (value as Sealed).data === "string";
}

export function unseal<T = unknown>(sealed: Sealed): T {
  const key = keys().all.get(sealed.kid);
  if (!key) throw new Error(`No key ${sealed.kid} to decrypt with (set DATA_ENCRYPTION_KEYS_PREVIOUS)`);
  const decipher = createDecipheriv("aes-256-gcm", key.bytes, Buffer.from(sealed.iv, "base64"));
  decipher.setAuthTag(Buffer.from(sealed.tag, "base64"));
  const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, "base64")), decipher.final()]);
  return JSON.parse(plain.toString("utf8")) as T;
}

/** Questionnaire answers as staff read them: decrypted (values stored before encryption pass through). */
export function readAnswers(stored: unknown): Record<string, unknown> {
  return (isSealed(stored) ? unseal(stored) : stored) as Record<string, unknown>;
}
