import { CheckCircle2, Mail } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { useToast } from "~/components/ui/toast";
import { newsletterMessages } from "~/domain/newsletter-messages";
import { Honeypot } from "./honeypot";
import { postJson } from "./post-json";
import { prepareProofOfWork } from "./proof-of-work";
import { ProofOfWorkNoScript } from "./proof-of-work-field";

type State = "idle" | "submitting" | "success";

/** Newsletter signup with double opt-in; works as a plain form without JavaScript. */
export function NewsletterSignup() {
  const titleId = useId();
  const inputId = useId();
  const toast = useToast();
  const [searchParams] = useSearchParams();
  const submittedWithoutJs = searchParams.get("modulo") === "newsletter-signup" ? searchParams.get("esito") : null;
  const [state, setState] = useState<State>(submittedWithoutJs === "ok" ? "success" : "idle");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState<string | undefined>();
  const [fieldError, setFieldError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      toast({ title: newsletterMessages.missingTitle, description: newsletterMessages.missing, variant: "destructive" });
      return;
    }
    setFieldError(null);
    setState("submitting");
    const result = await postJson<{ message?: string }>("/api/newsletter-signup", { email });
    if (result.ok) {
      const text = result.body.message ?? "Ti sei iscritto con successo alla nostra newsletter";
      setMessage(text);
      setEmail("");
      setState("success");
      toast({ title: "Iscrizione completata!", description: text });
    } else {
      setState("idle");
      // A refused address (e.g. "abc@") says what is wrong with it; only other failures say "try later".
      const invalid = result.status === 400 ? result.fields.email : undefined;
      if (invalid) setFieldError(invalid);
      toast({
        title: "Errore",
        description: invalid ?? "Si è verificato un errore durante l'iscrizione. Riprova più tardi.",
        variant: "destructive",
      });
    }
  }

  return (
    <section aria-labelledby={titleId} className="bg-teal-800 text-white">
      <div className="container-page grid gap-6 py-14 md:grid-cols-2 md:items-center">
        <div>
          <h2 id={titleId} className="text-3xl font-semibold text-white">
            Iscriviti alla newsletter
          </h2>
          <p className="mt-2 text-teal-100">
            Un'email al mese con articoli dei nostri psicologi su ansia, solitudine e relazioni. Niente spam, ti disiscrivi con un clic.
          </p>
        </div>
        {state === "success" ? (
          <div role="status" className="flex items-start gap-3 rounded-2xl bg-white/10 p-5">
            <CheckCircle2 aria-hidden className="mt-0.5 size-6 shrink-0 text-teal-100" />
            <div>
              <p className="font-semibold">Grazie!</p>
              <p className="text-teal-50">{message ?? "Ti abbiamo inviato un'email: conferma l'iscrizione cliccando sul link."}</p>
            </div>
          </div>
        ) : (
          <form
            method="post"
            action="/api/newsletter-signup"
            onSubmit={handleSubmit}
            onFocus={prepareProofOfWork}
            noValidate
            className="relative grid gap-3 sm:grid-cols-[1fr_auto]"
          >
            <ProofOfWorkNoScript className="sm:col-span-2" />
            {submittedWithoutJs === "error" ? (
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
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setFieldError(null);
                }}
                disabled={state === "submitting"}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${inputId}-error` : undefined}
                className="field pl-10"
              />
            </div>
            <Honeypot />
            <button type="submit" className="btn bg-coral-500 text-ink-900 hover:bg-coral-100" disabled={state === "submitting"}>
              {state === "submitting" ? "Iscrizione..." : "Iscriviti"}
            </button>
            {fieldError ? (
              <p id={`${inputId}-error`} className="rounded-xl bg-white px-3 py-2 text-sm text-danger-600 sm:col-span-2">
                {fieldError}
              </p>
            ) : null}
          </form>
        )}
      </div>
    </section>
  );
}
