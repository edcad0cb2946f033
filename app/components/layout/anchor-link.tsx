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
