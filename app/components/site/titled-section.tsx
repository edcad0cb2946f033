import type { ReactNode } from "react";

/**
 * A <section> named by its own heading (aria-labelledby the heading's id), the way every titled part
 * of a page is marked up: screen readers list it by its title. With a `lead`, a line under the heading
 * says what the part is for (heading and lead grouped in one block).
 */
export function TitledSection({
  id,
  title,
  level = 2,
  className,
  titleClassName,
  lead,
  children,
}: {
  id: string;
  title: ReactNode;
  level?: 2 | 3;
  className?: string;
  titleClassName: string;
  lead?: { text: ReactNode; className: string; blockClassName?: string };
  children: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  const heading = (
    <Heading id={id} className={titleClassName}>
      {title}
    </Heading>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {lead ? (
        <div className={lead.blockClassName}>
          {heading}
          <p className={lead.className}>{lead.text}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
