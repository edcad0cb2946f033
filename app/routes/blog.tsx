import { Link } from "react-router";
import type { Route } from "./+types/blog";
import { FeaturedPost, PostCard, type PostSummary } from "~/components/blog/post-card";
import { postPath, postReadTime } from "~/components/blog/post-format";
import { PageHeader } from "~/components/site/page-header";
import { TitledSection } from "~/components/site/titled-section";
import { site } from "~/content/site";
import { absoluteUrl, seo } from "~/domain/seo";
import { listPublishedPosts } from "~/server/services/blog.server";

export async function loader({ context }: Route.LoaderArgs) {
  const rows = await listPublishedPosts(context.db);
  const posts: PostSummary[] = rows.map((post) => ({
    id: post.id,
    path: postPath(post),
    title: post.title,
    subtitle: post.subtitle,
    excerpt: post.excerpt,
    readTime: postReadTime(post),
    publishedDate: post.publishedDate,
    imageUrl: post.imageUrl,
    isFeatured: post.isFeatured,
  }));
  // The featured post leads (the first flagged one, else the newest); the rest follow, newest first.
  const featured = posts.find((post) => post.isFeatured) ?? posts[0];
  return { featured, others: posts.filter((post) => post !== featured) };
}

/** A content page: no React in the browser, publicly cached. */
export { handle, headers } from "~/components/site/content-page";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Blog",
    description: "Articoli su ansia, solitudine, relazioni e terapia di gruppo, scritti dai nostri psicologi per capire cosa stai vivendo e da dove ripartire.",
    path: "/blog",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Blog",
      name: `Il blog di ${site.brand}`,
      url: absoluteUrl("/blog"),
      inLanguage: "it-IT",
      publisher: { "@type": "Organization", name: site.brand, url: site.url },
    },
  });

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { featured, others } = loaderData;
  return (
    <>
      <PageHeader eyebrow={`Il blog di ${site.brand}`} title="Blog" intro="Articoli su ansia, solitudine, relazioni e terapia di gruppo, scritti dai nostri psicologi." />
      <div className="container-page grid gap-12 py-12 sm:py-16">
        {featured ? (
          <>
            <section aria-label="Articolo in evidenza">
              <FeaturedPost post={featured} />
            </section>
            {others.length > 0 ? (
              <TitledSection id="altri-articoli" title="Altri articoli" className="grid gap-8" titleClassName="text-3xl font-semibold">
                <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {others.map((post) => (
                    <li key={post.id}>
                      <PostCard post={post} />
                    </li>
                  ))}
                </ul>
              </TitledSection>
            ) : null}
          </>
        ) : (
          <div className="mx-auto grid max-w-xl justify-items-center gap-4 rounded-3xl bg-white p-10 text-center ring-1 ring-sand-200">
            <h2 className="text-2xl font-semibold">Non ci sono ancora articoli</h2>
            <p className="text-ink-700">Stiamo scrivendo i primi contenuti: torna a trovarci presto. Nel frattempo puoi iniziare dal questionario.</p>
            <Link to="/questionario" className="btn btn-primary">
              Compila il questionario
            </Link>
          </div>
        )}
      </div>
    </>
  );
}
