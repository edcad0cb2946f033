import { Check } from "lucide-react";

/** A list whose every item is ticked: what a price includes, a therapist's qualifications. */
export function CheckList({ items, className = "" }: { items: readonly string[]; className?: string }) {
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li key={item} className={`flex gap-3 ${className}`}>
          <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" strokeWidth={2.5} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
