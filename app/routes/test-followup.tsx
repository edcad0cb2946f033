import { LoaderCircle, LockKeyhole, Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/test-followup";
import { postJson } from "~/components/post-json";
import { testFollowupSchema } from "~/domain/matching-schemas";
import { messages, testSentDescription } from "~/domain/matching-types";
import { useToast } from "~/components/ui/toast";
import { webPageMeta } from "~/domain/seo";
import { testFollowupAccess } from "~/content/test-followup";
import { formAction } from "~/server/http/form-action.server";
import { HttpError } from "~/server/http/errors.server";
import { parseFields } from "~/server/http/body.server";
import { sendTestFollowups, testFollowupRefusal } from "~/server/services/followups.server";

/** Anyone may open the page; only signed-in staff see the form (the action and the endpoint check again). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const refusal = await testFollowupRefusal(context.db, request);
  return { refusal: refusal?.error ?? null };
}

/** Without JavaScript the form posts here; with it, the page calls POST /api/test-followup-emails. */
export const action = formAction({
  scope: "page-test-followup",
  rateLimit: { limit: 3, windowSeconds: 3600 },
  failure: { totalSent: 0 },
  // Staff only: the page's form is theirs, and the e-mails go to any address they type.
  proofOfWork: false,
  async refuse(request, db) {
    const refusal = await testFollowupRefusal(db, request);
    return refusal ? new HttpError(refusal.status, refusal.error) : null;
  },
  async handle(values, db) {
    const input = parseFields(testFollowupSchema, values);
    return { error: null, totalSent: await db.transaction((tx) => sendTestFollowups(tx, input)) };
  },
});

// The page differs for staff and everyone else: never stored by a shared cache.
export const headers = () => ({ "Cache-Control": "private, no-store" });

export const meta = webPageMeta(
  {
    title: "Test email di follow-up",
    description: "Invia le tre email di follow-up di prova.",
    path: "/test-followup",
  },
  { noindex: true },
);

export default function TestFollowupPage({ loaderData, actionData }: Route.ComponentProps) {
  const toast = useToast();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    const outcome = await postJson<{ totalSent: number }>("/api/test-followup-emails", { email: email.trim(), name: name.trim() });
    setSending(false);
    if (outcome.ok) {
      toast({ title: messages.testSentTitle, description: testSentDescription(outcome.body.totalSent) });
      return;
    }
    const message = Object.values(outcome.fields)[0] ?? outcome.error ?? messages.genericFailure;
    toast({ title: message, variant: "destructive" });
  }

  return (
    <section className="container-page grid gap-8 py-10 sm:py-14">
      <header className="grid max-w-2xl gap-3">
        <p className="text-sm font-semibold uppercase tracking-wider text-coral-700">Pagina di prova</p>
        <h1 className="text-3xl font-semibold sm:text-4xl">Test email di follow-up</h1>
        <p className="text-lg text-ink-700">Invia subito le tre email che chi compila il questionario riceve dopo 1, 3 e 7 giorni, per controllarne testo e aspetto.</p>
      </header>
      {loaderData.refusal ? (
        <div className="grid max-w-xl gap-4 rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 className="flex items-center gap-2 text-xl font-semibold text-ink-900">
            <LockKeyhole aria-hidden className="size-5 text-coral-700" />
            {testFollowupAccess.title}
          </h2>
          <p role="status" className="font-semibold text-ink-900">
            {loaderData.refusal}
          </p>
          <p className="text-ink-700">{testFollowupAccess.explanation}</p>
          <p className="text-ink-700">{testFollowupAccess.afterSignIn}</p>
          <div>
            <Link to="/admin" className="btn btn-primary">
              {testFollowupAccess.signIn}
            </Link>
          </div>
        </div>
      ) : (
        <form method="post" onSubmit={submit} className="grid max-w-xl gap-5 rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
          {actionData ? (
            <p role="status" className={actionData.error ? "font-semibold text-danger-600" : "font-semibold text-teal-700"}>
              {actionData.error ?? `${messages.testSentTitle} ${testSentDescription(actionData.totalSent)}`}
            </p>
          ) : null}
          <div className="grid gap-2">
            <label htmlFor="test-name" className="font-semibold text-ink-900">
              Nome
            </label>
            <input id="test-name" name="name" autoComplete="given-name" required value={name} onChange={(event) => setName(event.target.value)} className="field" />
          </div>
          <div className="grid gap-2">
            <label htmlFor="test-email" className="font-semibold text-ink-900">
              Email
            </label>
            <input id="test-email" name="email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} className="field" />
          </div>
          <div>
            <button type="submit" className="btn btn-primary" disabled={sending}>
              {sending ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : <Send aria-hidden className="size-5" />}
              Invia le 3 email di test
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
