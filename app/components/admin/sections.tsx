import type { ReactNode } from "react";
import { TitledSection } from "~/components/site/titled-section";

/** A titled part of a record's dialog (the message, the e-mail's text...). */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <TitledSection id={id} title={title} level={3} titleClassName="mb-2 text-base font-semibold">
      {children}
    </TitledSection>
  );
}

/** A titled part of a staff or therapist page (the groups, the people, the meetings). */
export function PanelSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <TitledSection id={id} title={title} className="grid gap-3" titleClassName="text-lg font-semibold">
      {children}
    </TitledSection>
  );
}

const termStyles = {
  /** Big figures in cards (counters). */
  figures: { item: "rounded-2xl border border-sand-200 bg-white p-5", term: "text-sm font-medium text-ink-500", detail: "mt-1 font-serif text-3xl font-semibold text-teal-800" },
  /** Small counts in tiles. */
  counts: { item: "rounded-xl bg-sand-50 p-3", term: "text-ink-500", detail: "text-xl font-semibold tabular-nums" },
  /** A record's fields in a dialog. */
  fields: { item: "min-w-0", term: "font-medium text-ink-500", detail: "break-words" },
} as const;

/** Label-value pairs of a <dl>, in one of the admin's three looks. */
export function Terms({ items, look }: { items: readonly (readonly [string, ReactNode])[]; look: keyof typeof termStyles }) {
  const style = termStyles[look];
  return items.map(([label, value]) => (
    <div key={label} className={style.item}>
      <dt className={style.term}>{label}</dt>
      <dd className={style.detail}>{value}</dd>
    </div>
  ));
}
