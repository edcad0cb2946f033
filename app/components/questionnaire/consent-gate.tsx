import { Clock, HeartHandshake, Mail, PhoneCall, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { replyTimesHours, site } from "~/content/site";
import { GATE_CONSENT_PARAM, GATE_CONSENT_VALUE, GATE_PATH, messages, QUESTIONNAIRE_PATH, questionnaireSteps, UTM_PARAMS, type ConsentStep } from "~/domain/questionnaire";
import { ConsentLabelText, QuestionError } from "./step-content";
import { LinkButtons } from "~/components/site/link-buttons";

/** The gate answer travels in the URL, so the apology also works without JavaScript and Back returns to the gate. */
export const DECLINE_PARAM = "consenso";
export const DECLINE_VALUE = "rifiutato";

/** About 4 minutes in the questionnaire area (the spec's "about 4 minutes"). */
const QUESTIONNAIRE_MINUTES = 4;

const consentLabel = questionnaireSteps.find((step): step is ConsentStep => step.kind === "consent")?.label ?? [];

const facts = [
  {
    icon: Clock,
    title: `Circa ${QUESTIONNAIRE_MINUTES} minuti`,
    text: `${questionnaireSteps.length} domande brevi, una per schermata. Puoi tornare indietro quando vuoi.`,
  },
  {
    icon: PhoneCall,
    title: "Il primo colloquio è gratuito",
    text: "Una chiamata individuale per conoscerci e spiegarti il percorso, senza impegno.",
  },
  {
    icon: ShieldCheck,
    title: "Risposte riservate",
    text: "Trattate nel rispetto del GDPR e del segreto professionale.",
  },
] as const;

const CARD = "rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-8";

export function ConsentGate() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  // Until hydration the browser's own validation guards the plain form; then our message does.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const checkboxRef = useRef<HTMLInputElement>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.value === DECLINE_VALUE) {
      navigate(`?${DECLINE_PARAM}=${DECLINE_VALUE}`);
      return;
    }
    // Read from the DOM: a box ticked before hydration counts too.
    if (!checkboxRef.current?.checked) {
      setError(messages.privacy);
      checkboxRef.current?.focus();
      return;
    }
    // The same request as the plain form's: the server answers with the consent cookie and step 1.
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) query.append(name, String(value));
    navigate(`${QUESTIONNAIRE_PATH}?${query}`);
  }

  return (
    <div className="container-page py-8 sm:py-14">
      <div className={`mx-auto grid w-full max-w-2xl gap-8 ${CARD}`}>
        <div className="grid gap-3">
          <p className="text-sm font-semibold uppercase tracking-wide text-teal-700">Questionario</p>
          <h1 className="text-3xl font-semibold leading-tight sm:text-4xl">Troviamo insieme il gruppo giusto per te</h1>
          <p className="text-lg text-ink-700">
            Qualche domanda su di te e su quello che stai vivendo: ci aiuta a proporti il gruppo più adatto, con persone che attraversano momenti simili al tuo.
          </p>
        </div>
        <ul className="grid gap-4">
          {facts.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-start gap-4">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-700">
                <Icon aria-hidden className="size-5" />
              </span>
              <span className="grid gap-0.5">
                <span className="font-semibold">{title}</span>
                <span className="text-ink-700">{text}</span>
              </span>
            </li>
          ))}
        </ul>
        <form method="get" action={QUESTIONNAIRE_PATH} noValidate={hydrated} onSubmit={handleSubmit} className="grid gap-5">
          {/* Campaign tags ride along when the plain form is sent before hydration. */}
          {UTM_PARAMS.map((name) => {
            const value = searchParams.get(name);
            return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
          })}
          <div className="grid gap-2">
            <label className="flex min-h-14 cursor-pointer items-start gap-3 rounded-2xl border-2 border-sand-200 bg-sand-50 px-4 py-3 leading-snug has-[:checked]:border-teal-600 has-[:checked]:bg-teal-50">
              <input
                ref={checkboxRef}
                type="checkbox"
                required
                name={GATE_CONSENT_PARAM}
                value={GATE_CONSENT_VALUE}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "consenso-errore" : undefined}
                onChange={(event) => {
                  if (event.target.checked) setError(null);
                }}
                className="mt-0.5 size-5 shrink-0 cursor-pointer accent-teal-700"
              />
              <ConsentLabelText parts={consentLabel} />
            </label>
            <QuestionError id="consenso-errore" message={error} />
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="submit" className="btn btn-primary">
              Continua
            </button>
            <button type="submit" name={DECLINE_PARAM} value={DECLINE_VALUE} formAction={GATE_PATH} formNoValidate className="btn btn-secondary">
              Non accetto
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

export function ConsentDeclined() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="container-page py-8 sm:py-14">
      <div className={`mx-auto grid w-full max-w-2xl gap-6 ${CARD}`}>
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-coral-100 text-coral-700">
          <HeartHandshake aria-hidden className="size-7" />
        </span>
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-semibold leading-tight outline-none">
          Ci dispiace, non possiamo procedere
        </h1>
        <p className="text-lg text-ink-700">
          Per proporti un gruppo adatto dobbiamo trattare le tue risposte, che possono riguardare anche la tua salute. Senza il tuo consenso alla Privacy Policy e ai Termini e
          condizioni non possiamo procedere con il questionario.
        </p>
        <p className="text-ink-700">Se hai dubbi su come trattiamo i tuoi dati o vuoi saperne di più, scrivici: ti rispondiamo entro {replyTimesHours.general} ore.</p>
        <p>
          <a href={`mailto:${site.contactEmail}`} className="inline-flex min-h-11 items-center gap-2 break-all font-semibold text-teal-700 underline underline-offset-2">
            <Mail aria-hidden className="size-5 shrink-0" />
            {site.contactEmail}
          </a>
        </p>
        <LinkButtons
          links={[
            { to: "/", text: "Torna alla home" },
            { to: "/questionario", text: "Rivedi la scelta" },
          ]}
        />
      </div>
    </div>
  );
}
