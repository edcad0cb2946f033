import type { Route } from "./+types/privacy";
import { LegalDocumentPage } from "~/components/site/legal-document";
import { privacyDocument } from "~/content/legal";
import { site } from "~/content/site";
import { organizationJsonLd, seo } from "~/domain/seo";

/** A content page: no React in the browser, publicly cached. */
export { handle, headers } from "~/components/site/content-page";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Privacy policy",
    description: `Come ${site.brand} tratta e protegge i tuoi dati personali e di salute, nel rispetto del GDPR: finalità, conservazione, cookie e i tuoi diritti. Aggiornata al ${privacyDocument.updated}.`,
    path: "/privacy",
    jsonLd: organizationJsonLd(),
  });

export default function Privacy() {
  return <LegalDocumentPage document={privacyDocument} />;
}
