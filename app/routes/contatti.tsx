import { Clock, LifeBuoy, Mail, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { Honeypot } from "~/components/honeypot";
import { siteHooks } from "~/components/site-script-hooks";
import { useFlash } from "~/components/site/use-flash";
import { replyTimesHours, site } from "~/content/site";
import { contactMessages } from "~/domain/contact";
import { PROOF_OF_WORK_FIELD } from "~/domain/proof-of-work";
import { organizationJsonLd, seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Contatti",
    description: `Scrivici per qualsiasi domanda sulla terapia di gruppo online: ti risponderemo entro ${replyTimesHours.general} ore.`,
    path: "/contatti",
    jsonLd: organizationJsonLd(),
  });

/** A content page: no React in the browser, publicly cached; the form is a plain post answered by a redirect back here. */
export { handle, headers } from "~/components/site/content-page";

/** The endpoint's scope: the `modulo` of its redirect, and the form section's id. */
const SCOPE = "send-contact-email";
type Field = "name" | "email" | "subject" | "message";
const limits: Record<Field, number> = { name: 100, email: 254, subject: 200, message: 5000 };

export default function Contatti() {
  const flash = useFlash(SCOPE);
  const outcome = flash?.outcome;
  const campo = flash?.field;
  const refused = outcome === "error" && campo && campo in limits ? (campo as Field) : null;
  const formId = "contatti";

  const field = (name: Field, label: string, input: "input" | "textarea", type = "text") => {
    const id = `${formId}-${name}`;
    const invalid = refused === name;
    const common = {
      id,
      name,
      required: true,
      maxLength: limits[name],
      // What was typed in the field the server refused comes back in it, focused.
      defaultValue: invalid ? flash?.value : undefined,
      autoFocus: invalid,
      "aria-invalid": invalid ? true : undefined,
      "aria-describedby": `${id}-error`,
      className: "field",
    };
    return (
      <div className="grid gap-1.5">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {input === "textarea" ? <textarea {...common} rows={6} /> : <input {...common} type={type} autoComplete={name === "email" ? "email" : name === "name" ? "name" : "off"} />}
        {/* One message per field: the server's refusal after a post, or the site script's check before it. */}
        <p
          id={`${id}-error`}
          role="alert"
          hidden={!invalid}
          {...{ [siteHooks.missingField]: name, ...(name === "email" ? { [siteHooks.invalidField]: name } : {}) }}
          className="text-sm text-danger-600"
        >
          {contactMessages[name]}
        </p>
      </div>
    );
  };

  return (
    <div className="container-page grid gap-12 py-12 sm:py-16 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby={`${formId}-title`} className="grid content-start gap-6">
        <div>
          <h1 id={`${formId}-title`} className="text-4xl font-semibold">
            Contatti
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-ink-700">
            Hai una domanda sul percorso, sui prezzi o sul primo colloquio? Scrivici: ti risponderemo entro {replyTimesHours.general} ore.
          </p>
        </div>
        {outcome === "held" ? (
          <div role="status" id={SCOPE} className="grid gap-3 rounded-3xl border border-teal-200 bg-teal-50 p-6">
            <h2 className="text-2xl font-semibold">Messaggio ricevuto!</h2>
            <p className="text-ink-700">{contactMessages.held(replyTimesHours.general)}</p>
            <Link to="/contatti" className="btn btn-secondary w-fit">
              Scrivi un altro messaggio
            </Link>
          </div>
        ) : outcome === "ok" ? (
          <div role="status" id={SCOPE} className="grid gap-3 rounded-3xl border border-teal-200 bg-teal-50 p-6">
            <h2 className="text-2xl font-semibold">Messaggio inviato!</h2>
            <p className="text-ink-700">Ti risponderemo entro {replyTimesHours.general} ore. Ti abbiamo inviato una conferma per email.</p>
            <Link to="/contatti" className="btn btn-secondary w-fit">
              Scrivi un altro messaggio
            </Link>
          </div>
        ) : (
          <form
            id={SCOPE}
            method="post"
            action="/api/send-contact-email"
            {...{ [siteHooks.proofOfWorkForm]: "" }}
            className="relative grid scroll-mt-16 gap-5 rounded-3xl bg-white p-6 shadow-sm sm:p-8"
          >
            <noscript>
              <p className="rounded-xl bg-sand-100 p-3 text-sm text-ink-700">{contactMessages.noJavaScript}</p>
            </noscript>
            {outcome === "error" && !refused ? (
              <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm text-danger-600">
                Si è verificato un problema durante l'invio. Riprova tra qualche minuto.
              </p>
            ) : refused ? (
              <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm text-danger-600">
                Il messaggio non è stato inviato: controlla il campo evidenziato.
              </p>
            ) : null}
            <div className="grid gap-5 sm:grid-cols-2">
              {field("name", "Nome", "input")}
              {field("email", "Email", "input", "email")}
            </div>
            {field("subject", "Oggetto", "input")}
            {field("message", "Messaggio", "textarea")}
            <input type="hidden" name={PROOF_OF_WORK_FIELD} defaultValue="" />
            <Honeypot />
            <p className="text-sm text-ink-500">
              Usiamo i tuoi dati solo per risponderti. Leggi la{" "}
              <Link to="/privacy" className="underline underline-offset-2">
                privacy policy
              </Link>
              .
            </p>
            <button type="submit" className="btn btn-primary w-fit">
              Invia messaggio
            </button>
          </form>
        )}
      </section>
      <aside className="grid content-start gap-4" aria-label="Altre informazioni">
        <div className="rounded-3xl bg-white p-6 shadow-sm">
          <h2 className="font-sans text-lg font-semibold">Tempi di risposta</h2>
          <ul className="mt-3 grid gap-3 text-ink-700">
            <li className="flex gap-3">
              <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-teal-700" /> Richieste generali: entro {replyTimesHours.general} ore
            </li>
            <li className="flex gap-3">
              <LifeBuoy aria-hidden className="mt-0.5 size-5 shrink-0 text-teal-700" /> Supporto tecnico: entro {replyTimesHours.technical} ore
            </li>
            <li className="flex gap-3">
              <MessageCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-teal-700" /> Emergenze cliniche: entro {replyTimesHours.clinicalEmergency} ore
            </li>
          </ul>
          <p className="mt-4 text-sm text-ink-500">In caso di pericolo immediato chiama il 112.</p>
        </div>
        <div className="rounded-3xl bg-white p-6 shadow-sm">
          <h2 className="font-sans text-lg font-semibold">Scrivici direttamente</h2>
          <a href={`mailto:${site.contactEmail}`} className="mt-3 inline-flex items-center gap-2 text-teal-700 underline underline-offset-2">
            <Mail aria-hidden className="size-5" /> {site.contactEmail}
          </a>
        </div>
        <div className="rounded-3xl bg-white p-6 shadow-sm">
          <h2 className="font-sans text-lg font-semibold">Potrebbe interessarti</h2>
          <ul className="mt-3 grid gap-2">
            <li>
              <Link to="/prezzi" className="text-teal-700 underline underline-offset-2">
                Prezzi e domande frequenti
              </Link>
            </li>
            <li>
              <Link to="/questionario" className="text-teal-700 underline underline-offset-2">
                Compila il questionario
              </Link>
            </li>
            <li>
              <Link to="/blog" className="text-teal-700 underline underline-offset-2">
                Leggi il blog
              </Link>
            </li>
          </ul>
        </div>
      </aside>
    </div>
  );
}
