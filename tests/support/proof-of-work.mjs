// The anti-spam proof of work for tests and load scripts: solves an ALTCHA challenge with
// altcha-lib's solver, as the browser widget does, and encodes it as the widget would submit it.
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

/**
 * @param {{ parameters: import("altcha-lib").Challenge["parameters"], signature?: string }} challenge
 * @returns {Promise<string>} the value of the X-Altcha header (or the `altcha` field)
 */
export async function solveProofOfWork(challenge) {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the anti-spam challenge could not be solved");
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

/**
 * Fetches a fresh challenge from a running server and solves it.
 * @param {string} baseUrl e.g. http://127.0.0.1:3000
 * @param {RequestInit} [init] e.g. a dispatcher or a signal
 * @returns {Promise<string>}
 */
export async function fetchProofOfWork(baseUrl, init) {
  const response = await fetch(`${baseUrl}/api/altcha-challenge`, init);
  if (!response.ok) throw new Error(`GET /api/altcha-challenge answered ${response.status}`);
  return solveProofOfWork(await response.json());
}

/** The header the JSON endpoints read (PROOF_OF_WORK_HEADER of app/domain/proof-of-work.ts, for the .mjs scripts). */
export const PROOF_OF_WORK_HEADER = "X-Altcha";
