import { PROBLEM_SLUGS } from "~/domain/problems";
import { z } from "~/domain/zod";
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from "./site";

/**
 * The shapes of the demo content in app/content/seed/*.json (decision 091): the data files are content
 * an editor changes without touching code, and these schemas check them when they are loaded, so a
 * misspelt field or a value out of range stops the seed (and the unit test) with the file and the path
 * instead of reaching the database cast as if it were right.
 */

const text = z.string().min(1);
const texts = z.array(text).min(1);
const count = z.int().nonnegative();

const blogSection = z.strictObject({ type: z.enum(["h2", "h3"]), title: text, content: text });
const blogLink = z.strictObject({ text, url: text });
/** An image of a seeded post (its picture is drawn and its url filled in at seed time); position counts words. */
const blogSeedImage = z.strictObject({ alt: text, caption: text, position: count });

/** A published article; the texts are split into paragraphs by blank lines. */
const blogPostData = z.strictObject({
  title: text,
  subtitle: text,
  excerpt: text,
  read_time: z.string().regex(/^\d+ min$/),
  published_date: z.iso.date(),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  is_featured: z.boolean(),
  is_published: z.boolean(),
  meta_title: text.max(META_TITLE_MAX),
  meta_description: text.max(META_DESCRIPTION_MAX),
  introduction: text,
  main_sections: z.array(blogSection).min(1),
  internal_links: z.array(blogLink),
  external_links: z.array(blogLink),
  conclusion: text,
  images_data: z.array(blogSeedImage),
});

/** A fictional therapist; the biography is two paragraphs separated by a blank line. */
const therapistSeed = z.strictObject({
  name: text,
  role: text,
  specialization: text,
  experience: text,
  description: text,
  biography: text,
  registration_number: text,
  qualifications: texts,
  approaches: texts,
});

/** A demo group; therapistIndex points into therapists.json, weekday 1 = lunedì … 7 = domenica. */
const groupSeed = z.strictObject({
  therapistIndex: z.literal([0, 1, 2, 3, 4, 5]),
  name: text,
  topic: text,
  situations: z.array(z.enum(PROBLEM_SLUGS)).min(1),
  weekday: z.literal([1, 2, 3, 4, 5, 6, 7]),
  time_slot: z.enum(["Mattina", "Pomeriggio", "Sera"]),
  start_time: z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/),
  age_min: count,
  age_max: count,
  capacity: z.int().min(1).max(8),
  status: z.literal("open"),
  starts_in_days: count,
  confirmed_participants: z.array(z.strictObject({ initial: text, age: count })),
});

export const blogPostsFile = z.array(blogPostData);
export const therapistsFile = z.array(therapistSeed);
export const groupsFile = z.array(groupSeed);

export type BlogPostSeed = z.output<typeof blogPostData> & { cta_text: string; cta_link: string; image_credits: string };
export type TherapistSeed = z.output<typeof therapistSeed>;
export type GroupSeed = z.output<typeof groupSeed>;

/**
 * The data of `file` checked against `schema`, or an error naming the file and every wrong field
 * (zod's English messages: they are for whoever edits the data, not for the site's visitors).
 */
export function parseSeedData<T extends z.ZodType>(schema: T, data: unknown, file: string): z.output<T> {
  const result = schema.safeParse(data, { error: z.locales.en().localeError });
  if (!result.success) throw new Error(`${file} does not match its schema:\n${z.prettifyError(result.error)}`);
  return result.data;
}
