import { Clock, LifeBuoy, Mail, MessageCircle } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { Honeypot } from "~/components/honeypot";
import { newIdempotencyKey, postJson } from "~/components/post-json";
import { prepareProofOfWork } from "~/components/proof-of-work";
import { ProofOfWorkNoScript } from "~/components/proof-of-work-field";
import { useToast } from "~/components/ui/toast";
import { replyTimesHours, site } from "~/content/site";
import { contactSchema, type ContactInput } from "~/domain/contact";
import { organizationJsonLd, seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Contatti",
    description: `Scrivici per qualsiasi domanda sulla terapia di gruppo online: ti risponderemo entro ${replyTimesHours.general} ore.`,
    path: "/contatti",
    jsonLd: organizationJsonLd(),
  });

export function headers() {
  return { "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=86400" };
}

type Fields = Omit<ContactInput, "phone">;
const empty: Fields = { name: "", email: "", subject: "", message: "" };
type State = "editing" | "sending" | "sent";

export default function Contatti() {
  const toast = useToast();
  const [searchParams] = useSearchParams();
  const withoutJs = searchParams.get("modulo") === "send-contact-email" ? searchParams.get("esito") : null;
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [state, setState] = useState<State>(withoutJs === "ok" ? "sent" : "editing");
  const [key, setKey] = useState(newIdempotencyKey);
  const formId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = contactSchema.safeParse(fields);
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Fields] ??= issue.message;
      setErrors(next);
      const first = Object.keys(next)[0];
      if (first) document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setState("sending");
    const result = await postJson("/api/send-contact-email", parsed.data, key);
    if (result.ok) {
      setState("sent");
      setFields(empty);
      setKey(newIdempotencyKey());
      toast({ title: "Messaggio inviato!", description: "Ti risponderemo entro 24 ore." });
    } else {
      setState("editing");
      if (result.fields) setErrors(result.fields);
      toast({ title: "Errore nell'invio", description: "Si è verificato un problema. Riprova più tardi.", variant: "destructive" });
    }
  }

  const field = (name: keyof Fields, label: string, input: "input" | "textarea", type = "text") => {
    const id = `${formId}-${name}`;
    const error = errors[name];
    const common = {
      id,
      name,
      value: fields[name],
      required: true,
      disabled: state === "sending",
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-error` : undefined,
      className: "field",
    };
    return (
      <div className="grid gap-1.5">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {input === "textarea" ? (
          <textarea {...common} rows={6} onChange={(event) => setFields({ ...fields, [name]: event.target.value })} />
        ) : (
          <input {...common} type={type} autoComplete={name === "email" ? "email" : name === "name" ? "name" : "off"} onChange={(event) => setFields({ ...fields, [name]: event.target.value })} />
        )}
        {error ? (
          <p id={`${id}-error`} className="text-sm text-danger-600">
            {error}
          </p>
        ) : null}
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
        {state === "sent" ? (
          <div role="status" className="grid gap-3 rounded-3xl border border-teal-200 bg-teal-50 p-6">
            <h2 className="text-2xl font-semibold">Messaggio inviato!</h2>
            <p className="text-ink-700">Ti risponderemo entro 24 ore. Ti abbiamo inviato una conferma per email.</p>
            <button type="button" className="btn btn-secondary w-fit" onClick={() => setState("editing")}>
              Scrivi un altro messaggio
            </button>
          </div>
        ) : (
          <form
            method="post"
            action="/api/send-contact-email"
            noValidate
            onSubmit={handleSubmit}
            onFocus={prepareProofOfWork}
            className="relative grid gap-5 rounded-3xl bg-white p-6 shadow-sm sm:p-8"
          >
            <ProofOfWorkNoScript />
            {withoutJs === "error" ? (
              <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm text-danger-600">
                Si è verificato un problema. Controlla i campi e riprova.
              </p>
            ) : null}
            <div className="grid gap-5 sm:grid-cols-2">
              {field("name", "Nome", "input")}
              {field("email", "Email", "input", "email")}
            </div>
            {field("subject", "Oggetto", "input")}
            {field("message", "Messaggio", "textarea")}
            <Honeypot />
            <p className="text-sm text-ink-500">
              Usiamo i tuoi dati solo per risponderti. Leggi la{" "}
              <Link to="/privacy" className="underline underline-offset-2">
                privacy policy
              </Link>
              .
            </p>
            <button type="submit" className="btn btn-primary w-fit" disabled={state === "sending"}>
              {state === "sending" ? "Invio in corso..." : "Invia messaggio"}
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
