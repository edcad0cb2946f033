import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

/** The "back to the list" link above a detail page's title: an arrow and the list's name. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="inline-flex min-h-11 w-fit items-center gap-2 rounded-full text-sm font-semibold text-teal-700 hover:text-teal-800">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
