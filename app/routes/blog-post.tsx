import { ADMIN_ROLE, getSession } from "~/server/auth.server";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import type { Route } from "./+types/blog-post";
import { ArticleBody, ArticleLinks } from "~/components/blog/article-body";
import { CoverImage } from "~/components/blog/cover-image";
import { postPath, postReadTime } from "~/components/blog/post-format";
import { PostMeta } from "~/components/blog/post-meta";
import { publicCacheHeaders } from "~/components/site/public-cache";
import { defaultBlogCtaLink, defaultBlogCtaText } from "~/content/site";
import { safeHref } from "~/domain/article";
import { articleJsonLd, seo } from "~/domain/seo";
import { findAnyPost, findPublishedPost } from "~/server/services/blog.server";
import { contentPage } from "~/components/site/content-page";
import { BackLink } from "~/components/site/back-link";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  // ?anteprima: admins see drafts and scheduled posts as readers will (the page cache skips signed-in staff).
  const preview = new URL(request.url).searchParams.has("anteprima") && (await getSession(context.db, request))?.user.role === ADMIN_ROLE;
  const post = preview ? await findAnyPost(context.db, params.slug) : await findPublishedPost(context.db, params.slug);
  // A missing article is not cached: it may be published any minute.
  if (!post) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  // A post reached by its id while it has a slug: send readers and search engines to one address.
  if (!preview && post.slug && post.slug !== params.slug) throw redirect(postPath(post), 301);
  const page = {
    preview: preview ? { published: post.isPublished, publishedDate: post.publishedDate } : null,
    post: {
      path: postPath(post),
      title: post.title,
      subtitle: post.subtitle,
      metaTitle: post.metaTitle,
      metaDescription: post.metaDescription,
      excerpt: post.excerpt,
      publishedDate: post.publishedDate,
      updatedAt: post.updatedAt.toISOString(),
      readTime: postReadTime(post),
      imageUrl: post.imageUrl,
      imageCredits: post.imageCredits,
      introduction: post.introduction,
      mainSections: post.mainSections,
      conclusion: post.conclusion,
      content: post.content,
      imagesData: post.imagesData,
      internalLinks: post.internalLinks,
      externalLinks: post.externalLinks,
      ctaText: post.ctaText?.trim() || defaultBlogCtaText,
      ctaLink: safeHref(post.ctaLink) ?? defaultBlogCtaLink,
    },
  };
  // A preview is personal to the signed-in admin: never stored by any cache.
  return data(page, preview ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
}

/** A content page: no React in the browser. */
export const handle = contentPage;

export function headers({ errorHeaders, loaderHeaders, parentHeaders }: Route.HeadersArgs) {
  if (errorHeaders?.has("Cache-Control")) return errorHeaders;
  return loaderHeaders.has("Cache-Control") ? loaderHeaders : publicCacheHeaders(parentHeaders);
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Articolo non trovato | Insieme" }, { name: "robots", content: "noindex" }];
  const { post } = loaderData;
  const description = post.metaDescription || post.excerpt;
  return seo({
    title: post.metaTitle || post.title,
    description,
    path: post.path,
    type: "article",
    image: post.imageUrl ?? undefined,
    jsonLd: articleJsonLd({
      title: post.title,
      description,
      path: post.path,
      image: post.imageUrl,
      publishedDate: post.publishedDate,
      modified: post.updatedAt,
    }),
  });
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, preview } = loaderData;
  const ctaIsQuestionnaire = post.ctaLink === "/questionario";
  return (
    <article className="pb-16">
      {preview ? (
        <p role="status" className="bg-coral-100 px-4 py-3 text-center text-sm font-semibold text-coral-700">
          Anteprima per lo staff: {preview.published ? `articolo pubblicato dal ${preview.publishedDate}` : "bozza non pubblicata"}. I lettori non vedono questa pagina finché non è
          pubblicata.
        </p>
      ) : null}
      <header className="bg-gradient-to-b from-teal-50 to-sand-50">
        <div className="container-page">
          <div className="mx-auto grid max-w-3xl gap-5 pb-8 pt-8 sm:pt-12">
            <BackLink to="/blog">Tutti gli articoli</BackLink>
            <h1 className="text-4xl font-semibold leading-tight sm:text-5xl">{post.title}</h1>
            {post.subtitle ? <p className="text-xl text-ink-700">{post.subtitle}</p> : null}
            <PostMeta publishedDate={post.publishedDate} readTime={post.readTime} />
          </div>
        </div>
      </header>
      {post.imageUrl ? (
        <div className="container-page">
          <figure className="mx-auto max-w-4xl">
            <CoverImage src={post.imageUrl} priority sizes="(min-width: 944px) 896px, calc(100vw - 2rem)" className="rounded-3xl" />
            {post.imageCredits ? <figcaption className="mt-2 text-sm text-ink-500">{post.imageCredits}</figcaption> : null}
          </figure>
        </div>
      ) : null}
      <div className="container-page">
        <div className="mx-auto max-w-3xl pt-10 sm:pt-14">
          <ArticleBody article={post} />
          <ArticleLinks internal={post.internalLinks} external={post.externalLinks} />
          <section aria-labelledby="cta-articolo" className="mt-14 grid gap-4 rounded-3xl bg-teal-800 p-8 text-center text-white sm:p-10">
            <h2 id="cta-articolo" className="text-2xl font-semibold text-white sm:text-3xl">
              {post.ctaText}
            </h2>
            <p className="text-teal-50">Il primo colloquio conoscitivo è gratuito e senza impegno.</p>
            <p>
              <Link to={post.ctaLink} className="btn bg-white px-7 text-teal-800 hover:bg-teal-50">
                {ctaIsQuestionnaire ? "Compila il questionario" : "Scopri di più"}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </p>
          </section>
          <nav aria-label="Continua" className="mt-10 flex flex-col gap-3 border-t border-sand-200 pt-8 sm:flex-row sm:justify-between">
            <Link to="/blog" className="btn btn-secondary">
              <ArrowLeft aria-hidden="true" className="size-4" />
              Torna al blog
            </Link>
            {ctaIsQuestionnaire ? null : (
              <Link to="/questionario" className="btn btn-primary">
                Compila il questionario
              </Link>
            )}
          </nav>
        </div>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page grid flex-1 place-content-center justify-items-center gap-4 py-24 text-center">
      <h1 className="text-3xl font-semibold sm:text-4xl">{notFound ? "Articolo non trovato" : "Si è verificato un errore"}</h1>
      <p className="max-w-md text-ink-700">
        {notFound ? "L'articolo che cerchi non esiste o non è più disponibile." : "Non è stato possibile caricare l'articolo. Riprova tra qualche istante."}
      </p>
      <Link to="/blog" className="btn btn-primary">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Torna al blog
      </Link>
    </section>
  );
}
