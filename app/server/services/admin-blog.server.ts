import { and, count, desc, eq, getTableColumns, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from "~/content/site";
import { safeHref } from "~/domain/article";
import { slugify, uniqueSlug } from "~/domain/slug";
import type { Database } from "../db/client.server";
import { blogPosts } from "../db/schema";
import { HttpError } from "../http.server";
import { hasVersion, isUniqueViolation, jsonField, optionalText, requiredText, VersionConflict, versionOf } from "./admin-common.server";

/** The blog form's messages (SPEC 5, "Admin, blog": required fields and limits). */
export const blogMessages = {
  title: "Il titolo è obbligatorio",
  excerpt: "L'estratto è obbligatorio",
  readTime: "Il tempo di lettura è obbligatorio",
  publishedDate: "La data di pubblicazione è obbligatoria",
  metaTitle: "Il meta title è obbligatorio",
  metaTitleMax: `Il meta title può avere al massimo ${META_TITLE_MAX} caratteri`,
  metaDescription: "La meta description è obbligatoria",
  metaDescriptionMax: `La meta description può avere al massimo ${META_DESCRIPTION_MAX} caratteri`,
  introduction: "L'introduzione è obbligatoria",
  conclusion: "La conclusione è obbligatoria",
  ctaText: "Il testo della call to action è obbligatorio",
  alt: "Il testo alternativo dell'immagine è obbligatorio",
  imageUrl: "Indirizzo dell'immagine non valido",
  link: "Link non valido: usa un indirizzo http(s) o un percorso del sito che inizia con /",
  linkText: "Il testo del link è obbligatorio",
  sectionTitle: "Il titolo della sezione è obbligatorio",
  sections: "Deve esserci almeno una sezione",
  position: "La posizione deve essere un numero intero maggiore o uguale a 0",
  slug: "Lo slug può contenere solo lettere minuscole, numeri e trattini",
} as const;

const isHref = (value: string) => safeHref(value) !== null;

const optionalHref = (message: string) =>
  z
    .string()
    .trim()
    .max(2000, message)
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isHref(value), message);

const section = z.object({
  type: z.enum(["h2", "h3"]),
  title: z.string().trim().max(300),
  content: z.string().trim().max(50_000),
});

const link = z.object({ text: z.string().trim().max(300), url: z.string().trim().max(2000) });

const image = z.object({
  url: z.string().trim().max(2000),
  alt: z.string().trim().max(500),
  caption: z.string().trim().max(1000).nullish(),
  position: z.union([z.number(), z.string().trim()]).optional(),
});

/** An image's position: a whole number of words, 0 (before the text) when left empty. */
function positionOf(value: number | string | undefined) {
  if (value === undefined || value === "") return 0;
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : null;
}

// Rows left completely empty are dropped; the others are checked where they stand, so an error's
// path ("images_data.2.alt") points at the row the admin sees.
const sections = jsonField(z.array(section).max(50))
  .superRefine((list, ctx) => {
    list.forEach((item, index) => {
      if (item.content && !item.title) ctx.addIssue({ code: "custom", path: [index, "title"], message: blogMessages.sectionTitle });
    });
    if (!list.some((item) => item.title || item.content)) ctx.addIssue({ code: "custom", path: [], message: blogMessages.sections });
  })
  .transform((list) => list.filter((item) => item.title || item.content));

const links = jsonField(z.array(link).max(50))
  .superRefine((list, ctx) => {
    list.forEach((item, index) => {
      if (!item.text && !item.url) return;
      if (!item.text) ctx.addIssue({ code: "custom", path: [index, "text"], message: blogMessages.linkText });
      if (!isHref(item.url)) ctx.addIssue({ code: "custom", path: [index, "url"], message: blogMessages.link });
    });
  })
  .transform((list) => list.filter((item) => item.text || item.url));

const images = jsonField(z.array(image).max(50))
  .superRefine((list, ctx) => {
    list.forEach((item, index) => {
      if (!item.url && !item.alt && !item.caption) return;
      if (!isHref(item.url)) ctx.addIssue({ code: "custom", path: [index, "url"], message: blogMessages.imageUrl });
      if (!item.alt) ctx.addIssue({ code: "custom", path: [index, "alt"], message: blogMessages.alt });
      if (positionOf(item.position) === null) ctx.addIssue({ code: "custom", path: [index, "position"], message: blogMessages.position });
    });
  })
  .transform((list) =>
    list
      .filter((item) => item.url || item.alt || item.caption)
      .map((item) => ({
        url: item.url,
        alt: item.alt,
        caption: item.caption ? item.caption : null,
        position: positionOf(item.position) ?? 0,
      })),
  );

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((value) => value === "on" || value === "true");

/** Every field of the blog post entity (SPEC 3), as the dialog sends them. */
export const blogPostInputSchema = z.object({
  title: requiredText(blogMessages.title, 200),
  subtitle: optionalText(300),
  excerpt: requiredText(blogMessages.excerpt, 600),
  read_time: requiredText(blogMessages.readTime, 30),
  published_date: z.iso.date(blogMessages.publishedDate),
  slug: z
    .string()
    .trim()
    .max(200, blogMessages.slug)
    .optional()
    .transform((value) => (value ? slugify(value) : "")),
  is_featured: checkbox,
  is_published: checkbox,
  meta_title: requiredText(blogMessages.metaTitle, META_TITLE_MAX, blogMessages.metaTitleMax),
  meta_description: requiredText(blogMessages.metaDescription, META_DESCRIPTION_MAX, blogMessages.metaDescriptionMax),
  introduction: requiredText(blogMessages.introduction, 20_000),
  main_sections: sections,
  internal_links: links,
  external_links: links,
  conclusion: requiredText(blogMessages.conclusion, 20_000),
  cta_text: requiredText(blogMessages.ctaText, 300),
  cta_link: optionalHref(blogMessages.link),
  image_url: optionalHref(blogMessages.imageUrl),
  image_credits: optionalText(500),
  images_data: images,
});

export type BlogPostInput = z.infer<typeof blogPostInputSchema>;

export function blogFormValues(form: FormData) {
  return Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/** Every post, newest first (SPEC 7, admin: select all ordered by created_at descending). */
export function listPosts(db: Database) {
  return db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      publishedDate: blogPosts.publishedDate,
      readTime: blogPosts.readTime,
      isFeatured: blogPosts.isFeatured,
      isPublished: blogPosts.isPublished,
      imageUrl: blogPosts.imageUrl,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
}

/** Articoli Totali, Pubblicati, In Evidenza. */
export async function postCounters(db: Database) {
  const [row] = await db
    .select({
      total: count(),
      published: sql<number>`count(*) filter (where ${blogPosts.isPublished})::int`,
      featured: sql<number>`count(*) filter (where ${blogPosts.isFeatured})::int`,
    })
    .from(blogPosts);
  return { total: row?.total ?? 0, published: row?.published ?? 0, featured: row?.featured ?? 0 };
}

export async function findPost(db: Database, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db
    .select({ ...getTableColumns(blogPosts), version: versionOf(blogPosts.updatedAt) })
    .from(blogPosts)
    .where(eq(blogPosts.id, id));
  return row;
}

export type AdminBlogPost = NonNullable<Awaited<ReturnType<typeof findPost>>>;

/** The slug asked for (or made from the title), suffixed -2, -3 ... when another post has it. */
async function freeSlug(db: Database, input: BlogPostInput, exceptId?: string) {
  const base = input.slug || slugify(input.title);
  const taken = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(exceptId ? ne(blogPosts.id, exceptId) : undefined);
  return uniqueSlug(base, new Set(taken.map((row) => row.slug).filter((slug): slug is string => Boolean(slug))));
}

function columns(input: BlogPostInput, slug: string) {
  return {
    title: input.title,
    subtitle: input.subtitle,
    excerpt: input.excerpt,
    content: null,
    readTime: input.read_time,
    publishedDate: input.published_date,
    imageUrl: input.image_url,
    imageCredits: input.image_credits,
    slug,
    isFeatured: input.is_featured,
    isPublished: input.is_published,
    metaTitle: input.meta_title,
    metaDescription: input.meta_description,
    introduction: input.introduction,
    mainSections: input.main_sections,
    internalLinks: input.internal_links,
    externalLinks: input.external_links,
    conclusion: input.conclusion,
    ctaText: input.cta_text,
    ctaLink: input.cta_link,
    imagesData: input.images_data,
  };
}

/** Retries (up to twice) with a fresh slug when another save took the same one in the meantime. */
async function withFreeSlug<T>(db: Database, input: BlogPostInput, exceptId: string | undefined, write: (slug: string) => Promise<T>) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write(await freeSlug(db, input, exceptId));
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}

export function createPost(db: Database, input: BlogPostInput) {
  return withFreeSlug(db, input, undefined, async (slug) => {
    const [row] = await db.insert(blogPosts).values(columns(input, slug)).returning({ id: blogPosts.id, slug: blogPosts.slug });
    return row!;
  });
}

/** Saves the form only over the version it was loaded from: 409 (VersionConflict) when someone saved in between. */
export function updatePost(db: Database, id: string, version: string, input: BlogPostInput) {
  return withFreeSlug(db, input, id, async (slug) => {
    const [row] = await db
      .update(blogPosts)
      .set({ ...columns(input, slug), updatedAt: new Date() })
      .where(and(eq(blogPosts.id, id), hasVersion(blogPosts.updatedAt, version)))
      .returning({ id: blogPosts.id, slug: blogPosts.slug });
    if (row) return row;
    const [exists] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id));
    throw exists ? new VersionConflict() : new HttpError(404, "Articolo non trovato");
  });
}

export async function deletePost(db: Database, id: string) {
  const [row] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id, title: blogPosts.title });
  if (!row) throw new HttpError(404, "Articolo non trovato");
  return row;
}
