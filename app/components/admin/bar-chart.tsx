import type { ReactNode } from "react";

/** A small, accessible horizontal bar chart: the figures are real text, the bars are decoration; `description` reads before the bars. */
export function BarChart({
  title,
  rows,
  max,
  unit = "",
  description,
}: {
  title: string;
  rows: { label: string; value: number; note?: string }[];
  max?: number;
  unit?: string;
  description?: ReactNode;
}) {
  const top = Math.max(1, max ?? Math.max(0, ...rows.map((row) => row.value)));
  return (
    <figure className="grid gap-3 rounded-2xl bg-white p-5 shadow-sm">
      <figcaption className="font-semibold">{title}</figcaption>
      {description ? <div className="grid gap-1 text-sm text-ink-700">{description}</div> : null}
      {rows.length === 0 ? (
        <p className="text-sm text-ink-500">Nessun dato ancora.</p>
      ) : (
        <table className="w-full text-sm">
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="w-32 whitespace-nowrap py-1 pr-3 text-left font-normal text-ink-700">
                  {row.label}
                </th>
                <td className="py-1">
                  <div className="flex items-center gap-2">
                    <div className="h-3 flex-1 rounded-full bg-sand-100" aria-hidden>
                      <div className="h-3 rounded-full bg-teal-600" style={{ width: `${Math.round((row.value / top) * 100)}%` }} />
                    </div>
                    <span className="w-16 text-right tabular-nums">
                      {row.value}
                      {unit}
                    </span>
                  </div>
                  {row.note ? <span className="text-xs text-ink-500">{row.note}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
