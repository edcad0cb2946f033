import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { site } from "~/content/site";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE, passwordMessages } from "~/domain/password";

/** Both languages keep their word lists (the same list names would overwrite each other). */
function tagged(dictionary: Record<string, string[]>, language: string) {
  return Object.fromEntries(Object.entries(dictionary).map(([name, words]) => [`${name}-${language}`, words]));
}

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * Built on first use, and its modules loaded then: the dictionaries take about 0.3 s to load, which
 * a start (and every page that never checks a password) does not wait for.
 */
function zxcvbn() {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english, italian] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
      import("@zxcvbn-ts/language-it"),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...tagged(english.dictionary, "en"), ...tagged(italian.dictionary, "it") },
      graphs: common.adjacencyGraphs,
      translations: italian.translations,
    });
  })();
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
export async function passwordProblem(password: string, related: (string | null | undefined)[] = []): Promise<string | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return passwordMessages.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return passwordMessages.tooLong;
  const result = (await zxcvbn()).check(password, contextWords(related));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  return [passwordMessages.tooWeak, result.feedback.warning, passwordMessages.advice].filter(Boolean).join(" ");
}
