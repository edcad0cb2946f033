import { HeartHandshake } from "lucide-react";
import { Link } from "react-router";
import { publicCacheHeaders } from "~/components/site/public-cache";
import { replyTimesHours } from "~/content/site";
import { webPageMeta } from "~/domain/seo";

export function headers({ parentHeaders }: { parentHeaders: Headers }) {
  return publicCacheHeaders(parentHeaders);
}

export const meta = webPageMeta(
  {
    title: "Grazie!",
    description: `Abbiamo ricevuto la tua richiesta. Ti contatteremo entro ${replyTimesHours.general} ore.`,
    path: "/grazie",
  },
  { noindex: true },
);

export default function ThankYou() {
  return (
    <section className="container-page grid flex-1 place-content-center justify-items-center gap-6 py-16 text-center sm:py-24">
      <span className="inline-flex size-20 items-center justify-center rounded-full bg-teal-100 text-teal-800">
        <HeartHandshake aria-hidden="true" className="size-10" />
      </span>
      <h1 className="text-4xl font-semibold sm:text-5xl">Grazie!</h1>
      <p className="max-w-xl text-lg text-ink-700 sm:text-xl">
        {`Abbiamo ricevuto la tua richiesta. Ti contatteremo entro ${replyTimesHours.general} ore per il colloquio conoscitivo gratuito.`}
      </p>
      <p className="max-w-xl text-ink-700">Nel frattempo puoi conoscere meglio i terapeuti che guidano i nostri gruppi.</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/terapeuti" className="btn btn-primary">
          Conosci i nostri terapeuti
        </Link>
        <Link to="/" className="btn btn-secondary">
          Torna alla home
        </Link>
      </div>
    </section>
  );
}
