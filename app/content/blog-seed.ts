import posts from "./seed/blog-posts.json" with { type: "json" };
import { blogPostsFile, parseSeedData, type BlogPostSeed } from "./seed-schemas";
import { defaultBlogCtaLink, defaultBlogCtaText, site } from "./site";

/** The demo images are vector illustrations drawn at seed time (app/server/db/demo-images.server.ts). */
const imageCredits = `Illustrazioni realizzate per ${site.brand}.`;

/**
 * The published articles that seed the blog: their texts are in seed/blog-posts.json (decision 091),
 * checked here; every one ends with the site's call to action. images_data urls are filled in at seed time.
 */
export const blogSeedPosts: BlogPostSeed[] = parseSeedData(blogPostsFile, posts, "app/content/seed/blog-posts.json").map((post) => ({
  ...post,
  cta_text: defaultBlogCtaText,
  cta_link: defaultBlogCtaLink,
  image_credits: imageCredits,
}));
