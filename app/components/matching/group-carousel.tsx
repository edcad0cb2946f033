import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

/** How far (px) a finger must travel sideways before it counts as a swipe. */
const SWIPE_THRESHOLD_PX = 50;

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  offset: number;
  horizontal: boolean | null;
}

/**
 * The spec's carousel: one slide at a time, previous/next arrows and dots that wrap around,
 * ArrowLeft/ArrowRight keys, and a sideways swipe on touch screens (pointer events; vertical
 * movement still scrolls the page). Hidden slides are inert, so focus never lands off screen.
 */
export function GroupCarousel<T>({
  items,
  label,
  itemLabel,
  children,
}: {
  items: readonly T[];
  label: string;
  itemLabel: (item: T) => string;
  children: (item: T, index: number) => ReactNode;
}) {
  const [index, setIndex] = useState(0);
  const [offset, setOffset] = useState(0);
  const drag = useRef<Drag | null>(null);
  const ready = useHydrated();
  const count = items.length;
  const region = useRef<HTMLElement>(null);
  const go = (next: number) => {
    setIndex(((next % count) + count) % count);
    // The controls sit below a tall card: bring the new card's top into view, not its end.
    const top = region.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) {
      const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      region.current?.scrollIntoView({ block: "start", behavior: reduced ? "auto" : "smooth" });
    }
  };
  const multiple = count > 1;

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (!multiple || event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      go(index + 1);
    }
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!multiple || event.pointerType === "mouse" || !event.isPrimary) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, offset: 0, horizontal: null };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (current.horizontal === null && Math.max(Math.abs(dx), Math.abs(dy)) > 8) current.horizontal = Math.abs(dx) > Math.abs(dy);
    if (!current.horizontal) return;
    current.offset = dx;
    setOffset(dx);
  }

  function endDrag(event: PointerEvent<HTMLDivElement>, cancelled: boolean) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setOffset(0);
    if (cancelled || !current.horizontal) return;
    if (current.offset <= -SWIPE_THRESHOLD_PX) go(index + 1);
    else if (current.offset >= SWIPE_THRESHOLD_PX) go(index - 1);
  }

  const current = items[index];
  return (
    <section ref={region} aria-roledescription="carosello" aria-label={label} onKeyDown={onKeyDown} data-ready={ready} className="grid gap-5">
      <div className="overflow-hidden rounded-3xl">
        <div
          data-testid="carousel-track"
          className={`flex touch-pan-y items-stretch ${offset === 0 ? "transition-transform duration-300 ease-out motion-reduce:transition-none" : ""}`}
          style={{ transform: `translateX(calc(${-index * 100}% + ${offset}px))` }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(event) => endDrag(event, false)}
          onPointerCancel={(event) => endDrag(event, true)}
        >
          {items.map((item, position) => (
            <div
              key={position}
              role="group"
              aria-roledescription="gruppo"
              aria-label={`${position + 1} di ${count}: ${itemLabel(item)}`}
              aria-hidden={position !== index}
              inert={position !== index}
              className="w-full shrink-0 px-px"
            >
              {children(item, position)}
            </div>
          ))}
        </div>
      </div>

      {multiple ? (
        <div className="flex items-center justify-center gap-4">
          <button type="button" className="btn btn-secondary size-11 p-0" aria-label="Gruppo precedente" onClick={() => go(index - 1)}>
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <div className="flex items-center gap-1">
            {items.map((item, position) => (
              <button
                key={position}
                type="button"
                aria-label={`Gruppo ${position + 1} di ${count}`}
                aria-current={position === index ? "true" : undefined}
                onClick={() => go(position)}
                className="group grid size-8 place-items-center rounded-full"
              >
                <span className={`block h-2.5 rounded-full transition-all ${position === index ? "w-6 bg-teal-700" : "w-2.5 bg-teal-200 group-hover:bg-teal-600"}`} />
              </button>
            ))}
          </div>
          <button type="button" className="btn btn-secondary size-11 p-0" aria-label="Gruppo successivo" onClick={() => go(index + 1)}>
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </div>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {current ? `Gruppo ${index + 1} di ${count}: ${itemLabel(current)}` : ""}
      </p>
    </section>
  );
}
