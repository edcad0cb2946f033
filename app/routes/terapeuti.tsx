import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/terapeuti";
import { CtaBand } from "~/components/site/cta-band";
import { PageHeader } from "~/components/site/page-header";
import { TherapistPhoto } from "~/components/site/therapist-photo";
import { site } from "~/content/site";
import { organizationJsonLd, seo } from "~/domain/seo";
import { listPublicTherapists } from "~/server/services/therapists.server";

export async function loader({ context }: Route.LoaderArgs) {
  const rows = await listPublicTherapists(context.db);
  return {
    therapists: rows.map(({ id, name, role, specialization, experience, description, image }) => ({
      id,
      name,
      role,
      specialization,
      experience,
      description,
      image,
    })),
  };
}

/** A content page: no React in the browser, publicly cached. */
export { handle, headers } from "~/components/site/content-page";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "I nostri terapeuti",
    description: `Conosci gli psicologi e psicoterapeuti iscritti all'Albo che guidano i gruppi di ${site.brand}: formazione, approccio ed esperienza.`,
    path: "/terapeuti",
    jsonLd: organizationJsonLd(),
  });

export default function Therapists({ loaderData }: Route.ComponentProps) {
  const { therapists } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="Il nostro team"
        title="I nostri terapeuti"
        intro="Psicologi e psicoterapeuti iscritti all'Albo, con una formazione specifica nella conduzione dei gruppi e approcci diversi."
      />
      <div className="container-page py-12 sm:py-16">
        {therapists.length === 0 ? (
          <p className="text-center text-lg text-ink-700">Presto troverai qui i profili dei nostri terapeuti.</p>
        ) : (
          <ul className="grid gap-8 sm:gap-10">
            {therapists.map((therapist, index) => (
              <li key={therapist.id}>
                <article
                  className={`grid items-center gap-6 rounded-3xl bg-white p-4 ring-1 ring-sand-200 sm:p-6 md:gap-10 ${
                    index % 2 === 1
                      ? "md:grid-cols-[minmax(0,1fr)_16rem] lg:grid-cols-[minmax(0,1fr)_20rem]"
                      : "md:grid-cols-[16rem_minmax(0,1fr)] lg:grid-cols-[20rem_minmax(0,1fr)]"
                  }`}
                >
                  <div className={`overflow-hidden rounded-2xl ${index % 2 === 1 ? "md:order-2" : ""}`}>
                    <TherapistPhoto
                      src={therapist.image}
                      name={therapist.name}
                      aspect="aspect-[4/3] md:aspect-square"
                      className="object-top"
                      priority={index === 0}
                      sizes="(min-width: 1024px) 320px, (min-width: 768px) 256px, calc(100vw - 4rem)"
                    />
                  </div>
                  <div className="grid content-center gap-3 px-2 pb-2 md:px-0 md:pb-0">
                    <p className="font-semibold text-teal-700">{therapist.role}</p>
                    <h2 className="text-3xl font-semibold">{therapist.name}</h2>
                    <p className="text-lg text-ink-900">{therapist.specialization}</p>
                    <p className="text-sm text-ink-500">{therapist.experience}</p>
                    <p className="text-ink-700">{therapist.description}</p>
                    <p className="mt-2">
                      <Link to={`/terapeuti/${therapist.id}`} className="btn btn-secondary">
                        Scopri il profilo<span className="sr-only"> di {therapist.name}</span>
                        <ArrowRight aria-hidden="true" className="size-4" />
                      </Link>
                    </p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
      <CtaBand title="Trova il gruppo giusto per te" text="Compila il questionario: ti abbiniamo a un gruppo guidato dal terapeuta più adatto alle tue esigenze." />
    </>
  );
}
