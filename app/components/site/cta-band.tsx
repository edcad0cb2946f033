import { useId } from "react";
import { Link } from "react-router";

/** What most pages close with: the questionnaire. */
const questionnaireAction = [{ text: "Compila il questionario", href: "/questionario" }] as const;

/** A calm call-to-action band closing a page (by default, towards the questionnaire). */
export function CtaBand({
  title,
  text,
  actions = questionnaireAction,
}: {
  title: string;
  text?: string;
  actions?: readonly { text: string; href: string; variant?: "primary" | "secondary" }[];
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="container-page py-12 sm:py-16">
      <div className="grid gap-5 rounded-3xl bg-teal-800 px-6 py-10 text-center text-white sm:px-12 sm:py-14">
        <h2 id={titleId} className="text-3xl font-semibold text-white sm:text-4xl">
          {title}
        </h2>
        {text ? <p className="mx-auto max-w-2xl text-lg text-teal-50">{text}</p> : null}
        <div className="flex flex-wrap justify-center gap-3">
          {actions.map((action) => (
            <Link
              key={action.href}
              to={action.href}
              className={action.variant === "secondary" ? "btn border-2 border-white/70 text-white hover:bg-white/10" : "btn bg-white text-teal-800 hover:bg-teal-50"}
            >
              {action.text}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}
