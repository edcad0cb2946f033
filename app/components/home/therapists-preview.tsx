import { Link } from "react-router";
import { TherapistPhoto } from "~/components/site/therapist-photo";
import { HomeSection, SectionMoreLink } from "./section-heading";

export interface TherapistPreview {
  id: string;
  name: string;
  role: string;
  specialization: string;
  experience: string;
  image: string | null;
}

/** The newest therapists, loaded with the page (no loading state). */
export function TherapistsPreview({ therapists }: { therapists: readonly TherapistPreview[] }) {
  return (
    <HomeSection
      name="terapeuti"
      anchor
      tone="teal"
      heading={{
        eyebrow: "Il nostro team",
        title: "I nostri terapeuti",
        lead: "Psicologi e psicoterapeuti iscritti all'Albo, con una formazione specifica nella conduzione dei gruppi.",
      }}
    >
      {therapists.length > 0 ? (
        <ul className="grid gap-6 md:grid-cols-3">
          {therapists.map((therapist) => (
            <li key={therapist.id}>
              <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-sand-200 transition-shadow hover:shadow-md">
                <TherapistPhoto
                  src={therapist.image}
                  name={therapist.name}
                  aspect="aspect-[4/3]"
                  className="object-top"
                  sizes="(min-width: 1152px) 352px, (min-width: 768px) 31vw, calc(100vw - 2rem)"
                />
                <div className="grid flex-1 content-start gap-1.5 p-6">
                  <h3 className="text-xl font-semibold">
                    <Link to={`/terapeuti/${therapist.id}`} className="after:absolute after:inset-0 after:rounded-3xl hover:text-teal-700">
                      {therapist.name}
                    </Link>
                  </h3>
                  <p className="font-medium text-teal-700">{therapist.role}</p>
                  <p className="text-ink-700">{therapist.specialization}</p>
                  <p className="text-sm text-ink-500">{therapist.experience}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-center text-ink-700">Presto troverai qui i profili dei nostri terapeuti.</p>
      )}
      <SectionMoreLink to="/terapeuti">Conosci tutti i terapeuti</SectionMoreLink>
    </HomeSection>
  );
}
