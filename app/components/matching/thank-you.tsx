import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { replyTimesHours } from "~/content/site";
import { LinkButtons } from "~/components/site/link-buttons";

/** The thank-you screen after a call request, with the links of the spec's /grazie page. */
export function ThankYou({ name, slotLabel }: { name: string | null; slotLabel: string | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid justify-items-center gap-5 rounded-3xl border border-sand-200 bg-white p-8 text-center shadow-sm sm:p-12">
      <CircleCheck aria-hidden className="size-14 text-teal-600" />
      <h2 ref={heading} tabIndex={-1} className="text-3xl font-semibold outline-none">
        Grazie{name ? `, ${name}` : ""}!
      </h2>
      {slotLabel ? (
        <p className="max-w-xl text-lg text-ink-700">
          La tua chiamata conoscitiva gratuita è fissata per <strong>{slotLabel}</strong> (ora italiana). Ti abbiamo inviato una email con l'invito da aggiungere al calendario.
        </p>
      ) : (
        <p className="max-w-xl text-lg text-ink-700">
          Abbiamo ricevuto la tua richiesta. Ti contatteremo entro {replyTimesHours.general} ore per il colloquio conoscitivo gratuito.
        </p>
      )}
      <p className="max-w-xl text-ink-700">Nel frattempo puoi conoscere meglio i professionisti che guidano i nostri gruppi.</p>
      <LinkButtons
        links={[
          { to: "/terapeuti", text: "Conosci i terapeuti" },
          { to: "/", text: "Torna alla home" },
        ]}
      />
    </div>
  );
}
