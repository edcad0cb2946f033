import LogOut from "lucide-react/icons/log-out";
import ShieldAlert from "lucide-react/icons/shield-alert";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { site } from "~/content/site";

/** A signed-in area's sign-out: a form post of `intent` to the area's own action (works without JavaScript). */
export function SignOutButton({
  action,
  label,
  intent = "sign-out",
  icon = true,
  className = "btn btn-secondary min-h-10 px-4 py-2 text-sm",
}: {
  action: string;
  label: string;
  intent?: string;
  icon?: boolean;
  className?: string;
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={className}>
        {icon ? <LogOut aria-hidden className="size-4" /> : null}
        {label}
      </button>
    </Form>
  );
}

/**
 * The top bar of the staff and therapist areas: the brand (a plain link home), the area's badge, who
 * is signed in (from the small breakpoint), their sign-out, and the area's tabs below.
 */
export function AreaHeader({ badge, who, signOut, width, tabs }: { badge: string; who: string; signOut: ReactNode; width: string; tabs: ReactNode }) {
  return (
    <header className="border-b border-sand-200 bg-white">
      <div className={`mx-auto flex min-h-16 ${width} flex-wrap items-center justify-between gap-3 px-4 py-2`}>
        <div className="flex items-center gap-3">
          <a href="/" className="font-serif text-xl font-semibold text-teal-800">
            {site.brand}
          </a>
          <span className="rounded-full bg-teal-50 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-teal-800">{badge}</span>
        </div>
        <div className="flex items-center gap-3">
          <span className="hidden text-sm text-ink-500 sm:inline">{who}</span>
          {signOut}
        </div>
      </div>
      {tabs}
    </header>
  );
}

/** A refusal or a missing page inside an area: a shield, the heading, one sentence and the ways on. */
export function AreaRefusal({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section className="grid flex-1 place-items-center px-4 py-16">
      <div className="grid max-w-md justify-items-center gap-4 text-center">
        <ShieldAlert aria-hidden className="size-12 text-coral-700" />
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-ink-700">{text}</p>
        <div className="flex flex-wrap justify-center gap-2">{children}</div>
      </div>
    </section>
  );
}
