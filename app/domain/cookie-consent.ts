import { z } from "zod";

export const cookieConsentSchema = z.object({
  necessary: z.literal(true),
  analytics: z.boolean(),
  marketing: z.boolean(),
});

export type CookieConsent = z.infer<typeof cookieConsentSchema>;

export const acceptAll: CookieConsent = { necessary: true, analytics: true, marketing: true };
export const necessaryOnly: CookieConsent = { necessary: true, analytics: false, marketing: false };

/** Parses a stored consent value; anything unreadable counts as no consent given yet. */
export function parseConsent(raw: string | null): CookieConsent | null {
  if (!raw) return null;
  try {
    const parsed = cookieConsentSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
