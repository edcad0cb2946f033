import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";

/** What went wrong with the person's last action, announced at once (role="alert"). */
export function AreaError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="flex gap-2 rounded-2xl border border-danger-600/30 bg-danger-50 p-4 text-danger-600">
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
      {children}
    </p>
  );
}

/** The on-screen confirmation of something the person did (role="status"). */
export function AreaDone({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex gap-2 rounded-2xl border border-teal-200 bg-teal-50 p-4 text-teal-800">
      <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
      {children}
    </p>
  );
}
