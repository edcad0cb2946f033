import { figureDefinitions, figureRates, type FiguresRow, type OutcomeFigures } from "~/domain/outcome-metrics";

const share = (value: number | null) => (value === null ? "—" : `${value}%`);

/** The headline figures as labelled tiles: each share with its count and its base in words. */
export function FigureTiles({ figures }: { figures: OutcomeFigures }) {
  const rates = figureRates(figures);
  const tiles = [
    { label: "Miglioramento affidabile", rate: rates.reliableImprovement, detail: `${figures.reliableImprovement} su ${figures.paired} persone con punteggi appaiati` },
    {
      label: "Recupero affidabile",
      rate: rates.reliableRecovery,
      detail: `${figures.reliableRecovery} su ${figures.casenessAtStart} persone che all'inizio erano un caso clinico`,
    },
    { label: "Recupero", rate: rates.recovery, detail: `${figures.recovery} su ${figures.casenessAtStart} persone che all'inizio erano un caso clinico` },
    { label: "Peggioramento affidabile", rate: rates.reliableDeterioration, detail: `${figures.reliableDeterioration} su ${figures.paired} persone con punteggi appaiati` },
    { label: "Completezza", rate: rates.completeness, detail: `${figures.paired} su ${figures.ended} persone che hanno concluso il percorso` },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {tiles.map((tile) => (
        <div key={tile.label} className="grid gap-1 rounded-2xl border border-sand-200 bg-white p-4">
          <dt className="text-sm font-semibold text-ink-700">{tile.label}</dt>
          <dd className="font-serif text-3xl font-semibold text-teal-800">{share(tile.rate)}</dd>
          <dd className="text-sm text-ink-700">{tile.detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Rows of figures (by month, therapist or group) as a table: counts and shares. */
export function FiguresTable({ caption, firstColumn, rows }: { caption: string; firstColumn: string; rows: readonly FiguresRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-ink-500">{`${caption}: nessun percorso concluso finora.`}</p>;
  const headers = [
    "Conclusi",
    "Con punteggi appaiati",
    "Completezza",
    "Caso clinico all'inizio",
    "Miglioramento affidabile",
    "Peggioramento affidabile",
    "Recupero",
    "Recupero affidabile",
  ];
  return (
    <div className="overflow-x-auto rounded-2xl border border-sand-200 bg-white">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="px-4 pt-3 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-sand-200">
            <th scope="col" className="px-4 py-2 font-semibold">
              {firstColumn}
            </th>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const rates = figureRates(row);
            return (
              <tr key={row.key} className="border-b border-sand-100 last:border-0">
                <th scope="row" className="px-4 py-2 font-normal">
                  {row.label}
                </th>
                <td className="px-3 py-2 tabular-nums">{row.ended}</td>
                <td className="px-3 py-2 tabular-nums">{row.paired}</td>
                <td className="px-3 py-2 tabular-nums">{share(rates.completeness)}</td>
                <td className="px-3 py-2 tabular-nums">{row.casenessAtStart}</td>
                <td className="px-3 py-2 tabular-nums">{`${row.reliableImprovement} (${share(rates.reliableImprovement)})`}</td>
                <td className="px-3 py-2 tabular-nums">{`${row.reliableDeterioration} (${share(rates.reliableDeterioration)})`}</td>
                <td className="px-3 py-2 tabular-nums">{`${row.recovery} (${share(rates.recovery)})`}</td>
                <td className="px-3 py-2 tabular-nums">{`${row.reliableRecovery} (${share(rates.reliableRecovery)})`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The definitions written next to the figures (NHS Talking Therapies' rules). */
export function FigureDefinitions() {
  return (
    <dl className="grid gap-3 text-sm">
      {figureDefinitions.map((definition) => (
        <div key={definition.term}>
          <dt className="font-semibold">{definition.term}</dt>
          <dd className="text-ink-700">{definition.text}</dd>
        </div>
      ))}
    </dl>
  );
}
