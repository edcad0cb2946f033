import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/accedi-sblocca";
import { widgetPath } from "~/domain/sign-in-widget";
import { auth } from "~/server/auth.server";
import { unlockWithToken } from "~/server/sign-in-lockout.server";

/** The link e-mailed to the owner of an account locked for everyone opens this page; only the button unlocks (link scanners do not). */
export async function action({ params, context }: Route.ActionArgs) {
  const secret = (await auth(context.db).$context).secret;
  const unlocked = await unlockWithToken(context.db, secret, params.token.slice(0, 200), context.clientIp);
  if (!unlocked) return data({ ok: false as const }, { status: 404 });
  return { ok: true as const };
}

export const meta = () => [{ title: "Sblocca l'account | Insieme" }, { name: "robots", content: "noindex" }];

export default function UnlockAccount({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section className="container-page grid max-w-xl gap-5 py-16">
      <h1 className="text-3xl font-semibold">Sblocca l'account</h1>
      {actionData?.ok ? (
        <p role="status" className="rounded-2xl bg-teal-50 p-4 text-teal-800">
          Account sbloccato. Ora puoi <Link to={widgetPath}>accedere</Link> di nuovo.
        </p>
      ) : actionData && !actionData.ok ? (
        <p role="alert" className="rounded-2xl bg-danger-50 p-4 text-danger-600">
          Il link non è valido, è scaduto o è già stato usato.
        </p>
      ) : (
        <Form method="post" className="grid gap-4">
          <p className="text-ink-700">Clicca sul pulsante per sbloccare il tuo account e accedere di nuovo.</p>
          <button type="submit" className="btn btn-primary w-fit" disabled={navigation.state !== "idle"}>
            Sblocca l'account
          </button>
        </Form>
      )}
    </section>
  );
}
