import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";

const tones = {
  error: { role: "alert", icon: CircleAlert, className: "border-danger-600/30 bg-danger-50 text-danger-600" },
  done: { role: "status", icon: CircleCheck, className: "border-teal-200 bg-teal-50 text-teal-800" },
} as const;

/** Classes of an element that takes focus from the script only (tabIndex -1): a ring for the keyboard, no outline for a click. */
export const focusTarget = "outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2";

/**
 * Moves focus to the element once it appears, when `active`: the confirmation of what the person just
 * did, instead of the top of the page the reload or the button's removal would leave it at. A screen
 * reader reads it out; the keyboard continues from there.
 */
export function useFocusOnAppear<T extends HTMLElement>(active = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (active) ref.current?.focus();
  }, [active]);
  return ref;
}

function AreaNotice({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  const { role, icon: Icon, className } = tones[tone];
  // Only a confirmation takes focus: a refusal is announced (role="alert") and leaves focus on the form being corrected.
  const ref = useFocusOnAppear<HTMLParagraphElement>(tone === "done");
  return (
    <p ref={ref} role={role} tabIndex={tone === "done" ? -1 : undefined} className={`flex gap-2 rounded-2xl border p-4 ${className} ${focusTarget}`}>
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      {children}
    </p>
  );
}

/** What went wrong with the person's last action, announced at once (role="alert"). */
export const AreaError = ({ children }: { children: ReactNode }) => <AreaNotice tone="error">{children}</AreaNotice>;

/** The on-screen confirmation of something the person did (role="status"), focused as it appears. */
export const AreaDone = ({ children }: { children: ReactNode }) => <AreaNotice tone="done">{children}</AreaNotice>;
