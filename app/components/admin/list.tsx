import { ChevronLeft, ChevronRight, Download, Search } from "lucide-react";
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation, useSearchParams, useSubmit } from "react-router";
import { InTurns } from "../in-turns";
import { OptionList } from "./fields";
import { EmptyState, LoadError } from "./page";

/** A table that scrolls sideways on a phone; focusable so keyboard users can scroll it too. */
export function TableScroll({ label, children, busy = false }: { label: string; children: ReactNode; busy?: boolean }) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-busy={busy}
      tabIndex={0}
      className={`relative overflow-x-auto rounded-2xl border border-sand-200 bg-white transition-opacity ${busy ? "opacity-60" : ""}`}
    >
      {children}
    </div>
  );
}

const th = "whitespace-nowrap px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-ink-500";
export const td = "px-4 py-3 align-top text-sm";

/** True while the router loads this same page with other search parameters (search, filter, page). */
export function useReloadingSamePage() {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === location.pathname;
}

/** Search by name or e-mail (`q`) and a status filter (`status`), plus the CSV export of the same rows. */
export function ListToolbar<S extends string>({
  statuses: values,
  label,
  exportHref,
  searchLabel = "Cerca per nome o email",
  filterLabel = "Stato",
}: {
  /** The statuses the list can be filtered by, each named by `label` (none: a search alone). */
  statuses?: readonly S[];
  label?: (status: S) => string;
  exportHref?: string;
  searchLabel?: string;
  /** The filter's label ("Stato" unless the list filters by something else). */
  filterLabel?: string;
}) {
  const statuses = (values ?? []).map((value) => ({ value, label: label ? label(value) : value }));
  const [params] = useSearchParams();
  const submit = useSubmit();
  const q = params.get("q") ?? "";
  const status = params.get("status") ?? "";
  const exportQuery = new URLSearchParams();
  if (q) exportQuery.set("q", q);
  if (status) exportQuery.set("status", status);
  const exportUrl = exportHref ? `${exportHref}${exportQuery.size ? `?${exportQuery}` : ""}` : undefined;
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <Form method="get" role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end" key={`${q}|${status}`}>
        <label className="grid gap-1 text-sm font-medium sm:w-72">
          {searchLabel}
          <span className="relative">
            <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ink-500" />
            <input type="search" name="q" defaultValue={q} maxLength={200} className="field pl-9" />
          </span>
        </label>
        {statuses.length > 0 ? (
          <label className="grid gap-1 text-sm font-medium sm:w-52">
            {filterLabel}
            <select name="status" defaultValue={status} className="field" onChange={(event) => submit(event.currentTarget.form, { replace: true })}>
              <option value="">Tutti</option>
              <OptionList items={statuses.map((option) => ({ id: option.value, name: option.label }))} />
            </select>
          </label>
        ) : null}
        <button type="submit" className="btn btn-secondary">
          Cerca
        </button>
      </Form>
      {exportUrl ? (
        <a href={exportUrl} download className="btn btn-secondary self-start lg:self-auto">
          <Download aria-hidden className="size-4" />
          Esporta CSV
        </a>
      ) : null}
    </div>
  );
}

/** What a list counts: "1 risultato", "298 risultati" unless the list names its rows ("persone"). */
export interface CountNoun {
  one: string;
  many: string;
}
const results: CountNoun = { one: "risultato", many: "risultati" };
const counted = (total: number, noun: CountNoun) => `${total} ${total === 1 ? noun.one : noun.many}`;

/**
 * "Pagina 2 di 5 · 98 risultati" with links that keep the search and the filter. A section of a page
 * pages with its own parameter (`param`, e.g. "presenze") and keeps the scroll where the reader is.
 */
export function Pagination({ page, total, pageSize, noun = results, param = "page" }: { page: number; total: number; pageSize: number; noun?: CountNoun; param?: string }) {
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) {
    return <p className="mt-3 text-sm text-ink-500">{counted(total, noun)}</p>;
  }
  const hrefOf = (target: number) => {
    const next = new URLSearchParams(params);
    if (target <= 1) next.delete(param);
    else next.set(param, String(target));
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
  const link = "btn btn-secondary min-h-10 px-3 py-2 text-sm";
  return (
    <nav aria-label="Paginazione" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-ink-500">
        Pagina {Math.min(page, pages)} di {pages} · {counted(total, noun)}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefOf(page - 1)} className={link} rel="prev" preventScrollReset={param !== "page"}>
            <ChevronLeft aria-hidden className="size-4" />
            Precedente
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={hrefOf(page + 1)} className={link} rel="next" preventScrollReset={param !== "page"}>
            Successiva
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** A column of a ListTable: its header, and the label of its cell on a phone's card (none when `hideLabel`). */
type ListColumn = string | { label: string; hideLabel?: boolean };

/** Rows the server renders in one task of the event loop (components/in-turns.tsx): about 5 ms of a slow machine's time. */
const ROWS_PER_TURN = 10;

/** Says that a filter, not the data, left the table empty. */
const noFilterResults = "Nessun risultato per questi filtri.";

/** Gives each cell of each row its column's label (data-label), which the phone layout shows before the value. */
function labelCells(rows: ReactNode, columns: readonly ListColumn[]) {
  return Children.map(rows, (row) => {
    if (!isValidElement<{ children?: ReactNode }>(row)) return row;
    const cells = Children.map(row.props.children, (cell, index) => {
      const column = columns[index];
      if (!isValidElement(cell) || !column || (typeof column === "object" && column.hideLabel)) return cell;
      const label = typeof column === "string" ? column : column.label;
      return cloneElement(cell as ReactElement<{ "data-label"?: string }>, { "data-label": label });
    });
    return cloneElement(row, undefined, cells);
  });
}

/**
 * The staff list screens' table: its load error, its empty state (or "no results" when a filter emptied
 * it), or the table. From lg up a scrolling table with a header row; below lg each row is a card whose
 * cells are labelled with their column (the `list-table` utility), so Stato and Azioni stay on screen.
 * Rows are <tr> elements whose <td> cells follow `columns` in order.
 */
export function ListTable(props: {
  label: string;
  /** A literal Tailwind class for the desktop table, such as "lg:min-w-[56rem]". */
  minWidth: string;
  loadError: string | null | undefined;
  isEmpty: boolean;
  /** True when a search or a filter is applied. */
  filtered?: boolean;
  empty: ReactNode;
  busy: boolean;
  columns: readonly ListColumn[];
  /** The pages below a list that has rows (`param`: the URL parameter of a section's page, "page" by default). */
  pagination?: { page: number; total: number; pageSize: number; noun?: CountNoun; param?: string };
  children: ReactNode;
}) {
  return (
    <>
      <LoadError message={props.loadError} />
      {props.isEmpty ? (
        props.loadError ? null : (
          <EmptyState>{props.filtered ? noFilterResults : props.empty}</EmptyState>
        )
      ) : (
        <TableScroll label={props.label} busy={props.busy}>
          <table className={`list-table w-full ${props.minWidth} border-collapse`}>
            <thead className="border-b border-sand-200 bg-sand-50">
              <tr>
                {props.columns.map((column) => {
                  const label = typeof column === "string" ? column : column.label;
                  const hidden = typeof column === "object" && column.hideLabel;
                  return (
                    <th key={label} scope="col" className={th}>
                      {hidden ? <span className="sr-only">{label}</span> : label}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody className="divide-y divide-sand-200">
              <InTurns every={ROWS_PER_TURN}>{labelCells(props.children, props.columns)}</InTurns>
            </tbody>
          </table>
        </TableScroll>
      )}
      {props.pagination && !props.isEmpty ? <Pagination {...props.pagination} /> : null}
    </>
  );
}

/** A page of a searchable list as its loader gives it (parseListQuery's query, clamped page, total). */
interface ListPage {
  rows: readonly unknown[];
  total: number;
  pageSize: number;
  loadError?: string | null;
  query: { page: number; q: string; status: string };
}

/**
 * ListTable for a paged list: empty or "no results" from the rows and the search, busy while the
 * same page reloads, pages below.
 */
export function PagedListTable({
  list,
  noun,
  ...props
}: Omit<Parameters<typeof ListTable>[0], "loadError" | "isEmpty" | "filtered" | "busy" | "pagination"> & { list: ListPage; noun?: CountNoun }) {
  const busy = useReloadingSamePage();
  return (
    <ListTable
      {...props}
      loadError={list.loadError}
      isEmpty={list.rows.length === 0}
      filtered={Boolean(list.query.q || list.query.status)}
      busy={busy}
      pagination={{ page: list.query.page, total: list.total, pageSize: list.pageSize, noun }}
    />
  );
}
