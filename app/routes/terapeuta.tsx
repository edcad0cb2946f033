import { BadgeCheck } from "lucide-react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/terapeuta";
import { Paragraphs } from "~/components/site/paragraphs";
import { TherapistPhoto } from "~/components/site/therapist-photo";
import { personJsonLd, seo } from "~/domain/seo";
import { findPublicTherapist } from "~/server/services/therapists.server";
import { BackLink } from "~/components/site/back-link";
import { CheckList } from "~/components/site/check-list";

export async function loader({ context, params }: Route.LoaderArgs) {
  const therapist = await findPublicTherapist(context.db, params.id);
  if (!therapist) throw redirect("/terapeuti");
  const { createdAt: _createdAt, ...shown } = therapist;
  return { therapist: shown };
}

/** A content page: no React in the browser, publicly cached. */
export { handle, headers } from "~/components/site/content-page";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Terapeuta" }];
  const { therapist } = loaderData;
  const path = `/terapeuti/${therapist.id}`;
  return seo({
    title: `${therapist.name}, ${therapist.role}`,
    description: therapist.description,
    path,
    type: "profile",
    image: therapist.image ?? undefined,
    jsonLd: personJsonLd({ name: therapist.name, role: therapist.role, path, image: therapist.image, description: therapist.description }),
  });
};

export default function TherapistProfile({ loaderData }: Route.ComponentProps) {
  const { therapist } = loaderData;
  return (
    <>
      <header className="border-b border-sand-200 bg-gradient-to-b from-teal-50 to-sand-50">
        <div className="container-page grid gap-8 py-10 sm:py-14 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] md:items-center md:gap-12">
          <div className="grid gap-4 md:col-span-2">
            <BackLink to="/terapeuti">Tutti i terapeuti</BackLink>
          </div>
          <div className="mx-auto w-full max-w-xs overflow-hidden rounded-3xl shadow-md ring-1 ring-sand-200 md:max-w-none">
            <TherapistPhoto src={therapist.image} name={therapist.name} priority sizes="(min-width: 768px) 320px, 320px" />
          </div>
          <div className="grid content-center gap-3">
            <p className="font-semibold text-teal-700">{therapist.role}</p>
            <h1 className="text-4xl font-semibold leading-tight sm:text-5xl">{therapist.name}</h1>
            <p className="text-xl text-ink-900">{therapist.specialization}</p>
            <dl className="mt-2 grid gap-2 text-ink-700 sm:grid-cols-[auto_1fr] sm:gap-x-4">
              <dt className="font-semibold text-ink-900">Esperienza</dt>
              <dd>{therapist.experience}</dd>
              {therapist.registrationNumber ? (
                <>
                  <dt className="font-semibold text-ink-900">Albo n°</dt>
                  <dd className="flex items-center gap-2">
                    <BadgeCheck aria-hidden="true" className="size-5 shrink-0 text-teal-700" />
                    {therapist.registrationNumber}
                  </dd>
                </>
              ) : null}
            </dl>
          </div>
        </div>
      </header>
      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-14">
        <div className="grid max-w-2xl content-start gap-10">
          <p className="text-xl text-ink-900">{therapist.description}</p>
          {therapist.biography ? (
            <section aria-labelledby="biografia" className="grid gap-4 text-lg text-ink-700">
              <h2 id="biografia" className="text-3xl font-semibold">
                Biografia
              </h2>
              <Paragraphs text={therapist.biography} />
            </section>
          ) : null}
          {therapist.qualifications.length > 0 ? (
            <section aria-labelledby="formazione" className="grid gap-4">
              <h2 id="formazione" className="text-3xl font-semibold">
                Formazione e qualifiche
              </h2>
              <CheckList items={therapist.qualifications} className="text-ink-700" />
            </section>
          ) : null}
          {therapist.approaches.length > 0 ? (
            <section aria-labelledby="approcci" className="grid gap-4">
              <h2 id="approcci" className="text-3xl font-semibold">
                Approcci
              </h2>
              <ul className="flex flex-wrap gap-2">
                {therapist.approaches.map((approach) => (
                  <li key={approach} className="rounded-full bg-teal-50 px-4 py-2 font-medium text-teal-800 ring-1 ring-teal-100">
                    {approach}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <aside aria-labelledby="inizia" className="h-fit rounded-3xl bg-teal-800 p-6 text-white sm:p-8 lg:sticky lg:top-24">
          <h2 id="inizia" className="text-2xl font-semibold text-white">
            Vuoi iniziare un percorso di gruppo?
          </h2>
          <p className="mt-3 text-teal-50">Compila il questionario: il primo colloquio conoscitivo è gratuito e ti aiuta a trovare il gruppo più adatto a te.</p>
          <Link to="/questionario" className="btn mt-6 w-full bg-white text-teal-800 hover:bg-teal-50">
            Compila il questionario
          </Link>
        </aside>
      </div>
    </>
  );
}
