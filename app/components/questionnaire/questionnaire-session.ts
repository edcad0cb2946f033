import { emptyAnswers, questionnaireSteps, UTM_MAX_LENGTH, UTM_PARAMS, type QuestionnaireDraft, type UtmTags } from "~/domain/questionnaire";
import { newIdempotencyKey } from "../idempotency-key";

/**
 * What the questionnaire keeps in sessionStorage (never localStorage: the answers are health
 * data and must not outlive the tab): the draft and the landing UTM tags. The gate's consent is a
 * session cookie the server sets (gates.server.ts), so the server can render step 1.
 * Every read is defensive, because storage can be unavailable, stale or edited by hand.
 */

const DRAFT_KEY = "questionnaireDraft";
const UTM_KEY = "questionnaireUtm";

export interface StoredDraft {
  step: number;
  answers: QuestionnaireDraft;
  /** One per draft, so a retry after a network error is recognised by the server. */
  idempotencyKey: string;
  /** Steps already counted by the anonymous funnel in this tab. */
  reachedSteps: number[];
}

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // storage full or disabled: the questionnaire still works, it just won't survive a reload
  }
}

function parseJson(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** Keeps only values of the expected shape; anything else falls back to the empty answer. */
function sanitizeAnswers(value: unknown): QuestionnaireDraft {
  const answers: QuestionnaireDraft = { ...emptyAnswers };
  if (!value || typeof value !== "object") return answers;
  const stored = value as Record<string, unknown>;
  const target = answers as Record<string, unknown>;
  for (const [key, empty] of Object.entries(emptyAnswers)) {
    const candidate = stored[key];
    if (Array.isArray(empty)) {
      if (Array.isArray(candidate) && candidate.every((item) => typeof item === "string")) target[key] = candidate;
    } else if (typeof candidate === typeof empty) {
      target[key] = candidate;
    }
  }
  if (!["", "yes", "no"].includes(answers.newsletter_subscription)) answers.newsletter_subscription = "";
  return answers;
}

/** A first visit: step 1, nothing answered; the wizard gives it an Idempotency-Key once it runs in the browser. */
export const NEW_DRAFT: StoredDraft = { step: 1, answers: emptyAnswers, idempotencyKey: "", reachedSteps: [] };

/** The draft stored in this tab, or null when there is none. */
export function readDraft(): StoredDraft | null {
  const stored = parseJson(read(DRAFT_KEY));
  if (!stored || typeof stored !== "object") return null;
  const { step, answers, idempotencyKey, reachedSteps } = stored as Record<string, unknown>;
  const lastStep = questionnaireSteps.length;
  return {
    step: typeof step === "number" && Number.isInteger(step) && step >= 1 && step <= lastStep ? step : 1,
    answers: sanitizeAnswers(answers),
    idempotencyKey: typeof idempotencyKey === "string" && idempotencyKey.length > 0 ? idempotencyKey : newIdempotencyKey(),
    reachedSteps: Array.isArray(reachedSteps) ? reachedSteps.filter((item): item is number => typeof item === "number") : [],
  };
}

export function storeDraft(draft: StoredDraft) {
  write(DRAFT_KEY, JSON.stringify(draft));
}

export function clearDraft() {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // nothing stored
  }
}

/** Remembers the campaign tags of the landing URL; a visit without tags keeps earlier ones. */
export function captureUtm(search: string) {
  const params = new URLSearchParams(search);
  const tags: UtmTags = {};
  for (const name of UTM_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) tags[name] = value.slice(0, UTM_MAX_LENGTH);
  }
  if (Object.keys(tags).length > 0) write(UTM_KEY, JSON.stringify(tags));
}

export function readUtm(): UtmTags {
  const stored = parseJson(read(UTM_KEY));
  const tags: UtmTags = {};
  if (!stored || typeof stored !== "object") return tags;
  for (const name of UTM_PARAMS) {
    const value = (stored as Record<string, unknown>)[name];
    if (typeof value === "string" && value) tags[name] = value.slice(0, UTM_MAX_LENGTH);
  }
  return tags;
}

/** Anonymous funnel count: the step number only, no identifiers; failures are ignored. */
export function sendFunnelStep(step: number) {
  const body = JSON.stringify({ step });
  try {
    if (typeof navigator.sendBeacon === "function") {
      navigator.sendBeacon("/api/funnel-step", new Blob([body], { type: "application/json" }));
      return;
    }
    void fetch("/api/funnel-step", { method: "POST", body, keepalive: true, headers: { "Content-Type": "application/json" } }).catch(() => undefined);
  } catch {
    // counting must never get in the way of the questionnaire
  }
}
