import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";

/** A heading with the admin's small grey line under it when there is one (a page's, a form section's). */
export function HeadingWithDescription({ heading, description }: { heading: ReactNode; description?: ReactNode }) {
  return (
    <div>
      {heading}
      {description ? <p className="mt-1 text-sm text-ink-500">{description}</p> : null}
    </div>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <HeadingWithDescription heading={<h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>} description={description} />
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

const badgeTones = {
  highlight: "bg-teal-700 text-white",
  neutral: "bg-sand-200 text-ink-700",
  warning: "bg-coral-100 text-coral-700",
  success: "bg-teal-100 text-teal-800",
  danger: "bg-danger-50 text-danger-600 ring-1 ring-danger-600/20",
} as const;

export type BadgeTone = keyof typeof badgeTones;

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeTones[tone]}`}>{children}</span>;
}

export function LoadError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-4 rounded-xl border border-danger-600/30 bg-danger-50 p-3 text-sm text-danger-600">
      {message}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-10 text-center text-ink-500">{children}</p>;
}

export function Spinner({ className = "size-4" }: { className?: string }) {
  return <LoaderCircle aria-hidden className={`animate-spin ${className}`} />;
}
