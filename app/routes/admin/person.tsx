import { FileText, Pencil, Plus, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/person";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { ListTable, td } from "~/components/admin/list";
import { Badge, EmptyState, PageHeader, type BadgeTone } from "~/components/admin/page";
import { staffFiscalDataPath } from "~/components/admin/fiscal-profile-form";
import { personPath } from "~/components/admin/person-link";
import { PanelSection, Terms } from "~/components/admin/sections";
import { iseeRequestStatusLabels, moveRequestStatusLabels } from "~/domain/client-area";
import { formatDate, formatDateTime, formatShortDate } from "~/domain/format";
import { bookingStatusLabels } from "~/domain/group-labels";
import { chargeKindLabels, paymentMethodLabels, type CorrectionKind } from "~/domain/ledger";
import { consentFormLabels, consentLabel, requestTypeLabels } from "~/domain/privacy-labels";
import { attendanceLabels, romeDate, sessionLabel, sessionStatusLabels } from "~/domain/sessions";
import { audit } from "~/server/audit.server";
import { adminPageData } from "~/server/gates.server";
import { loadPage } from "~/server/http/errors.server";
import { isRecordId } from "~/server/http/staff-action.server";
import { pageParam } from "~/server/services/admin-lists.server";
import { personAccount } from "~/server/services/person-account.server";
import { formatEuro } from "~/domain/money";

/**
 * GET /admin/persone/:bookingId — one person's account, staff only (anyone else: 401 or 403, as
 * every admin page): who they are, their fiscal data, attendance and charges, payments with their
 * fatture, refunds with their note di credito, requests and consents. The long lists page with their
 * own parameter (presenze, pagamenti, rimborsi). Every read is audited. Recording money is done on
 * /admin/pagamenti, opened with this person chosen (`?persona=`).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async (session) => {
    if (!isRecordId(params.bookingId)) throw new Response("Persona non trovata.", { status: 404 });
    const url = new URL(request.url);
    const pages = { attendance: pageParam(url, "presenze"), payments: pageParam(url, "pagamenti"), refunds: pageParam(url, "rimborsi") };
    return loadPage("admin-person", async () => {
      const account = await personAccount(context.db, params.bookingId, pages);
      await audit(context.db, session, { action: "read", entity: "person_account", entityId: params.bookingId, detail: pages });
      return account;
    });
  });
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.person.name ?? "Persona"} · Admin` }];

type Data = Route.ComponentProps["loaderData"];

/** The payments page, its list searched for the person and both forms with them chosen, at the form `anchor`. */
const ledgerForm = (person: { id: string; email: string }, anchor: string) => `/admin/pagamenti?${new URLSearchParams({ q: person.email, persona: person.id })}#${anchor}`;

/** Staff pages this one leads to (the invoice PDFs and the fiscal data form are their own routes). */
const paths = {
  payment: (person: { id: string; email: string }) => ledgerForm(person, "payment-form-title"),
  refund: (person: { id: string; email: string }) => ledgerForm(person, "refund-form-title"),
  invoicePdf: (invoiceId: string) => `/admin/pagamenti/fattura/${invoiceId}`,
  iseeFile: (requestId: string) => `/admin/pagamenti/isee/${requestId}`,
  privacy: (email: string) => `/admin/privacy?email=${encodeURIComponent(email)}`,
};

const correctionLabels: Record<CorrectionKind, string> = { refund: "Rimborso", correction: "Correzione" };

const linkClass = "font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900";
const smallButton = "btn btn-secondary min-h-9 px-3 py-1.5 text-xs";

export default function AdminPerson({ loaderData }: Route.ComponentProps) {
  const { person, balance } = loaderData;
  const name = person.name ?? person.email;
  const owed = balance.owedCents;
  return (
    <section className="grid gap-8">
      <PageHeader
        title={name}
        description={[person.email, person.groupName, person.therapistName].filter(Boolean).join(" · ")}
        actions={
          <>
            <Link to={paths.payment(person)} className="btn btn-primary">
              <Plus aria-hidden className="size-4" />
              Registra un pagamento
            </Link>
            <Link to={paths.refund(person)} className="btn btn-secondary">
              <Undo2 aria-hidden className="size-4" />
              Registra un rimborso
            </Link>
          </>
        }
      />
      <dl className="-mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Terms
          look="counts"
          items={[
            [
              "Addebitato",
              <>
                {formatEuro(balance.chargedCents)}
                <span className="block text-xs font-normal text-ink-500">{balance.sessionsCharged === 1 ? "1 seduta" : `${balance.sessionsCharged} sedute`}</span>
              </>,
            ],
            ["Pagato", formatEuro(balance.paidCents)],
            ["Rimborsato", formatEuro(balance.refundedCents)],
            [owed < 0 ? "Credito" : "Da pagare", <span className={owed > 0 ? "text-danger-600" : undefined}>{formatEuro(Math.abs(owed))}</span>],
          ]}
        />
      </dl>
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <PersonSection data={loaderData} />
        <FiscalSection data={loaderData} />
      </div>
      <AttendanceSection data={loaderData} />
      <PaymentsSection data={loaderData} />
      <RefundsSection data={loaderData} />
      <RequestsSection data={loaderData} />
      <ConsentsSection data={loaderData} />
    </section>
  );
}

/** A record's fields as a two-column list on a white card. */
function FieldCard({ items, children }: { items: readonly (readonly [string, ReactNode])[]; children?: ReactNode }) {
  return (
    <div className="grid gap-4 rounded-2xl border border-sand-200 bg-white p-4 sm:p-5">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Terms look="fields" items={items} />
      </dl>
      {children}
    </div>
  );
}

function PersonSection({ data }: { data: Data }) {
  const { person, otherBookings } = data;
  return (
    <PanelSection id="person-title" title="Persona">
      <FieldCard
        items={[
          ["Nome", person.name ?? "—"],
          [
            "Email",
            <a href={`mailto:${person.email}`} className={linkClass}>
              {person.email}
            </a>,
          ],
          ["Telefono", person.phone ? <a href={`tel:${person.phone}`}>{person.phone}</a> : "—"],
          ["Fascia d'età", person.ageBracket ? `${person.ageBracket} anni` : "—"],
          ["Gruppo", person.groupName ?? "—"],
          ["Terapeuta", person.therapistName ?? "—"],
          [
            "Prenotazione",
            <>
              <Badge tone={person.status === "confirmed" ? "success" : person.status === "cancelled" ? "danger" : "neutral"}>{bookingStatusLabels[person.status]}</Badge> dal{" "}
              {formatShortDate(person.createdAt)}
            </>,
          ],
          ["Tariffa", person.iseeApprovedAt ? `Agevolata (ISEE) dal ${formatShortDate(person.iseeApprovedAt)}` : "Standard"],
        ]}
      >
        {otherBookings.length > 0 ? (
          <div className="text-sm">
            <p className="font-medium text-ink-500">Altre prenotazioni con lo stesso indirizzo</p>
            <ul className="mt-1 grid gap-1">
              {otherBookings.map((booking) => (
                <li key={booking.id}>
                  <Link to={personPath(booking.id)} className={linkClass}>
                    {booking.groupName ?? "Senza gruppo"}
                  </Link>{" "}
                  · {bookingStatusLabels[booking.status]} dal {formatShortDate(booking.createdAt)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </FieldCard>
    </PanelSection>
  );
}

function FiscalSection({ data }: { data: Data }) {
  const { profile, requestedAt, invoicesWaiting } = data.fiscal;
  const waiting =
    invoicesWaiting > 0 ? (
      <p role="status" className="rounded-xl bg-coral-100 p-3 text-sm text-coral-700">
        {invoicesWaiting === 1 ? "1 pagamento attende la fattura" : `${invoicesWaiting} pagamenti attendono la fattura`}: servono i dati fiscali della persona e dello studio.
        {requestedAt ? ` Dati chiesti alla persona il ${formatShortDate(requestedAt)}.` : ""}
      </p>
    ) : null;
  const edit = (
    <Link to={staffFiscalDataPath(data.person.id)} className="btn btn-secondary justify-self-start">
      <Pencil aria-hidden className="size-4" />
      {profile ? "Modifica i dati fiscali" : "Inserisci i dati fiscali"}
    </Link>
  );
  return (
    <PanelSection id="fiscal-title" title="Dati fiscali">
      {profile ? (
        <FieldCard
          items={[
            ["Intestatario", `${profile.firstName} ${profile.lastName}`],
            ["Codice fiscale", <span className="font-mono">{profile.codiceFiscale}</span>],
            ["Indirizzo", `${profile.addressLine}, ${profile.postalCode} ${profile.city} (${profile.province})`],
            ["Sistema TS", profile.tsOpposition ? "Si oppone alla trasmissione" : "Nessuna opposizione"],
            ["Aggiornati", `${formatShortDate(profile.updatedAt)} ${profile.updatedBy ? "dallo staff" : "dalla persona"}`],
          ]}
        >
          {waiting}
          {edit}
        </FieldCard>
      ) : (
        <div className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-4 sm:p-5">
          <p className="text-sm text-ink-700">Nessun dato fiscale: le fatture di questa persona restano in attesa finché non li inserisce lei nella sua area o lo staff.</p>
          {waiting}
          {edit}
        </div>
      )}
    </PanelSection>
  );
}

/** The account's three paged tables: their headings, page parameters, empty lines and columns. */
const tables = {
  attendance: {
    id: "attendance-title",
    title: "Presenze e addebiti",
    param: "presenze",
    empty: "Nessun incontro registrato per questa persona.",
    columns: ["Incontro", "Gruppo", "Presenza", "Addebito"],
  },
  payments: { id: "payments-title", title: "Pagamenti e fatture", param: "pagamenti", empty: "Nessun pagamento registrato.", columns: ["Data", "Importo", "Metodo", "Fattura"] },
  refunds: {
    id: "refunds-title",
    title: "Rimborsi e note di credito",
    param: "rimborsi",
    empty: "Nessun rimborso né correzione.",
    columns: ["Data", "Importo", "Motivo", "Nota di credito"],
  },
} satisfies Record<string, TableSpec>;

function AttendanceSection({ data }: { data: Data }) {
  return (
    <SectionTable table={tables.attendance} section={data.attendance} rowKey={(row) => row.sessionId}>
      {(row) => (
        <>
          <td className={td}>
            <Link to={`/admin/sessioni/${row.sessionId}`} className={linkClass}>
              {sessionLabel(row.startsAt)}
            </Link>
            {row.sessionStatus === "scheduled" ? null : <span className="block text-xs text-ink-500">Incontro {sessionStatusLabels[row.sessionStatus].toLowerCase()}</span>}
          </td>
          <td className={td}>{row.groupName}</td>
          <td className={td}>
            {attendanceLabels[row.status]}
            {row.announcedAt ? <span className="block text-xs text-ink-500">annunciata il {formatDateTime(row.announcedAt)}</span> : null}
          </td>
          <td className={`${td} tabular-nums`}>{row.charge ? `${formatEuro(row.charge.amountCents)} · ${chargeKindLabels[row.charge.kind]}` : "Nessuno"}</td>
        </>
      )}
    </SectionTable>
  );
}

interface TableSpec {
  id: string;
  title: string;
  param: string;
  empty: string;
  columns: string[];
}

/** A paged list of the account (its own page parameter), a row a record, or what it says when empty. */
function SectionTable<Row>({
  table,
  section,
  rowKey,
  children,
}: {
  table: TableSpec;
  section: { rows: readonly Row[]; page: number; total: number; pageSize: number };
  rowKey: (row: Row) => string;
  children: (row: Row) => ReactNode;
}) {
  return (
    <PanelSection id={table.id} title={table.title}>
      <ListTable
        label={table.title}
        minWidth="lg:min-w-[44rem]"
        loadError={null}
        isEmpty={section.rows.length === 0}
        empty={table.empty}
        busy={false}
        columns={table.columns}
        pagination={{ page: section.page, total: section.total, pageSize: section.pageSize, param: table.param }}
      >
        {section.rows.map((row) => (
          <tr key={rowKey(row)}>{children(row)}</tr>
        ))}
      </ListTable>
    </PanelSection>
  );
}

/** A document's number and its PDF, side by side. */
function DocumentCell({ id, children }: { id: string; children: ReactNode }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span>{children}</span>
      <PdfLink href={paths.invoicePdf(id)}>PDF</PdfLink>
    </span>
  );
}

function PdfLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className={smallButton} target="_blank" rel="noreferrer">
      <FileText aria-hidden className="size-3.5" />
      {children}
    </a>
  );
}

function PaymentsSection({ data }: { data: Data }) {
  return (
    <SectionTable table={tables.payments} section={data.payments} rowKey={(payment) => payment.id}>
      {(payment) => (
        <>
          <td className={`${td} whitespace-nowrap`}>{formatDate(romeDate(payment.paidAt))}</td>
          <td className={`${td} tabular-nums`}>
            {formatEuro(payment.amountCents)}
            {payment.stampDutyCharged && payment.stampDutyCents ? <span className="block text-xs text-ink-500">di cui bollo {formatEuro(payment.stampDutyCents)}</span> : null}
          </td>
          <td className={td}>
            {paymentMethodLabels[payment.method]}
            {payment.note ? <span className="block text-xs text-ink-500">{payment.note}</span> : null}
            {payment.stripeReference ? <span className="block font-mono text-xs text-ink-500">{payment.stripeReference}</span> : null}
          </td>
          <td className={td}>
            {payment.invoiceId ? (
              <DocumentCell id={payment.invoiceId}>
                n. {payment.invoiceNumber} del {formatDate(payment.invoiceIssuedOn)}
              </DocumentCell>
            ) : (
              <Badge tone="warning">In attesa dei dati fiscali</Badge>
            )}
          </td>
        </>
      )}
    </SectionTable>
  );
}

function RefundsSection({ data }: { data: Data }) {
  return (
    <SectionTable table={tables.refunds} section={data.refunds} rowKey={(refund) => refund.id}>
      {(refund) => (
        <>
          <td className={`${td} whitespace-nowrap`}>
            {formatDate(romeDate(refund.createdAt))}
            <span className="block text-xs text-ink-500">{correctionLabels[refund.kind]}</span>
          </td>
          <td className={`${td} tabular-nums`}>{formatEuro(refund.amountCents)}</td>
          <td className={td}>{refund.reason}</td>
          <td className={td}>
            {refund.creditNoteId ? (
              <DocumentCell id={refund.creditNoteId}>
                n. {refund.creditNoteNumber}
                {refund.correctsNumber ? <span className="block text-xs text-ink-500">storno della fattura n. {refund.correctsNumber}</span> : null}
              </DocumentCell>
            ) : (
              "—"
            )}
          </td>
        </>
      )}
    </SectionTable>
  );
}

/** A move or ISEE request: waiting, approved, or otherwise decided. */
function decisionTone(status: string): BadgeTone {
  return status === "pending" ? "highlight" : status === "approved" ? "success" : "neutral";
}

/** A short titled list of records, or a line saying there are none. */
function RecordList<T extends { id: string }>({ title, items, empty, children }: { title: string; items: T[]; empty: string; children: (item: T) => ReactNode }) {
  const list = items.map((item) => (
    <li key={item.id} className="grid gap-0.5">
      {children(item)}
    </li>
  ));
  return (
    <div className="grid content-start gap-2 rounded-2xl border border-sand-200 bg-white p-4 text-sm sm:p-5">
      <h3 className="font-semibold">{title}</h3>
      {items.length === 0 ? <p className="text-ink-500">{empty}</p> : <ul className="grid gap-3">{list}</ul>}
    </div>
  );
}

/** A request's state as a badge, then what follows it (its date, its kind). */
function StatusLine({ tone, label, children }: { tone: BadgeTone; label: string; children: ReactNode }) {
  return (
    <span>
      <Badge tone={tone}>{label}</Badge> {children}
    </span>
  );
}

function RequestsSection({ data }: { data: Data }) {
  const { moves, isee, privacy, person } = data;
  return (
    <PanelSection id="requests-title" title="Richieste">
      <div className="grid gap-4 lg:grid-cols-3">
        <RecordList title="Cambio di gruppo" items={moves} empty="Nessuna richiesta.">
          {(move) => (
            <>
              <StatusLine tone={decisionTone(move.status)} label={moveRequestStatusLabels[move.status]}>
                {formatShortDate(move.createdAt)}
                {move.preferredGroup ? ` · preferisce ${move.preferredGroup}` : ""}
              </StatusLine>
              <span className="text-ink-700">{move.reason}</span>
              {move.toGroup ? <span className="text-ink-500">Spostata in {move.toGroup}</span> : null}
              {move.decisionReason ? <span className="text-ink-500">Motivo: {move.decisionReason}</span> : null}
              {move.status === "pending" ? (
                <Link to={`/admin/prenotazioni?q=${encodeURIComponent(person.email)}`} className={linkClass}>
                  Decidi in Prenotazioni
                </Link>
              ) : null}
            </>
          )}
        </RecordList>
        <RecordList title="Tariffa agevolata (ISEE)" items={isee} empty="Nessuna attestazione inviata.">
          {(request) => (
            <>
              <StatusLine tone={decisionTone(request.status)} label={iseeRequestStatusLabels[request.status]}>
                {formatShortDate(request.createdAt)}
              </StatusLine>
              {request.decisionReason ? <span className="text-ink-500">Motivo: {request.decisionReason}</span> : null}
              <span className="flex flex-wrap gap-2">
                <PdfLink href={paths.iseeFile(request.id)}>Apri l'attestazione</PdfLink>
                {request.status === "pending" ? (
                  <Link to="/admin/pagamenti#isee-requests-title" className={smallButton}>
                    Decidi in Pagamenti
                  </Link>
                ) : null}
              </span>
            </>
          )}
        </RecordList>
        <RecordList title="Privacy" items={privacy} empty="Nessuna richiesta.">
          {(request) => (
            <>
              <StatusLine tone={request.status === "open" ? "highlight" : "success"} label={request.status === "open" ? "Aperta" : "Completata"}>
                {requestTypeLabels[request.type]}
              </StatusLine>
              <span className="text-ink-500">
                Ricevuta il {formatShortDate(request.receivedAt)}
                {request.completedAt ? `, completata il ${formatShortDate(request.completedAt)}` : `, scadenza ${formatShortDate(request.dueAt)}`}
              </span>
            </>
          )}
        </RecordList>
      </div>
      <Link to={paths.privacy(person.email)} className={`${linkClass} text-sm`}>
        Dati e richieste privacy di {person.email}
      </Link>
    </PanelSection>
  );
}

function ConsentsSection({ data }: { data: Data }) {
  const { consents } = data;
  if (consents.length === 0) {
    return (
      <PanelSection id="consents-title" title="Consensi">
        <EmptyState>Nessun consenso registrato per questo indirizzo.</EmptyState>
      </PanelSection>
    );
  }
  return (
    <PanelSection id="consents-title" title="Consensi">
      <ul className="divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white text-sm">
        {consents.map((consent) => (
          <li key={consent.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3">
            <span className="font-medium text-ink-900">{consentLabel(consent.consent)}</span>
            <span className="text-ink-500">
              {consentFormLabels[consent.form]} · versione {consent.textVersion} · {formatDateTime(consent.givenAt)}
            </span>
          </li>
        ))}
      </ul>
    </PanelSection>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
