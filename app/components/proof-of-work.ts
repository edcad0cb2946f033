import { CHALLENGE_TTL_SECONDS } from "~/domain/proof-of-work";
import { fetchSolvedChallenge } from "./proof-of-work-solver";

/**
 * The anti-spam proof of work in the browser's hydrated forms, invisible to the person: the same
 * small solver the content pages' site script uses (proof-of-work-solver.ts) fetches a challenge from
 * our own server when a form is first used and solves it in slices (no third party, no checkbox, no
 * 35 KB widget). Each submission takes one solved challenge; the server accepts it once.
 */

/** Solved a while before it expires on the server, or solved again. */
const USABLE_FOR_MS = (CHALLENGE_TTL_SECONDS - 120) * 1000;

let prepared: { payload: Promise<string | null>; since: number } | null = null;

/** A form never waits longer than this for the challenge: unsolved, the server says to retry. */
const GIVE_UP_AFTER_MS = 20_000;

function solve(): Promise<string | null> {
  return Promise.race([fetchSolvedChallenge(), new Promise<null>((resolve) => setTimeout(() => resolve(null), GIVE_UP_AFTER_MS))]);
}

/** Starts solving in the background (when a person starts filling in a form), so the submit finds it ready. */
export function prepareProofOfWork() {
  if (prepared && Date.now() - prepared.since < USABLE_FOR_MS) return;
  prepared = { payload: solve(), since: Date.now() };
}

/** One solved challenge for one submission (X-Altcha header or `altcha` field); the next submission solves another. */
export async function takeProofOfWork(): Promise<string | null> {
  prepareProofOfWork();
  const current = prepared!;
  prepared = null;
  return current.payload;
}
