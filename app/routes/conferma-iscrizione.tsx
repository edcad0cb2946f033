import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useFlash } from "~/components/site/use-flash";
import { Honeypot } from "~/components/honeypot";
import { postJson } from "~/components/post-json";
import { prepareProofOfWork } from "~/components/proof-of-work";
import { ProofOfWorkNoScript } from "~/components/proof-of-work-field";
import { useToast } from "~/components/ui/toast";
import { site } from "~/content/site";
import { formErrors } from "~/domain/form-fields";
import { registrationMessages, registrationSchema, requiredConsents } from "~/domain/registration";
import { webPageMeta } from "~/domain/seo";
import { SendButton } from "~/components/site/send-button";

export const meta = webPageMeta({
  title: "Conferma iscrizione",
  description: "Completa la tua iscrizione al percorso di terapia di gruppo online: riceverai per email i documenti firmati.",
  path: "/conferma-iscrizione",
}, { noindex: true });

interface FormState {
  firstName: string;
  lastName: string;
  birthDate: string;
  email: string;
  accordoServizio: boolean;
  terminiCondizioni: boolean;
  privacy: boolean;
  autorizzazioneContatto: boolean;
  newsletter: boolean;
}

const empty: FormState = {
  firstName: "",
  lastName: "",
  birthDate: "",
  email: "",
  accordoServizio: false,
  terminiCondizioni: false,
  privacy: false,
  autorizzazioneContatto: false,
  newsletter: false,
};

type TextField = "firstName" | "lastName" | "birthDate" | "email";
type CheckField = (typeof requiredConsents)[number] | "newsletter";
type FormErrors = Partial<Record<TextField | "consents", string>>;

const textFields: readonly TextField[] = ["firstName", "lastName", "birthDate", "email"];

/** Field messages (from the shared schema or the server's 400) as the form shows them: the consents share one message. */
function shownErrors(fields: Record<string, string>): FormErrors {
  const errors: FormErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    if ((requiredConsents as readonly string[]).includes(field)) errors.consents ??= message;
    else if ((textFields as readonly string[]).includes(field)) errors[field as TextField] ??= message;
  }
  return errors;
}

const consentLabels: Record<CheckField, { text: string; link?: { href: string; label: string } }> = {
  accordoServizio: { text: "Ho letto e accetto l'", link: { href: "/accordo-servizio", label: "accordo di servizio" } },
  terminiCondizioni: { text: "Ho letto e accetto i ", link: { href: "/termini", label: "termini e condizioni" } },
  privacy: { text: "Ho letto la ", link: { href: "/privacy", label: "privacy policy" } },
  autorizzazioneContatto: { text: "Autorizzo il team di " + site.brand + " a contattarmi per organizzare il percorso" },
  newsletter: { text: "Voglio ricevere la newsletter (facoltativo)" },
};

export default function ConfermaIscrizione() {
  const toast = useToast();
  const id = useId();
  const withoutJs = useFlash("send-registration-confirmation")?.outcome;
  const [form, setForm] = useState<FormState>(empty);
  const [errors, setErrors] = useState<FormErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(withoutJs === "ok");

  /** Every problem at once (fields and consents); the consents get the spec's toast; focus goes to the first one. */
  function showErrors(next: FormErrors) {
    setErrors(next);
    if (next.consents) toast({ title: registrationMessages.consentsTitle, description: registrationMessages.consents, variant: "destructive" });
    const first = textFields.find((field) => next[field]) ?? (next.consents ? requiredConsents.find((consent) => !form[consent]) : undefined);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = { ...form, timestamp: new Date().toISOString() };
    const parsed = registrationSchema.safeParse(payload);
    if (!parsed.success) {
      showErrors(shownErrors(formErrors(parsed.error, { byField: true })));
      return;
    }
    setErrors({});
    setSubmitting(true);
    const result = await postJson("/api/send-registration-confirmation", payload);
    setSubmitting(false);
    if (result.ok) {
      toast({ title: "Registrazione completata", description: "Hai ricevuto una email di conferma. Ti contatteremo presto!" });
      setForm(empty);
      setDone(true);
    } else {
      const serverErrors = shownErrors(result.fields);
      if (Object.keys(serverErrors).length > 0) showErrors(serverErrors);
      if (!serverErrors.consents) {
        toast({ title: "Errore", description: "Si è verificato un errore durante l'invio. Riprova più tardi.", variant: "destructive" });
      }
    }
  }

  const text = (name: TextField, label: string, type: string, autoComplete: string) => {
    const fieldId = `${id}-${name}`;
    const error = errors[name];
    return (
      <div className="grid gap-1.5">
        <label htmlFor={fieldId} className="font-medium">
          {label}
        </label>
        <input
          id={fieldId}
          name={name}
          type={type}
          required
          autoComplete={autoComplete}
          value={form[name]}
          disabled={submitting}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          onChange={(event) => setForm({ ...form, [name]: event.target.value })}
          className="field"
        />
        {error ? (
          <p id={`${fieldId}-error`} className="text-sm text-danger-600">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className="container-page grid max-w-3xl gap-8 py-12 sm:py-16">
      <div>
        <h1 className="text-4xl font-semibold">Conferma la tua iscrizione</h1>
        <p className="mt-3 text-lg text-ink-700">
          Ancora un passo: inserisci i tuoi dati e accetta i documenti del servizio. Te ne invieremo una copia via email.
        </p>
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
        noValidate
        onSubmit={handleSubmit}
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
        <fieldset className="grid gap-3" aria-describedby={errors.consents ? `${id}-consents-error` : undefined}>
          <legend className="mb-2 font-semibold">Consensi</legend>
          {(Object.keys(consentLabels) as CheckField[]).map((name) => {
            const label = consentLabels[name];
            const required = name !== "newsletter";
            return (
              <div key={name} className="flex items-start gap-3">
                <input
                  id={`${id}-${name}`}
                  type="checkbox"
                  name={name}
                  checked={form[name]}
                  disabled={submitting}
                  required={required}
                  onChange={(event) => setForm({ ...form, [name]: event.target.checked })}
                  className="mt-1 size-5 shrink-0 accent-teal-700"
                />
                <label htmlFor={`${id}-${name}`} className="text-ink-700">
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
          {errors.consents ? (
            <p id={`${id}-consents-error`} className="text-sm text-danger-600">
              {errors.consents}
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
