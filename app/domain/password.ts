/**
 * The password rule (DESIGN.md section 9): long enough and hard to guess, judged by zxcvbn with
 * the Italian and English dictionaries. The server enforces it on every password it stores; the
 * forms only describe it.
 */
export const MIN_PASSWORD_LENGTH = 12;
/** better-auth's own upper bound; zxcvbn's estimate would also slow down on longer input. */
export const MAX_PASSWORD_LENGTH = 128;
/** zxcvbn's 0-4 scale: 3 means "safely unguessable" (about 10^10 guesses). */
export const MIN_PASSWORD_SCORE = 3;

export const passwordMessages = {
  tooShort: `La password deve avere almeno ${MIN_PASSWORD_LENGTH} caratteri.`,
  tooLong: `La password può avere al massimo ${MAX_PASSWORD_LENGTH} caratteri.`,
  tooWeak: "Questa password è troppo facile da indovinare.",
  advice: "Prova con tre o quattro parole a caso, separate da spazi o trattini.",
} as const;

/** What the forms say under a new-password field. */
export const passwordHint = `At least ${MIN_PASSWORD_LENGTH} characters and hard to guess: for example three or four random words.`;
