import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import * as italian from "@zxcvbn-ts/language-it";
import { site } from "~/content/site";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE, passwordMessages } from "~/domain/password";

/** Both languages keep their word lists (the same list names would overwrite each other). */
function tagged(dictionary: Record<string, string[]>, language: string) {
  return Object.fromEntries(Object.entries(dictionary).map(([name, words]) => [`${name}-${language}`, words]));
}

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries take about 0.3 s to load. */
function zxcvbn() {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...tagged(english.dictionary, "en"), ...tagged(italian.dictionary, "it") },
    graphs: common.adjacencyGraphs,
    translations: italian.translations,
  });
  return estimator;
}

/** Words an attacker would try first for this site and this person. */
function contextWords(related: (string | null | undefined)[]) {
  const words = [site.brand, "terapia", "psicoterapia", "gruppo", "gruppi"];
  for (const value of related) {
    if (!value) continue;
    words.push(value);
    if (value.includes("@")) words.push(...value.split("@")[0]!.split(/[._+-]+/));
  }
  return words.filter((word) => word.length >= 3).map((word) => word.toLowerCase());
}

/**
 * Why a new password is refused, in Italian, or null when it is strong enough: at least
 * MIN_PASSWORD_LENGTH characters and a zxcvbn score of MIN_PASSWORD_SCORE, counting the e-mail
 * address and name of the account as known words.
 */
export function passwordProblem(password: string, related: (string | null | undefined)[] = []): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return passwordMessages.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return passwordMessages.tooLong;
  const result = zxcvbn().check(password, contextWords(related));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  return [passwordMessages.tooWeak, result.feedback.warning, passwordMessages.advice].filter(Boolean).join(" ");
}
