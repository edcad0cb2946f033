import { ChevronDown } from "lucide-react";
import { useId } from "react";
import type { FaqItem } from "~/content/types";

/**
 * Questions and answers as `<details>` sharing one `name`: one open at a time, with no script (the
 * page may ship none). Each question is an h3 inside its summary, so headings still list them.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const group = useId();
  return (
    <div className="grid gap-3">
      {items.map((item) => (
        <details key={item.question} name={group} className="group rounded-2xl border border-sand-200 bg-white">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-ink-900 hover:text-teal-700 [&::-webkit-details-marker]:hidden">
            <h3 className="font-sans text-base font-semibold text-inherit">{item.question}</h3>
            <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-teal-700 transition-transform duration-200 group-open:rotate-180" />
          </summary>
          <div className="px-5 pb-5 text-ink-700">
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
