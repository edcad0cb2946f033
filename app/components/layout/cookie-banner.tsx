import { Dialog, Switch } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { COOKIE_CONSENT_KEY } from "~/content/site";
import { acceptAll, necessaryOnly, parseConsent, type CookieConsent } from "~/domain/cookie-consent";

export const OPEN_COOKIE_SETTINGS_EVENT = "open-cookie-settings";
export const CONSENT_CHANGED_EVENT = "cookie-consent-changed";

export function readConsent(): CookieConsent | null {
  try {
    return parseConsent(window.localStorage.getItem(COOKIE_CONSENT_KEY));
  } catch {
    return null;
  }
}

function storeConsent(consent: CookieConsent) {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(consent));
  } catch {
    // storage unavailable (private mode): the choice holds for this page only
  }
  window.dispatchEvent(new CustomEvent<CookieConsent>(CONSENT_CHANGED_EVENT, { detail: consent }));
}

/**
 * Loads the analytics tag once, only after analytics consent, and only when one is configured. A script
 * inserted by ours is allowed by the CSP's 'strict-dynamic': it needs no nonce (cached pages have none).
 */
function applyConsent(consent: CookieConsent, analyticsSrc: string | undefined) {
  if (consent.analytics && analyticsSrc && !document.querySelector("script[data-analytics]")) {
    const script = document.createElement("script");
    script.src = analyticsSrc;
    script.async = true;
    script.dataset.analytics = "true";
    document.head.appendChild(script);
  }
  if (consent.marketing) console.info("Consenso marketing concesso");
}

/**
 * The cookie banner (Garante 2021): nothing non-essential before a choice; Accept all,
 * Necessary only, or Customize with the necessary toggle locked on.
 */
export function CookieBanner({ analyticsSrc }: { analyticsSrc?: string }) {
  const [visible, setVisible] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  const [draft, setDraft] = useState<CookieConsent>(necessaryOnly);
  const titleId = useId();

  useEffect(() => {
    const stored = readConsent();
    if (stored) applyConsent(stored, analyticsSrc);
    else setVisible(true);
    const reopen = () => {
      setDraft(readConsent() ?? necessaryOnly);
      setCustomizing(true);
    };
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
  }, [analyticsSrc]);

  function choose(consent: CookieConsent) {
    storeConsent(consent);
    applyConsent(consent, analyticsSrc);
    setVisible(false);
    setCustomizing(false);
  }

  return (
    <>
      {visible && !customizing ? (
        <section
          aria-labelledby={titleId}
          className="fixed inset-x-0 bottom-0 z-50 border-t border-sand-200 bg-white shadow-[0_-8px_30px_rgba(0,0,0,0.08)]"
        >
          <div className="container-page flex flex-col gap-4 py-4 md:flex-row md:items-center md:justify-between">
            <div className="max-w-2xl">
              <h2 id={titleId} className="font-sans text-base font-semibold">
                La tua privacy conta
              </h2>
              <p className="text-sm text-ink-700">
                Usiamo solo cookie tecnici necessari al funzionamento del sito. Con il tuo consenso potremmo usare
                cookie analitici e di marketing. Puoi cambiare idea in qualsiasi momento dal link «Preferenze cookie».{" "}
                <Link to="/privacy" className="underline underline-offset-2">
                  Leggi la privacy policy
                </Link>
                .
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-secondary" onClick={() => setCustomizing(true)}>
                Personalizza
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => choose(necessaryOnly)}>
                Solo necessari
              </button>
              <button type="button" className="btn btn-primary" onClick={() => choose(acceptAll)}>
                Accetta tutti
              </button>
            </div>
          </div>
        </section>
      ) : null}
      <Dialog.Root open={customizing} onOpenChange={setCustomizing}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/40" />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-50 grid w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-5 rounded-2xl bg-white p-6 shadow-xl">
            <Dialog.Title className="font-serif text-xl font-semibold">Preferenze cookie</Dialog.Title>
            <Dialog.Description className="text-sm text-ink-700">
              Scegli quali categorie di cookie consentire. I cookie necessari non possono essere disattivati.
            </Dialog.Description>
            <ConsentToggle
              label="Necessari"
              description="Indispensabili per il funzionamento del sito e per ricordare le tue scelte."
              checked
              disabled
            />
            <ConsentToggle
              label="Analitici"
              description="Ci aiutano a capire in forma aggregata come viene usato il sito."
              checked={draft.analytics}
              onChange={(analytics) => setDraft({ ...draft, analytics })}
            />
            <ConsentToggle
              label="Marketing"
              description="Servono a mostrare contenuti di terze parti, come il widget delle recensioni."
              checked={draft.marketing}
              onChange={(marketing) => setDraft({ ...draft, marketing })}
            />
            <div className="flex justify-end gap-2">
              <Dialog.Close className="btn btn-secondary">Annulla</Dialog.Close>
              <button type="button" className="btn btn-primary" onClick={() => choose(draft)}>
                Salva
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

function ConsentToggle(props: {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-medium">
          {props.label}
        </label>
        <p className="text-sm text-ink-500">{props.description}</p>
      </div>
      <Switch.Root
        id={id}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
        className="relative mt-1 h-7 w-12 shrink-0 rounded-full bg-sand-200 transition-colors data-[state=checked]:bg-teal-700 disabled:opacity-70"
      >
        <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}
