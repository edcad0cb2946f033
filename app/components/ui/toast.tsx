import { Toast } from "radix-ui";
import { X } from "lucide-react";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

interface ShownToast extends ToastMessage {
  id: number;
}

const ToastContext = createContext<(message: ToastMessage) => void>(() => undefined);

let nextId = 1;

/**
 * The site-wide toaster: the spec's toasts, destructive style for errors, announced politely.
 * One toast at a time in one region: a new message (a success, or the next error) replaces the
 * previous one, so a stale error never stays above the success that answers it and a stack of
 * toasts never covers the content people act on.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const show = useCallback((message: ToastMessage) => {
    setToasts([{ ...message, id: nextId++ }]);
  }, []);
  const remove = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider swipeDirection="right" duration={6000} label="Notifica">
        {children}
        {toasts.map((toast) => (
          <Toast.Root
            key={toast.id}
            onOpenChange={(open) => !open && remove(toast.id)}
            type={toast.variant === "destructive" ? "foreground" : "background"}
            data-variant={toast.variant ?? "default"}
            className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-lg ${
              toast.variant === "destructive"
                ? "border-danger-600/30 bg-danger-50 text-danger-600"
                : "border-teal-200 bg-white text-ink-900"
            }`}
          >
            <div className="grid gap-1">
              <Toast.Title className="font-semibold">{toast.title}</Toast.Title>
              {toast.description ? <Toast.Description className="text-sm">{toast.description}</Toast.Description> : null}
            </div>
            <Toast.Close aria-label="Chiudi" className="absolute right-2 top-2 rounded-full p-1.5 hover:bg-black/5">
              <X aria-hidden className="size-4" />
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="fixed right-0 top-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:bottom-0 sm:top-auto sm:max-w-sm" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
