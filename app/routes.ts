import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** The route table, in the spec's order. */
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("questionario", "routes/questionario.tsx"),
  route("questionario-interno", "routes/questionario-interno.tsx"),
  route("questionario-vecchio", "routes/questionario-vecchio.tsx"),
  route("gruppi-matching", "routes/gruppi-matching.tsx"),
  route("grazie", "routes/grazie.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/rss.xml", "routes/blog-rss.ts"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("prezzi", "routes/prezzi.tsx"),
  route("contatti", "routes/contatti.tsx"),
  route("terapeuti", "routes/terapeuti.tsx"),
  route("terapeuti/:id", "routes/terapeuta.tsx"),
  route("nostro-metodo", "routes/nostro-metodo.tsx"),
  route("problemi/:slug", "routes/problema.tsx"),
  route("termini", "routes/termini.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("conferma-iscrizione", "routes/conferma-iscrizione.tsx"),
  route("accordo-servizio", "routes/accordo-servizio.tsx"),
  route("admin/*", "routes/admin.tsx"),
  route("test-followup", "routes/test-followup.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("storage/:bucket/*", "routes/storage.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // /call-{name}: a single dynamic segment whose loader accepts only the "call-" prefix.
  route(":callPath", "routes/call.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
