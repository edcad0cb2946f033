import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";

const tones = {
  error: { role: "alert", icon: CircleAlert, className: "border-danger-600/30 bg-danger-50 text-danger-600" },
  done: { role: "status", icon: CircleCheck, className: "border-teal-200 bg-teal-50 text-teal-800" },
} as const;

function AreaNotice({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  const { role, icon: Icon, className } = tones[tone];
  return (
    <p role={role} className={`flex gap-2 rounded-2xl border p-4 ${className}`}>
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      {children}
    </p>
  );
}

/** What went wrong with the person's last action, announced at once (role="alert"). */
export const AreaError = ({ children }: { children: ReactNode }) => <AreaNotice tone="error">{children}</AreaNotice>;

/** The on-screen confirmation of something the person did (role="status"). */
export const AreaDone = ({ children }: { children: ReactNode }) => <AreaNotice tone="done">{children}</AreaNotice>;
