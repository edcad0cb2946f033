/** One place for the brand, contact details and the spec's business constants. */
export const site = {
  brand: "Insieme",
  tagline: "Terapia di gruppo online",
  description: "Percorsi di terapia di gruppo online guidati da psicologi e psicoterapeuti certificati, per ansia, depressione e solitudine.",
  contactEmail: "info@insieme-terapia.it",
  privacyEmail: "privacy@insieme-terapia.it",
  url: "https://www.insieme-terapia.it",
  copyrightYear: 2024,
  locale: "it_IT",
  keywords: ["terapia di gruppo online", "psicoterapia di gruppo", "ansia sociale", "solitudine", "depressione", "psicologo online"],
} as const;

/** Prices in euro, as shown on the public pages and in the legal texts. */
export const prices = {
  firstSession: 30,
  followingSession: 35,
  standardSplit: { platform: 14, therapist: 21 },
  reducedRate: 30,
  reducedSplit: { platform: 9, therapist: 21 },
  iseeThreshold: 15000,
  currency: "EUR",
} as const;

export const group = {
  /** Maximum (and shown total) spots in a group. */
  totalSpots: 8,
  minPeople: 6,
  sessionMinutes: 90,
  benefitsAfterWeeks: "6-8",
} as const;

/**
 * Free cancellation of a session: the terms say 48 hours, the service agreement 24; the terms'
 * reading is the default, and every screen that applies it names the rule.
 */
export const absenceNotice = {
  hours: 48,
  rule: "preavviso di 48 ore (Termini e condizioni)",
} as const;

/** How far ahead the weekly sessions of each group exist, kept up by a daily job. */
export const SESSION_WINDOW_WEEKS = 8;

export const replyTimesHours = { general: 24, technical: 12, clinicalEmergency: 6 } as const;

export const retention = { healthDataYears: 5, otherDataMonths: 24, privacyRequestDays: 30 } as const;

export const QUESTIONNAIRE_STEPS = 23;
export const ANCHOR_SCROLL_OFFSET_PX = 64;
export const REVIEW_WIDGET_RELOAD_MS = 1000;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const WORDS_PER_MINUTE = 200;
export const META_TITLE_MAX = 65;
export const META_DESCRIPTION_MAX = 160;
export const META_DESCRIPTION_OPTIMAL_MIN = 150;
export const HOME_THERAPISTS_PREVIEW = 3;
export const COOKIE_CONSENT_KEY = "cookieConsent";

export const navItems = [
  { name: "Chi siamo", href: "/about" },
  { name: "Come funziona", href: "/#come-funziona" },
  { name: "Il nostro metodo", href: "/nostro-metodo" },
  { name: "Terapeuti", href: "/terapeuti" },
  { name: "Blog", href: "/blog" },
  { name: "Prezzi", href: "/prezzi" },
  { name: "Contatti", href: "/contatti" },
] as const;

export const legalVersions = {
  terms: { version: "2025-05-19", updated: "19/05/2025" },
  privacy: { version: "2025-04-13", updated: "13/04/2025" },
} as const;

/** Default call to action of an article (spec: invites the reader to start the growth path). */
export const defaultBlogCtaText = `Inizia il tuo percorso di crescita con ${site.brand}`;
export const defaultBlogCtaLink = "/questionario";
