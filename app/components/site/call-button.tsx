import { Phone } from "lucide-react";
import type { ReactNode } from "react";

/** A tap-to-call button with the phone icon: the emergency number, a helpline, a service for minors. */
export function CallButton({ dial, className, iconClassName = "size-4", children }: { dial: string; className: string; iconClassName?: string; children: ReactNode }) {
  return (
    <a href={`tel:${dial}`} className={className}>
      <Phone aria-hidden className={iconClassName} />
      {children}
    </a>
  );
}
