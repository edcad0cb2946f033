import { AlertDialog, Dialog } from "radix-ui";
import { Eye, X, type LucideIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useActionFetcher } from "./action-result";
import { Spinner } from "./page";

/** A modal with a title (announced), a close button and scrolling content; max width 4xl. */
export function Modal({
  open = true,
  onClose,
  title,
  description,
  closeLabel = "Chiudi",
  size = "4xl",
  footer,
  children,
}: {
  /** Open unless said otherwise: most dialogs are rendered only while they are open. */
  open?: boolean;
  /** Escape, the overlay, the close or cancel button. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  closeLabel?: string;
  size?: "lg" | "2xl" | "4xl";
  /** Buttons kept visible under the scrolling content (use the form attribute to reach the form). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  const width = { lg: "max-w-lg", "2xl": "max-w-2xl", "4xl": "max-w-4xl" }[size];
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/50" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 flex max-h-[92dvh] w-[calc(100vw-1.5rem)] ${width} -translate-x-1/2 -translate-y-1/2 flex-col rounded-3xl bg-white shadow-xl focus:outline-none`}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-sand-200 px-5 py-4 sm:px-6">
            <div className="min-w-0">
              <Dialog.Title className="font-serif text-xl font-semibold [overflow-wrap:anywhere] sm:text-2xl">{title}</Dialog.Title>
              {description ? <Dialog.Description className="mt-1 text-sm text-ink-500">{description}</Dialog.Description> : null}
            </div>
            <Dialog.Close aria-label={closeLabel} className="rounded-full p-2 text-ink-500 hover:bg-sand-100 hover:text-ink-900">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
          {footer ? <div className="flex flex-col-reverse gap-2 border-t border-sand-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A destructive confirmation (AlertDialog: focus starts on Cancel). */
export function ConfirmDialog({
  open = true,
  onClose,
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy,
  error,
  onConfirm,
}: {
  /** Open unless said otherwise: most dialogs are rendered only while they are open. */
  open?: boolean;
  /** Escape, the overlay, the close or cancel button. */
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="font-serif text-xl font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink-700">{description}</AlertDialog.Description>
          {error ? (
            <p role="alert" className="mt-4 rounded-xl border border-danger-600/30 bg-danger-50 p-3 text-sm text-danger-600">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="btn btn-secondary" disabled={busy}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <button type="button" className="btn bg-danger-600 text-white hover:bg-danger-600/90" disabled={busy} onClick={onConfirm}>
              {busy ? <Spinner /> : null}
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** What a confirmation posts (`{ intent, id }`) and says. */
export interface ConfirmRequest {
  intent: string;
  id: string;
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
}

/**
 * A confirmation that posts `{ intent, id }` to the page's action: busy while it runs, closed (with
 * the action's toast) when it is done.
 */
export function ConfirmAction({ intent, id, onClose, ...texts }: ConfirmRequest & { onClose: () => void }) {
  const { fetcher } = useActionFetcher(onClose);
  return <ConfirmDialog {...texts} onClose={onClose} cancelLabel="Annulla" busy={fetcher.state !== "idle"} onConfirm={() => fetcher.submit({ intent, id }, { method: "post" })} />;
}

/**
 * A row's confirmed action: `ask(row)` opens the confirmation `request(row)` describes; `dialog` is
 * rendered once by the page (nothing while no row is asked about).
 */
export function useConfirmAction<Row>(request: (row: Row) => ConfirmRequest) {
  const [row, setRow] = useState<Row | null>(null);
  const dialog = row === null ? null : <ConfirmAction {...request(row)} onClose={() => setRow(null)} />;
  return { ask: setRow, dialog };
}

const actionButtonSizes = { small: "min-h-9 whitespace-nowrap px-3 py-1.5 text-xs", medium: "min-h-10 px-3 py-2 text-sm" } as const;
const actionButtonTones = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  danger: "text-danger-600 ring-2 ring-inset ring-danger-600/20 hover:bg-danger-50",
} as const;

/** A row's action button: an icon and a word, named in full for a screen reader (`label`). */
export function ActionButton({
  icon: Icon,
  label,
  onClick,
  tone = "secondary",
  size = "small",
  className = "",
  children,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  tone?: keyof typeof actionButtonTones;
  size?: keyof typeof actionButtonSizes;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={`btn ${actionButtonSizes[size]} ${actionButtonTones[tone]} ${className}`} onClick={onClick} aria-label={label}>
      <Icon aria-hidden className={size === "small" ? "size-3.5" : "size-4"} />
      {children}
    </button>
  );
}

/**
 * A dialog opened from the URL (`?<param>=<id>`), so it can be linked to: `hrefFor(id)` keeps the other
 * query parameters (search, filters, page); `close()` drops the parameter.
 */
export function useViewParam(param: string) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hrefFor = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set(param, id);
    else next.delete(param);
    const search = next.toString();
    return search ? `?${search}` : "?";
  };
  const close = () => navigate(hrefFor(null), { preventScrollReset: true, replace: true });
  return { hrefFor, close };
}

/** The row button that opens a record in its dialog (`useViewParam`'s link), named for a screen reader. */
export function ViewLink({ to, label, text }: { to: string; label: string; text: string }) {
  return (
    <Link to={to} preventScrollReset className="btn btn-secondary min-h-9 whitespace-nowrap px-3 py-1.5 text-xs" aria-label={label}>
      <Eye aria-hidden className="size-3.5" />
      {text}
    </Link>
  );
}
