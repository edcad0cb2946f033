/**
 * Types for the static Italian content of the site (app/content/*).
 * The data files import these types; components should import them from here too.
 */

import type { ProblemSlug } from "~/domain/problems";

export type { ProblemSlug };

/**
 * Names of the lucide-react icon components used by the content files.
 * Every name is an existing export of lucide-react (e.g. `import { Clock } from "lucide-react"`).
 */
export type ContentIconName =
  "Clock" | "UserRound" | "Compass" | "Lock" | "Smartphone" | "Split" | "CircleHelp" | "RefreshCw" | "CloudRain" | "Hourglass" | "ClipboardList" | "Phone" | "Users";

export interface FaqItem {
  question: string;
  answer: string;
}

export interface ComparisonFeature {
  feature: string;
  groupTherapy: boolean;
  individualTherapy: boolean;
}

export interface Testimonial {
  text: string;
  /** Name with age, e.g. "Giulia, 29 anni". */
  author: string;
  /** City. */
  highlight: string;
}

export interface SituationCard {
  /** Completes the sentence "<brand> fa per te se...". */
  text: string;
  /** lucide-react icon component name. */
  icon: ContentIconName;
  slug: ProblemSlug;
}

export interface Step {
  /** lucide-react icon component name. */
  icon: ContentIconName;
  title: string;
  description: string;
}

export interface ProblemPage {
  slug: ProblemSlug;
  title: string;
  description: string;
  content: {
    intro: string;
    howGroupHelps: string;
    /** Exactly four benefits. */
    benefits: [string, string, string, string];
  };
}

export interface TextSection {
  title: string;
  paragraphs: string[];
}

interface LegalSection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

export interface LegalDocument {
  title: string;
  /** Last update, dd/mm/yyyy. */
  updated: string;
  version: string;
  intro?: string;
  sections: LegalSection[];
}

/* ---------- Pricing ---------- */

export interface PricingCard {
  id: "first-session" | "following-sessions";
  title: string;
  /** Price in euro (number, from site.ts). */
  price: number;
  /** Price as displayed, e.g. "€30". */
  priceLabel: string;
  /** e.g. "una tantum", "a settimana". */
  period: string;
  badge?: string;
  description: string;
  features: string[];
  ctaText: string;
  ctaLink: string;
  highlighted: boolean;
}

export interface PricingIncluded {
  title: string;
  items: string[];
}

export interface PricingNote {
  title: string;
  paragraphs: string[];
}
