import { META_DESCRIPTION_MAX, META_TITLE_MAX } from "~/content/site";
import { safeHref } from "./article";
import { optionalText, overLimit, requiredText } from "./form-fields";
import { slugify } from "./slug";
import { z } from "./zod";

/** The blog form's messages (SPEC 5, "Admin, blog": required fields and limits). */
const blogMessages = {
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

/**
 * A text of a list row. The form posts each row's fields on their own (`images_data[0].alt`) and
 * Conform reads a blank one as missing: it is the empty text here, so the rules below see every row whole.
 */
const rowText = (max: number, tooLong?: Parameters<typeof overLimit>[0]) =>
  z
    .string()
    .trim()
    .max(max, tooLong ? overLimit(tooLong, max) : undefined)
    .default("");

/** The long texts' limits: a pasted text over them is refused with its length, never cut. */
export const BLOG_TEXT_MAX = 20_000;
export const BLOG_SECTION_MAX = 50_000;

const section = z.object({
  type: z.enum(["h2", "h3"]),
  title: rowText(300),
  content: rowText(BLOG_SECTION_MAX, "Il contenuto della sezione"),
});

const link = z.object({ text: rowText(300), url: rowText(2000) });

const image = z.object({
  url: rowText(2000),
  alt: rowText(500),
  caption: rowText(1000),
  position: z.string().trim().default(""),
});

/** An image's position: a whole number of words, 0 (before the text) when left empty. */
function positionOf(value: string) {
  if (value === "") return 0;
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : null;
}

/**
 * A list of up to 50 rows. Rows left completely empty (`filled` false) are dropped; the others are
 * checked where they stand (`check` flags a field of the row), so an error's path ("images_data[2].alt")
 * names the field the admin sees. `atLeastOne`: the message when no row is filled, if one is required.
 */
function rowList<Row extends z.ZodType<Record<string, string>>>(
  row: Row,
  filled: (item: z.output<Row>) => boolean,
  check: (item: z.output<Row>, flag: (field: keyof z.output<Row> & string, message: string) => void) => void,
  atLeastOne?: string,
) {
  return z
    .array(row)
    .max(50)
    .superRefine((list, ctx) => {
      list.forEach((item, index) => {
        if (filled(item)) check(item, (field, message) => ctx.addIssue({ code: "custom", path: [index, field], message }));
      });
      if (atLeastOne && !list.some(filled)) ctx.addIssue({ code: "custom", path: [], message: atLeastOne });
    })
    .transform((list) => list.filter(filled));
}

const sections = rowList(
  section,
  (item) => Boolean(item.title || item.content),
  (item, flag) => {
    if (item.content && !item.title) flag("title", blogMessages.sectionTitle);
  },
  blogMessages.sections,
);

const links = rowList(
  link,
  (item) => Boolean(item.text || item.url),
  (item, flag) => {
    if (!item.text) flag("text", blogMessages.linkText);
    if (!isHref(item.url)) flag("url", blogMessages.link);
  },
);

const images = rowList(
  image,
  (item) => Boolean(item.url || item.alt || item.caption),
  (item, flag) => {
    if (!isHref(item.url)) flag("url", blogMessages.imageUrl);
    if (!item.alt) flag("alt", blogMessages.alt);
    if (positionOf(item.position) === null) flag("position", blogMessages.position);
  },
).transform((list) => list.map((item) => ({ url: item.url, alt: item.alt, caption: item.caption ? item.caption : null, position: positionOf(item.position) ?? 0 })));

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
  introduction: requiredText(blogMessages.introduction, BLOG_TEXT_MAX, overLimit("L'introduzione", BLOG_TEXT_MAX)),
  main_sections: sections,
  internal_links: links,
  external_links: links,
  conclusion: requiredText(blogMessages.conclusion, BLOG_TEXT_MAX, overLimit("La conclusione", BLOG_TEXT_MAX)),
  cta_text: requiredText(blogMessages.ctaText, 300),
  cta_link: optionalHref(blogMessages.link),
  image_url: optionalHref(blogMessages.imageUrl),
  image_credits: optionalText(500),
  images_data: images,
});

export type BlogPostInput = z.infer<typeof blogPostInputSchema>;
