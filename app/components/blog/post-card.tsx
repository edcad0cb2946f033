import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CoverImage } from "./cover-image";
import { PostMeta } from "./post-meta";

export interface PostSummary {
  id: string;
  path: string;
  title: string;
  subtitle: string | null;
  excerpt: string;
  readTime: string;
  publishedDate: string;
  imageUrl: string | null;
  isFeatured: boolean;
}

function CoverFrame({ post, sizes, priority, className = "" }: { post: PostSummary; sizes: string; priority?: boolean; className?: string }) {
  return post.imageUrl ? (
    <CoverImage src={post.imageUrl} sizes={sizes} priority={priority} className={className} />
  ) : (
    <div aria-hidden="true" className={`aspect-video w-full bg-gradient-to-br from-teal-100 via-sand-100 to-coral-100 ${className}`} />
  );
}

/** The featured article, large: cover beside the text from tablets up. */
export function FeaturedPost({ post }: { post: PostSummary }) {
  return (
    <article className="group relative grid overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-sand-200 transition-shadow hover:shadow-md lg:grid-cols-[1.15fr_1fr]">
      <CoverFrame post={post} sizes="(min-width: 1152px) 590px, (min-width: 1024px) 52vw, calc(100vw - 2rem)" priority className="lg:aspect-auto lg:h-full" />
      <div className="grid content-center gap-4 p-6 sm:p-10">
        <p className="w-fit rounded-full bg-coral-100 px-3 py-1 text-sm font-semibold text-coral-700">In evidenza</p>
        <h2 className="text-3xl font-semibold leading-tight sm:text-4xl">
          <Link to={post.path} className="after:absolute after:inset-0 after:rounded-3xl group-hover:text-teal-800">
            {post.title}
          </Link>
        </h2>
        {post.subtitle ? <p className="text-lg text-ink-700">{post.subtitle}</p> : null}
        <p className="text-ink-700">{post.excerpt}</p>
        <PostMeta publishedDate={post.publishedDate} readTime={post.readTime} />
        <span aria-hidden="true" className="inline-flex items-center gap-1.5 font-semibold text-teal-700">
          Leggi l'articolo
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </div>
    </article>
  );
}

export function PostCard({ post }: { post: PostSummary }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-sand-200 transition-shadow hover:shadow-md">
      <CoverFrame post={post} sizes="(min-width: 1152px) 352px, (min-width: 1024px) 31vw, (min-width: 640px) 48vw, calc(100vw - 2rem)" />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <h3 className="text-xl font-semibold leading-snug">
          <Link to={post.path} className="after:absolute after:inset-0 after:rounded-3xl group-hover:text-teal-800">
            {post.title}
          </Link>
        </h3>
        <p className="flex-1 text-ink-700">{post.excerpt}</p>
        <PostMeta publishedDate={post.publishedDate} readTime={post.readTime} />
      </div>
    </article>
  );
}
