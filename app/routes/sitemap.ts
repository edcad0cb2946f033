import type { Route } from "./+types/sitemap";
import { PROBLEM_SLUGS } from "~/domain/problems";
import { sitemapXml, staticSitemapPaths, type SitemapEntry } from "~/domain/sitemap";
import { listPublishedPosts } from "~/server/services/blog.server";
import { listPublicTherapists } from "~/server/services/therapists.server";

export async function loader({ context }: Route.LoaderArgs) {
  const [posts, therapists] = await Promise.all([listPublishedPosts(context.db), listPublicTherapists(context.db)]);
  const entries: SitemapEntry[] = [
    ...staticSitemapPaths.map((path) => ({ path })),
    ...PROBLEM_SLUGS.map((slug) => ({ path: `/problemi/${slug}` })),
    ...therapists.map((therapist) => ({ path: `/terapeuti/${therapist.id}` })),
    ...posts.map((post) => ({ path: `/blog/${post.slug ?? post.id}`, lastmod: post.publishedDate })),
  ];
  return new Response(sitemapXml(entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300, s-maxage=3600" },
  });
}
