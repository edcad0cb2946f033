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

/* ---------- Blog seed ---------- */

interface BlogSection {
  type: "h2" | "h3";
  title: string;
  content: string;
}

interface BlogLink {
  text: string;
  url: string;
}

/** An image of a seeded post; the url is filled in at seed time. */
interface BlogSeedImage {
  alt: string;
  caption: string;
  /** Position in the text, as a number of words. */
  position: number;
}

export interface BlogPostSeed {
  title: string;
  subtitle: string;
  excerpt: string;
  /** e.g. "5 min". */
  read_time: string;
  /** YYYY-MM-DD. */
  published_date: string;
  slug: string;
  is_featured: boolean;
  is_published: boolean;
  /** At most 65 characters. */
  meta_title: string;
  /** 150-160 characters. */
  meta_description: string;
  introduction: string;
  main_sections: BlogSection[];
  internal_links: BlogLink[];
  external_links: BlogLink[];
  conclusion: string;
  cta_text: string;
  cta_link: string;
  image_credits: string;
  images_data: BlogSeedImage[];
}

/* ---------- Therapists and groups seed ---------- */

export interface TherapistSeed {
  name: string;
  role: string;
  specialization: string;
  /** e.g. "12 anni di esperienza". */
  experience: string;
  /** Two sentences. */
  description: string;
  /** Two paragraphs, separated by a blank line. */
  biography: string;
  /** e.g. "Albo Psicologi Lombardia n. 12345". */
  registration_number: string;
  qualifications: string[];
  approaches: string[];
}

type TimeSlot = "Mattina" | "Pomeriggio" | "Sera";

/** 1 = lunedì ... 7 = domenica. */
type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

interface GroupParticipantSeed {
  initial: string;
  age: number;
}

export interface GroupSeed {
  /** Index into therapistSeeds (0-5). */
  therapistIndex: 0 | 1 | 2 | 3 | 4 | 5;
  name: string;
  topic: string;
  situations: ProblemSlug[];
  weekday: Weekday;
  time_slot: TimeSlot;
  /** HH:MM */
  start_time: string;
  age_min: number;
  age_max: number;
  /** At most 8. */
  capacity: number;
  status: "open";
  starts_in_days: number;
  confirmed_participants: GroupParticipantSeed[];
}
