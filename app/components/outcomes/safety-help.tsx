import { LifeBuoy } from "lucide-react";
import { CallButton } from "~/components/site/call-button";
import { emergency, HELP_PATH, helplines, helpTitle } from "~/content/help";

/**
 * The "Hai bisogno di aiuto subito?" resources (the content of /aiuto-subito, app/content/help.ts),
 * shown inside the questionnaire the moment PHQ-9 item 9 gets an answer above 0: 112 first, then the
 * helplines with their numbers as tap-to-call links, then the page itself.
 */
export function SafetyHelp({ id = "aiuto-subito" }: { id?: string }) {
  return (
    <section id={id} role="alert" aria-labelledby={`${id}-title`} className="grid gap-3 rounded-3xl border-2 border-danger-600/40 bg-danger-50 p-5 sm:p-6">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-semibold text-ink-900">
        <LifeBuoy aria-hidden className="size-5 shrink-0 text-danger-600" />
        {helpTitle}
      </h2>
      <p className="text-ink-900">
        Grazie per averlo detto. Se pensi di farti del male o sei in pericolo adesso, <strong>chiama subito il {emergency.number}</strong> o vai al pronto soccorso più vicino. Il
        tuo terapeuta riceverà una segnalazione e ti contatterà.
      </p>
      <p>
        <CallButton dial={emergency.dial} className="btn btn-primary min-h-12 w-full sm:w-fit" iconClassName="size-5">
          Chiama il {emergency.number}
        </CallButton>
      </p>
      <ul className="grid gap-2">
        {helplines.map((line) => (
          <li key={line.name} className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-white p-3">
            <span className="grid">
              <span className="font-semibold text-ink-900">{line.name}</span>
              <span className="text-sm text-ink-700">{line.hours}</span>
            </span>
            <CallButton dial={line.dial} className="btn btn-secondary min-h-11">
              {line.number}
            </CallButton>
          </li>
        ))}
      </ul>
      <p>
        <a href={HELP_PATH} className="font-semibold text-teal-800 underline underline-offset-2">
          Tutti i numeri e come funzionano
        </a>
      </p>
    </section>
  );
}
