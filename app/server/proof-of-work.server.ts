import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createChallenge, randomInt, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { CHALLENGE_TTL_SECONDS, PROOF_OF_WORK_FIELD, PROOF_OF_WORK_HEADER } from "~/domain/proof-of-work";
import { authSecret } from "./auth.server";
import type { Database } from "./db/client.server";
import { env } from "./env.server";

/**
 * The anti-spam proof of work (ALTCHA, self-hosted): the browser finds the counter behind a SHA-256
 * prefix (up to ALTCHA_MAX_NUMBER rounds), the server checks it with one HMAC. Challenges are signed
 * with keys derived from SESSION_SECRET, expire after CHALLENGE_TTL_SECONDS and are accepted once.
 */

const ALGORITHM = "SHA-256";
/** A solved payload is a few hundred bytes; anything much longer is not one. */
const MAX_PAYLOAD_LENGTH = 4096;

let derived: { from: string; signature: string; key: string } | undefined;

/** Two keys of their own, so a challenge signature can never stand in for a session one. */
function keys() {
  const secret = authSecret();
  if (derived?.from !== secret) {
    const derive = (purpose: string) => createHmac("sha256", secret).update(`altcha:${purpose}`).digest("hex");
    derived = { from: secret, signature: derive("challenge-signature"), key: derive("key-signature") };
  }
  return derived;
}

export async function createProofOfWorkChallenge(): Promise<Challenge> {
  const { signature, key } = keys();
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    // Deterministic mode: the server knows the answer, so checking it is one HMAC, not a hash search.
    counter: randomInt(env().ALTCHA_MAX_NUMBER),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number(),
    }),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

export type SolvedChallenge = z.infer<typeof payloadSchema>;

/** The solved challenge a request carries: the X-Altcha header, else the `altcha` field of its body. */
export function proofOfWorkOf(request: Request, body?: unknown): string | null {
  const header = request.headers.get(PROOF_OF_WORK_HEADER);
  if (header) return header;
  const field = body && typeof body === "object" ? (body as Record<string, unknown>)[PROOF_OF_WORK_FIELD] : undefined;
  return typeof field === "string" && field ? field : null;
}

const hmacHex = (secret: string, data: string | Buffer) => createHmac("sha256", secret).update(data).digest("hex");

function sameText(a: string, b: string) {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}

/** JSON with keys sorted at every level and undefined members left out: what the challenge's signature covers. */
export function canonicalJson(value: unknown): string {
  const sorted = (item: unknown): unknown =>
    item === null || typeof item !== "object" || Array.isArray(item)
      ? item
      : Object.fromEntries(
          Object.keys(item)
            .sort()
            .flatMap((key) => ((item as Record<string, unknown>)[key] === undefined ? [] : [[key, sorted((item as Record<string, unknown>)[key])]])),
        );
  return JSON.stringify(sorted(value));
}

/**
 * ALTCHA's deterministic check (altcha-lib's verifySolution with a key signature): not expired, the
 * parameters' signature, then the derived key's. With node:crypto's HMAC instead of two Web Crypto key
 * imports and signs per check, which cost a submission a tenth of its time; a test holds it to the library.
 */
export function checkSolution({ challenge, solution }: SolvedChallenge, secrets: { signature: string; key: string }) {
  if (challenge.parameters.expiresAt < Date.now() / 1000) return false;
  if (!sameText(challenge.signature, hmacHex(secrets.signature, canonicalJson(challenge.parameters)))) return false;
  const keySignature = challenge.parameters.keySignature;
  if (typeof keySignature !== "string" || !/^(?:[0-9a-f]{2})+$/.test(solution.derivedKey)) return false;
  if (!Number.isInteger(solution.counter) || solution.counter < 0 || solution.counter > 0xffffffff) return false;
  return sameText(keySignature, hmacHex(secrets.key, Buffer.from(solution.derivedKey, "hex")));
}

/** The challenge, when `payload` is a correct solution of one we issued that has not expired; null otherwise. Stateless. */
export async function verifyProofOfWork(payload: string | null): Promise<SolvedChallenge | null> {
  if (!payload || payload.length > MAX_PAYLOAD_LENGTH) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success) return null;
  return checkSolution(parsed.data, keys()) ? parsed.data : null;
}

/**
 * The replay guard: records the challenge as used, in the caller's transaction, so a refused or
 * failed write does not spend it. False when it was used before (also by a parallel request).
 */
async function spendProofOfWork(db: Pick<Database, "execute">, solved: SolvedChallenge): Promise<boolean> {
  const inserted = await db.execute(spendStatement(solved));
  return inserted.rows.length === 1;
}

/** Marks a solution used; returns one row when it was not used before (for a statement of its own or a CTE). */
export function spendStatement(solved: SolvedChallenge) {
  const hash = createHash("sha256").update(solved.challenge.signature).digest("hex");
  const expiresAt = new Date(solved.challenge.parameters.expiresAt * 1000).toISOString();
  return sql`
    insert into used_challenges (challenge_hash, expires_at) values (${hash}, ${expiresAt}::timestamptz)
    on conflict (challenge_hash) do nothing returning challenge_hash`;
}

/** For a page action outside publicEndpoint: a correct, unexpired solution not used before, spent at once. */
export async function acceptProofOfWork(db: Pick<Database, "execute">, payload: string | null): Promise<boolean> {
  const solved = await verifyProofOfWork(payload);
  return solved !== null && (await spendProofOfWork(db, solved));
}
