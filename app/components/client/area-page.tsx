import { ArrowLeft, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CLIENT_AREA } from "~/domain/client-area";

/**
 * A page of the client area below "Il mio percorso": the link back to it, the page's title (which
 * names the section) and its lead paragraph, then the page.
 */
export function AreaPage({ id, title, lead, children }: { id: string; title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-6">
      <Link to={CLIENT_AREA} className="inline-flex min-h-11 w-fit items-center gap-2 text-sm font-semibold text-teal-700 hover:text-teal-800">
        <ArrowLeft aria-hidden className="size-4" />
        Il mio percorso
      </Link>
      <header className="grid gap-2">
        <h1 id={id} className="text-3xl font-semibold sm:text-4xl">
          {title}
        </h1>
        {lead ? <p className="text-lg text-ink-700">{lead}</p> : null}
      </header>
      {children}
    </section>
  );
}

/** A card of a client-area page with its heading (and the heading's icon). */
export function AreaSection({
  id,
  title,
  icon: Icon,
  iconClassName = "text-teal-700",
  children,
}: {
  id: string;
  title: string;
  icon?: LucideIcon;
  iconClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-3xl border border-sand-200 bg-white p-5 sm:p-7">
      <h2 id={id} className={Icon ? "flex items-center gap-2 text-xl font-semibold" : "text-xl font-semibold"}>
        {Icon ? <Icon aria-hidden className={`size-5 ${iconClassName}`} /> : null}
        {title}
      </h2>
      {children}
    </section>
  );
}
