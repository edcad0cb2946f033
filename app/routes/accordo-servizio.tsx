import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/accordo-servizio";
import { siteHooks } from "~/components/site-script-hooks";
import { LegalDocumentPage } from "~/components/site/legal-document";
import { serviceAgreementDocument } from "~/content/legal";
import { site } from "~/content/site";
import { organizationJsonLd, seo } from "~/domain/seo";

/** A content page: no React in the browser, publicly cached. */
export { handle, headers } from "~/components/site/content-page";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Accordo di servizio",
    description: `L'accordo di servizio e di riservatezza per partecipare ai gruppi di ${site.brand}: segreto professionale, riservatezza reciproca, pagamenti e cancellazioni.`,
    path: "/accordo-servizio",
    jsonLd: organizationJsonLd(),
  });

/**
 * Goes back to the page that opened the agreement (e.g. the registration form, keeping what was
 * typed there: the site script steps back in history); opened directly or from another site, or
 * without JavaScript, it links home.
 */
function BackButton() {
  return (
    <a href="/" {...{ [siteHooks.historyBack]: "" }} className="btn btn-secondary w-fit">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Torna indietro
    </a>
  );
}

export default function ServiceAgreement() {
  return <LegalDocumentPage document={serviceAgreementDocument} before={<BackButton />} />;
}
