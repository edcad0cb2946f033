import { ExternalLink, FilePlus2, Pencil, Trash2 } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/blog";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { BlogPostDialog } from "~/components/admin/blog-post-form";
import { formatDate, todayInItaly } from "~/domain/format";
import { useLoadErrorToast } from "~/components/admin/action-result";
import { Badge, EmptyState, LoadError, PageHeader } from "~/components/admin/page";
import { ActionButton, useConfirmAction, useViewParam } from "~/components/admin/dialogs";
import { Terms } from "~/components/admin/sections";
import { blogPostInputSchema } from "~/domain/blog-post-input";
import { checkFields, loadOr } from "~/server/http/staff-action.server";
import { recordAction } from "~/server/http/record-action.server";
import { createPost, deletePost, findPost, listPosts, postCounters, updatePost } from "~/server/services/admin-blog.server";
import { adminPageData } from "~/server/gates.server";

/** `?articolo=nuovo` opens the empty form, `?articolo=<id>` the post to edit. */
const EDIT_PARAM = "articolo";
const NEW_POST = "nuovo";

const messages = {
  loadFailed: "Errore nel caricamento degli articoli",
  saveFailed: "Errore durante il salvataggio dell'articolo",
  deleteFailed: "Errore durante l'eliminazione dell'articolo",
  created: "Articolo creato con successo",
  updated: "Articolo aggiornato con successo",
  deleted: "Articolo eliminato con successo",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async () => {
    const editId = new URL(request.url).searchParams.get(EDIT_PARAM);
    return loadOr("admin-blog", { posts: [], counters: { total: 0, published: 0, featured: 0 }, editing: null, editMissing: false }, messages.loadFailed, async () => {
      const [posts, counters, editing] = await Promise.all([
        listPosts(context.db),
        postCounters(context.db),
        editId && editId !== NEW_POST ? findPost(context.db, editId) : undefined,
      ]);
      return { posts, counters, editing: editing ?? null, editMissing: Boolean(editId && editId !== NEW_POST && !editing) };
    });
  });
}

export const action = recordAction({
  scope: "admin-blog",
  entity: "blog_post",
  schema: blogPostInputSchema,
  create: createPost,
  update: updatePost,
  auditDetail: (row) => ({ slug: row.slug }),
  messages: {
    saveFailed: messages.saveFailed,
    checkFields,
    notFound: "Articolo non trovato",
    created: messages.created,
    updated: messages.updated,
    unknown: "Azione sconosciuta",
  },
  intents: {
    delete: {
      failed: messages.deleteFailed,
      run: async (db, id) => ({ message: messages.deleted, detail: { title: (await deletePost(db, id)).title } }),
    },
  },
});

type Post = Route.ComponentProps["loaderData"]["posts"][number];

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  useLoadErrorToast(loaderData.loadError);
  const [params] = useSearchParams();
  const { hrefFor: hrefOf, close: closeForm } = useViewParam(EDIT_PARAM);
  const remove = useConfirmAction((post: Post) => ({
    intent: "delete",
    id: post.id,
    title: "Elimina articolo",
    description: `Sei sicuro di voler eliminare l'articolo "${post.title}"? Questa azione non può essere annullata.`,
    confirmLabel: "Elimina",
    busyLabel: "Eliminazione...",
  }));
  const { posts, counters, editing } = loaderData;
  const editParam = params.get(EDIT_PARAM);
  const formOpen = editParam === NEW_POST || Boolean(editing);
  const today = todayInItaly();

  return (
    <section>
      <PageHeader title="Blog Admin Dashboard" description="Articoli del blog: i più recenti in alto." />
      <LoadError message={loaderData.loadError} />
      {loaderData.editMissing ? <LoadError message="Articolo non trovato" /> : null}
      <dl className="mb-8 grid gap-3 sm:grid-cols-3">
        <Terms
          look="figures"
          items={[
            ["Articoli Totali", counters.total],
            ["Pubblicati", counters.published],
            ["In Evidenza", counters.featured],
          ]}
        />
      </dl>

      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Gestisci Articoli</h2>
        <Link to={hrefOf(NEW_POST)} preventScrollReset className="btn btn-primary">
          <FilePlus2 aria-hidden className="size-4" />
          Nuovo Articolo
        </Link>
      </div>

      {posts.length === 0 ? (
        loaderData.loadError ? null : (
          <EmptyState>Nessun articolo trovato. Crea il tuo primo articolo!</EmptyState>
        )
      ) : (
        <ul className="grid gap-3">
          {posts.map((post) => (
            <li key={post.id} className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4 sm:flex-row sm:items-center">
              {post.imageUrl ? (
                <img src={post.imageUrl} alt="" loading="lazy" className="aspect-video w-full rounded-xl bg-sand-100 object-cover sm:w-40" />
              ) : (
                <div aria-hidden className="hidden aspect-video w-40 rounded-xl bg-sand-100 sm:block" />
              )}
              <div className="min-w-0 flex-1">
                <div className="mb-1 flex flex-wrap gap-2">
                  {!post.isPublished ? <Badge tone="neutral">Bozza</Badge> : null}
                  {post.isPublished && post.publishedDate > today ? <Badge tone="warning">Programmato</Badge> : null}
                  {post.isFeatured ? <Badge tone="highlight">In evidenza</Badge> : null}
                </div>
                <h3 className="font-sans text-lg font-semibold leading-snug">{post.title}</h3>
                <p className="mt-1 line-clamp-2 text-sm text-ink-700">{post.excerpt}</p>
                <p className="mt-1 text-xs text-ink-500">
                  {formatDate(post.publishedDate)} · {post.readTime} · /blog/{post.slug ?? post.id}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                {post.isPublished && post.publishedDate <= today ? (
                  <a
                    href={`/blog/${post.slug ?? post.id}`}
                    target="_blank"
                    rel="noreferrer"
                    className="btn btn-secondary min-h-10 px-3 py-2 text-sm"
                    aria-label={`Apri "${post.title}" sul sito (nuova scheda)`}
                  >
                    <ExternalLink aria-hidden className="size-4" />
                    Vedi
                  </a>
                ) : (
                  <a
                    href={`/blog/${post.slug ?? post.id}?anteprima`}
                    target="_blank"
                    rel="noreferrer"
                    className="btn btn-secondary min-h-10 px-3 py-2 text-sm"
                    aria-label={`Anteprima di "${post.title}" (nuova scheda)`}
                  >
                    <ExternalLink aria-hidden className="size-4" />
                    Anteprima
                  </a>
                )}
                <Link to={hrefOf(post.id)} preventScrollReset className="btn btn-secondary min-h-10 px-3 py-2 text-sm" aria-label={`Modifica "${post.title}"`}>
                  <Pencil aria-hidden className="size-4" />
                  Modifica
                </Link>
                <ActionButton icon={Trash2} tone="danger" size="medium" label={`Elimina "${post.title}"`} onClick={() => remove.ask(post)}>
                  Elimina
                </ActionButton>
              </div>
            </li>
          ))}
        </ul>
      )}

      {formOpen ? <BlogPostDialog key={editing?.id ?? NEW_POST} post={editing} onDone={closeForm} /> : null}
      {remove.dialog}
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
