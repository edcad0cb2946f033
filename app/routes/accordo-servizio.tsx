import { ArrowLeft } from "lucide-react";
import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/accordo-servizio";
import { LegalDocumentPage } from "~/components/site/legal-document";
import { publicCacheHeaders } from "~/components/site/public-cache";
import { serviceAgreementDocument } from "~/content/legal";
import { site } from "~/content/site";
import { organizationJsonLd, seo } from "~/domain/seo";

export function headers() {
  return publicCacheHeaders();
}

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Accordo di servizio",
    description: `L'accordo di servizio e di riservatezza per partecipare ai gruppi di ${site.brand}: segreto professionale, riservatezza reciproca, pagamenti e cancellazioni.`,
    path: "/accordo-servizio",
    jsonLd: organizationJsonLd(),
  });

/**
 * Goes back to the page that opened the agreement (e.g. the registration form, keeping what
 * was typed there); opened directly or from another site, or without JavaScript, it links home.
 */
function BackButton() {
  const navigate = useNavigate();
  function goBack(event: MouseEvent<HTMLAnchorElement>) {
    // React Router numbers its history entries: idx > 0 means an earlier page of this site.
    const entry = window.history.state as { idx?: number } | null;
    if ((entry?.idx ?? 0) > 0) {
      event.preventDefault();
      void navigate(-1);
    }
  }
  return (
    <Link to="/" onClick={goBack} className="btn btn-secondary w-fit">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Torna indietro
    </Link>
  );
}

export default function ServiceAgreement() {
  return <LegalDocumentPage document={serviceAgreementDocument} before={<BackButton />} />;
}
