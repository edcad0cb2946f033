import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The heading block of a home section: an eyebrow, the h2 and an optional lead. */
export function SectionHeading({ id, eyebrow, title, lead, align = "center" }: { id: string; eyebrow?: string; title: string; lead?: string; align?: "center" | "start" }) {
  return (
    <div className={`grid gap-3 ${align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}`}>
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-[0.14em] text-teal-700">{eyebrow}</p> : null}
      <h2 id={id} className="text-3xl font-semibold leading-tight sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="text-lg text-ink-700">{lead}</p> : null}
    </div>
  );
}

const tones = { plain: "", sand: "bg-sand-100", teal: "bg-teal-50/60" } as const;

/**
 * A section of the home page: named by its heading (`{name}-titolo`), with an anchor when `anchor`
 * (the menu's `#name` links), then what it shows.
 */
export function HomeSection({
  name,
  anchor = false,
  tone = "plain",
  heading,
  children,
}: {
  name: string;
  anchor?: boolean;
  tone?: keyof typeof tones;
  heading: { eyebrow?: string; title: string; lead?: string };
  children: ReactNode;
}) {
  return (
    <section id={anchor ? name : undefined} aria-labelledby={`${name}-titolo`} className={`scroll-mt-16 py-16 sm:py-24 ${tones[tone]}`}>
      <div className="container-page grid gap-12">
        <SectionHeading id={`${name}-titolo`} {...heading} />
        {children}
      </div>
    </section>
  );
}

/** The link under a home section to the page that says all of it. */
export function SectionMoreLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="text-center">
      <Link to={to} className="btn btn-secondary">
        {children}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </p>
  );
}
