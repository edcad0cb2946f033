import type { ReactNode } from "react";
import { Link } from "react-router";

/** Where staff read one person's account (their booking, the ledger's member). */
export const personPath = (bookingId: string) => `/admin/persone/${bookingId}`;

/** A person's name in a staff list, leading to their account page. */
export function PersonLink({ bookingId, children }: { bookingId: string; children: ReactNode }) {
  return (
    <Link to={personPath(bookingId)} className="font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900">
      {children}
    </Link>
  );
}
