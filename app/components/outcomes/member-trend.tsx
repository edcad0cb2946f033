import { measureBands, measureMaxScore, measureNames, type OutcomeMeasureKind } from "~/domain/outcome-measures";
import { outcomeFlagLabels, outcomeFlags, type PersonOutcome, type ScorePoint } from "~/domain/outcome-metrics";
import { ScoreChart } from "./score-chart";

const flagTone: Record<string, string> = {
  reliableImprovement: "bg-teal-50 text-teal-800 ring-teal-200",
  recovery: "bg-teal-50 text-teal-800 ring-teal-200",
  reliableDeterioration: "bg-coral-100 text-coral-700 ring-coral-500/40",
  notOnTrack: "bg-coral-100 text-coral-700 ring-coral-500/40",
};

/** The flags of one path as small labelled badges (words, not colour alone). */
export function OutcomeFlags({ outcome }: { outcome: PersonOutcome }) {
  const flags = outcomeFlags(outcome);
  if (!outcome.paired) return <p className="text-xs text-ink-500">Servono almeno due questionari per confrontare i punteggi.</p>;
  if (flags.length === 0) return <p className="text-xs text-ink-500">Nessun cambiamento affidabile finora.</p>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Segnali">
      {flags.map((flag) => (
        <li key={flag} className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${flagTone[flag]}`}>
          {outcomeFlagLabels[flag]}
        </li>
      ))}
    </ul>
  );
}

/** Both measures of one person as charts, side by side on a wide screen. */
export function MeasureCharts({ idPrefix, scores, showMeanings = false }: { idPrefix: string; scores: readonly ScorePoint[]; showMeanings?: boolean }) {
  const measures: OutcomeMeasureKind[] = ["phq9", "gad7"];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {measures.map((measure) => (
        <ScoreChart
          key={measure}
          id={`${idPrefix}-${measure}`}
          title={measure === "phq9" ? `${measureNames.phq9} (umore)` : `${measureNames.gad7} (ansia)`}
          max={measureMaxScore[measure]}
          bands={measureBands[measure]}
          points={scores.map((point) => ({ takenAt: point.takenAt, value: point[measure] }))}
          showMeanings={showMeanings}
        />
      ))}
    </div>
  );
}
