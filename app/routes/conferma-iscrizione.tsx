import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useFlash } from "~/components/site/use-flash";
import { Honeypot } from "~/components/honeypot";
import { postJson } from "~/components/post-json";
import { prepareProofOfWork } from "~/components/proof-of-work";
import { ProofOfWorkNoScript } from "~/components/proof-of-work-field";
import { useToast } from "~/components/ui/toast";
import { site } from "~/content/site";
import { registrationMessages, registrationSchema, requiredConsents, type RegistrationInput } from "~/domain/registration";
import { webPageMeta } from "~/domain/seo";
import { SendButton } from "~/components/site/send-button";
import { FieldError } from "~/components/site/field-error";
import { firstError, useSchemaForm } from "~/components/forms/schema-form";
import { refusedFields } from "~/domain/form-fields";
import { adultMessages } from "~/domain/minors";

export const meta = webPageMeta(
  {
    title: "Conferma iscrizione",
    description: "Completa la tua iscrizione al percorso di terapia di gruppo online: riceverai per email i documenti firmati.",
    path: "/conferma-iscrizione",
  },
  { noindex: true },
);

type TextField = "firstName" | "lastName" | "birthDate" | "email";
type CheckField = (typeof requiredConsents)[number] | "newsletter";

const consentLabels: Record<CheckField, { text: string; link?: { href: string; label: string } }> = {
  accordoServizio: { text: "Ho letto e accetto l'", link: { href: "/accordo-servizio", label: "accordo di servizio" } },
  terminiCondizioni: { text: "Ho letto e accetto i ", link: { href: "/termini", label: "termini e condizioni" } },
  privacy: { text: "Ho letto la ", link: { href: "/privacy", label: "privacy policy" } },
  autorizzazioneContatto: { text: "Autorizzo il team di " + site.brand + " a contattarmi per organizzare il percorso" },
  newsletter: { text: "Voglio ricevere la newsletter (facoltativo)" },
};

export default function ConfermaIscrizione() {
  const toast = useToast();
  const withoutJs = useFlash("send-registration-confirmation")?.outcome;
  const [refused, setRefused] = useState<SubmissionResult<string[]> | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(withoutJs === "ok");
  const [form, fields] = useSchemaForm(registrationSchema, {
    lastResult: refused,
    onSubmit(event, { submission }) {
      event.preventDefault();
      // Conform calls this only for a form its check accepted: the value is the schema's output.
      if (submission?.status === "success") void send(event.currentTarget, submission.value as RegistrationInput);
    },
  });
  // The consents share one message, under their group.
  const consentsError = firstError(requiredConsents.flatMap((name) => fields[name].errors ?? []));
  const consentsErrorId = `${form.id}-consents-error`;

  function consentsToast() {
    toast({ title: registrationMessages.consentsTitle, description: registrationMessages.consents, variant: "destructive" });
  }

  /** Conform shows every problem at once and focuses the first one; the consents also get the spec's toast. */
  function submit(event: FormEvent<HTMLFormElement>) {
    form.onSubmit(event);
    // Read right after Conform's check, before the next render: its state is already the new one.
    if (form.status === "error" && requiredConsents.some((name) => fields[name].errors)) consentsToast();
  }

  async function send(element: HTMLFormElement, value: RegistrationInput) {
    setSubmitting(true);
    const result = await postJson("/api/send-registration-confirmation", { ...value, timestamp: new Date().toISOString() });
    setSubmitting(false);
    if (result.ok) {
      toast({ title: "Registrazione completata", description: "Hai ricevuto una email di conferma. Ti contatteremo presto!" });
      element.reset();
      setDone(true);
      return;
    }
    setRefused(refusedFields(result.fields));
    if (requiredConsents.some((name) => result.fields[name])) consentsToast();
    else toast({ title: "Errore", description: "Si è verificato un errore durante l'invio. Riprova più tardi.", variant: "destructive" });
  }

  const text = (name: TextField, label: string, type: "text" | "date" | "email", autoComplete: string) => {
    const field = fields[name];
    return (
      <div className="grid gap-1.5">
        <label htmlFor={field.id} className="font-medium">
          {label}
        </label>
        <input {...getInputProps(field, { type })} autoComplete={autoComplete} disabled={submitting} className="field" />
        <FieldError id={field.errorId} error={firstError(field.errors)} />
      </div>
    );
  };

  return (
    <div className="container-page grid max-w-3xl gap-8 py-12 sm:py-16">
      <div>
        <h1 className="text-4xl font-semibold">Conferma la tua iscrizione</h1>
        <p className="mt-3 text-lg text-ink-700">Ancora un passo: inserisci i tuoi dati e accetta i documenti del servizio. Te ne invieremo una copia via email.</p>
      </div>
      {done ? (
        <div role="status" className="grid gap-3 rounded-3xl border border-teal-200 bg-teal-50 p-6">
          <h2 className="text-2xl font-semibold">Registrazione completata</h2>
          <p className="text-ink-700">Hai ricevuto una email di conferma. Ti contatteremo presto!</p>
          <p>
            <Link to="/" className="btn btn-secondary">
              Torna alla home
            </Link>
          </p>
        </div>
      ) : null}
      <form
        method="post"
        action="/api/send-registration-confirmation"
        {...getFormProps(form)}
        onSubmit={submit}
        onFocus={prepareProofOfWork}
        className="relative grid gap-6 rounded-3xl bg-white p-6 shadow-sm sm:p-8"
      >
        <ProofOfWorkNoScript />
        {withoutJs === "error" ? (
          <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm text-danger-600">
            Si è verificato un errore durante l'invio. Controlla i campi e riprova.
          </p>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          {text("firstName", "Nome", "text", "given-name")}
          {text("lastName", "Cognome", "text", "family-name")}
          {text("birthDate", "Data di nascita", "date", "bday")}
          {text("email", "Email", "email", "email")}
        </div>
        <div className="grid gap-1.5">
          <div className="flex items-start gap-3">
            <input {...getInputProps(fields.adult, { type: "checkbox" })} disabled={submitting} required className="mt-1 size-5 shrink-0 accent-teal-700" />
            <label htmlFor={fields.adult.id} className="text-ink-900">
              {adultMessages.label}
              <span aria-hidden> *</span>
              <span className="sr-only"> (obbligatorio)</span>
            </label>
          </div>
          <FieldError id={fields.adult.errorId} error={firstError(fields.adult.errors)} />
        </div>
        <fieldset className="grid gap-3" aria-describedby={consentsError ? consentsErrorId : undefined}>
          <legend className="mb-2 font-semibold">Consensi</legend>
          {(Object.keys(consentLabels) as CheckField[]).map((name) => {
            const label = consentLabels[name];
            const required = name !== "newsletter";
            return (
              <div key={name} className="flex items-start gap-3">
                {/* The group's aria-describedby names the consents' one message; the newsletter is optional whatever the schema's constraint says. */}
                <input
                  {...getInputProps(fields[name], { type: "checkbox", ariaAttributes: false })}
                  disabled={submitting}
                  required={required}
                  className="mt-1 size-5 shrink-0 accent-teal-700"
                />
                <label htmlFor={fields[name].id} className="text-ink-700">
                  {label.text}
                  {label.link ? (
                    <Link to={label.link.href} target="_blank" className="text-teal-700 underline underline-offset-2">
                      {label.link.label}
                    </Link>
                  ) : null}
                  {required ? <span aria-hidden> *</span> : null}
                  {required ? <span className="sr-only"> (obbligatorio)</span> : null}
                </label>
              </div>
            );
          })}
          {consentsError ? (
            <p id={consentsErrorId} className="text-sm text-danger-600">
              {consentsError}
            </p>
          ) : null}
        </fieldset>
        <Honeypot />
        <SendButton sending={submitting} className="btn btn-primary w-fit">
          Conferma iscrizione
        </SendButton>
      </form>
    </div>
  );
}
