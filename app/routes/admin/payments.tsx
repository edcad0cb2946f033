import { Banknote, FileText, TriangleAlert } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { Submission } from "@conform-to/react";
import { staffFiscalDataPath } from "~/components/admin/fiscal-profile-form";
import { getFormProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState, type ReactNode } from "react";
import type { Route } from "./+types/payments";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { IseeRequestsPanel } from "~/components/admin/isee-requests";
import { iseeDeclineSchema } from "~/domain/client-area";
import { formatDate } from "~/domain/format";
import { type FormDefaults, useActionFetcher, useActionForm, useLoadErrorToast } from "~/components/admin/action-result";
import { Badge, EmptyState, PageHeader, Spinner } from "~/components/admin/page";
import { ListToolbar, PagedListTable, td } from "~/components/admin/list";
import { PersonLink } from "~/components/admin/person-link";
import { ConfirmDialog } from "~/components/admin/dialogs";
import { Field, InputField, OptionList } from "~/components/admin/fields";
import { prices } from "~/content/site";
import { paymentCode, paymentCodesIn } from "~/domain/bank-transfer";
import { todayInRome } from "~/domain/calendar";
import { sistemaTsDefaultYear } from "~/domain/books-exports";
import { romeDate } from "~/domain/sessions";
import { z } from "~/domain/zod";
import { accountFilterLabels, accountFilters, correctionKinds, manualPaymentMethods, paymentMethodLabels, paymentSchema, refundSchema, type CorrectionKind } from "~/domain/ledger";
import { actionFail, actionOk, checkFields, loadOr, recordId, staffAction, submissionRefused } from "~/server/http/staff-action.server";
import { approveIseeRequest, declineIseeRequest, pendingIseeRequests } from "~/server/services/client-payments.server";
import { approveIsee, CreditNeedsConfirmation, listAccounts, recentPayments, recentRefunds, recordPayment, recordRefund, revokeIsee } from "~/server/services/payments.server";
import { practiceFiscalIdentity } from "~/server/services/invoices.server";
import { ADMIN_PAGE_SIZE, auditListRead, parseListQuery } from "~/server/services/admin-lists.server";
import { readIntentForm } from "~/server/form-submission.server";
import { adminPageData, requireAdmin } from "~/server/gates.server";
import type { SessionInfo } from "~/server/auth.server";
import type { Database } from "~/server/db/client.server";
import { formatEuro } from "~/domain/money";

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async (session) => {
    const url = new URL(request.url);
    const query = parseListQuery(url, accountFilters);
    // ?persona=<booking> (with ?q= finding them): both forms open with this person chosen, as a person's account page links here.
    const persona = url.searchParams.get("persona");
    const empty = { rows: [], total: 0, page: 1, payments: [], refunds: [], iseeRequests: [], fiscalGaps: [] as string[] };
    const loaded = await loadOr("admin-payments", empty, "Impossibile caricare i pagamenti", async () => {
      const [accounts, payments, refunds, iseeRequests, practice] = await Promise.all([
        listAccounts(context.db, query),
        recentPayments(context.db),
        recentRefunds(context.db),
        pendingIseeRequests(context.db),
        practiceFiscalIdentity(context.db),
      ]);
      await auditListRead(context.db, session, { list: "payments", row: "payment" }, query, accounts.page);
      return { ...accounts, payments, refunds, iseeRequests, fiscalGaps: practice.gaps };
    });
    // A fresh key on every load: a form submitted twice carries the same one and records one payment.
    return {
      ...loaded,
      query: { ...query, page: loaded.page },
      pageSize: ADMIN_PAGE_SIZE,
      ...chosenPerson(loaded.rows, persona, query.q),
      today: todayInRome(),
      paymentKey: crypto.randomUUID(),
      refundKey: crypto.randomUUID(),
    };
  });
}

/**
 * Who both forms open with: `?persona=` when the list shows them; else, when the search is a causale
 * read on a bank statement and names exactly one person of the list, that person, with the causale as
 * the payment's note (the transfer staff are about to record).
 */
function chosenPerson(rows: readonly { bookingId: string }[], persona: string | null, q: string) {
  if (persona && rows.some((account) => account.bookingId === persona)) return { chosen: persona, reference: "" };
  const codes = paymentCodesIn(q);
  const named = rows.filter((account) => codes.includes(paymentCode(account.bookingId)));
  return named.length === 1 ? { chosen: named[0]!.bookingId, reference: q } : { chosen: "", reference: "" };
}

/** What staff post on this page, one schema per intent. Ids are checked by the action: a bad one is a 404, as a missing record. */
const paymentsAction = z.discriminatedUnion("intent", [
  paymentSchema.safeExtend({ intent: z.literal("payment") }),
  refundSchema.safeExtend({ intent: z.literal("refund") }),
  z.object({ intent: z.literal("isee"), booking_id: z.string().optional() }),
  z.object({ intent: z.literal("isee-revoke"), booking_id: z.string().optional() }),
  z.object({ intent: z.literal("isee-request-approve"), request_id: z.string().optional() }),
  iseeDeclineSchema.safeExtend({ intent: z.literal("isee-request-decline"), request_id: z.string().optional() }),
]);

type PaymentsAction = z.output<typeof paymentsAction>;

/** The forms staff type into: the toast's title when their fields are refused. */
const formTitles: Partial<Record<PaymentsAction["intent"], string>> = {
  payment: "Pagamento non registrato",
  refund: "Rimborso non registrato",
  "isee-request-decline": "Richiesta non rifiutata",
};

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(context.db, request);
  const { intent, submission } = await readIntentForm(request, paymentsAction);
  if (submission.status !== "success") {
    const title = formTitles[intent as PaymentsAction["intent"]];
    return title ? submissionRefused(intent, title, submission, { description: checkFields }) : actionFail(intent, 400, "Azione sconosciuta.");
  }
  const input = submission.value;
  return staffAction(input.intent, () => runPaymentsAction(context.db, session, input, submission), {
    scope: "admin-payments",
    title: "Operazione non riuscita",
    fallback: "Si è verificato un errore. Riprova più tardi.",
    submission: input.intent in formTitles ? submission : undefined,
  });
}

async function runPaymentsAction(db: Database, session: SessionInfo, input: PaymentsAction, submission: Submission<unknown>) {
  switch (input.intent) {
    case "payment": {
      const { booking_id, amount, method, paid_on, note, confirm_credit, idempotency_key } = input;
      let recorded;
      try {
        recorded = await recordPayment(db, session, {
          bookingId: booking_id,
          amountCents: amount,
          method,
          paidOn: paid_on,
          note,
          idempotencyKey: idempotency_key,
          allowCredit: confirm_credit === true,
        });
      } catch (error) {
        // Above what is owed: the form asks staff to confirm it as credit (the same key, confirm_credit=on).
        if (!(error instanceof CreditNeedsConfirmation)) throw error;
        return submissionRefused(input.intent, "Importo superiore al dovuto", submission, { status: 409, fieldErrors: error.fields, confirm: "credit" });
      }
      const invoice = recorded.invoiceNumber
        ? `fattura ${recorded.invoiceNumber}`
        : recorded.fiscalDataRequested
          ? "la fattura attende i dati fiscali, chiesti alla persona per email"
          : "la fattura attende i dati fiscali";
      return actionOk(input.intent, recorded.duplicate ? `Pagamento già registrato (${invoice})` : `Pagamento registrato: ${invoice}`, recorded.id);
    }
    case "refund": {
      const { booking_id, kind, amount, reason, idempotency_key } = input;
      const recorded = await recordRefund(db, session, { bookingId: booking_id, kind, amountCents: amount, reason, idempotencyKey: idempotency_key });
      return actionOk(input.intent, recorded.duplicate ? "Rimborso già registrato" : `Rimborso registrato: nota di credito ${recorded.creditNoteNumber}`);
    }
    case "isee":
      await approveIsee(db, session, recordId(input.booking_id, "Persona non trovata."));
      return actionOk(input.intent, "Tariffa agevolata approvata: vale dalla prossima seduta");
    case "isee-revoke":
      await revokeIsee(db, session, recordId(input.booking_id, "Persona non trovata."));
      return actionOk(input.intent, "Tariffa agevolata revocata: dalla prossima seduta si applica la tariffa standard");
    case "isee-request-approve":
      await approveIseeRequest(db, session, recordId(input.request_id, "Richiesta non trovata."));
      return actionOk(input.intent, "Tariffa agevolata approvata: vale dalla prossima seduta. La persona riceve un'email.");
    case "isee-request-decline":
      await declineIseeRequest(db, session, recordId(input.request_id, "Richiesta non trovata."), input.reason);
      return actionOk(input.intent, "Richiesta rifiutata. La persona riceve un'email con il motivo.");
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Pagamenti · Admin" }];

type Data = NonNullable<Route.ComponentProps["loaderData"]>;

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  useLoadErrorToast(loaderData.loadError);
  const { rows, payments, refunds, fiscalGaps } = loaderData;
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Pagamenti"
        description={`Addebiti per seduta: prima seduta ${formatEuro(prices.firstSession * 100)}, poi ${formatEuro(prices.followingSession * 100)}; tariffa agevolata ${formatEuro(prices.reducedRate * 100)} dopo l'approvazione dell'ISEE. Le assenze annunciate in tempo e gli incontri annullati non si pagano.`}
        actions={<BooksLinks year={sistemaTsDefaultYear(loaderData.today)} />}
      />
      <FiscalGaps gaps={fiscalGaps} />
      <IseeRequestsPanel requests={loaderData.iseeRequests} />
      <div>
        <ListToolbar statuses={accountFilters} label={(filter) => accountFilterLabels[filter]} searchLabel="Cerca per nome, email, codice fiscale o causale" filterLabel="Mostra" />
        <PagedListTable
          label="Saldo per persona"
          minWidth="lg:min-w-[56rem]"
          list={loaderData}
          noun={{ one: "persona", many: "persone" }}
          empty="Nessuna persona iscritta a un gruppo: qui compariranno addebiti e pagamenti."
          columns={["Persona", "Gruppo", "Addebitato", "Pagato", "Saldo", "Tariffa"]}
        >
          {rows.map(accountRow)}
        </PagedListTable>
      </div>
      {rows.length > 0 ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <PaymentForm data={loaderData} />
          <RefundForm data={loaderData} />
        </div>
      ) : null}
      <RecentList id="payments-title" title="Ultimi pagamenti" empty="Nessun pagamento registrato." items={payments}>
        {(payment) => (
          <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
            <span className="min-w-0">
              <span className="font-medium text-ink-900">{payment.payerName}</span> · {formatEuro(payment.amountCents)} · {paymentMethodLabels[payment.method]} ·{" "}
              {formatDate(romeDate(payment.paidAt))}
              {payment.stripeReference ? <span className="block break-all font-mono text-xs text-ink-500">{payment.stripeReference}</span> : null}
              <span className="block text-xs">
                {payment.invoiceNumber ? (
                  <>Fattura n. {payment.invoiceNumber}</>
                ) : (
                  <span className="text-coral-700">{waitingInvoiceText(fiscalGaps, payment.hasFiscalProfile)}</span>
                )}
              </span>
            </span>
            {payment.invoiceId ? (
              <a href={invoiceHref(payment.invoiceId)} className="btn btn-secondary min-h-9 px-3 py-1.5 text-xs" target="_blank" rel="noreferrer">
                <FileText aria-hidden className="size-3.5" />
                Fattura PDF<span className="sr-only"> n. {payment.invoiceNumber}</span>
              </a>
            ) : null}
          </li>
        )}
      </RecentList>
      <RecentList id="refunds-title" title="Ultimi rimborsi e correzioni" empty="Nessun rimborso registrato." items={refunds}>
        {(refund) => (
          <li key={refund.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
            <span className="min-w-0">
              <span className="font-medium text-ink-900">{refund.name ?? refund.email ?? "Dati cancellati"}</span> · {correctionKindLabels[refund.kind]} ·{" "}
              {formatEuro(refund.amountCents)} · {formatDate(romeDate(refund.createdAt))}
              <span className="block text-xs text-ink-500">{refund.reason}</span>
              {refund.creditNoteNumber ? <span className="block text-xs">Nota di credito n. {refund.creditNoteNumber}</span> : null}
            </span>
            {refund.creditNoteId ? (
              <a href={invoiceHref(refund.creditNoteId)} className="btn btn-secondary min-h-9 px-3 py-1.5 text-xs" target="_blank" rel="noreferrer">
                <FileText aria-hidden className="size-3.5" />
                Nota di credito PDF<span className="sr-only"> n. {refund.creditNoteNumber}</span>
              </a>
            ) : null}
          </li>
        )}
      </RecentList>
    </section>
  );
}

/**
 * The year's Sistema TS file, downloaded from here (the same file as Contabilità's, audited there; a year the
 * Sistema TS would reject answers with what is wrong), and Contabilità for its counts and the other exports.
 */
function BooksLinks({ year }: { year: number }) {
  return (
    <div className="flex flex-wrap gap-2">
      <a href={`/admin/contabilita/sistema-ts?anno=${year}`} className="btn btn-secondary min-h-9 px-3 py-1.5 text-xs">
        <FileText aria-hidden className="size-3.5" />
        Scarica il file Sistema TS {year}
      </a>
      <Link to="/admin/contabilita#sistema-ts-title" className="btn btn-secondary min-h-9 px-3 py-1.5 text-xs">
        File Sistema TS ed esportazioni
      </Link>
    </div>
  );
}

/** Where staff open any invoice or credit note (staff only). */
const invoiceHref = (id: string) => `/admin/pagamenti/fattura/${id}`;

/** Why a payment has no invoice yet: the practice's fiscal identity, or the person's fiscal data. */
function waitingInvoiceText(practiceGaps: readonly string[], hasFiscalProfile: boolean) {
  if (practiceGaps.length > 0) return `Fattura in attesa dei dati fiscali dello studio (mancano: ${practiceGaps.join(", ")})`;
  if (!hasFiscalProfile) return "Fattura in attesa dei dati fiscali della persona (nome, indirizzo e codice fiscale)";
  return "Fattura in attesa dei dati fiscali";
}

/** What the practice's fiscal identity still lacks: no invoice is issued until it is complete. */
function FiscalGaps({ gaps }: { gaps: readonly string[] }) {
  if (gaps.length === 0) return null;
  return (
    <div role="status" className="flex flex-wrap items-start gap-3 rounded-2xl border border-coral-500/40 bg-coral-100/60 p-4 text-sm">
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-coral-700" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="font-semibold text-ink-900">Dati fiscali dello studio incompleti: le fatture restano in attesa.</p>
        <p>Mancano: {gaps.join(", ")}.</p>
      </div>
      <Link to="/admin/impostazioni" className="btn btn-secondary min-h-9 px-3 py-1.5 text-xs">
        Completa in Impostazioni
      </Link>
    </div>
  );
}

/**
 * One person's line of the accounts list: what they were charged, paid and owe (or have as credit). A
 * plain function giving the <tr>, so the list labels its cells for the phone's cards.
 */
function accountRow(account: Data["rows"][number]) {
  return (
    <tr key={account.bookingId}>
      <td className={td}>
        <span className="block">
          <PersonLink bookingId={account.bookingId}>{account.name}</PersonLink>
        </span>
        <span className="block break-all text-xs text-ink-500">{account.email}</span>
        <Link to={staffFiscalDataPath(account.bookingId)} className="text-xs font-semibold text-teal-800 underline" aria-label={`Dati fiscali di ${account.name}`}>
          Dati fiscali
        </Link>
        <RecordPaymentLink account={account} />
        {account.waitingInvoices > 0 ? (
          <span className="mt-1 block">
            <Badge tone="highlight">{account.waitingInvoices === 1 ? "1 fattura in attesa" : `${account.waitingInvoices} fatture in attesa`}</Badge>
          </span>
        ) : null}
      </td>
      <td className={td}>{account.groupName ?? "—"}</td>
      <td className={`${td} tabular-nums`}>
        {formatEuro(account.chargedCents)}
        <span className="block text-xs text-ink-500">{account.sessionsCharged === 1 ? "1 seduta" : `${account.sessionsCharged} sedute`}</span>
      </td>
      <td className={`${td} tabular-nums`}>
        {formatEuro(account.paidCents - account.refundedCents)}
        {account.refundedCents > 0 ? <span className="block text-xs text-ink-500">rimborsati {formatEuro(account.refundedCents)}</span> : null}
      </td>
      <td className={`${td} font-semibold tabular-nums`}>
        {account.owedCents > 0 ? (
          <span className="text-danger-600">da pagare {formatEuro(account.owedCents)}</span>
        ) : account.owedCents < 0 ? (
          <span className="text-teal-700">credito {formatEuro(-account.owedCents)}</span>
        ) : (
          <span className="text-ink-900">in pari</span>
        )}
      </td>
      <td className={td}>
        <IseeCell account={account} />
      </td>
    </tr>
  );
}

/**
 * "Registra pagamento" on a row: this page again (its search, filter and page kept, so the person is in
 * the form's list) with them chosen in both forms (`?persona=`), at the payment form.
 */
function RecordPaymentLink({ account }: { account: Data["rows"][number] }) {
  const [params] = useSearchParams();
  const query = new URLSearchParams(params);
  query.set("persona", account.bookingId);
  return (
    <Link
      to={`?${query}#payment-form-title`}
      preventScrollReset
      className="btn btn-secondary mt-2 min-h-9 px-3 py-1.5 text-xs"
      aria-label={`Registra un pagamento di ${account.name} (${account.email})`}
    >
      <Banknote aria-hidden className="size-3.5" />
      Registra pagamento
    </Link>
  );
}

/** A titled list of the latest records, or its empty state. */
function RecentList<T>({ id, title, empty, items, children }: { id: string; title: string; empty: string; items: T[]; children: (item: T) => ReactNode }) {
  return (
    <section className="grid gap-3" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {items.length === 0 ? <EmptyState>{empty}</EmptyState> : <ul className="divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white">{items.map(children)}</ul>}
    </section>
  );
}

/** The member's rate: approve an ISEE attestation, or revoke the approval (past sessions keep their rate). */
function IseeCell({ account }: { account: Data["rows"][number] }) {
  const { fetcher, busy } = useActionFetcher();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setConfirming(false);
  }, [fetcher.state, fetcher.data]);
  if (account.iseeApprovedAt) {
    return (
      <div className="grid justify-items-start gap-1">
        <span className="text-xs">Agevolata dal {formatDate(romeDate(account.iseeApprovedAt))}</span>
        <button type="button" className="btn btn-secondary min-h-9 px-3 py-1.5 text-xs" onClick={() => setConfirming(true)}>
          Revoca ISEE
        </button>
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title="Revoca la tariffa agevolata"
          description={`Revocare la tariffa agevolata di ${account.name} (${account.email})? Dalla prossima seduta si applica la tariffa standard; le sedute passate non cambiano.`}
          confirmLabel="Revoca"
          busyLabel="Revoca..."
          cancelLabel="Annulla"
          busy={busy}
          onConfirm={() => fetcher.submit({ intent: "isee-revoke", booking_id: account.bookingId }, { method: "post" })}
        />
      </div>
    );
  }
  return (
    <fetcher.Form method="post" className="grid justify-items-start gap-1">
      <input type="hidden" name="intent" value="isee" />
      <input type="hidden" name="booking_id" value={account.bookingId} />
      {account.iseeRevokedAt ? <span className="text-xs text-ink-500">Agevolata revocata il {formatDate(romeDate(account.iseeRevokedAt))}</span> : null}
      <button type="submit" className="btn btn-secondary min-h-9 px-3 py-1.5 text-xs" disabled={busy}>
        {busy ? <Spinner /> : null}
        Approva ISEE
      </button>
    </fetcher.Form>
  );
}

/**
 * Who paid or is refunded: the people of the list's page, each by name, e-mail and group (two "Anna R."
 * apart); the search above finds the others. Its prompt is chosen until staff pick someone (the form's
 * default is ""): left on it, the form is refused with the schema's message.
 */
function MemberSelect({ field, accounts }: { field: FieldMetadata<string>; accounts: Data["rows"] }) {
  return (
    <Field label="Persona" field={field} hint="Le persone della pagina in vista: cerca per nome, email, codice fiscale o causale del bonifico per trovarne altre.">
      <select {...getSelectProps(field)} className="field">
        <option value="">Scegli…</option>
        {accounts.map((account) => (
          <option key={account.bookingId} value={account.bookingId}>
            {account.name} · {account.email} · {account.groupName ?? "senza gruppo"}
            {account.owedCents > 0 ? ` (da pagare ${formatEuro(account.owedCents)})` : account.owedCents < 0 ? ` (credito ${formatEuro(-account.owedCents)})` : ""}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * A form of the ledger: its title, its intent and the idempotency key that makes a double click (or
 * a retry) record it once; the fields come from `children` (Conform's, checked with `schema` as the
 * action does), their errors from the browser's check or the action's answer. A refusal staff may
 * override (`confirm`) is given to `children` too: the form keeps what was typed and its key.
 */
function LedgerForm<Schema extends z.ZodType>({
  schema,
  defaultValue,
  intent,
  title,
  idempotencyKey,
  submit,
  primary = false,
  children,
}: {
  schema: Schema;
  defaultValue?: FormDefaults<Schema>;
  intent: string;
  title: string;
  idempotencyKey: string;
  submit: string;
  primary?: boolean;
  children: (fields: ReturnType<typeof useActionForm<Schema>>["fields"], confirm: { asked: string | undefined; busy: boolean }) => ReactNode;
}) {
  // A new key (after a recorded payment the page reloads) starts an empty form.
  const { fetcher, busy, form, fields } = useActionForm(schema, { id: `${intent}-${idempotencyKey}`, defaultValue });
  const asked = fetcher.data && !fetcher.data.ok ? fetcher.data.confirm : undefined;
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6" aria-labelledby={`${intent}-form-title`}>
      <h2 id={`${intent}-form-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="idempotency_key" value={idempotencyKey} />
      {children(fields, { asked, busy })}
      <button type="submit" className={`btn ${primary && !asked ? "btn-primary" : "btn-secondary"} justify-self-start`} disabled={busy}>
        {busy ? <Spinner /> : null}
        {submit}
      </button>
    </fetcher.Form>
  );
}

function PaymentForm({ data }: { data: Data }) {
  return (
    <LedgerForm
      schema={paymentSchema}
      defaultValue={{ booking_id: data.chosen, method: "bank_transfer", paid_on: data.today, note: data.reference }}
      intent="payment"
      title="Registra un pagamento"
      idempotencyKey={data.paymentKey}
      submit="Registra e crea la fattura"
      primary
    >
      {(fields, confirm) => (
        <>
          <MemberSelect field={fields.booking_id} accounts={data.rows} />
          <div className="grid gap-3 sm:grid-cols-3">
            <InputField label="Importo (€)" field={fields.amount} inputMode="decimal" placeholder="35,00" />
            <Field label="Metodo" field={fields.method}>
              <select {...getSelectProps(fields.method)} className="field">
                <OptionList items={manualPaymentMethods.map((method) => ({ id: method, name: paymentMethodLabels[method] }))} />
              </select>
            </Field>
            <InputField label="Data" field={fields.paid_on} type="date" max={data.today} />
          </div>
          <InputField label="Nota" field={fields.note} maxLength={500} placeholder="Riferimento del bonifico" />
          {confirm.asked === "credit" ? (
            <div className="grid gap-2 rounded-xl border border-coral-500/40 bg-coral-100/60 p-3 text-sm">
              <p>L'importo supera quanto la persona deve: la differenza resta come credito per le prossime sedute.</p>
              <button type="submit" name="confirm_credit" value="on" className="btn btn-primary justify-self-start" disabled={confirm.busy}>
                {confirm.busy ? <Spinner /> : null}
                Registra comunque come credito
              </button>
            </div>
          ) : null}
        </>
      )}
    </LedgerForm>
  );
}

function RefundForm({ data }: { data: Data }) {
  return (
    <LedgerForm
      schema={refundSchema}
      defaultValue={{ booking_id: data.chosen, kind: "refund" }}
      intent="refund"
      title="Registra un rimborso o una correzione"
      idempotencyKey={data.refundKey}
      submit="Registra e crea la nota di credito"
    >
      {(fields) => (
        <>
          <MemberSelect field={fields.booking_id} accounts={data.rows} />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Tipo</legend>
            {correctionKinds.map((kind) => (
              <label key={kind} className="flex items-start gap-2 text-sm">
                <input type="radio" name={fields.kind.name} value={kind} defaultChecked={(fields.kind.initialValue ?? "refund") === kind} className="mt-1 size-4 accent-teal-700" />
                <span>{correctionKindDescriptions[kind]}</span>
              </label>
            ))}
            {fields.kind.errors?.[0] ? <p className="text-sm text-danger-600">{fields.kind.errors[0]}</p> : null}
          </fieldset>
          <InputField label="Importo (€)" field={fields.amount} inputMode="decimal" placeholder="35,00" />
          <InputField label="Motivo" field={fields.reason} maxLength={500} placeholder="Gruppo non adatto: 2 sedute non usate" />
        </>
      )}
    </LedgerForm>
  );
}

/** The kinds of a correction, as staff choose them. */
const correctionKindDescriptions: Record<CorrectionKind, ReactNode> = {
  refund: (
    <>
      <strong>Rimborso</strong>: denaro restituito alla persona
    </>
  ),
  correction: (
    <>
      <strong>Correzione di un pagamento registrato per errore</strong>: nessun movimento di denaro
    </>
  ),
};

/** The kind of a correction in the list of the latest ones. */
const correctionKindLabels: Record<CorrectionKind, string> = { refund: "Rimborso", correction: "Correzione" };

export { AdminErrorBoundary as ErrorBoundary };
