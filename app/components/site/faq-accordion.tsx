import { Accordion } from "radix-ui";
import { ChevronDown } from "lucide-react";
import type { FaqItem } from "~/content/types";

/** Questions and answers as a Radix accordion: buttons inside h3 headings, one open at a time. */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <Accordion.Root type="single" collapsible className="grid gap-3">
      {items.map((item, index) => (
        <Accordion.Item key={item.question} value={`faq-${index}`} className="rounded-2xl border border-sand-200 bg-white">
          <Accordion.Header className="font-sans text-base">
            <Accordion.Trigger className="group flex min-h-14 w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-ink-900 hover:text-teal-700">
              {item.question}
              <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-teal-700 transition-transform duration-200 group-data-[state=open]:rotate-180" />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 text-ink-700">
            <p>{item.answer}</p>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
