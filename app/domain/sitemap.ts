import { HELP_PATH } from "~/content/help";
import { absoluteUrl } from "./seo";

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export function sitemapXml(entries: SitemapEntry[]) {
  const urls = entries
    .map((entry) => `  <url><loc>${escapeXml(absoluteUrl(entry.path))}</loc>${entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : ""}</url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Public pages that are the same for everyone and worth indexing. */
export const staticSitemapPaths = [
  "/",
  "/about",
  "/questionario",
  "/nostro-metodo",
  "/risultati",
  "/terapeuti",
  "/blog",
  "/prezzi",
  "/contatti",
  "/termini",
  "/privacy",
  "/accordo-servizio",
  HELP_PATH,
];
