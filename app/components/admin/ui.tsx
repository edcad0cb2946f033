import { getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { AlertDialog, Dialog } from "radix-ui";
import { ChevronLeft, ChevronRight, Download, Eye, LoaderCircle, Search, X, type LucideIcon } from "lucide-react";
import { Children, cloneElement, isValidElement, useEffect, useRef, type InputHTMLAttributes, type ReactElement, type ReactNode } from "react";
import { Form, Link, useFetcher, useLocation, useNavigate, useNavigation, useSearchParams, useSubmit } from "react-router";
import { useToast } from "~/components/ui/toast";
import { firstError, useSchemaForm } from "~/components/forms/schema-form";
import type { z } from "~/domain/zod";

/** What every admin action answers; the component turns it into the spec's toasts. */
export type ActionResult =
  | { ok: true; intent: string; message: string; id?: string }
  | {
      ok: false;
      intent: string;
      error: string;
      description?: string;
      /** A refused form's Conform result (see `useSchemaForm`): its fields show its messages. */
      result?: SubmissionResult<string[]>;
      conflict?: boolean;
    };

/** Calls `handle` once for each new answer of a fetcher, when it has settled. */
export function useFetcherResult<T>(fetcher: { state: string; data: T | undefined }, handle: (data: T) => void) {
  const handled = useRef<T | undefined>(undefined);
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data !== undefined && fetcher.data !== handled.current) {
      handled.current = fetcher.data;
      latest.current(fetcher.data);
    }
  }, [fetcher.state, fetcher.data]);
}

/**
 * A fetcher for one admin action: its answer toasted (the message, or the error with its description),
 * `onOk` called when it succeeded (a dialog closes itself), `onConflict` when the row had changed since
 * the page was loaded, and for the form that posts it its busy state and the refusal to show on its
 * fields (`lastResult`, Conform's).
 */
export function useActionFetcher(onOk?: () => void, onConflict?: () => void) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher, onConflict, onOk);
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return { fetcher, lastResult: refused?.result, busy: fetcher.state !== "idle" };
}

type SchemaFormOptions<Schema extends z.ZodType> = NonNullable<Parameters<typeof useSchemaForm<Schema>>[1]>;

/** The fields' first values of a form on `Schema` (`useSchemaForm`'s defaultValue). */
export type FormDefaults<Schema extends z.ZodType> = SchemaFormOptions<Schema>["defaultValue"];

/**
 * An admin form on Conform: `useActionFetcher` (toasts, busy state, `onOk`/`onConflict`) with
 * `useSchemaForm` on the schema the action parses with, so its fields show the browser's check and
 * the action's refusal alike. Spread `getFormProps(form)` on `fetcher.Form`.
 */
export function useActionForm<Schema extends z.ZodType>(
  schema: Schema,
  { onOk, onConflict, ...options }: { onOk?: () => void; onConflict?: () => void } & Omit<SchemaFormOptions<Schema>, "lastResult"> = {},
) {
  const { fetcher, lastResult, busy } = useActionFetcher(onOk, onConflict);
  const [form, fields] = useSchemaForm(schema, { ...options, lastResult });
  return { fetcher, busy, form, fields };
}

/**
 * Toasts each settled answer of an admin action: its message when it succeeded (then `onOk`), its
 * error and description when it failed (then `onConflict` when the row had changed since the page was loaded).
 */
export function useResultToast(fetcher: { state: string; data: ActionResult | undefined }, onConflict?: () => void, onOk?: () => void) {
  const toast = useToast();
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast({ title: result.message });
      onOk?.();
    } else {
      toast({ title: result.error, description: result.description, variant: "destructive" });
      if (result.conflict) onConflict?.();
    }
  });
}

/** The spec's "Failed to fetch ..." toast when the page's query failed. */
export function useLoadErrorToast(loadError: string | null | undefined) {
  const toast = useToast();
  useEffect(() => {
    if (loadError) toast({ title: loadError, variant: "destructive" });
  }, [loadError, toast]);
}

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-sm text-ink-500">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

const badgeTones = {
  highlight: "bg-teal-700 text-white",
  neutral: "bg-sand-200 text-ink-700",
  warning: "bg-coral-100 text-coral-700",
  success: "bg-teal-100 text-teal-800",
  danger: "bg-danger-50 text-danger-600 ring-1 ring-danger-600/20",
} as const;

export type BadgeTone = keyof typeof badgeTones;

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeTones[tone]}`}>
      {children}
    </span>
  );
}

export function LoadError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-4 rounded-xl border border-danger-600/30 bg-danger-50 p-3 text-sm text-danger-600">
      {message}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-10 text-center text-ink-500">{children}</p>;
}

export function Spinner({ className = "size-4" }: { className?: string }) {
  return <LoaderCircle aria-hidden className={`animate-spin ${className}`} />;
}

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

export const th = "whitespace-nowrap px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-ink-500";
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
}: {
  /** The statuses the list can be filtered by, each named by `label`. */
  statuses: readonly S[];
  label: (status: S) => string;
  exportHref?: string;
  searchLabel?: string;
}) {
  const statuses = values.map((value) => ({ value, label: label(value) }));
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
        <label className="grid gap-1 text-sm font-medium sm:w-52">
          Stato
          <select
            name="status"
            defaultValue={status}
            className="field"
            onChange={(event) => submit(event.currentTarget.form, { replace: true })}
          >
            <option value="">Tutti</option>
            <OptionList items={statuses.map((option) => ({ id: option.value, name: option.label }))} />
          </select>
        </label>
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

/** "Pagina 2 di 5" with links that keep the search and the filter. */
export function Pagination({ page, total, pageSize }: { page: number; total: number; pageSize: number }) {
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) {
    return <p className="mt-3 text-sm text-ink-500">{total === 1 ? "1 risultato" : `${total} risultati`}</p>;
  }
  const hrefOf = (target: number) => {
    const next = new URLSearchParams(params);
    if (target <= 1) next.delete("page");
    else next.set("page", String(target));
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
  const link = "btn btn-secondary min-h-10 px-3 py-2 text-sm";
  return (
    <nav aria-label="Paginazione" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-ink-500">
        Pagina {Math.min(page, pages)} di {pages} · {total} risultati
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefOf(page - 1)} className={link} rel="prev">
            <ChevronLeft aria-hidden className="size-4" />
            Precedente
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={hrefOf(page + 1)} className={link} rel="next">
            Successiva
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** A modal with a title (announced), a close button and scrolling content; max width 4xl. */
export function Modal({
  open = true,
  onClose,
  title,
  description,
  closeLabel = "Chiudi",
  size = "4xl",
  footer,
  children,
}: {
  /** Open unless said otherwise: most dialogs are rendered only while they are open. */
  open?: boolean;
  /** Escape, the overlay, the close or cancel button. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  closeLabel?: string;
  size?: "lg" | "2xl" | "4xl";
  /** Buttons kept visible under the scrolling content (use the form attribute to reach the form). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  const width = { lg: "max-w-lg", "2xl": "max-w-2xl", "4xl": "max-w-4xl" }[size];
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/50" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 flex max-h-[92dvh] w-[calc(100vw-1.5rem)] ${width} -translate-x-1/2 -translate-y-1/2 flex-col rounded-3xl bg-white shadow-xl focus:outline-none`}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-sand-200 px-5 py-4 sm:px-6">
            <div>
              <Dialog.Title className="font-serif text-xl font-semibold sm:text-2xl">{title}</Dialog.Title>
              {description ? <Dialog.Description className="mt-1 text-sm text-ink-500">{description}</Dialog.Description> : null}
            </div>
            <Dialog.Close aria-label={closeLabel} className="rounded-full p-2 text-ink-500 hover:bg-sand-100 hover:text-ink-900">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-sand-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A destructive confirmation (AlertDialog: focus starts on Cancel). */
export function ConfirmDialog({
  open = true,
  onClose,
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy,
  error,
  onConfirm,
}: {
  /** Open unless said otherwise: most dialogs are rendered only while they are open. */
  open?: boolean;
  /** Escape, the overlay, the close or cancel button. */
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="font-serif text-xl font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink-700">{description}</AlertDialog.Description>
          {error ? (
            <p role="alert" className="mt-4 rounded-xl border border-danger-600/30 bg-danger-50 p-3 text-sm text-danger-600">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="btn btn-secondary" disabled={busy}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <button type="button" className="btn bg-danger-600 text-white hover:bg-danger-600/90" disabled={busy} onClick={onConfirm}>
              {busy ? <Spinner /> : null}
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** A Conform field as <Field> reads it: its id (the label's target), its errors and their id, whether the schema requires it. */
type FieldState = Pick<FieldMetadata, "id" | "errorId" | "errors" | "required">;

/**
 * A labelled form control of a Conform field, with its hint and its first error (its `errorId`, which
 * the control's Conform props name in aria-describedby once it is invalid). The required mark follows
 * the schema unless `required` says otherwise.
 */
export function Field({
  label,
  field,
  hint,
  required = field.required,
  className = "",
  children,
}: {
  label: ReactNode;
  field: FieldState;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const error = firstError(field.errors);
  return (
    <div className={`grid content-start gap-1 ${className}`}>
      <label htmlFor={field.id} className="text-sm font-medium">
        {label}
        {required ? (
          <span aria-hidden className="text-danger-600">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? <div className="text-xs text-ink-500">{hint}</div> : null}
      {error ? (
        <p id={field.errorId} className="text-sm text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input (the `field` style) of a Conform field, with its hint and error: <Field> around one <input>. */
export function InputField<Schema>({
  label,
  field,
  type = "text",
  hint,
  fieldClassName,
  ...input
}: {
  label: ReactNode;
  field: FieldMetadata<Schema>;
  type?: "text" | "date" | "email" | "password" | "time";
  hint?: ReactNode;
  fieldClassName?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type" | "required" | "defaultValue">) {
  return (
    <Field label={label} field={field} hint={hint} className={fieldClassName}>
      <input {...getInputProps(field, { type })} className="field" {...input} />
    </Field>
  );
}

/** A column of a ListTable: its header, and the label of its cell on a phone's card (none when `hideLabel`). */
export type ListColumn = string | { label: string; hideLabel?: boolean };

/** Says that a filter, not the data, left the table empty. */
export const noFilterResults = "Nessun risultato per questi filtri.";

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
  /** The pages below a list that has rows. */
  pagination?: { page: number; total: number; pageSize: number };
  children: ReactNode;
}) {
  return (
    <>
      <LoadError message={props.loadError} />
      {props.isEmpty ? (
        props.loadError ? null : <EmptyState>{props.filtered ? noFilterResults : props.empty}</EmptyState>
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
            <tbody className="divide-y divide-sand-200">{labelCells(props.children, props.columns)}</tbody>
          </table>
        </TableScroll>
      )}
      {props.pagination && !props.isEmpty ? <Pagination {...props.pagination} /> : null}
    </>
  );
}

/** A page of a searchable list as its loader gives it (parseListQuery's query, clamped page, total). */
export interface ListPage {
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
export function PagedListTable({ list, ...props }: Omit<Parameters<typeof ListTable>[0], "loadError" | "isEmpty" | "filtered" | "busy" | "pagination"> & { list: ListPage }) {
  const busy = useReloadingSamePage();
  return (
    <ListTable
      {...props}
      loadError={list.loadError}
      isEmpty={list.rows.length === 0}
      filtered={Boolean(list.query.q || list.query.status)}
      busy={busy}
      pagination={{ page: list.query.page, total: list.total, pageSize: list.pageSize }}
    />
  );
}

/**
 * A dialog opened from the URL (`?<param>=<id>`), so it can be linked to: `hrefFor(id)` keeps the other
 * query parameters (search, filters, page); `close()` drops the parameter.
 */
export function useViewParam(param: string) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hrefFor = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set(param, id);
    else next.delete(param);
    const search = next.toString();
    return search ? `?${search}` : "?";
  };
  const close = () => navigate(hrefFor(null), { preventScrollReset: true, replace: true });
  return { hrefFor, close };
}

const actionButtonSizes = { small: "min-h-9 whitespace-nowrap px-3 py-1.5 text-xs", medium: "min-h-10 px-3 py-2 text-sm" } as const;
const actionButtonTones = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  danger: "text-danger-600 ring-2 ring-inset ring-danger-600/20 hover:bg-danger-50",
} as const;

/** A row's action button: an icon and a word, named in full for a screen reader (`label`). */
export function ActionButton({ icon: Icon, label, onClick, tone = "secondary", size = "small", className = "", children }: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  tone?: keyof typeof actionButtonTones;
  size?: keyof typeof actionButtonSizes;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={`btn ${actionButtonSizes[size]} ${actionButtonTones[tone]} ${className}`} onClick={onClick} aria-label={label}>
      <Icon aria-hidden className={size === "small" ? "size-3.5" : "size-4"} />
      {children}
    </button>
  );
}

/** The row button that opens a record in its dialog (`useViewParam`'s link), named for a screen reader. */
export function ViewLink({ to, label, text }: { to: string; label: string; text: string }) {
  return (
    <Link to={to} preventScrollReset className="btn btn-secondary min-h-9 whitespace-nowrap px-3 py-1.5 text-xs" aria-label={label}>
      <Eye aria-hidden className="size-3.5" />
      {text}
    </Link>
  );
}

/**
 * A confirmation that posts `{ intent, id }` to the page's action: busy while it runs, closed (with
 * the action's toast) when it is done.
 */
export function ConfirmAction({
  intent,
  id,
  onClose,
  ...texts
}: {
  intent: string;
  id: string;
  onClose: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
}) {
  const { fetcher } = useActionFetcher(onClose);
  return (
    <ConfirmDialog
      {...texts}
      onClose={onClose}
      cancelLabel="Annulla"
      busy={fetcher.state !== "idle"}
      onConfirm={() => fetcher.submit({ intent, id }, { method: "post" })}
    />
  );
}

/** A titled part of a record's dialog (the message, the e-mail's text...). */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A titled part of a staff or therapist page (the groups, the people, the meetings). */
export function PanelSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A select's options, one per item: its id as the value, its name shown. */
export function OptionList({ items }: { items: readonly { id: string; name: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}

const termStyles = {
  /** Big figures in cards (counters). */
  figures: { item: "rounded-2xl border border-sand-200 bg-white p-5", term: "text-sm font-medium text-ink-500", detail: "mt-1 font-serif text-3xl font-semibold text-teal-800" },
  /** Small counts in tiles. */
  counts: { item: "rounded-xl bg-sand-50 p-3", term: "text-ink-500", detail: "text-xl font-semibold tabular-nums" },
  /** A record's fields in a dialog. */
  fields: { item: "min-w-0", term: "font-medium text-ink-500", detail: "break-words" },
} as const;

/** Label-value pairs of a <dl>, in one of the admin's three looks. */
export function Terms({ items, look }: { items: readonly (readonly [string, ReactNode])[]; look: keyof typeof termStyles }) {
  const style = termStyles[look];
  return items.map(([label, value]) => (
    <div key={label} className={style.item}>
      <dt className={style.term}>{label}</dt>
      <dd className={style.detail}>{value}</dd>
    </div>
  ));
}
