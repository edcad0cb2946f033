/** The stored cookie consent (spec section 3), under the key cookieConsent. */
export interface CookieConsent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
}

export const acceptAll: CookieConsent = { necessary: true, analytics: true, marketing: true };
export const necessaryOnly: CookieConsent = { necessary: true, analytics: false, marketing: false };

/** Parses a stored consent value; anything unreadable counts as no consent given yet. */
export function parseConsent(raw: string | null): CookieConsent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CookieConsent> | null;
    if (!value || value.necessary !== true || typeof value.analytics !== "boolean" || typeof value.marketing !== "boolean") return null;
    return { necessary: true, analytics: value.analytics, marketing: value.marketing };
  } catch {
    return null;
  }
}
