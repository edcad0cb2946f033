import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter-token";
import { confirmSubscription, newsletterLinkState, unsubscribe } from "~/server/services/newsletter.server";

const intents = {
  conferma: {
    title: "Conferma l'iscrizione alla newsletter",
    body: "Clicca sul pulsante per confermare che vuoi ricevere la nostra newsletter.",
    button: "Conferma l'iscrizione",
    done: "Iscrizione completata! Ti sei iscrittə con successo alla nostra newsletter.",
    used: "Hai già confermato l'iscrizione con questo link: la newsletter ti arriverà una volta al mese.",
  },
  disiscrivi: {
    title: "Annulla l'iscrizione alla newsletter",
    body: "Clicca sul pulsante per non ricevere più la nostra newsletter.",
    button: "Annulla l'iscrizione",
    done: "Non riceverai più la nostra newsletter. Puoi iscriverti di nuovo quando vuoi.",
    used: "Hai già annullato l'iscrizione con questo link: non riceverai più la nostra newsletter. Puoi iscriverti di nuovo quando vuoi.",
  },
} as const;

type Intent = keyof typeof intents;
const isIntent = (value: string): value is Intent => value in intents;
/** The shape of the tokens this site writes: anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/;
/** The page depends on the link's state and the token is a capability: no cache keeps it, no referrer carries it. */
const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

/** A link opened again says it was already used, instead of showing the button once more. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isIntent(params.intent)) throw data(null, { status: 404 });
  const state = TOKEN.test(params.token) ? await newsletterLinkState(context.db, params.intent, params.token) : "invalid";
  return data({ intent: params.intent, state }, { headers: PRIVATE });
}

export const headers = () => PRIVATE;

/** The link in the e-mail opens this page; only the button changes anything (link scanners do not). */
export async function action({ params, context }: Route.ActionArgs) {
  if (!isIntent(params.intent)) throw data(null, { status: 404 });
  const token = params.token.slice(0, 100);
  const row = params.intent === "conferma" ? await confirmSubscription(context.db, token) : await unsubscribe(context.db, token);
  if (!row) return data({ ok: false as const }, { status: 404 });
  return { ok: true as const };
}

export const meta = () => [{ title: "Newsletter | Insieme" }, { name: "robots", content: "noindex" }];

export default function NewsletterToken({ loaderData, actionData }: Route.ComponentProps) {
  const copy = intents[loaderData.intent];
  const navigation = useNavigation();
  return (
    <section className="container-page grid max-w-xl gap-5 py-16">
      <h1 className="text-3xl font-semibold">{copy.title}</h1>
      {actionData?.ok ? (
        <p role="status" className="rounded-2xl bg-teal-50 p-4 text-teal-800">
          {copy.done}
        </p>
      ) : !actionData && loaderData.state === "used" ? (
        <p role="status" className="rounded-2xl bg-teal-50 p-4 text-teal-800">
          {copy.used}
        </p>
      ) : (actionData && !actionData.ok) || loaderData.state === "invalid" ? (
        <p role="alert" className="rounded-2xl bg-danger-50 p-4 text-danger-600">
          Il link non è valido o è scaduto. Se vuoi iscriverti, inserisci di nuovo la tua email nel modulo in fondo alla home.
        </p>
      ) : (
        <Form method="post" className="grid gap-4">
          <p className="text-ink-700">{copy.body}</p>
          <button type="submit" className="btn btn-primary w-fit" disabled={navigation.state !== "idle"}>
            {copy.button}
          </button>
        </Form>
      )}
      <p>
        <Link to="/" className="text-teal-700 underline underline-offset-2">
          Torna alla home
        </Link>
      </p>
    </section>
  );
}
