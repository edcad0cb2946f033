import { AlertTriangle, Download, FileText } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/books";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { Options } from "~/components/admin/fields";
import { ListTable, td } from "~/components/admin/list";
import { PageHeader } from "~/components/admin/page";
import { Terms } from "~/components/admin/sections";
import { FieldError } from "~/components/site/field-error";
import { TitledSection } from "~/components/site/titled-section";
import { booksPeriodSchema, monthLabel, monthPeriod, sistemaTsDefaultYear, sistemaTsFileName, sistemaTsYearSchema, statementMonthSchema } from "~/domain/books-exports";
import { todayInRome } from "~/domain/calendar";
import { formatDate } from "~/domain/format";
import { formErrors } from "~/domain/form-fields";
import { sistemaTsDeadline } from "~/domain/invoice-rules";
import { formatEuro } from "~/domain/money";
import { sistemaTsSummary } from "~/domain/sistema-ts";
import { audit } from "~/server/audit.server";
import { env } from "~/server/env.server";
import { adminPageData } from "~/server/gates.server";
import { loadPage } from "~/server/http/errors.server";
import { periodFigures, sistemaTsInput, therapistMonthFigures } from "~/server/services/books-exports.server";
import { sistemaTsCertificateStatus } from "~/server/sistema-ts-cipher.server";

/** The months offered for the statements, newest first, and the years of the Sistema TS file. */
const MONTHS_OFFERED = 36;
const YEARS_OFFERED = 5;
/** Problems listed on the screen at most; the rest are counted. */
const PROBLEMS_SHOWN = 50;
/** The choices of the three cards, as the URL carries them. */
const CHOICES = ["dal", "al", "mese", "anno"] as const;

/**
 * GET /admin/contabilita — staff only (anyone else: 401 or 403, as every admin page): what the
 * accountant needs. The documents of a period (default: this month) with their counts before the CSV
 * download; each therapist's statement of a month (CSV, PDF); the year's Sistema TS file with its
 * counts, totals and problems before the download, and what to do without the certificate. A year is
 * checked only when staff ask (`?anno=`): it reads every document of the year, about a second for a
 * practice of 2,000 members (docs/features/books.md). The read is audited (the problems may name a
 * codice fiscale).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async (session) => {
    const url = new URL(request.url);
    const today = todayInRome();
    const given = (name: string, fallback: string) => url.searchParams.get(name) ?? fallback;
    const defaults = monthPeriod(today);
    const periodInput = { dal: given("dal", defaults.dal), al: given("al", defaults.al) };
    const monthInput = { mese: given("mese", today.slice(0, 7)) };
    const yearInput = { anno: given("anno", String(sistemaTsDefaultYear(today))) };
    const choices = Object.fromEntries(CHOICES.flatMap((name) => (url.searchParams.has(name) ? [[name, url.searchParams.get(name)!]] : [])));
    const period = booksPeriodSchema.safeParse(periodInput);
    const month = statementMonthSchema.safeParse(monthInput);
    const year = sistemaTsYearSchema.safeParse(yearInput);
    return loadPage("admin-books", async () => {
      const [figures, therapists, input] = await Promise.all([
        period.success ? periodFigures(context.db, period.data) : null,
        month.success ? therapistMonthFigures(context.db, month.data.mese) : null,
        year.success && "anno" in choices ? sistemaTsInput(context.db, year.data.anno) : null,
      ]);
      await audit(context.db, session, { action: "read", entity: "books", detail: { ...periodInput, ...monthInput, ...choices } });
      const summary = input ? sistemaTsSummary(input) : null;
      return {
        today,
        choices,
        period: { values: periodInput, errors: period.success ? {} : formErrors(period.error), figures },
        statements: { values: monthInput, errors: month.success ? {} : formErrors(month.error), therapists },
        sistemaTs: {
          values: yearInput,
          errors: year.success ? {} : formErrors(year.error),
          year: year.success ? year.data.anno : null,
          summary: summary ? { ...summary, problems: summary.problems.slice(0, PROBLEMS_SHOWN), problemCount: summary.problems.length } : null,
          certificate: sistemaTsCertificateStatus(env().sistemaTsCertificate),
        },
      };
    });
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Contabilità · Admin" }];

type Data = Route.ComponentProps["loaderData"];

export default function AdminBooks({ loaderData }: Route.ComponentProps) {
  return (
    <section className="grid gap-8">
      <PageHeader title="Contabilità" description="Le esportazioni per il commercialista e il file annuale per il Sistema Tessera Sanitaria." />
      <DocumentsCard data={loaderData} />
      <StatementsCard data={loaderData} />
      <SistemaTsCard data={loaderData} />
    </section>
  );
}

/** A titled card of the screen. */
function Card({ id, title, description, children }: { id: string; title: string; description: ReactNode; children: ReactNode }) {
  return (
    <TitledSection
      id={id}
      title={title}
      className="grid gap-4 rounded-3xl border border-sand-200 bg-white p-4 sm:p-6"
      titleClassName="text-lg font-semibold"
      lead={{ text: description, className: "mt-1 text-sm text-ink-500" }}
    >
      {children}
    </TitledSection>
  );
}

/**
 * A card's choice (a period, a month, a year) as a GET form: the other cards' choices ride along in
 * hidden fields, and the page keeps its scroll when the figures come back.
 */
function ChoiceForm({
  formKey,
  choices,
  own,
  submit = "Mostra",
  children,
}: {
  formKey: string;
  /** Every card's choice in the URL; `own` are this form's fields. */
  choices: Record<string, string>;
  own: readonly string[];
  submit?: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" preventScrollReset className="flex flex-col gap-3 sm:flex-row sm:items-start" key={formKey}>
      {Object.entries(choices)
        .filter(([name]) => !own.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      {children}
      <button type="submit" className="btn btn-secondary sm:mt-6">
        {submit}
      </button>
    </Form>
  );
}

/** A labelled field with its message below (`name-error`), described by it while refused. */
function ChoiceField({
  name,
  label,
  error,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  children: (described: { "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const errorId = `${name}-error`;
  return (
    <div className="grid gap-1">
      <label className="grid gap-1 text-sm font-medium">
        {label}
        {children(error ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
      </label>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

function DateField({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
  return (
    <ChoiceField name={name} label={label} error={error}>
      {(described) => <input type="date" name={name} defaultValue={value} className="field" {...described} />}
    </ChoiceField>
  );
}

/** A choice among `options`; a value the list lacks (typed into the URL) is kept as an option, so its message makes sense. */
function SelectField({ name, label, value, error, options }: { name: string; label: string; value: string; error?: string; options: { value: string; label: string }[] }) {
  return (
    <ChoiceField name={name} label={label} error={error}>
      {(described) => (
        <select name={name} defaultValue={value} className="field sm:w-56" {...described}>
          {options.some((option) => option.value === value) ? null : <option value={value}>{value}</option>}
          <Options options={options} />
        </select>
      )}
    </ChoiceField>
  );
}

const download = "btn btn-primary justify-self-start";
/** "1 fattura", "42.808 fatture": thousands grouped as in the amounts. */
const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${String(count).replace(/\B(?=(\d{3})+$)/g, ".")} ${many}`);
type Total = { count: number; totalCents: number };
/** The invoices and credit notes issued (in a period, in a year), counted and summed. */
const issuedTerms = ({ invoices, creditNotes }: { invoices: Total; creditNotes: Total }) =>
  [
    [plural(invoices.count, "fattura", "fatture"), formatEuro(invoices.totalCents)],
    [plural(creditNotes.count, "nota di credito", "note di credito"), formatEuro(creditNotes.totalCents)],
  ] as const;

function DocumentsCard({ data }: { data: Data }) {
  const { values, errors, figures } = data.period;
  const query = new URLSearchParams(values);
  return (
    <Card
      id="documents-title"
      title="Fatture, note di credito e pagamenti"
      description="Il CSV per il commercialista: si apre con Excel in italiano (punto e virgola, importi con la virgola). Le note di credito hanno importi negativi, così la somma di una colonna è il netto del periodo."
    >
      <ChoiceForm formKey={query.toString()} choices={data.choices} own={["dal", "al"]}>
        <DateField name="dal" label="Dal" value={values.dal} error={errors.dal} />
        <DateField name="al" label="Al" value={values.al} error={errors.al} />
      </ChoiceForm>
      {figures ? (
        <>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <Terms
              look="counts"
              items={[...issuedTerms(figures), [plural(figures.waiting.count, "pagamento senza fattura", "pagamenti senza fattura"), formatEuro(figures.waiting.totalCents)]]}
            />
          </dl>
          <p className="text-sm text-ink-500">
            Fatture e note di credito emesse dal {formatDate(values.dal)} al {formatDate(values.al)}; i pagamenti ricevuti nel periodo la cui fattura attende i dati fiscali.
          </p>
          <a href={`/admin/contabilita/documenti?${new URLSearchParams({ dal: values.dal, al: values.al })}`} download className={download}>
            <Download aria-hidden className="size-4" />
            Scarica il CSV
          </a>
        </>
      ) : null}
    </Card>
  );
}

/** The last months, newest first, as the statement's choices. */
function monthsUpTo(today: string) {
  const months: string[] = [];
  let month = today.slice(0, 7);
  for (let index = 0; index < MONTHS_OFFERED; index++) {
    months.push(month);
    const [year, number] = month.split("-").map(Number) as [number, number];
    month = number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, "0")}`;
  }
  return months;
}

function StatementsCard({ data }: { data: Data }) {
  const { values, errors, therapists } = data.statements;
  const months = monthsUpTo(data.today);
  const statementHref = (therapistId: string, format: "csv" | "pdf") =>
    `/admin/contabilita/prospetto?${new URLSearchParams({ terapeuta: therapistId, mese: values.mese, formato: format })}`;
  const inProgress = values.mese === data.today.slice(0, 7);
  return (
    <Card
      id="statements-title"
      title="Prospetto mensile dei terapeuti"
      description="Per ogni terapeuta: gli incontri tenuti nel mese, le sedute-persona addebitate (presenze e assenze senza preavviso) e la sua quota per ciascuna, in CSV o PDF."
    >
      <ChoiceForm formKey={values.mese} choices={data.choices} own={["mese"]}>
        <SelectField name="mese" label="Mese" value={values.mese} error={errors.mese} options={months.map((month) => ({ value: month, label: monthLabel(month) }))} />
      </ChoiceForm>
      {inProgress ? <p className="text-sm text-ink-500">Il mese è in corso: contano gli incontri già iniziati.</p> : null}
      {therapists ? (
        <ListTable
          label={`Terapeuti, ${monthLabel(values.mese)}`}
          minWidth="lg:min-w-[44rem]"
          loadError={null}
          isEmpty={therapists.length === 0}
          empty="Nessun terapeuta."
          busy={false}
          columns={["Terapeuta", "Incontri", "Sedute-persona", { label: "Prospetto", hideLabel: true }]}
        >
          {therapists.map((therapist) => (
            <tr key={therapist.id}>
              <td className={`${td} font-medium`}>{therapist.name}</td>
              <td className={`${td} tabular-nums`}>{therapist.sessionsHeld}</td>
              <td className={`${td} tabular-nums`}>{therapist.memberSessions}</td>
              <td className={td}>
                <span className="flex flex-wrap gap-2">
                  <a href={statementHref(therapist.id, "pdf")} download className="btn btn-secondary min-h-9 px-3 py-1.5 text-xs" aria-label={`Prospetto PDF di ${therapist.name}`}>
                    <FileText aria-hidden className="size-3.5" />
                    PDF
                  </a>
                  <a href={statementHref(therapist.id, "csv")} download className="btn btn-secondary min-h-9 px-3 py-1.5 text-xs" aria-label={`Prospetto CSV di ${therapist.name}`}>
                    <Download aria-hidden className="size-3.5" />
                    CSV
                  </a>
                </span>
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
    </Card>
  );
}

function SistemaTsCard({ data }: { data: Data }) {
  const { values, errors, year, summary, certificate } = data.sistemaTs;
  const current = Number(data.today.slice(0, 4));
  const years = Array.from({ length: YEARS_OFFERED }, (_, index) => current - index);
  return (
    <Card
      id="sistema-ts-title"
      title="Sistema Tessera Sanitaria"
      description="Il file annuale delle spese sanitarie (730 precompilato): un record per ogni fattura e nota di credito pagata nell'anno, senza codice fiscale per chi si è opposto. Si carica sul portale sistemats.it entro il 31 gennaio dell'anno dopo."
    >
      <ChoiceForm formKey={values.anno} choices={data.choices} own={["anno"]} submit="Controlla l'anno">
        <SelectField
          name="anno"
          label="Anno dei pagamenti"
          value={values.anno}
          error={errors.anno}
          options={years.map((option) => ({ value: String(option), label: String(option) }))}
        />
      </ChoiceForm>
      {summary && year ? (
        <>
          <dl className="grid grid-cols-2 gap-3 text-sm lg:grid-cols-5">
            <Terms
              look="counts"
              items={[
                ...issuedTerms(summary),
                ["Netto", formatEuro(summary.netCents)],
                ["Senza codice fiscale (opposizione)", summary.opposedCount],
                ["Pagati in modo non tracciabile", summary.untraceableCount],
              ]}
            />
          </dl>
          <p className="text-sm text-ink-500">Scadenza per l'invio: {formatDate(sistemaTsDeadline(year))}.</p>
          {summary.problemCount > 0 ? <Problems problems={summary.problems} count={summary.problemCount} /> : <SistemaTsDownload year={year} certificate={certificate} />}
        </>
      ) : errors.anno ? null : (
        <p className="text-sm text-ink-500">
          «Controlla l'anno» conta le fatture e le note di credito pagate nell'anno, cerca quello che il Sistema TS rifiuterebbe e poi offre il file.
        </p>
      )}
    </Card>
  );
}

function Problems({ problems, count }: { problems: string[]; count: number }) {
  return (
    <div role="alert" className="grid gap-2 rounded-2xl border border-danger-600/30 bg-danger-50 p-4 text-sm text-danger-600">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden className="size-4 shrink-0" />
        {count === 1 ? "Un problema da risolvere" : `${count} problemi da risolvere`} prima di produrre il file: il Sistema TS lo rifiuterebbe.
      </p>
      <ul className="grid list-disc gap-1 pl-5 text-ink-900">
        {problems.map((problem, index) => (
          <li key={index}>{problem}</li>
        ))}
      </ul>
      {count > problems.length ? <p>… e altri {count - problems.length}.</p> : null}
    </div>
  );
}

function SistemaTsDownload({ year, certificate }: { year: number; certificate: Data["sistemaTs"]["certificate"] }) {
  const href = `/admin/contabilita/sistema-ts?anno=${year}`;
  if (certificate.state === "ready") {
    return (
      <div className="grid gap-2">
        <a href={href} download className={download}>
          <Download aria-hidden className="size-4" />
          Scarica {sistemaTsFileName(year, false)}
        </a>
        <p className="text-sm text-ink-500">
          Codici fiscali cifrati con il certificato del Sistema TS (valido fino al {formatDate(certificate.validTo)}). Comprimi il file in uno ZIP e caricalo sul portale con le
          credenziali dello studio.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="grid gap-2 rounded-2xl border border-coral-700/30 bg-coral-100 p-4 text-sm text-ink-900">
        <p className="font-semibold">
          {certificate.state === "expired"
            ? `Il certificato del Sistema TS è scaduto il ${formatDate(certificate.validTo)}: il file vero non si può produrre.`
            : "Manca il certificato del Sistema TS: il file vero non si può produrre."}
        </p>
        <p>
          Il Sistema TS vuole i codici fiscali cifrati con la chiave pubblica del suo certificato. Scarica il kit «730 - Spese sanitarie» da sistemats.it, salva il file{" "}
          <code>SanitelCF.cer</code> sul server e indica il suo percorso nella variabile d'ambiente <code>SISTEMA_TS_CERTIFICATE</code>, poi riavvia il sito.
        </p>
      </div>
      <a href={href} download className="btn btn-secondary justify-self-start">
        <Download aria-hidden className="size-4" />
        Scarica l'anteprima
      </a>
      <p className="text-sm font-medium text-danger-600">
        L'anteprima ({sistemaTsFileName(year, true)}) ha i codici fiscali in chiaro: serve solo a controllare i dati, non va caricata sul Sistema TS né inviata per email.
      </p>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
