import { CheckCircle2, Mail } from "lucide-react";
import { siteHooks } from "~/components/site-script-hooks";
import { useFlash } from "~/components/site/use-flash";
import { newsletterMessages } from "~/domain/newsletter-messages";
import { PROOF_OF_WORK_FIELD } from "~/domain/proof-of-work";
import { Honeypot } from "./honeypot";
import { ProofOfWorkNoScript } from "./proof-of-work-field";

/** The endpoint's scope: the form's section id, and the `modulo` of the answer's redirect. */
const SCOPE = "newsletter-signup";
const inputId = `${SCOPE}-email`;
const messageClass = "rounded-xl bg-white px-3 py-2 text-sm text-danger-600 sm:col-span-2";

/**
 * Newsletter signup with double opt-in: a plain form post to /api/newsletter-signup, which answers
 * with a redirect back here and a flash (`useFlash`: the outcome, and the field for a refused
 * address and what was typed in it, focused again); this page shows the outcome. The site script
 * solves the anti-spam challenge before the form is sent and points out an empty or malformed
 * address in place without sending it.
 */
export function NewsletterSignup() {
  const flash = useFlash(SCOPE);
  const outcome = flash?.outcome;
  const invalidEmail = outcome === "error" && flash?.field === "email";
  return (
    <section id={SCOPE} aria-labelledby={`${SCOPE}-titolo`} className="scroll-mt-16 bg-teal-800 text-white">
      <div className="container-page grid gap-6 py-14 md:grid-cols-2 md:items-center">
        <div>
          <h2 id={`${SCOPE}-titolo`} className="text-3xl font-semibold text-white">
            Iscriviti alla newsletter
          </h2>
          <p className="mt-2 text-teal-100">Un'email al mese con articoli dei nostri psicologi su ansia, solitudine e relazioni. Niente spam, ti disiscrivi con un clic.</p>
        </div>
        {outcome === "ok" ? (
          <div role="status" className="flex items-start gap-3 rounded-2xl bg-white/10 p-5">
            <CheckCircle2 aria-hidden className="mt-0.5 size-6 shrink-0 text-teal-100" />
            <div>
              <p className="font-semibold">Iscrizione completata!</p>
              <p className="text-teal-50">{newsletterMessages.subscribed}</p>
            </div>
          </div>
        ) : (
          <form method="post" action="/api/newsletter-signup" noValidate {...{ [siteHooks.proofOfWorkForm]: "" }} className="relative grid gap-3 sm:grid-cols-[1fr_auto]">
            <ProofOfWorkNoScript className="sm:col-span-2" />
            {outcome === "error" && !invalidEmail ? (
              <p role="alert" className="rounded-xl bg-white p-3 text-sm text-danger-600 sm:col-span-2">
                Si è verificato un errore durante l'iscrizione. Riprova più tardi.
              </p>
            ) : null}
            <label htmlFor={inputId} className="sr-only">
              Il tuo indirizzo email
            </label>
            <div className="relative">
              <Mail aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-ink-500" />
              <input
                id={inputId}
                name="email"
                type="email"
                autoComplete="email"
                placeholder="La tua email"
                required
                aria-invalid={invalidEmail ? true : undefined}
                defaultValue={invalidEmail ? flash?.value : undefined}
                autoFocus={invalidEmail}
                aria-describedby={`${inputId}-errore ${inputId}-mancante`}
                className="field pl-10"
              />
            </div>
            <input type="hidden" name={PROOF_OF_WORK_FIELD} defaultValue="" />
            <Honeypot />
            <button type="submit" className="btn bg-coral-500 text-ink-900 hover:bg-coral-100">
              Iscriviti
            </button>
            <p id={`${inputId}-errore`} role="alert" hidden={!invalidEmail} {...{ [siteHooks.invalidField]: "email" }} className={messageClass}>
              <strong className="block">Errore</strong>
              <span>{newsletterMessages.invalid}</span>
            </p>
            <p id={`${inputId}-mancante`} role="alert" hidden {...{ [siteHooks.missingField]: "email" }} className={messageClass}>
              <strong className="block">{newsletterMessages.missingTitle}</strong>
              <span>{newsletterMessages.missing}</span>
            </p>
          </form>
        )}
      </div>
    </section>
  );
}
