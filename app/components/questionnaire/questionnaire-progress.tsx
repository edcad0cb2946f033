/** The progress bar and the "n / 23" counter, announced politely when the step changes. */
export function QuestionnaireProgress({ step, total }: { step: number; total: number }) {
  return (
    <div className="mb-4 flex items-center gap-4">
      <div
        role="progressbar"
        aria-label="Avanzamento del questionario"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={`Passo ${step} di ${total}`}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-sand-200"
      >
        <div className="h-full rounded-full bg-teal-600 transition-[width] duration-300" style={{ width: `${(step / total) * 100}%` }} />
      </div>
      <p aria-live="polite" className="min-w-[4.5rem] text-right text-sm font-semibold tabular-nums text-ink-700">
        <span className="sr-only">Passo </span>
        {step} / {total}
      </p>
    </div>
  );
}
