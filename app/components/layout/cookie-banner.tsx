import { Link } from "react-router";
import { siteHooks } from "~/components/site-script-hooks";
import { TOAST_CLEAR } from "~/components/ui/toast";

const titleId = `${siteHooks.cookieBanner}-titolo`;
const dialogTitleId = `${siteHooks.cookiePreferences}-titolo`;
const dialogDescriptionId = `${siteHooks.cookiePreferences}-descrizione`;

/**
 * The cookie banner (Garante 2021) and its preferences dialog, as HTML: the site script
 * (app/browser/consent.ts) shows the banner while no choice is stored, stores Accept all, Necessary
 * only or the switches of Customize (necessary locked on) under `cookieConsent`, and loads what was
 * consented to (`analyticsSrc` only after analytics consent). Without JavaScript nothing is stored
 * or loaded, so there is nothing to ask.
 */
export function CookieBanner({ analyticsSrc }: { analyticsSrc?: string }) {
  return (
    <>
      <section
        id={siteHooks.cookieBanner}
        hidden
        suppressHydrationWarning
        data-analytics-src={analyticsSrc}
        {...{ [TOAST_CLEAR]: "" }}
        aria-labelledby={titleId}
        className="fixed inset-x-0 bottom-0 z-50 border-t border-sand-200 bg-white shadow-[0_-8px_30px_rgba(0,0,0,0.08)]"
      >
        <div className="container-page flex flex-col gap-4 py-4 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id={titleId} className="font-sans text-base font-semibold">
              La tua privacy conta
            </h2>
            <p className="text-sm text-ink-700">
              Usiamo solo cookie tecnici necessari al funzionamento del sito. Con il tuo consenso potremmo usare cookie analitici e di marketing. Puoi cambiare idea in qualsiasi
              momento dal link «Preferenze cookie».{" "}
              <Link to="/privacy" className="underline underline-offset-2">
                Leggi la privacy policy
              </Link>
              .
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-secondary" {...{ [siteHooks.consentChoice]: "customize" }}>
              Personalizza
            </button>
            <button type="button" className="btn btn-secondary" {...{ [siteHooks.consentChoice]: "necessary" }}>
              Solo necessari
            </button>
            <button type="button" className="btn btn-primary" {...{ [siteHooks.consentChoice]: "all" }}>
              Accetta tutti
            </button>
          </div>
        </div>
      </section>
      <dialog
        id={siteHooks.cookiePreferences}
        aria-labelledby={dialogTitleId}
        aria-describedby={dialogDescriptionId}
        suppressHydrationWarning
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-ink-900 shadow-xl backdrop:bg-ink-900/40"
      >
        <form method="dialog" className="grid gap-5">
          <h2 id={dialogTitleId} className="text-xl font-semibold">
            Preferenze cookie
          </h2>
          <p id={dialogDescriptionId} className="text-sm text-ink-700">
            Scegli quali categorie di cookie consentire. I cookie necessari non possono essere disattivati.
          </p>
          <ConsentSwitch name="necessary" label="Necessari" description="Indispensabili per il funzionamento del sito e per ricordare le tue scelte." locked />
          <ConsentSwitch name="analytics" label="Analitici" description="Ci aiutano a capire in forma aggregata come viene usato il sito." />
          <ConsentSwitch name="marketing" label="Marketing" description="Servono a mostrare contenuti di terze parti, come il widget delle recensioni." />
          <div className="flex justify-end gap-2">
            <button type="submit" value="cancel" className="btn btn-secondary">
              Annulla
            </button>
            <button type="submit" value="save" className="btn btn-primary">
              Salva
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/** A checkbox drawn as a switch (role="switch"): on is teal with the thumb to the right. */
function ConsentSwitch({ name, label, description, locked = false }: { name: string; label: string; description: string; locked?: boolean }) {
  const id = `${siteHooks.cookiePreferences}-${name}`;
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p className="text-sm text-ink-500">{description}</p>
      </div>
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        defaultChecked={locked}
        disabled={locked}
        className="relative mt-1 h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-sand-200 transition-colors before:absolute before:left-0.5 before:top-0.5 before:size-6 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-teal-700 checked:before:translate-x-5 disabled:cursor-default disabled:opacity-70"
      />
    </div>
  );
}
