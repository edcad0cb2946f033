import { FileText } from "lucide-react";
import { getFormProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState, type ReactNode } from "react";
import type { Route } from "./+types/payments";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { IseeRequestsPanel } from "~/components/admin/isee-requests";
import { iseeDeclineSchema } from "~/domain/client-area";
import { formatDate } from "~/domain/format";
import { type FormDefaults, useActionFetcher, useActionForm, useLoadErrorToast } from "~/components/admin/action-result";
import { EmptyState, PageHeader, Spinner } from "~/components/admin/page";
import { TableScroll } from "~/components/admin/list";
import { ConfirmDialog } from "~/components/admin/dialogs";
import { Field, InputField, OptionList } from "~/components/admin/fields";
import { prices } from "~/content/site";
import { todayInRome } from "~/domain/calendar";
import { romeDate } from "~/domain/sessions";
import { z } from "~/domain/zod";
import { formatCents, manualPaymentMethods, paymentMethodLabels, paymentSchema, refundSchema } from "~/domain/ledger";
import { audit } from "~/server/audit.server";
import { actionFail, actionOk, checkFields, loadOr, recordId, staffAction, submissionRefused } from "~/server/http/staff-action.server";
import { approveIseeRequest, declineIseeRequest, pendingIseeRequests } from "~/server/services/client-payments.server";
import { approveIsee, listAccounts, recentPayments, recentRefunds, recordPayment, recordRefund, revokeIsee } from "~/server/services/payments.server";
import { parseSubmission } from "~/server/form-submission.server";
import { adminPageData, requireAdmin } from "~/server/gates.server";
import type { SessionInfo } from "~/server/auth.server";
import type { Database } from "~/server/db/client.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async (session) => {
    const loaded = await loadOr("admin-payments", { accounts: [], payments: [], refunds: [], iseeRequests: [] }, "Impossibile caricare i pagamenti", async () => {
      const [accounts, payments, refunds, iseeRequests] = await Promise.all([
        listAccounts(context.db),
        recentPayments(context.db),
        recentRefunds(context.db),
        pendingIseeRequests(context.db),
      ]);
      await audit(context.db, session, { action: "list", entity: "payments", detail: { members: accounts.length, iseeRequests: iseeRequests.length } });
      return { accounts, payments, refunds, iseeRequests };
    });
    // A fresh key on every load: a form submitted twice carries the same one and records one payment.
    return { ...loaded, today: todayInRome(), paymentKey: crypto.randomUUID(), refundKey: crypto.randomUUID() };
  });
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
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const submission = parseSubmission(form, paymentsAction);
  if (submission.status !== "success") {
    const title = formTitles[intent as PaymentsAction["intent"]];
    return title ? submissionRefused(intent, title, submission, { description: checkFields }) : actionFail(intent, 400, "Azione sconosciuta.");
  }
  const input = submission.value;
  return staffAction(input.intent, () => runPaymentsAction(context.db, session, input), {
    scope: "admin-payments",
    title: "Operazione non riuscita",
    fallback: "Si è verificato un errore. Riprova più tardi.",
    submission: input.intent in formTitles ? submission : undefined,
  });
}

async function runPaymentsAction(db: Database, session: SessionInfo, input: PaymentsAction) {
  switch (input.intent) {
    case "payment": {
      const { booking_id, amount, method, paid_on, note, confirm_credit, idempotency_key } = input;
      const recorded = await recordPayment(db, session, {
        bookingId: booking_id,
        amountCents: amount,
        method,
        paidOn: paid_on,
        note,
        idempotencyKey: idempotency_key,
        allowCredit: confirm_credit === true,
      });
      const invoice = recorded.invoiceNumber ? `fattura ${recorded.invoiceNumber}` : "la fattura attende i dati fiscali";
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
  const { accounts, payments, refunds } = loaderData;
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Pagamenti"
        description={`Addebiti per seduta: prima seduta ${formatCents(prices.firstSession * 100)}, poi ${formatCents(prices.followingSession * 100)}; tariffa agevolata ${formatCents(prices.reducedRate * 100)} dopo l'approvazione dell'ISEE. Le assenze annunciate in tempo e gli incontri annullati non si pagano.`}
      />
      <IseeRequestsPanel requests={loaderData.iseeRequests} />
      {accounts.length === 0 ? <EmptyState>Nessuna persona iscritta a un gruppo: qui compariranno addebiti e pagamenti.</EmptyState> : <Accounts accounts={accounts} />}
      {accounts.length > 0 ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <PaymentForm data={loaderData} />
          <RefundForm data={loaderData} />
        </div>
      ) : null}
      <RecentList id="payments-title" title="Ultimi pagamenti" empty="Nessun pagamento registrato." items={payments}>
        {(payment) => (
          <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
            <span>
              <span className="font-medium text-ink-900">{payment.invoiceNumber ?? "Fattura in attesa"}</span> · {payment.payerName} · {formatCents(payment.amountCents)} ·{" "}
              {paymentMethodLabels[payment.method]}
              {payment.stripeReference ? (
                <>
                  {" "}
                  <span className="font-mono text-xs text-ink-500">{payment.stripeReference}</span>
                </>
              ) : null}{" "}
              · {formatDate(romeDate(payment.paidAt))}
            </span>
            <a href={`/admin/pagamenti/ricevuta/${payment.id}`} className="btn btn-secondary min-h-9 px-3 py-1.5 text-xs" target="_blank" rel="noreferrer">
              <FileText aria-hidden className="size-3.5" />
              Ricevuta PDF
            </a>
          </li>
        )}
      </RecentList>
      <RecentList id="refunds-title" title="Ultimi rimborsi" empty="Nessun rimborso registrato." items={refunds}>
        {(refund) => (
          <li key={refund.id} className="px-4 py-3 text-sm">
            <span className="font-medium text-ink-900">{refund.name ?? refund.email ?? "Dati cancellati"}</span> · {formatCents(refund.amountCents)} · {refund.reason} ·{" "}
            {formatDate(romeDate(refund.createdAt))}
          </li>
        )}
      </RecentList>
    </section>
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

function Accounts({ accounts }: { accounts: Data["accounts"] }) {
  return (
    <TableScroll label="Saldo per persona">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="bg-sand-50 text-ink-500">
          <tr>
            {(
              [
                ["Persona", false],
                ["Gruppo", false],
                ["Addebitato", true],
                ["Pagato", true],
                ["Da pagare", true],
                ["Tariffa", false],
              ] as const
            ).map(([label, right]) => (
              <th key={label} scope="col" className={`px-4 py-3 font-medium ${right ? "text-right" : ""}`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-200">
          {accounts.map((account) => (
            <tr key={account.bookingId}>
              <td className="px-4 py-3">
                <span className="font-medium text-ink-900">{account.name}</span>
                <span className="block text-xs text-ink-500">{account.email}</span>
              </td>
              <td className="px-4 py-3">{account.groupName ?? "—"}</td>
              <td className="px-4 py-3 text-right tabular-nums">
                {formatCents(account.chargedCents)}
                <span className="block text-xs text-ink-500">{account.sessionsCharged === 1 ? "1 seduta" : `${account.sessionsCharged} sedute`}</span>
              </td>
              <td className="px-4 py-3 text-right tabular-nums">
                {formatCents(account.paidCents - account.refundedCents)}
                {account.refundedCents > 0 ? <span className="block text-xs text-ink-500">rimborsati {formatCents(account.refundedCents)}</span> : null}
              </td>
              <td className={`px-4 py-3 text-right font-semibold tabular-nums ${account.owedCents > 0 ? "text-danger-600" : "text-ink-900"}`}>{formatCents(account.owedCents)}</td>
              <td className="px-4 py-3">
                <IseeCell account={account} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The member's rate: approve an ISEE attestation, or revoke the approval (past sessions keep their rate). */
function IseeCell({ account }: { account: Data["accounts"][number] }) {
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
          description={`Revocare la tariffa agevolata di ${account.name}? Dalla prossima seduta si applica la tariffa standard; le sedute passate non cambiano.`}
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
 * Who paid or is refunded; its prompt is chosen until staff pick someone (the form's default is ""). The
 * prompt is an option like the others: left on it, the form is refused with the schema's message.
 */
function MemberSelect({ field, accounts }: { field: FieldMetadata<string>; accounts: Data["accounts"] }) {
  return (
    <Field label="Persona" field={field}>
      <select {...getSelectProps(field)} className="field">
        <option value="">Scegli…</option>
        {accounts.map((account) => (
          <option key={account.bookingId} value={account.bookingId}>
            {account.name}
            {account.owedCents > 0 ? ` (da pagare ${formatCents(account.owedCents)})` : ""}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * A form of the ledger: its title, its intent and the idempotency key that makes a double click (or
 * a retry) record it once; the fields come from `children` (Conform's, checked with `schema` as the
 * action does), their errors from the browser's check or the action's answer.
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
  children: (fields: ReturnType<typeof useActionForm<Schema>>["fields"]) => ReactNode;
}) {
  // A new key (after a recorded payment the page reloads) starts an empty form.
  const { fetcher, busy, form, fields } = useActionForm(schema, { id: `${intent}-${idempotencyKey}`, defaultValue });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6" aria-labelledby={`${intent}-form-title`}>
      <h2 id={`${intent}-form-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="idempotency_key" value={idempotencyKey} />
      {children(fields)}
      <button type="submit" className={`btn ${primary ? "btn-primary" : "btn-secondary"} justify-self-start`} disabled={busy}>
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
      defaultValue={{ booking_id: "", method: "bank_transfer", paid_on: data.today }}
      intent="payment"
      title="Registra un pagamento"
      idempotencyKey={data.paymentKey}
      submit="Registra e crea la ricevuta"
      primary
    >
      {(fields) => (
        <>
          <MemberSelect field={fields.booking_id} accounts={data.accounts} />
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
        </>
      )}
    </LedgerForm>
  );
}

function RefundForm({ data }: { data: Data }) {
  return (
    <LedgerForm schema={refundSchema} defaultValue={{ booking_id: "" }} intent="refund" title="Registra un rimborso" idempotencyKey={data.refundKey} submit="Registra il rimborso">
      {(fields) => (
        <>
          <p className="text-sm text-ink-500">Per le sedute pagate e non usate, per esempio quando il gruppo non è adatto.</p>
          <MemberSelect field={fields.booking_id} accounts={data.accounts} />
          <InputField label="Importo (€)" field={fields.amount} inputMode="decimal" placeholder="35,00" />
          <InputField label="Motivo" field={fields.reason} maxLength={500} placeholder="Gruppo non adatto: 2 sedute non usate" />
        </>
      )}
    </LedgerForm>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
