import type { SubmissionResult } from "@conform-to/react";
import { labelled } from "./labelled";
import { z } from "~/domain/zod";

/** The spec's sign-in widget views (section 2), switched by `?view=`. */
const widgetViews = ["sign_in", "sign_up", "forgotten_password", "magic_link", "update_password", "verify_otp"] as const;
export type WidgetView = (typeof widgetViews)[number];

export function parseView(value: string | null): WidgetView {
  return widgetViews.find((view) => view === value) ?? "sign_in";
}

export const widgetPath = "/accedi";
export const viewHref = (view: WidgetView) => (view === "sign_in" ? widgetPath : `${widgetPath}?view=${view}`);

/** OAuth providers the spec's widget offers by default (section 9); only configured ones are shown. */
export const [oauthProviders, oauthProviderLabels] = labelled({ github: "GitHub", google: "Google", azure: "Azure" });
export type OAuthProvider = (typeof oauthProviders)[number];

/** The spec's strings verbatim where it gives them (sections 5 and 8); the rest is ours, in English like the admin login. */
export const widgetMessages = {
  emptyMagicLinkEmail: "Inserisci il tuo indirizzo email",
  confirmationSent: "Check your e-mail for the confirmation link",
  magicLinkSent: "Check your e-mail for the magic link",
  resetLinkSent: "Check your e-mail for the password reset link",
  passwordUpdated: "Your password has been updated",
  profileFailed: "Failed to fetch profile information",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  emailRequired: "Email is required",
  passwordRequired: "Password is required",
  codeRequired: "Enter the 6-digit code",
  unknownRequest: "Unknown request",
  signInFailed: "Sign in failed. Please try again.",
  emailNotVerified: "Confirm your e-mail address first: we have sent you a new confirmation link.",
  twoFactorRequired: "This account uses two-factor authentication: sign in with your password and the code from your app.",
} as const;

// A field left empty arrives as missing (Conform's parsing), hence the message given for both.
const email = z.string({ error: widgetMessages.emailRequired }).trim().min(1, widgetMessages.emailRequired).max(254);
const password = z.string({ error: widgetMessages.passwordRequired }).min(1, widgetMessages.passwordRequired).max(200);

/** One schema per form intent, checked in the browser (`useSchemaForm`) and by the action alike. */
export const widgetSchemas = {
  "sign-in": z.object({ email, password }),
  "sign-up": z.object({ email, password, name: z.string().trim().max(100).default("") }),
  "forgotten-password": z.object({ email }),
  "magic-link": z.object({ email: z.string({ error: widgetMessages.emptyMagicLinkEmail }).trim().min(1, widgetMessages.emptyMagicLinkEmail).max(254) }),
  "update-password": z.object({ password, token: z.string().max(500).default("") }),
  "verify-otp": z.object({
    code: z
      .string({ error: widgetMessages.codeRequired })
      .transform((value) => value.replace(/\s/g, ""))
      .pipe(z.string().regex(/^\d{6}$/, widgetMessages.codeRequired)),
  }),
  oauth: z.object({ provider: z.enum(oauthProviders) }),
} as const;

export type WidgetIntent = keyof typeof widgetSchemas;
const widgetIntents = Object.keys(widgetSchemas) as WidgetIntent[];

/** The form each view shows. */
export const viewIntents = {
  sign_in: "sign-in",
  sign_up: "sign-up",
  forgotten_password: "forgotten-password",
  magic_link: "magic-link",
  update_password: "update-password",
  verify_otp: "verify-otp",
} as const satisfies Record<WidgetView, WidgetIntent>;

export function parseIntent(value: FormDataEntryValue | null): WidgetIntent | null {
  return widgetIntents.find((intent) => intent === value) ?? null;
}

/**
 * What the action answers when it does not redirect: a notice, or the refused form as Conform's
 * result (a message on its field, or over the form, and what was typed but the password).
 */
export type WidgetResult = {
  intent: WidgetIntent | null;
  notice?: string;
  result?: SubmissionResult<string[]>;
  /** Set when the refusal's message is in Italian inside the English widget. */
  errorLang?: "it";
};
