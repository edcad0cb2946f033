import { CHALLENGE_PATH } from "~/domain/proof-of-work";

/**
 * Solves the anti-spam challenge our server issues (ALTCHA v2, SHA-256, deterministic mode) in a
 * few hundred lines less than the ALTCHA widget: find the counter whose SHA-256(salt ‖ nonce ‖
 * counter as a big-endian uint32), iterated `cost` times, starts with the signed key prefix. The
 * hash is computed here in plain JavaScript (synchronous, no secure context needed), in slices
 * that give the page back to the person every few milliseconds.
 */

export interface ProofOfWorkChallenge {
  parameters: { algorithm: string; nonce: string; salt: string; cost: number; keyLength?: number; keyPrefix: string } & Record<string, unknown>;
  signature?: string;
}

interface ProofOfWorkSolution {
  counter: number;
  derivedKey: string;
  /** Milliseconds spent searching (reported like the widget's, not checked by the server). */
  time: number;
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
  0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
  0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const words = new Uint32Array(64);

/** SHA-256 of `message` (FIPS 180-4). */
export function sha256(message: Uint8Array): Uint8Array {
  const blocks = Math.ceil((message.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(message.length / 0x20000000));
  view.setUint32(padded.length - 4, (message.length * 8) >>> 0);
  const state = [...INITIAL];
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) words[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = words[i - 15]!;
      const b = words[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      words[i] = (words[i - 16]! + s0 + words[i - 7]! + s1) | 0;
    }
    let [a, b, c, d, e, f, g, h] = state as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[i]! + words[i]!) | 0;
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    const next = [a, b, c, d, e, f, g, h];
    for (let i = 0; i < 8; i++) state[i] = (state[i]! + next[i]!) | 0;
  }
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  state.forEach((value, i) => out.setUint32(i * 4, value >>> 0));
  return digest;
}

function fromHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The derivation input: salt ‖ nonce ‖ 4 bytes for the counter (big-endian uint32). */
function keyInput(challenge: ProofOfWorkChallenge): Uint8Array {
  const salt = fromHex(challenge.parameters.salt);
  const nonce = fromHex(challenge.parameters.nonce);
  const input = new Uint8Array(salt.length + nonce.length + 4);
  input.set(salt);
  input.set(nonce, salt.length);
  return input;
}

function deriveInto(input: Uint8Array, counter: number, cost: number, keyLength: number): Uint8Array {
  new DataView(input.buffer).setUint32(input.length - 4, counter);
  let key = sha256(input);
  for (let round = 1; round < Math.max(1, cost); round++) key = sha256(key);
  return key.slice(0, keyLength);
}

/** The key altcha-lib derives for `counter` (its `deriveKey` for SHA-256 with the uint32 counter). */
export function deriveKey(challenge: ProofOfWorkChallenge, counter: number): Uint8Array {
  const { cost, keyLength = 32 } = challenge.parameters;
  return deriveInto(keyInput(challenge), counter, cost, keyLength);
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The counter behind the challenge's key prefix, searched from 0; null past `maxCounter` or for a challenge of another kind. */
export async function solveChallenge(challenge: ProofOfWorkChallenge, maxCounter = 10_000_000, sliceMs = 8): Promise<ProofOfWorkSolution | null> {
  const { algorithm, cost, keyLength = 32, keyPrefix } = challenge.parameters;
  if (algorithm !== "SHA-256" || !/^[0-9a-f]+$/i.test(keyPrefix)) return null;
  const prefix = keyPrefix.toLowerCase();
  // Whole bytes are compared as numbers; a last odd hex digit, as text once the bytes match.
  const prefixBytes = fromHex(prefix.slice(0, prefix.length & ~1));
  const input = keyInput(challenge);
  const started = performance.now();
  let sliceStart = started;
  for (let counter = 0; counter <= maxCounter; counter++) {
    const key = deriveInto(input, counter, cost, keyLength);
    if (prefixBytes.every((byte, i) => key[i] === byte)) {
      const derivedKey = toHex(key);
      if (derivedKey.startsWith(prefix)) return { counter, derivedKey, time: performance.now() - started };
    }
    if ((counter & 255) === 255 && performance.now() - sliceStart > sliceMs) {
      await pause();
      sliceStart = performance.now();
    }
  }
  return null;
}

/** What a form sends (the `altcha` field or the X-Altcha header): the challenge and its solution, as the widget encodes them. */
export function encodeSolution(challenge: ProofOfWorkChallenge, solution: ProofOfWorkSolution): string {
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

/** A fresh challenge from our server, solved; null when it cannot be fetched or solved (the server then says to retry). */
export async function fetchSolvedChallenge(): Promise<string | null> {
  try {
    const response = await fetch(CHALLENGE_PATH, { headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const challenge = (await response.json()) as ProofOfWorkChallenge;
    const solution = await solveChallenge(challenge);
    return solution ? encodeSolution(challenge, solution) : null;
  } catch {
    return null;
  }
}
