import { CallButton } from "~/components/site/call-button";
import { PageHeader } from "~/components/site/page-header";
import { TitledSection } from "~/components/site/titled-section";
import { emergency, HELP_PATH, helplines, helpTitle, notAnEmergencyService } from "~/content/help";
import { webPageMeta } from "~/domain/seo";

/**
 * /aiuto-subito — "Hai bisogno di aiuto subito?": the emergency number and the national helplines
 * (issue 30 point 5). Public, for everyone; linked from every page of the client area and from every
 * e-mail to members. A content page: no React in the browser, publicly cached.
 */
export { handle, headers } from "~/components/site/content-page";

export const meta = webPageMeta({
  title: helpTitle,
  description:
    "In pericolo o in emergenza chiama il 112. I numeri gratuiti di ascolto e di aiuto in Italia: Telefono Amico, Telefono Azzurro per i minori, 1522 contro la violenza.",
  path: HELP_PATH,
});

export default function HelpNow() {
  return (
    <>
      <PageHeader title={helpTitle} intro="Se stai male adesso, non sei solə e non devi aspettare: ecco a chi puoi rivolgerti subito, in ogni momento." />
      <div className="container-page grid max-w-3xl gap-8 py-10 sm:py-14">
        <TitledSection
          id="emergenza"
          title={emergency.title}
          className="grid gap-4 rounded-3xl border-2 border-danger-600/40 bg-danger-50 p-6 sm:p-8"
          titleClassName="text-2xl font-semibold text-ink-900"
        >
          <p className="text-lg text-ink-900">{emergency.text}</p>
          <p>
            <CallButton dial={emergency.dial} className="btn btn-primary min-h-12 text-lg" iconClassName="size-5">
              Chiama il {emergency.number}
            </CallButton>
          </p>
        </TitledSection>

        <TitledSection id="ascolto" title="Numeri di ascolto e di aiuto" className="grid gap-4" titleClassName="text-2xl font-semibold">
          <ul className="grid gap-4">
            {helplines.map((line) => (
              <li key={line.name} className="grid gap-2 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6">
                <h3 className="text-xl font-semibold">{line.name}</h3>
                <p className="text-ink-700">{line.forWhom}</p>
                <p className="text-ink-700">{line.hours}</p>
                <p className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  <CallButton dial={line.dial} className="btn btn-secondary min-h-11">
                    {line.number}
                  </CallButton>
                  <a href={line.site.href} rel="noopener" className="font-semibold text-teal-700 underline underline-offset-2">
                    {line.site.label}
                  </a>
                </p>
              </li>
            ))}
          </ul>
          <p className="text-sm text-ink-500">Orari e servizi possono cambiare: sul sito di ciascun servizio trovi quelli aggiornati.</p>
        </TitledSection>

        <TitledSection id="noi" title="E il tuo gruppo?" className="grid gap-3" titleClassName="text-2xl font-semibold">
          <p className="text-ink-700">{notAnEmergencyService}</p>
        </TitledSection>
      </div>
    </>
  );
}
