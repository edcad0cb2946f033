import type { Route } from "./+types/termini";
import { LegalDocumentPage } from "~/components/site/legal-document";
import { termsDocument } from "~/content/legal";
import { site } from "~/content/site";
import { organizationJsonLd, seo } from "~/domain/seo";

/** A content page: no React in the browser, publicly cached. */
export { handle, headers } from "~/components/site/content-page";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Termini e condizioni",
    description: `I termini e le condizioni del servizio di terapia di gruppo online di ${site.brand}: prezzi, pagamenti, cancellazioni, regole di partecipazione. Aggiornati al ${termsDocument.updated}.`,
    path: "/termini",
    jsonLd: organizationJsonLd(),
  });

export default function Terms() {
  return <LegalDocumentPage document={termsDocument} />;
}
