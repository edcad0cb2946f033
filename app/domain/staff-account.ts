import { MAX_PASSWORD_LENGTH } from "./password";
import { z } from "./zod";

/**
 * The staff account's forms: the sign-in at /admin (its two steps, in the spec's English) and the
 * two-factor settings at /admin/sicurezza. Required texts carry their message for the missing value
 * too: Conform reads an empty field as missing.
 */

const required = (message: string) => z.string({ error: message }).min(1, message);

/** Spaces typed between the digits do not count. */
const withoutSpaces = (message: string) => z.string({ error: message }).transform((value) => value.replace(/\s/g, ""));

export const staffSignInSchema = z.object({
  email: required("Email is required").trim().max(254),
  password: required("Password is required").max(200),
});

/** The app's 6 digits, or one of the backup codes shown at enrolment (xxxxx-xxxxx). */
export const isBackupCode = (code: string) => /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(code);

export const staffSignInCodeSchema = z.object({
  code: withoutSpaces("Enter the 6-digit code").refine((code) => /^\d{6}$/.test(code) || isBackupCode(code), "Enter the 6-digit code"),
});

/** Switching two-factor on or off asks for the account's password. */
export const accountPasswordSchema = z.object({ password: required("Inserisci la tua password").max(MAX_PASSWORD_LENGTH) });

/** The first code of the authenticator app, which confirms the enrolment. */
export const authenticatorCodeSchema = z.object({
  code: withoutSpaces("Inserisci il codice di 6 cifre mostrato dall'app").pipe(z.string().regex(/^\d{6}$/, "Inserisci il codice di 6 cifre mostrato dall'app")),
});
