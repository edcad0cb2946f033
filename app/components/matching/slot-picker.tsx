import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";
import { useScrollEdges } from "~/components/ui/use-scroll-edges";
import type { CallSlotDay } from "~/domain/matching-types";

const DAY_STEP_KEYS: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index, last) => Math.min(index + 1, last),
  ArrowDown: (index, last) => Math.min(index + 1, last),
  ArrowLeft: (index) => Math.max(index - 1, 0),
  ArrowUp: (index) => Math.max(index - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * The days, in a row that scrolls sideways (a swipe on a phone, snapping to a day): the arrows and the
 * faded edges show there is more; the arrow keys, Home and End move from day to day (one tab stop).
 */
function DayStrip({ days, activeDate, onChoose }: { days: CallSlotDay[]; activeDate: string; onChoose: (date: string) => void }) {
  const strip = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(strip, [days.length]);

  const scrollBy = (direction: 1 | -1) => strip.current?.scrollBy({ left: direction * strip.current.clientWidth * 0.8, behavior: "smooth" });

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = DAY_STEP_KEYS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(index, days.length - 1);
    onChoose(days[next]!.date);
    const button = strip.current?.querySelectorAll<HTMLButtonElement>("button")[next];
    button?.focus();
    button?.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "smooth" });
  }

  const arrow = "absolute top-1/2 z-10 grid size-11 -translate-y-1/2 place-items-center rounded-full border border-sand-200 bg-white text-ink-900 shadow-sm hover:border-teal-600";
  return (
    <div className="relative min-w-0">
      {edges.start ? (
        <>
          <span aria-hidden className="pointer-events-none absolute inset-y-0 left-0 z-[5] w-12 bg-gradient-to-r from-white to-transparent" />
          <button type="button" className={`${arrow} -left-2`} aria-label="Giorni precedenti" onClick={() => scrollBy(-1)}>
            <ChevronLeft aria-hidden className="size-5" />
          </button>
        </>
      ) : null}
      <div ref={strip} className="-mx-1 flex snap-x snap-mandatory gap-2 overflow-x-auto scroll-smooth px-1 pb-2 [scrollbar-width:thin]" role="group" aria-label="Giorno">
        {days.map((day, index) => {
          const free = day.slots.filter((slot) => !slot.taken).length;
          const evening = day.slots.some((slot) => !slot.taken && slot.time >= "18:00");
          const isActive = day.date === activeDate;
          return (
            <button
              key={day.date}
              type="button"
              aria-pressed={isActive}
              tabIndex={isActive ? 0 : -1}
              aria-label={`${day.label}, ${free === 0 ? "nessun orario libero" : `${free} orari liberi${evening ? ", anche di sera" : ""}`}`}
              onClick={() => onChoose(day.date)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`grid min-w-[4.5rem] shrink-0 snap-start justify-items-center rounded-2xl border px-3 py-2 text-sm capitalize transition-colors ${
                isActive ? "border-teal-700 bg-teal-700 text-white" : "border-sand-200 bg-white text-ink-900 hover:border-teal-600"
              } ${free === 0 ? "opacity-60" : ""}`}
            >
              <span className="font-semibold">{day.shortLabel.split(" ")[0]}</span>
              <span>{day.shortLabel.split(" ").slice(1).join(" ")}</span>
            </button>
          );
        })}
      </div>
      {edges.end ? (
        <>
          <span aria-hidden className="pointer-events-none absolute inset-y-0 right-0 z-[5] w-12 bg-gradient-to-l from-white to-transparent" />
          <button type="button" className={`${arrow} -right-2`} aria-label="Giorni successivi" onClick={() => scrollBy(1)}>
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </>
      ) : null}
    </div>
  );
}

/**
 * The slot of the free introductory call: a day, then a half hour of it (Italian time). Taken
 * slots are disabled. Choosing none is allowed: then we call back within 24 hours.
 */
export function SlotPicker({
  days,
  value,
  onChange,
  disabled,
  name = "callSlot",
  legend = "Quando preferisci che ti chiamiamo?",
  optional = true,
}: {
  days: CallSlotDay[];
  value: string;
  onChange: (start: string) => void;
  disabled?: boolean;
  /** The radios' name, as the form posts it. */
  name?: string;
  legend?: string;
  /** Whether choosing none is allowed (a call back within 24 hours). */
  optional?: boolean;
}) {
  const firstFree = days.find((day) => day.slots.some((slot) => !slot.taken)) ?? days[0];
  const [activeDate, setActiveDate] = useState(firstFree?.date ?? "");
  const active = days.find((day) => day.date === activeDate) ?? firstFree;
  if (!active) return null;
  const chosenDay = days.find((day) => day.slots.some((slot) => slot.start === value));
  const chosen = chosenDay?.slots.find((slot) => slot.start === value);

  return (
    <fieldset className="grid min-w-0 gap-3" disabled={disabled}>
      <legend className="mb-1 font-semibold text-ink-900">{legend}</legend>
      <p className="-mt-1 text-sm text-ink-500">Orari in ora italiana.{optional ? " Facoltativo: se non scegli, ti richiamiamo noi entro 24 ore." : ""}</p>

      <DayStrip days={days} activeDate={active.date} onChoose={setActiveDate} />

      <div role="radiogroup" aria-label={`Orari di ${active.label}`} className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {active.slots.map((slot) => {
          const checked = slot.start === value;
          return (
            <label
              key={slot.start}
              className={`relative grid min-h-11 place-items-center rounded-xl border text-sm font-medium transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-coral-500 ${
                slot.taken
                  ? "cursor-not-allowed border-sand-200 bg-sand-100 text-ink-500 line-through"
                  : checked
                    ? "cursor-pointer border-teal-700 bg-teal-700 text-white"
                    : "cursor-pointer border-sand-200 bg-white text-ink-900 hover:border-teal-600"
              }`}
            >
              <input
                type="radio"
                name={name}
                value={slot.start}
                checked={checked}
                disabled={slot.taken}
                onChange={() => onChange(slot.start)}
                className="sr-only"
                aria-label={`${active.label} alle ${slot.time}${slot.taken ? ", già prenotato" : ""}`}
              />
              {slot.time}
            </label>
          );
        })}
      </div>

      <p className="min-h-6 text-sm text-ink-700" aria-live="polite">
        {chosen && chosenDay ? (
          <>
            Hai scelto{" "}
            <strong>
              {chosenDay.label} alle {chosen.time}
            </strong>
            .{" "}
            {optional ? (
              <button type="button" className="text-teal-700 underline underline-offset-2" onClick={() => onChange("")}>
                Nessuna preferenza
              </button>
            ) : null}
          </>
        ) : optional ? (
          "Nessun orario scelto: ti richiameremo noi."
        ) : (
          "Scegli un giorno, poi un orario."
        )}
      </p>
    </fieldset>
  );
}
