import { CHALLENGE_PATH, CHALLENGE_TTL_SECONDS } from "~/domain/proof-of-work";

/**
 * The anti-spam proof of work in the browser, invisible to the person: the ALTCHA widget, loaded
 * only when a form is first used, fetches a challenge from our own server and solves it in Web
 * Workers (no third party, no checkbox). Each submission takes one solved challenge; the server
 * accepts it once.
 */

interface AltchaWidget extends HTMLElement {
  verify(): Promise<{ payload?: string } | null>;
}

/** Solved a while before it expires on the server, or solved again. */
const USABLE_FOR_MS = (CHALLENGE_TTL_SECONDS - 120) * 1000;

let prepared: { payload: Promise<string | null>; since: number } | null = null;

/** A form never waits longer than this for the challenge: unsolved, the server says to retry. */
const GIVE_UP_AFTER_MS = 20_000;

function solve(): Promise<string | null> {
  return Promise.race([solveWithWidget(), new Promise<null>((resolve) => setTimeout(() => resolve(null), GIVE_UP_AFTER_MS))]);
}

async function solveWithWidget(): Promise<string | null> {
  try {
    await import("altcha");
    const widget = document.createElement("altcha-widget") as AltchaWidget;
    widget.setAttribute("challenge", CHALLENGE_PATH);
    widget.setAttribute("display", "invisible");
    widget.setAttribute("auto", "off");
    widget.setAttribute("configuration", JSON.stringify({ minDuration: 0, humanInteractionSignature: false, hideLogo: true, hideFooter: true }));
    widget.hidden = true;
    const loaded = new Promise((resolve) => widget.addEventListener("load", resolve, { once: true }));
    document.body.append(widget);
    await loaded;
    const result = await widget.verify();
    widget.remove();
    return result?.payload ?? null;
  } catch {
    // Without a solution the server answers with its Italian message; the person can retry.
    return null;
  }
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
