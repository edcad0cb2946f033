import type { ReactNode } from "react";

/** A form's submit button: disabled, and saying so, while the form is being sent. */
export function SendButton({ sending, icon, className, children }: { sending: boolean; icon?: ReactNode; className: string; children: ReactNode }) {
  return (
    <button type="submit" className={className} disabled={sending}>
      {icon}
      {sending ? "Invio in corso..." : children}
    </button>
  );
}
