import type { MetaDescriptor } from "react-router";
import { prices, site } from "~/content/site";

interface PageSeo {
  title: string;
  description: string;
  /** Site-relative path of the canonical URL, e.g. "/prezzi". */
  path: string;
  keywords?: readonly string[];
  image?: string;
  type?: "website" | "article" | "profile";
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  noindex?: boolean;
}

export function absoluteUrl(path: string) {
  return new URL(path, site.url).href;
}

/** Title, description, keywords, Open Graph, Twitter card, canonical, Italian locale, JSON-LD. */
export function seo(page: PageSeo): MetaDescriptor[] {
  const title = page.title.includes(site.brand) ? page.title : `${page.title} | ${site.brand}`;
  const url = absoluteUrl(page.path);
  const image = absoluteUrl(page.image ?? "/og-image.png");
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { name: "keywords", content: (page.keywords ?? site.keywords).join(", ") },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: site.brand },
    { property: "og:locale", content: site.locale },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  const blocks = page.jsonLd ? (Array.isArray(page.jsonLd) ? page.jsonLd : [page.jsonLd]) : [];
  for (const block of blocks) tags.push({ "script:ld+json": block });
  return tags;
}

export function organizationJsonLd() {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.brand,
    url: site.url,
    logo: absoluteUrl("/logo.svg"),
    email: site.contactEmail,
    description: site.description,
  };
}

export function websiteJsonLd() {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.brand,
    url: site.url,
    inLanguage: "it-IT",
  };
}

/** The service with the prices shown on the pages (never the spec's contradictory 80 EUR). */
export function serviceJsonLd() {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: "Terapia di gruppo online",
    serviceType: "Psicoterapia di gruppo online",
    provider: { "@type": "Organization", name: site.brand, url: site.url },
    areaServed: { "@type": "Country", name: "Italia" },
    availableChannel: { "@type": "ServiceChannel", serviceUrl: absoluteUrl("/questionario") },
    offers: [
      {
        "@type": "Offer",
        name: "Prima seduta di prova",
        price: prices.firstSession.toFixed(2),
        priceCurrency: prices.currency,
      },
      {
        "@type": "Offer",
        name: "Sedute successive (settimanali)",
        price: prices.followingSession.toFixed(2),
        priceCurrency: prices.currency,
      },
    ],
  };
}

export function articleJsonLd(post: { title: string; description: string; path: string; image?: string | null; publishedDate: string; modified?: string }) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.description,
    mainEntityOfPage: absoluteUrl(post.path),
    image: post.image ? [absoluteUrl(post.image)] : undefined,
    datePublished: post.publishedDate,
    dateModified: post.modified ?? post.publishedDate,
    inLanguage: "it-IT",
    author: { "@type": "Organization", name: site.brand },
    publisher: { "@type": "Organization", name: site.brand, logo: { "@type": "ImageObject", url: absoluteUrl("/logo.svg") } },
  };
}

export function personJsonLd(person: { name: string; role: string; path: string; image?: string | null; description: string }) {
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: person.name,
    jobTitle: person.role,
    description: person.description,
    url: absoluteUrl(person.path),
    image: person.image ? absoluteUrl(person.image) : undefined,
    worksFor: { "@type": "Organization", name: site.brand, url: site.url },
  };
}

/**
 * A page with no richer type (a form, a thank-you page): a WebPage of the site with its
 * breadcrumb trail from the home page, through `parents`, to the page itself.
 */
function webPageJsonLd(page: { title: string; description: string; path: string; parents?: { name: string; path: string }[] }) {
  const trail = [{ name: "Home", path: "/" }, ...(page.parents ?? []), { name: page.title, path: page.path }];
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    name: page.title,
    description: page.description,
    url: absoluteUrl(page.path),
    inLanguage: "it-IT",
    isPartOf: { "@type": "WebSite", name: site.brand, url: site.url },
    breadcrumb: {
      "@type": "BreadcrumbList",
      itemListElement: trail.map((item, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: item.name,
        item: absoluteUrl(item.path),
      })),
    },
  };
}

/**
 * The 404 page, whichever route gave up: an Italian title and description, never indexed, and the
 * structured data every page carries (a WebPage at the address asked for, under Home).
 */
export function notFoundSeo(path: string): MetaDescriptor[] {
  const page = {
    title: "Pagina non trovata",
    description: `La pagina che cerchi non esiste o è stata spostata. Torna alla home di ${site.brand} per scoprire la terapia di gruppo online.`,
    path,
  };
  return [
    { title: `${page.title} | ${site.brand}` },
    { name: "description", content: page.description },
    { name: "robots", content: "noindex" },
    { "script:ld+json": webPageJsonLd(page) },
  ];
}

const CLIENT_AREA_HOME = { name: "Area personale", path: "/area-personale" };

/**
 * A page of the client area (`/area-personale` and below): title, description, never indexed, and
 * its WebPage under Home › Area personale. Its address is the one asked for (the area's pages name a
 * meeting or a booking in it). The area's layout uses it for every page that has no title of its own.
 */
export function clientAreaMeta(title: string, description = `La tua area personale di ${site.brand}: il tuo gruppo, i prossimi incontri, i pagamenti e i tuoi dati.`) {
  return ({ location }: { location: { pathname: string } }) => {
    const path = location.pathname.replace(/(.)\/$/, "$1");
    const home = path === CLIENT_AREA_HOME.path;
    const page = { title: home ? CLIENT_AREA_HOME.name : title, description, path, parents: home ? [] : [CLIENT_AREA_HOME] };
    return seo({ ...page, title: home ? page.title : `${title} | ${CLIENT_AREA_HOME.name}`, noindex: true, jsonLd: webPageJsonLd(page) });
  };
}

/** Any other error page. */
export function errorSeo(): MetaDescriptor[] {
  return [
    { title: `Si è verificato un errore | ${site.brand}` },
    { name: "description", content: "Qualcosa è andato storto. Riprova tra qualche istante." },
    { name: "robots", content: "noindex" },
  ];
}

/** A page's meta (title, description, canonical, breadcrumb JSON-LD); `noindex` for pages only a link leads to. */
export function webPageMeta(page: Parameters<typeof webPageJsonLd>[0], options: { noindex?: boolean } = {}) {
  return () => seo({ ...page, ...options, jsonLd: webPageJsonLd(page) });
}
