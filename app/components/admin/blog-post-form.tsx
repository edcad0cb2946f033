import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type DefaultValue, type FieldMetadata } from "@conform-to/react";
import type { PostSummary } from "~/components/blog/post-card";
import { Calculator, ImagePlus, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { defaultBlogCtaLink, defaultBlogCtaText, META_DESCRIPTION_MAX, META_DESCRIPTION_OPTIMAL_MIN, META_TITLE_MAX, site } from "~/content/site";
import { blogPostInputSchema } from "~/domain/blog-post-input";
import { readTimeLabel } from "~/domain/reading-time";
import { slugify } from "~/domain/slug";
import type { z } from "~/domain/zod";
import { useToast } from "~/components/ui/toast";
import { firstError } from "~/components/forms/schema-form";
import { todayInItaly } from "~/domain/format";
import { imageFileProblem, uploadImage, type UploadKind } from "./image-upload";
import { FormDialogFooter, RecordFormFields, useRecordForm } from "./conflict-notice";
import { HeadingWithDescription, Spinner } from "./page";
import { Modal } from "./dialogs";
import { Field } from "./fields";
import { FieldError } from "~/components/site/field-error";

type SectionType = "h2" | "h3";

/** A post as the dialog edits it (the loader's row, or nothing for a new one). */
interface BlogPostValues extends Omit<PostSummary, "path"> {
  /** The version the form was loaded from, sent back with the save. */
  version: string;
  imageCredits: string | null;
  slug: string | null;
  isPublished: boolean;
  metaTitle: string;
  metaDescription: string;
  introduction: string | null;
  mainSections: { type: SectionType; title: string; content: string }[];
  internalLinks: { text: string; url: string }[];
  externalLinks: { text: string; url: string }[];
  conclusion: string | null;
  ctaText: string | null;
  ctaLink: string | null;
  imagesData: { url: string; alt: string; caption?: string | null; position: number }[];
}

/** SPEC 9: four default sections, h2, h2, h3, h2. */
const defaultSections = (): { type: SectionType; title: string; content: string }[] => (["h2", "h2", "h3", "h2"] as const).map((type) => ({ type, title: "", content: "" }));

/** The form's first values: the post as saved, or a new post's defaults (today, published, the standard call to action). */
function defaultsOf(post: BlogPostValues | null): DefaultValue<z.input<typeof blogPostInputSchema>> {
  return {
    title: post?.title,
    subtitle: post?.subtitle,
    excerpt: post?.excerpt,
    read_time: post?.readTime,
    published_date: post?.publishedDate ?? todayInItaly(),
    slug: post?.slug,
    is_featured: post?.isFeatured ? "on" : undefined,
    is_published: (post?.isPublished ?? true) ? "on" : undefined,
    meta_title: post?.metaTitle,
    meta_description: post?.metaDescription,
    introduction: post?.introduction,
    conclusion: post?.conclusion,
    cta_text: post ? post.ctaText : defaultBlogCtaText,
    cta_link: post ? post.ctaLink : defaultBlogCtaLink,
    image_url: post?.imageUrl,
    image_credits: post?.imageCredits,
    main_sections: post?.mainSections.length ? post.mainSections : defaultSections(),
    internal_links: post?.internalLinks ?? [],
    external_links: post?.externalLinks ?? [],
    images_data: (post?.imagesData ?? []).map((image) => ({
      url: image.url,
      alt: image.alt,
      caption: image.caption ?? "",
      position: String(image.position ?? 0),
    })),
  };
}

/**
 * No field of the editor has the browser's maxLength: it would cut a pasted text silently. A text over
 * its limit stays whole, and the schema's message under the field (on leaving it, then as one types)
 * says by how much; the server refuses it the same way.
 */
const uncut = { maxLength: undefined };

const uploadMessages = {
  tooLarge: "Il file è troppo grande. Massimo 5MB.",
  notImage: "Seleziona un file immagine valido.",
  failed: "Errore durante il caricamento dell'immagine.",
  done: "Immagine caricata con successo!",
} as const;

/** Nuovo Articolo / Modifica Articolo: every field of the blog post entity (SPEC 3 and 5). */
export function BlogPostDialog({ post: initial, onDone }: { post: BlogPostValues | null; onDone: () => void }) {
  // "Ricarica" after a conflict replaces the post with the saved one: a fresh form.
  const [post, setPost] = useState(initial);
  return <BlogPostForm key={post?.version ?? "new"} post={post} onReloaded={setPost} onDone={onDone} />;
}

function BlogPostForm({ post, onReloaded, onDone }: { post: BlogPostValues | null; onReloaded: (post: BlogPostValues) => void; onDone: () => void }) {
  const toast = useToast();
  const { fetcher, form, fields, reload, reloading, saving, conflict } = useRecordForm(blogPostInputSchema, {
    href: `/admin/blog?articolo=${post?.id ?? ""}`,
    fresh: (data: { editing: BlogPostValues | null } | null) => data?.editing,
    onReloaded,
    onDone,
    notFound: { title: "Errore durante il salvataggio dell'articolo", description: "Articolo non trovato" },
    defaultValue: defaultsOf(post),
  });
  const [uploads, setUploads] = useState(0);
  const [uploadErrors, setUploadErrors] = useState<Record<string, string>>({});
  const sections = fields.main_sections.getFieldList();
  const images = fields.images_data.getFieldList();
  // An upload ends after the rows may have moved or gone: it finds its row again by the row's key.
  const imageKeys = useRef<(string | undefined)[]>([]);
  useEffect(() => {
    imageKeys.current = images.map((image) => image.key);
  });

  /** Uploads into one slot (the cover, or an image row): one toast per refusal and the error beside the slot, cleared by a success. */
  async function upload(kind: UploadKind, slot: string, file: File | undefined, onUrl: (url: string) => void) {
    if (!file) return;
    const fail = (reason: string) => {
      setUploadErrors((current) => ({ ...current, [slot]: reason }));
      toast({ title: reason, variant: "destructive" });
    };
    const problem = imageFileProblem(file);
    if (problem) return fail(problem === "size" ? uploadMessages.tooLarge : uploadMessages.notImage);
    setUploads((count) => count + 1);
    const result = await uploadImage(kind, file);
    setUploads((count) => count - 1);
    if (result.ok) {
      onUrl(result.url);
      setUploadErrors(({ [slot]: _cleared, ...rest }) => rest);
      toast({ title: uploadMessages.done });
    } else {
      fail(result.status === 413 ? uploadMessages.tooLarge : result.status === 415 ? uploadMessages.notImage : uploadMessages.failed);
    }
  }

  const text = (field: FieldMetadata<string | undefined>, label: string, options: { rows?: number; type?: "text" | "date"; hint?: ReactNode; placeholder?: string } = {}) => {
    const { rows, type = "text", hint, placeholder } = options;
    return (
      <Field label={label} field={field} hint={hint}>
        {rows ? (
          <textarea {...getTextareaProps(field)} {...uncut} rows={rows} placeholder={placeholder} className="field" />
        ) : (
          <input {...getInputProps(field, { type })} {...uncut} placeholder={placeholder} className="field" />
        )}
      </Field>
    );
  };

  const title = fields.title.value ?? "";
  const slug = fields.slug.value ?? "";
  const metaTitle = fields.meta_title.value ?? "";
  const metaDescription = fields.meta_description.value ?? "";
  const autoSlug = slugify(title);
  const allText = [fields.introduction.value, ...sections.flatMap((section) => [section.getFieldset().title.value, section.getFieldset().content.value]), fields.conclusion.value]
    .map((part) => part ?? "")
    .join("\n\n");

  return (
    <Modal
      onClose={onDone}
      title={post ? "Modifica Articolo" : "Nuovo Articolo"}
      description="I campi con * sono obbligatori."
      footer={
        <FormDialogFooter formId={form.id} onCancel={onDone} cancelLabel="Annulla" saving={saving} disabled={uploads > 0} label={post ? "Salva modifiche" : "Crea articolo"} />
      }
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-8">
        <RecordFormFields record={post} conflict={conflict} reload={reload} reloading={reloading} />

        <FormSection title="Articolo">
          {text(fields.title, "Titolo")}
          {text(fields.subtitle, "Sottotitolo")}
          {text(fields.excerpt, "Estratto", { rows: 3, hint: "Il riassunto mostrato nell'elenco del blog." })}
        </FormSection>

        <FormSection title="Pubblicazione">
          <div className="grid gap-4 sm:grid-cols-3">
            {text(fields.published_date, "Data di pubblicazione", { type: "date" })}
            <div className="grid content-start gap-1">
              {text(fields.read_time, "Tempo di lettura", { placeholder: "5 min" })}
              <button
                type="button"
                className="justify-self-start text-sm font-medium text-teal-700 underline underline-offset-2"
                onClick={() => form.update({ name: fields.read_time.name, value: readTimeLabel(allText) })}
              >
                <Calculator aria-hidden className="mr-1 inline size-4" />
                Calcola dal testo ({readTimeLabel(allText)})
              </button>
            </div>
            {text(fields.slug, "Slug", { placeholder: autoSlug || "generato-dal-titolo", hint: "Se vuoto, viene generato dal titolo." })}
          </div>
          <div className="flex flex-wrap gap-6">
            <Checkbox label="Pubblicato" hint="Se non selezionato, l'articolo resta in bozza." input={getInputProps(fields.is_published, { type: "checkbox" })} />
            <Checkbox label="In evidenza" hint="Mostrato come articolo principale del blog." input={getInputProps(fields.is_featured, { type: "checkbox" })} />
          </div>
        </FormSection>

        <FormSection title="SEO">
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="grid content-start gap-4">
              {text(fields.meta_title, "Meta title", {
                hint: <Counter length={metaTitle.length} max={META_TITLE_MAX} bad={metaTitle.length > META_TITLE_MAX} />,
              })}
              {text(fields.meta_description, "Meta description", {
                rows: 3,
                hint: (
                  <Counter
                    length={metaDescription.length}
                    max={META_DESCRIPTION_MAX}
                    bad={metaDescription.length < META_DESCRIPTION_OPTIMAL_MIN || metaDescription.length > META_DESCRIPTION_MAX}
                    note={`ideale ${META_DESCRIPTION_OPTIMAL_MIN}-${META_DESCRIPTION_MAX}`}
                  />
                ),
              })}
            </div>
            <SearchPreview title={metaTitle || title} slug={slug ? slugify(slug) : autoSlug} description={metaDescription || (fields.excerpt.value ?? "")} />
          </div>
        </FormSection>

        <FormSection title="Immagine di copertina">
          <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <ImagePreview url={fields.image_url.value ?? ""} alt="Anteprima della copertina" />
            <div className="grid content-start gap-3">
              <UploadButton
                id={`${form.id}-cover-upload`}
                label="Carica copertina"
                busy={uploads > 0}
                error={uploadErrors.cover}
                onFile={(file) => upload("blog-cover", "cover", file, (url) => form.update({ name: fields.image_url.name, value: url }))}
              />
              {text(fields.image_url, "Indirizzo dell'immagine", {
                hint: "Compilato dal caricamento; puoi anche incollare un indirizzo https.",
              })}
              {text(fields.image_credits, "Crediti dell'immagine")}
            </div>
          </div>
        </FormSection>

        <FormSection title="Testo">
          {text(fields.introduction, "Introduzione", { rows: 5 })}
          <fieldset className="grid gap-3" aria-describedby={fields.main_sections.errors ? fields.main_sections.errorId : undefined}>
            <legend className="mb-2 text-sm font-medium">Sezioni</legend>
            <FieldError id={fields.main_sections.errorId} error={firstError(fields.main_sections.errors)} />
            {sections.map((section, index) => {
              const row = section.getFieldset();
              return (
                <div key={section.key} className="grid gap-3 rounded-2xl border border-sand-200 p-4">
                  <div className="flex flex-wrap items-end gap-3">
                    <Field label={`Livello sezione ${index + 1}`} field={row.type} className="w-36">
                      <select {...getSelectProps(row.type)} className="field">
                        <option value="h2">H2</option>
                        <option value="h3">H3</option>
                      </select>
                    </Field>
                    <Field label={`Titolo sezione ${index + 1}`} field={row.title} className="min-w-0 flex-1">
                      <input {...getInputProps(row.title, { type: "text" })} {...uncut} className="field" />
                    </Field>
                    <button
                      type="button"
                      className="btn btn-secondary px-3"
                      disabled={sections.length <= 1}
                      onClick={() => form.remove({ name: fields.main_sections.name, index })}
                      aria-label={`Rimuovi la sezione ${index + 1}`}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </button>
                  </div>
                  <Field label={`Contenuto sezione ${index + 1}`} field={row.content}>
                    <textarea {...getTextareaProps(row.content)} {...uncut} rows={5} className="field" />
                  </Field>
                </div>
              );
            })}
            <button
              type="button"
              className="btn btn-secondary justify-self-start"
              onClick={() => form.insert({ name: fields.main_sections.name, defaultValue: { type: "h2", title: "", content: "" } })}
            >
              <Plus aria-hidden className="size-4" />
              Aggiungi sezione
            </button>
          </fieldset>
          {text(fields.conclusion, "Conclusione", { rows: 4 })}
        </FormSection>

        <FormSection title="Immagini nel testo" description="Consiglio: un'immagine ogni 300-400 parole. La posizione è il numero di parole dopo cui compare (0 = all'inizio).">
          {images.map((image, index) => {
            const row = image.getFieldset();
            const slot = `image-${image.key}`;
            return (
              <div key={image.key} className="grid gap-3 rounded-2xl border border-sand-200 p-4 sm:grid-cols-[10rem_1fr]">
                <div className="grid content-start gap-2">
                  <ImagePreview url={row.url.value ?? ""} alt={row.alt.value || `Immagine ${index + 1}`} />
                  <UploadButton
                    id={`${image.id}-upload`}
                    label="Carica"
                    busy={uploads > 0}
                    error={uploadErrors[slot]}
                    onFile={(file) =>
                      upload("blog-paragraph", slot, file, (url) => {
                        const current = imageKeys.current.indexOf(image.key);
                        if (current >= 0) form.update({ name: `${fields.images_data.name}[${current}].url`, value: url });
                      })
                    }
                  />
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field label={`Indirizzo immagine ${index + 1}`} field={row.url} className="sm:col-span-2">
                    <input {...getInputProps(row.url, { type: "text" })} {...uncut} className="field" />
                  </Field>
                  <Field label={`Testo alternativo immagine ${index + 1}`} field={row.alt} required>
                    <input {...getInputProps(row.alt, { type: "text" })} {...uncut} required className="field" />
                  </Field>
                  <Field label={`Didascalia immagine ${index + 1}`} field={row.caption}>
                    <input {...getInputProps(row.caption, { type: "text" })} {...uncut} className="field" />
                  </Field>
                  <Field label={`Posizione immagine ${index + 1} (parole)`} field={row.position}>
                    <input {...getInputProps(row.position, { type: "number" })} min={0} step={1} className="field" />
                  </Field>
                  <div className="flex items-end">
                    <button type="button" className="btn btn-secondary" onClick={() => form.remove({ name: fields.images_data.name, index })}>
                      <Trash2 aria-hidden className="size-4" />
                      Rimuovi immagine
                    </button>
                  </div>
                </div>
              </div>
            );
          })}
          <button
            type="button"
            className="btn btn-secondary justify-self-start"
            onClick={() => form.insert({ name: fields.images_data.name, defaultValue: { url: "", alt: "", caption: "", position: "0" } })}
          >
            <Plus aria-hidden className="size-4" />
            Aggiungi immagine
          </button>
        </FormSection>

        <FormSection title="Link" description="Indirizzi http(s) oppure percorsi del sito che iniziano con / (per esempio /questionario).">
          {(
            [
              [fields.internal_links, "Link interni"],
              [fields.external_links, "Link esterni"],
            ] as const
          ).map(([list, title]) => (
            <LinkList
              key={list.name}
              title={title}
              links={list.getFieldList()}
              onAdd={() => form.insert({ name: list.name, defaultValue: { text: "", url: "" } })}
              onRemove={(index) => form.remove({ name: list.name, index })}
            />
          ))}
        </FormSection>

        <FormSection title="Call to action">
          <div className="grid gap-4 sm:grid-cols-2">
            {text(fields.cta_text, "Testo della call to action")}
            {text(fields.cta_link, "Link della call to action", { placeholder: defaultBlogCtaLink })}
          </div>
        </FormSection>
      </fetcher.Form>
    </Modal>
  );
}

function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="grid gap-4">
      <HeadingWithDescription heading={<h3 className="font-sans text-base font-semibold uppercase tracking-wide text-teal-800">{title}</h3>} description={description} />
      {children}
    </section>
  );
}

function Counter({ length, max, bad, note }: { length: number; max: number; bad: boolean; note?: string }) {
  return (
    <span className={bad ? "font-semibold text-danger-600" : undefined} aria-live="polite">
      {length}/{max} caratteri{note ? ` (${note})` : ""}
    </span>
  );
}

function Checkbox({ label, hint, input }: { label: string; hint: string; input: InputHTMLAttributes<HTMLInputElement> }) {
  return (
    <label className="flex max-w-xs items-start gap-2">
      {/* Conform marks every checkbox of a boolean as required; these two are choices, not consents. */}
      <input {...input} required={false} className="mt-1 size-4 accent-teal-700" />
      <span className="text-sm">
        <span className="font-medium">{label}</span>
        <span className="block text-ink-500">{hint}</span>
      </span>
    </label>
  );
}

/** How the article would look in a search result. */
function SearchPreview({ title, slug, description }: { title: string; slug: string; description: string }) {
  const host = new URL(site.url).host;
  return (
    <div className="grid min-w-0 content-start gap-2">
      <p className="text-sm font-medium">Anteprima nei risultati di ricerca</p>
      <div className="min-w-0 rounded-2xl border border-sand-200 bg-white p-4 font-sans shadow-sm" aria-label="Anteprima del risultato di ricerca" role="group">
        <p className="truncate text-xs text-ink-500">
          {host} › blog › {slug || "…"}
        </p>
        <p className="mt-1 line-clamp-1 text-lg leading-snug text-[#1a0dab]">{title || "Titolo dell'articolo"}</p>
        <p className="mt-1 line-clamp-2 text-sm text-ink-700">{description || "La meta description apparirà qui."}</p>
      </div>
    </div>
  );
}

function ImagePreview({ url, alt }: { url: string; alt: string }) {
  return url ? (
    <img src={url} alt={alt} className="aspect-video w-full rounded-xl bg-sand-100 object-cover" />
  ) : (
    <div className="grid aspect-video w-full place-items-center rounded-xl bg-sand-100 text-xs text-ink-500">Nessuna immagine</div>
  );
}

function UploadButton({ id, label, busy, error, onFile }: { id: string; label: string; busy: boolean; error?: string; onFile: (file: File | undefined) => Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="grid justify-items-start gap-1">
      <label className={`btn btn-secondary cursor-pointer ${busy ? "pointer-events-none opacity-60" : ""}`}>
        {busy ? <Spinner /> : <ImagePlus aria-hidden className="size-4" />}
        {busy ? "Uploading..." : label}
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="sr-only"
          disabled={busy}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={async (event) => {
            await onFile(event.target.files?.[0]);
            if (input.current) input.current.value = "";
          }}
        />
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

type LinkRow = FieldMetadata<{ text?: string; url?: string }>;

function LinkList({ title, links, onAdd, onRemove }: { title: string; links: LinkRow[]; onAdd: () => void; onRemove: (index: number) => void }) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{title}</legend>
      {links.map((link, index) => {
        const row = link.getFieldset();
        return (
          <div key={link.key} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <Field label={`${title}: testo ${index + 1}`} field={row.text}>
              <input {...getInputProps(row.text, { type: "text" })} {...uncut} className="field" />
            </Field>
            <Field label={`${title}: indirizzo ${index + 1}`} field={row.url}>
              <input {...getInputProps(row.url, { type: "text" })} {...uncut} placeholder="/questionario" className="field" />
            </Field>
            <button type="button" className="btn btn-secondary px-3" onClick={() => onRemove(index)} aria-label={`Rimuovi ${title.toLowerCase()} ${index + 1}`}>
              <Trash2 aria-hidden className="size-4" />
            </button>
          </div>
        );
      })}
      <button type="button" className="btn btn-secondary justify-self-start" onClick={onAdd}>
        <Plus aria-hidden className="size-4" />
        Aggiungi link
      </button>
    </fieldset>
  );
}
