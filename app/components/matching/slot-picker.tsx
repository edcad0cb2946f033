import { useState } from "react";
import type { CallSlotDay } from "~/domain/matching-types";

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

      <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2" role="group" aria-label="Giorno">
        {days.map((day) => {
          const free = day.slots.filter((slot) => !slot.taken).length;
          const isActive = day.date === active.date;
          return (
            <button
              key={day.date}
              type="button"
              aria-pressed={isActive}
              aria-label={`${day.label}, ${free === 0 ? "nessun orario libero" : `${free} orari liberi`}`}
              onClick={() => setActiveDate(day.date)}
              className={`grid min-w-[4.5rem] shrink-0 justify-items-center rounded-2xl border px-3 py-2 text-sm capitalize transition-colors ${
                isActive ? "border-teal-700 bg-teal-700 text-white" : "border-sand-200 bg-white text-ink-900 hover:border-teal-600"
              } ${free === 0 ? "opacity-60" : ""}`}
            >
              <span className="font-semibold">{day.shortLabel.split(" ")[0]}</span>
              <span>{day.shortLabel.split(" ").slice(1).join(" ")}</span>
            </button>
          );
        })}
      </div>

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
