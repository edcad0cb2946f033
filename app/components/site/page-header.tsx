import type { ReactNode } from "react";

/** The top of an inner page: an optional eyebrow, the page's only h1 and a lead paragraph. */
export function PageHeader({ eyebrow, title, intro, children }: { eyebrow?: string; title: string; intro?: string; children?: ReactNode }) {
  return (
    <header className="border-b border-sand-200 bg-gradient-to-b from-teal-50 to-sand-50">
      <div className="container-page grid gap-4 py-12 sm:py-16 lg:py-20">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-[0.14em] text-teal-700">{eyebrow}</p> : null}
        <h1 className="max-w-3xl text-4xl font-semibold leading-tight sm:text-5xl">{title}</h1>
        {intro ? <p className="max-w-2xl text-lg text-ink-700 sm:text-xl">{intro}</p> : null}
        {children}
      </div>
    </header>
  );
}
