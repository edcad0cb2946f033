import type { PostSummary } from "~/components/blog/post-card";
import { Calculator, ImagePlus, Plus, Trash2 } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";
import { defaultBlogCtaLink, defaultBlogCtaText } from "~/content/blog-seed";
import { META_DESCRIPTION_MAX, META_DESCRIPTION_OPTIMAL_MIN, META_TITLE_MAX, site } from "~/content/site";
import { readTimeLabel } from "~/domain/reading-time";
import { slugify } from "~/domain/slug";
import { useToast } from "~/components/ui/toast";
import { todayInItaly } from "~/domain/format";
import { imageFileProblem, uploadImage, type UploadKind } from "./image-upload";
import { FormDialogFooter, RecordFormFields, useRecordForm } from "./conflict-notice";
import { Field, InputField, invalidProps, Modal, Spinner } from "./ui";
import { FieldError } from "~/components/site/field-error";

type SectionType = "h2" | "h3";

/** A post as the dialog edits it (the loader's row, or nothing for a new one). */
export interface BlogPostValues extends Omit<PostSummary, "path"> {
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

let nextKey = 1;
const keyed = <T extends object>(item: T) => ({ ...item, key: nextKey++ });

/** SPEC 9: four default sections, h2, h2, h3, h2. */
const defaultSections = (): { type: SectionType; title: string; content: string }[] =>
  (["h2", "h2", "h3", "h2"] as const).map((type) => ({ type, title: "", content: "" }));

function initialDraft(post: BlogPostValues | null) {
  return {
    title: post?.title ?? "",
    subtitle: post?.subtitle ?? "",
    excerpt: post?.excerpt ?? "",
    read_time: post?.readTime ?? "",
    published_date: post?.publishedDate ?? todayInItaly(),
    slug: post?.slug ?? "",
    is_featured: post?.isFeatured ?? false,
    is_published: post?.isPublished ?? true,
    meta_title: post?.metaTitle ?? "",
    meta_description: post?.metaDescription ?? "",
    introduction: post?.introduction ?? "",
    conclusion: post?.conclusion ?? "",
    cta_text: post ? (post.ctaText ?? "") : defaultBlogCtaText,
    cta_link: post ? (post.ctaLink ?? "") : defaultBlogCtaLink,
    image_url: post?.imageUrl ?? "",
    image_credits: post?.imageCredits ?? "",
    main_sections: (post?.mainSections.length ? post.mainSections : defaultSections()).map(keyed),
    internal_links: (post?.internalLinks ?? []).map(keyed),
    external_links: (post?.externalLinks ?? []).map(keyed),
    images_data: (post?.imagesData ?? []).map((image) =>
      keyed({ url: image.url, alt: image.alt, caption: image.caption ?? "", position: String(image.position ?? 0) }),
    ),
  };
}

type Draft = ReturnType<typeof initialDraft>;
type TextKey = { [K in keyof Draft]: Draft[K] extends string ? K : never }[keyof Draft];

const uploadMessages = {
  tooLarge: "Il file è troppo grande. Massimo 5MB.",
  notImage: "Seleziona un file immagine valido.",
  failed: "Errore durante il caricamento dell'immagine.",
  done: "Immagine caricata con successo!",
} as const;

const stripKeys = <T extends { key: number }>(list: T[]) => JSON.stringify(list.map(({ key: _key, ...rest }) => rest));

/** Nuovo Articolo / Modifica Articolo: every field of the blog post entity (SPEC 3 and 5). */
export function BlogPostDialog({ post: initial, onDone }: { post: BlogPostValues | null; onDone: () => void }) {
  // "Ricarica" after a conflict replaces the post with the saved one: a fresh form.
  const [post, setPost] = useState(initial);
  return <BlogPostForm key={post?.version ?? "new"} post={post} onReloaded={setPost} onDone={onDone} />;
}

function BlogPostForm({
  post,
  onReloaded,
  onDone,
}: {
  post: BlogPostValues | null;
  onReloaded: (post: BlogPostValues) => void;
  onDone: () => void;
}) {
  const toast = useToast();
  const { fetcher, reload, reloading, saving, conflict, errors } = useRecordForm({
    href: `/admin/blog?articolo=${post?.id ?? ""}`,
    fresh: (data: { editing: BlogPostValues | null } | null) => data?.editing,
    onReloaded,
    onDone,
    notFound: { title: "Errore durante il salvataggio dell'articolo", description: "Articolo non trovato" },
  });
  const [draft, setDraft] = useState(() => initialDraft(post));
  const [uploads, setUploads] = useState(0);
  const [uploadErrors, setUploadErrors] = useState<Record<string, string>>({});
  const idPrefix = useId();
  const formId = `${idPrefix}-form`;
  const id = (name: string) => `${idPrefix}-${name}`;


  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

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

  const text = (
    key: TextKey,
    label: string,
    options: { required?: boolean; rows?: number; type?: string; hint?: ReactNode; placeholder?: string } = {},
  ) => {
    const { required = false, rows, type = "text", hint, placeholder } = options;
    const common = {
      id: id(key),
      name: key,
      value: draft[key],
      required,
      placeholder,
      className: "field",
      onChange: (event: { target: { value: string } }) => set(key, event.target.value),
      ...invalidProps(id(key), errors[key]),
    };
    return (
      <Field label={label} htmlFor={id(key)} error={errors[key]} required={required} hint={hint}>
        {rows ? <textarea rows={rows} {...common} /> : <input type={type} {...common} />}
      </Field>
    );
  };

  const autoSlug = slugify(draft.title);
  const allText = [
    draft.introduction,
    ...draft.main_sections.flatMap((section) => [section.title, section.content]),
    draft.conclusion,
  ].join("\n\n");

  return (
    <Modal
      onClose={onDone}
      title={post ? "Modifica Articolo" : "Nuovo Articolo"}
      description="I campi con * sono obbligatori."
      footer={<FormDialogFooter formId={formId} onCancel={onDone} cancelLabel="Annulla" saving={saving} disabled={uploads > 0} label={post ? "Salva modifiche" : "Crea articolo"} />}
    >
      <fetcher.Form id={formId} method="post" className="grid gap-8">
        <RecordFormFields record={post} conflict={conflict} reload={reload} reloading={reloading} />
        <input type="hidden" name="main_sections" value={stripKeys(draft.main_sections)} />
        <input type="hidden" name="internal_links" value={stripKeys(draft.internal_links)} />
        <input type="hidden" name="external_links" value={stripKeys(draft.external_links)} />
        <input type="hidden" name="images_data" value={stripKeys(draft.images_data)} />

        <FormSection title="Articolo">
          {text("title", "Titolo", { required: true })}
          {text("subtitle", "Sottotitolo")}
          {text("excerpt", "Estratto", { required: true, rows: 3, hint: "Il riassunto mostrato nell'elenco del blog." })}
        </FormSection>

        <FormSection title="Pubblicazione">
          <div className="grid gap-4 sm:grid-cols-3">
            {text("published_date", "Data di pubblicazione", { required: true, type: "date" })}
            <div className="grid content-start gap-1">
              {text("read_time", "Tempo di lettura", { required: true, placeholder: "5 min" })}
              <button
                type="button"
                className="justify-self-start text-sm font-medium text-teal-700 underline underline-offset-2"
                onClick={() => set("read_time", readTimeLabel(allText))}
              >
                <Calculator aria-hidden className="mr-1 inline size-4" />
                Calcola dal testo ({readTimeLabel(allText)})
              </button>
            </div>
            {text("slug", "Slug", { placeholder: autoSlug || "generato-dal-titolo", hint: "Se vuoto, viene generato dal titolo." })}
          </div>
          <div className="flex flex-wrap gap-6">
            {(
              [
                ["is_published", "Pubblicato", "Se non selezionato, l'articolo resta in bozza."],
                ["is_featured", "In evidenza", "Mostrato come articolo principale del blog."],
              ] as const
            ).map(([name, label, hint]) => (
              <Checkbox key={name} name={name} label={label} hint={hint} checked={draft[name]} onChange={(value) => set(name, value)} />
            ))}
          </div>
        </FormSection>

        <FormSection title="SEO">
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="grid content-start gap-4">
              {text("meta_title", "Meta title", {
                required: true,
                hint: <Counter length={draft.meta_title.length} max={META_TITLE_MAX} bad={draft.meta_title.length > META_TITLE_MAX} />,
              })}
              {text("meta_description", "Meta description", {
                required: true,
                rows: 3,
                hint: (
                  <Counter
                    length={draft.meta_description.length}
                    max={META_DESCRIPTION_MAX}
                    bad={
                      draft.meta_description.length < META_DESCRIPTION_OPTIMAL_MIN || draft.meta_description.length > META_DESCRIPTION_MAX
                    }
                    note={`ideale ${META_DESCRIPTION_OPTIMAL_MIN}-${META_DESCRIPTION_MAX}`}
                  />
                ),
              })}
            </div>
            <SearchPreview
              title={draft.meta_title || draft.title}
              slug={draft.slug ? slugify(draft.slug) : autoSlug}
              description={draft.meta_description || draft.excerpt}
            />
          </div>
        </FormSection>

        <FormSection title="Immagine di copertina">
          <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <ImagePreview url={draft.image_url} alt="Anteprima della copertina" />
            <div className="grid content-start gap-3">
              <UploadButton
                id={id("cover-upload")}
                label="Carica copertina"
                busy={uploads > 0}
                error={uploadErrors.cover}
                onFile={(file) => upload("blog-cover", "cover", file, (url) => set("image_url", url))}
              />
              {text("image_url", "Indirizzo dell'immagine", {
                hint: "Compilato dal caricamento; puoi anche incollare un indirizzo https.",
              })}
              {text("image_credits", "Crediti dell'immagine")}
            </div>
          </div>
        </FormSection>

        <FormSection title="Testo">
          {text("introduction", "Introduzione", { required: true, rows: 5 })}
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Sezioni</legend>
            {errors.main_sections ? <p className="text-sm text-danger-600">{errors.main_sections}</p> : null}
            {draft.main_sections.map((section, index) => {
              const update = (patch: Partial<typeof section>) =>
                set(
                  "main_sections",
                  draft.main_sections.map((item) => (item.key === section.key ? { ...item, ...patch } : item)),
                );
              const titleError = errors[`main_sections.${index}.title`];
              return (
                <div key={section.key} className="grid gap-3 rounded-2xl border border-sand-200 p-4">
                  <div className="flex flex-wrap items-end gap-3">
                    <Field label={`Livello sezione ${index + 1}`} htmlFor={id(`section-${section.key}-type`)} className="w-36">
                      <select
                        id={id(`section-${section.key}-type`)}
                        value={section.type}
                        onChange={(event) => update({ type: event.target.value as SectionType })}
                        className="field"
                      >
                        <option value="h2">H2</option>
                        <option value="h3">H3</option>
                      </select>
                    </Field>
                    <Field
                      label={`Titolo sezione ${index + 1}`}
                      htmlFor={id(`section-${section.key}-title`)}
                      error={titleError}
                      className="min-w-0 flex-1"
                    >
                      <input
                        id={id(`section-${section.key}-title`)}
                        value={section.title}
                        onChange={(event) => update({ title: event.target.value })}
                        className="field"
                        {...invalidProps(id(`section-${section.key}-title`), titleError)}
                      />
                    </Field>
                    <button
                      type="button"
                      className="btn btn-secondary px-3"
                      disabled={draft.main_sections.length <= 1}
                      onClick={() =>
                        set(
                          "main_sections",
                          draft.main_sections.filter((item) => item.key !== section.key),
                        )
                      }
                      aria-label={`Rimuovi la sezione ${index + 1}`}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </button>
                  </div>
                  <Field label={`Contenuto sezione ${index + 1}`} htmlFor={id(`section-${section.key}-content`)}>
                    <textarea
                      id={id(`section-${section.key}-content`)}
                      rows={5}
                      value={section.content}
                      onChange={(event) => update({ content: event.target.value })}
                      className="field"
                    />
                  </Field>
                </div>
              );
            })}
            <button
              type="button"
              className="btn btn-secondary justify-self-start"
              onClick={() => set("main_sections", [...draft.main_sections, keyed({ type: "h2" as SectionType, title: "", content: "" })])}
            >
              <Plus aria-hidden className="size-4" />
              Aggiungi sezione
            </button>
          </fieldset>
          {text("conclusion", "Conclusione", { required: true, rows: 4 })}
        </FormSection>

        <FormSection
          title="Immagini nel testo"
          description="Consiglio: un'immagine ogni 300-400 parole. La posizione è il numero di parole dopo cui compare (0 = all'inizio)."
        >
          {draft.images_data.map((image, index) => {
            const update = (patch: Partial<typeof image>) =>
              set(
                "images_data",
                draft.images_data.map((item) => (item.key === image.key ? { ...item, ...patch } : item)),
              );
            const error = (field: string) => errors[`images_data.${index}.${field}`];
            const fieldId = (field: string) => id(`image-${image.key}-${field}`);
            return (
              <div key={image.key} className="grid gap-3 rounded-2xl border border-sand-200 p-4 sm:grid-cols-[10rem_1fr]">
                <div className="grid content-start gap-2">
                  <ImagePreview url={image.url} alt={image.alt || `Immagine ${index + 1}`} />
                  <UploadButton
                    id={fieldId("upload")}
                    label="Carica"
                    busy={uploads > 0}
                    error={uploadErrors[`image-${image.key}`]}
                    onFile={(file) =>
                      // Functional update: the rest of the form may have changed while the file was uploading.
                      upload("blog-paragraph", `image-${image.key}`, file, (url) =>
                        setDraft((current) => ({
                          ...current,
                          images_data: current.images_data.map((item) => (item.key === image.key ? { ...item, url } : item)),
                        })),
                      )
                    }
                  />
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field label={`Indirizzo immagine ${index + 1}`} htmlFor={fieldId("url")} error={error("url")} className="sm:col-span-2">
                    <input
                      id={fieldId("url")}
                      value={image.url}
                      onChange={(event) => update({ url: event.target.value })}
                      className="field"
                      {...invalidProps(fieldId("url"), error("url"))}
                    />
                  </Field>
                  <Field label={`Testo alternativo immagine ${index + 1}`} htmlFor={fieldId("alt")} error={error("alt")} required>
                    <input
                      id={fieldId("alt")}
                      value={image.alt}
                      required
                      onChange={(event) => update({ alt: event.target.value })}
                      className="field"
                      {...invalidProps(fieldId("alt"), error("alt"))}
                    />
                  </Field>
                  <Field label={`Didascalia immagine ${index + 1}`} htmlFor={fieldId("caption")}>
                    <input
                      id={fieldId("caption")}
                      value={image.caption}
                      onChange={(event) => update({ caption: event.target.value })}
                      className="field"
                    />
                  </Field>
                  <Field label={`Posizione immagine ${index + 1} (parole)`} htmlFor={fieldId("position")} error={error("position")}>
                    <input
                      id={fieldId("position")}
                      type="number"
                      min={0}
                      step={1}
                      value={image.position}
                      onChange={(event) => update({ position: event.target.value })}
                      className="field"
                      {...invalidProps(fieldId("position"), error("position"))}
                    />
                  </Field>
                  <div className="flex items-end">
                    <button
                      type="button"
                      className="btn btn-secondary"
                      onClick={() =>
                        set(
                          "images_data",
                          draft.images_data.filter((item) => item.key !== image.key),
                        )
                      }
                    >
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
            onClick={() => set("images_data", [...draft.images_data, keyed({ url: "", alt: "", caption: "", position: "0" })])}
          >
            <Plus aria-hidden className="size-4" />
            Aggiungi immagine
          </button>
        </FormSection>

        <FormSection title="Link" description="Indirizzi http(s) oppure percorsi del sito che iniziano con / (per esempio /questionario).">
          {(
            [
              ["internal_links", "Link interni"],
              ["external_links", "Link esterni"],
            ] as const
          ).map(([prefix, title]) => (
            <LinkList key={prefix} title={title} prefix={prefix} links={draft[prefix]} errors={errors} idOf={id} onChange={(links) => set(prefix, links)} />
          ))}
        </FormSection>

        <FormSection title="Call to action">
          <div className="grid gap-4 sm:grid-cols-2">
            {text("cta_text", "Testo della call to action", { required: true })}
            {text("cta_link", "Link della call to action", { placeholder: defaultBlogCtaLink })}
          </div>
        </FormSection>
      </fetcher.Form>
    </Modal>
  );
}

function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="grid gap-4">
      <div>
        <h3 className="font-sans text-base font-semibold uppercase tracking-wide text-teal-800">{title}</h3>
        {description ? <p className="mt-1 text-sm text-ink-500">{description}</p> : null}
      </div>
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

function Checkbox({
  name,
  label,
  checked,
  onChange,
  hint,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  hint: string;
}) {
  return (
    <label className="flex max-w-xs items-start gap-2">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-4 accent-teal-700"
      />
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
      <div
        className="min-w-0 rounded-2xl border border-sand-200 bg-white p-4 font-sans shadow-sm"
        aria-label="Anteprima del risultato di ricerca"
        role="group"
      >
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

function UploadButton({
  id,
  label,
  busy,
  error,
  onFile,
}: {
  id: string;
  label: string;
  busy: boolean;
  error?: string;
  onFile: (file: File | undefined) => Promise<void>;
}) {
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

type LinkRow = { text: string; url: string; key: number };

function LinkList({
  title,
  prefix,
  links,
  errors,
  idOf,
  onChange,
}: {
  title: string;
  prefix: string;
  links: LinkRow[];
  errors: Record<string, string>;
  idOf: (name: string) => string;
  onChange: (links: LinkRow[]) => void;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{title}</legend>
      {links.map((link, index) => {
        const update = (patch: Partial<LinkRow>) => onChange(links.map((item) => (item.key === link.key ? { ...item, ...patch } : item)));
        const textId = idOf(`${prefix}-${link.key}-text`);
        const urlId = idOf(`${prefix}-${link.key}-url`);
        const textError = errors[`${prefix}.${index}.text`];
        const urlError = errors[`${prefix}.${index}.url`];
        return (
          <div key={link.key} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <InputField label={`${title}: testo ${index + 1}`} id={textId} error={textError} value={link.text} onChange={(event) => update({ text: event.target.value })} />
            <InputField
              label={`${title}: indirizzo ${index + 1}`}
              id={urlId}
              error={urlError}
              value={link.url}
              onChange={(event) => update({ url: event.target.value })}
              placeholder="/questionario"
            />
            <button
              type="button"
              className="btn btn-secondary px-3"
              onClick={() => onChange(links.filter((item) => item.key !== link.key))}
              aria-label={`Rimuovi ${title.toLowerCase()} ${index + 1}`}
            >
              <Trash2 aria-hidden className="size-4" />
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="btn btn-secondary justify-self-start"
        onClick={() => onChange([...links, keyed({ text: "", url: "" })])}
      >
        <Plus aria-hidden className="size-4" />
        Aggiungi link
      </button>
    </fieldset>
  );
}
