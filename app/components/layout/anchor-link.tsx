import type { MouseEvent, ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ANCHOR_SCROLL_OFFSET_PX } from "~/content/site";

/** Scrolls smoothly to an element, leaving room for the sticky top bar. Returns false when it is not on the page. */
export function scrollToAnchor(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - ANCHOR_SCROLL_OFFSET_PX;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top, behavior: reduce ? "auto" : "smooth" });
  return true;
}

/**
 * A site link. Links of the form "/#id" scroll to the element on the home page without
 * navigating; from any other page they open the home page at that section.
 */
export function SiteLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const location = useLocation();
  const anchor = href.startsWith("/#") ? href.slice(2) : undefined;
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (anchor && location.pathname === "/" && scrollToAnchor(anchor)) {
      event.preventDefault();
    }
  }
  return (
    <Link to={href} className={className} onClick={handleClick}>
      {children}
    </Link>
  );
}

/** A navigation landmark named `label`: a list of site links, under its heading when it has one (a footer column, the mobile menu). */
export function SiteLinks({
  label,
  heading,
  items,
  listClassName,
  linkClassName,
}: {
  label: string;
  heading?: ReactNode;
  items: readonly { href: string; name: string }[];
  listClassName: string;
  linkClassName: string;
}) {
  return (
    <nav aria-label={label}>
      {heading}
      <ul className={listClassName}>
        {items.map((item) => (
          <li key={item.href}>
            <SiteLink href={item.href} className={linkClassName}>
              {item.name}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
