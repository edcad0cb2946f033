import X from "lucide-react/icons/x";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

interface ShownToast extends ToastMessage {
  id: number;
}

const ToastContext = createContext<(message: ToastMessage) => void>(() => undefined);
type Placement = "bottom" | "top";
const PlacementContext = createContext<(placement: Placement) => void>(() => undefined);

/**
 * The toasts sit at the bottom: full width on a phone (at the top they covered the navigation bar and
 * the page's first line), bottom right from a phone's width up. A page whose first content reaches
 * that corner (the matching page's first group card, issue 34) moves them to the top right, under the
 * navigation bar, from a phone's width up, while it is shown.
 */
export function useToastsAtTop() {
  const place = useContext(PlacementContext);
  useEffect(() => {
    place("top");
    return () => place("bottom");
  }, [place]);
}

/**
 * Marks what a toast at the bottom must not cover (the cookie banner, the questionnaire's «Indietro» and
 * «Avanti»): while one of them is in the toast's band at the bottom of the screen, the toast rises above it.
 */
export const TOAST_CLEAR = "data-toast-clear";

/** How far above the bottom of the screen the toast region starts so as to cover no TOAST_CLEAR element (0: none in the way). */
function clearance(region: HTMLElement) {
  const height = innerHeight;
  const band = height - region.offsetHeight;
  let lift = 0;
  for (const element of document.querySelectorAll(`[${TOAST_CLEAR}]`)) {
    const { top, bottom } = element.getBoundingClientRect();
    if (bottom > band && top < height && bottom > top) lift = Math.max(lift, height - top);
  }
  return Math.min(lift, height / 2);
}

/** How long a toast stays, unless the pointer or the keyboard focus is on it. */
const DURATION_MS = 6000;
let nextId = 1;

/**
 * The site-wide toaster: the spec's toasts, destructive style for errors. One toast at a time in one
 * region: a new message (a success, or the next error) replaces the previous one, so a stale error
 * never stays above the success that answers it and a stack of toasts never covers the content
 * people act on. A live region announces each (an error assertively); it closes after six seconds
 * (not while hovered or focused), with its close button, or with Escape. A few lines of our own
 * instead of a library's primitives: the hydrated public pages carry less JavaScript (issue 17).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const [placement, setPlacement] = useState<Placement>("bottom");
  const show = useCallback((message: ToastMessage) => setToast({ ...message, id: nextId++ }), []);
  const close = useCallback(() => setToast(null), []);
  const value = useMemo(() => show, [show]);
  const region = useRef<HTMLElement>(null);
  const [lift, setLift] = useState(0);
  useEffect(() => {
    // From a phone's width up the matching page's toasts are at the top: nothing to clear.
    const atBottom = placement === "bottom" || !matchMedia("(min-width: 40rem)").matches;
    if (!toast || !atBottom) {
      setLift(0);
      return;
    }
    const measure = () => setLift(region.current ? clearance(region.current) : 0);
    measure();
    addEventListener("scroll", measure, { passive: true });
    addEventListener("resize", measure);
    return () => {
      removeEventListener("scroll", measure);
      removeEventListener("resize", measure);
    };
  }, [toast, placement]);
  return (
    <ToastContext.Provider value={value}>
      <PlacementContext.Provider value={setPlacement}>{children}</PlacementContext.Provider>
      <section
        ref={region}
        aria-label="Notifica"
        data-placement={placement}
        style={lift ? { bottom: lift } : undefined}
        className={`pointer-events-none fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm ${placement === "top" ? "sm:bottom-auto sm:top-16" : ""}`}
      >
        {/* Both live regions exist from the start, so assistive technology notices what is added to them. */}
        <div aria-live="polite" className="grid gap-2">
          {toast && toast.variant !== "destructive" ? <ToastItem key={toast.id} toast={toast} onClose={close} /> : null}
        </div>
        <div aria-live="assertive" className="grid gap-2">
          {toast?.variant === "destructive" ? <ToastItem key={toast.id} toast={toast} onClose={close} /> : null}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onClose }: { toast: ShownToast; onClose: () => void }) {
  const [paused, setPaused] = useState(false);
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => latestClose.current(), DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") latestClose.current();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  const destructive = toast.variant === "destructive";
  return (
    <div
      data-variant={toast.variant ?? "default"}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-lg ${
        destructive ? "border-danger-600/30 bg-danger-50 text-danger-600" : "border-teal-200 bg-white text-ink-900"
      }`}
    >
      <div className="grid gap-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="text-sm">{toast.description}</p> : null}
      </div>
      <button type="button" aria-label="Chiudi" onClick={onClose} className="absolute right-2 top-2 rounded-full p-1.5 hover:bg-black/5">
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
