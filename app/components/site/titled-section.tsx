import type { ReactNode } from "react";

/**
 * A <section> named by its own heading (aria-labelledby the heading's id), the way every titled part
 * of a page is marked up: screen readers list it by its title.
 */
export function TitledSection({
  id,
  title,
  level = 2,
  className,
  titleClassName,
  children,
}: {
  id: string;
  title: ReactNode;
  level?: 2 | 3;
  className?: string;
  titleClassName: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
