import type { Route } from "./+types/home";
import { ComparisonTable } from "~/components/home/comparison-table";
import { Hero } from "~/components/home/hero";
import { HomeFaq } from "~/components/home/home-faq";
import { HowItWorks } from "~/components/home/how-it-works";
import { PricingTeaser } from "~/components/home/pricing-teaser";
import { Situations } from "~/components/home/situations";
import { Testimonials } from "~/components/home/testimonials";
import { TherapistsPreview, type TherapistPreview } from "~/components/home/therapists-preview";
import { NewsletterSignup } from "~/components/newsletter-signup";
import { HOME_THERAPISTS_PREVIEW, site } from "~/content/site";
import { organizationJsonLd, seo, websiteJsonLd } from "~/domain/seo";
import { env } from "~/server/env.server";
import { orFallback } from "~/server/http/errors.server";
import { listPublicTherapists } from "~/server/services/therapists.server";

export async function loader({ context }: Route.LoaderArgs) {
  // The spec: a failed preview is logged and the section simply stays empty.
  const therapists: TherapistPreview[] = await orFallback("home: therapist preview", [], async () =>
    (await listPublicTherapists(context.db, HOME_THERAPISTS_PREVIEW)).map(({ id, name, role, specialization, experience, image }) => ({
      id,
      name,
      role,
      specialization,
      experience,
      image,
    })),
  );
  return {
    therapists,
    reviewWidget: {
      src: env().REVIEW_WIDGET_SRC,
      templateId: env().REVIEW_WIDGET_TEMPLATE_ID || undefined,
      businessUnitId: env().REVIEW_WIDGET_BUSINESS_UNIT_ID || undefined,
    },
  };
}

/** A content page: no React in the browser, publicly cached. */
export { handle, headers } from "~/components/site/content-page";

export const meta: Route.MetaFunction = () =>
  seo({
    title: `${site.brand} | Terapia di gruppo online con psicologi certificati`,
    description: site.description,
    path: "/",
    jsonLd: [organizationJsonLd(), websiteJsonLd()],
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero reviewWidget={loaderData.reviewWidget} />
      <HowItWorks />
      <Testimonials />
      <Situations />
      <TherapistsPreview therapists={loaderData.therapists} />
      <ComparisonTable />
      <PricingTeaser />
      <HomeFaq />
      <NewsletterSignup />
    </>
  );
}
