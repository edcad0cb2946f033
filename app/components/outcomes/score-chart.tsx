import { formatShortDate } from "~/domain/format";

/** A severity band of a measure, shaded behind the line with its plain meaning. */
export interface ChartBand {
  min: number;
  max: number;
  label: string;
  meaning: string;
}

export interface ChartPoint {
  takenAt: Date | string;
  value: number;
}

/** Light to warm as the band gets more severe; every fill keeps the ink and the line above 4.5:1 and 3:1. */
const bandFills = ["#eef7f5", "#f5efe5", "#fbe5dc", "#f7d5c7", "#f1c3b1"];

/** A band's name on one line, or two when it would not fit beside the plot ("Moderatamente grave"). */
function labelLines(label: string) {
  const space = label.lastIndexOf(" ");
  return label.length > 12 && space > 0 ? [label.slice(0, space), label.slice(space + 1)] : [label];
}

const WIDTH = 360;
const HEIGHT = 210;
const PAD = { top: 14, right: 104, bottom: 28, left: 28 };

/**
 * One measure's scores over time as a server-rendered SVG line chart (no charting library, no
 * script: it works on pages without React in the browser), the severity bands shaded and named,
 * and the same values in a table for screen readers and for whoever prefers numbers.
 */
export function ScoreChart({
  id,
  title,
  max,
  bands,
  points,
  showMeanings = false,
}: {
  /** Unique on the page: names the title and the description. */
  id: string;
  title: string;
  max: number;
  bands: readonly ChartBand[];
  points: readonly ChartPoint[];
  /** Lists each band's plain meaning under the chart (the person's own page). */
  showMeanings?: boolean;
}) {
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const sorted = [...points].map((point) => ({ ...point, at: new Date(point.takenAt) })).sort((a, b) => a.at.getTime() - b.at.getTime());
  const first = sorted[0]?.at.getTime() ?? 0;
  const span = (sorted[sorted.length - 1]?.at.getTime() ?? 0) - first;
  const x = (at: Date) => PAD.left + (span > 0 ? ((at.getTime() - first) / span) * plotWidth : plotWidth / 2);
  const bandOf = (value: number) => bands.find((band) => value >= band.min && value <= band.max);
  const described = sorted.map((point) => `${formatShortDate(point.at)}: ${point.value} (${bandOf(point.value)?.label ?? ""})`).join("; ");
  const labelEvery = sorted.length > 6 ? Math.ceil(sorted.length / 6) : 1;

  return (
    <figure className="grid content-start gap-2" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="font-semibold">
        {title}
      </figcaption>
      {sorted.length === 0 ? (
        <p className="text-sm text-ink-500">Nessun questionario ancora.</p>
      ) : (
        <>
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-xl" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
            <desc id={`${id}-desc`}>{`Punteggi da 0 a ${max}, dal più vecchio al più recente: ${described}.`}</desc>
            {bands.map((band, index) => {
              const top = y(Math.min(max, band.max + 0.5));
              const bottom = y(Math.max(0, band.min - 0.5));
              return (
                <g key={band.label}>
                  <rect x={PAD.left} y={top} width={plotWidth} height={bottom - top} fill={bandFills[index] ?? bandFills[bandFills.length - 1]} />
                  <text x={PAD.left + plotWidth + 6} y={(top + bottom) / 2} dominantBaseline="middle" fontSize="12" fill="#3c4a4f">
                    {labelLines(band.label).map((line, lineIndex, lines) => (
                      <tspan key={line} x={PAD.left + plotWidth + 6} dy={lineIndex === 0 ? `${-(lines.length - 1) * 0.55}em` : "1.1em"}>
                        {line}
                      </tspan>
                    ))}
                  </text>
                </g>
              );
            })}
            {[0, max].map((tick) => (
              <text key={tick} x={PAD.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle" fontSize="12" fill="#3c4a4f">
                {tick}
              </text>
            ))}
            <line x1={PAD.left} x2={PAD.left + plotWidth} y1={y(0)} y2={y(0)} stroke="#5d6b70" strokeWidth="1" />
            {sorted.length > 1 ? (
              <polyline points={sorted.map((point) => `${x(point.at)},${y(point.value)}`).join(" ")} fill="none" stroke="#256657" strokeWidth="2.5" strokeLinejoin="round" />
            ) : null}
            {sorted.map((point, index) => (
              <g key={index}>
                <circle cx={x(point.at)} cy={y(point.value)} r="4.5" fill="#256657" stroke="#ffffff" strokeWidth="1.5" />
                <text x={x(point.at)} y={y(point.value) < 26 ? y(point.value) + 20 : y(point.value) - 9} textAnchor="middle" fontSize="13" fontWeight="600" fill="#1f2a2e">
                  {point.value}
                </text>
                {index % labelEvery === 0 || index === sorted.length - 1 ? (
                  <text x={x(point.at)} y={HEIGHT - 10} textAnchor="middle" fontSize="12" fill="#3c4a4f">
                    {formatShortDate(point.at).replace(/ \d{4}$/, "")}
                  </text>
                ) : null}
              </g>
            ))}
          </svg>
          <details className="text-sm">
            <summary className="cursor-pointer text-teal-700 underline underline-offset-2">Vedi i valori in tabella</summary>
            <table className="mt-2 w-full max-w-xl text-left">
              <caption className="sr-only">{title}: i valori</caption>
              <thead>
                <tr className="border-b border-sand-200">
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    Data
                  </th>
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    Punteggio
                  </th>
                  <th scope="col" className="py-1 font-semibold">
                    Fascia
                  </th>
                </tr>
              </thead>
              <tbody>
                {sorted.map((point, index) => (
                  <tr key={index} className="border-b border-sand-100">
                    <td className="py-1 pr-3">{formatShortDate(point.at)}</td>
                    <td className="py-1 pr-3 tabular-nums">{`${point.value} su ${max}`}</td>
                    <td className="py-1">{bandOf(point.value)?.label ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
      {showMeanings ? (
        <dl className="grid gap-2 text-sm">
          {bands.map((band, index) => (
            <div key={band.label} className="flex gap-3">
              <span aria-hidden className="mt-1 size-3 shrink-0 rounded-sm border border-sand-200" style={{ backgroundColor: bandFills[index] }} />
              <div>
                <dt className="inline font-semibold">{`${band.label} (${band.min}-${band.max}): `}</dt>
                <dd className="inline text-ink-700">{band.meaning}</dd>
              </div>
            </div>
          ))}
        </dl>
      ) : null}
    </figure>
  );
}
