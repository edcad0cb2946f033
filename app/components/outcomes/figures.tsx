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

const figureHeaders = [
  "Conclusi",
  "Con punteggi appaiati",
  "Completezza",
  "Caso clinico all'inizio",
  "Miglioramento affidabile",
  "Peggioramento affidabile",
  "Recupero",
  "Recupero affidabile",
] as const;

/** A row's values in the order of `figureHeaders`. */
function figureCells(row: FiguresRow) {
  const rates = figureRates(row);
  return [
    String(row.ended),
    String(row.paired),
    share(rates.completeness),
    String(row.casenessAtStart),
    `${row.reliableImprovement} (${share(rates.reliableImprovement)})`,
    `${row.reliableDeterioration} (${share(rates.reliableDeterioration)})`,
    `${row.recovery} (${share(rates.recovery)})`,
    `${row.reliableRecovery} (${share(rates.reliableRecovery)})`,
  ];
}

/**
 * Rows of figures (by month, therapist or group): a table from md up (in a region that scrolls and
 * takes the keyboard's focus), and on a phone one card per row with each figure named, so nine
 * columns never need a sideways scroll.
 */
export function FiguresTable({ caption, firstColumn, rows }: { caption: string; firstColumn: string; rows: readonly FiguresRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-ink-500">{`${caption}: nessun percorso concluso finora.`}</p>;
  return (
    <>
      <section aria-label={caption} className="rounded-2xl border border-sand-200 bg-white md:hidden">
        <h2 className="px-4 pt-4 text-lg font-semibold">{caption}</h2>
        <ul className="divide-y divide-sand-100">
          {rows.map((row) => (
            <li key={row.key} className="p-4">
              <p className="text-sm font-semibold text-ink-900">{row.label}</p>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {figureCells(row).map((value, index) => (
                  <div key={figureHeaders[index]}>
                    <dt className="text-xs text-ink-500">{figureHeaders[index]}</dt>
                    <dd className="tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </section>
      <div role="region" aria-label={caption} tabIndex={0} className="hidden overflow-x-auto rounded-2xl border border-sand-200 bg-white md:block">
        <table className="w-full min-w-[48rem] text-left text-sm">
          <caption className="px-4 pt-3 text-left font-semibold">{caption}</caption>
          <thead>
            <tr className="border-b border-sand-200">
              <th scope="col" className="px-4 py-2 font-semibold">
                {firstColumn}
              </th>
              {figureHeaders.map((header) => (
                <th key={header} scope="col" className="px-3 py-2 font-semibold">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-sand-100 last:border-0">
                <th scope="row" className="px-4 py-2 font-normal">
                  {row.label}
                </th>
                {figureCells(row).map((value, index) => (
                  <td key={figureHeaders[index]} className="px-3 py-2 tabular-nums">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
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
