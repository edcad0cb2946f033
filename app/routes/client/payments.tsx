import { AreaPage } from "~/components/client/area-page";
import { CreditCard, FileText, Upload } from "lucide-react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { useId } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/payments";
import { AreaDone, AreaError } from "~/components/client/notices";
import { BankTransfer } from "~/components/client/bank-transfer";
import { euro } from "~/content/format";
import { absenceNotice, MAX_UPLOAD_BYTES, prices } from "~/content/site";
import { clientPaymentPaths, iseeFileMessages, iseeMessages, iseeRequestSchema, iseeRequestStatusLabels, paymentMessages } from "~/domain/client-area";
import type { FormRefusal } from "~/domain/form-fields";
import type { BankTransferView } from "~/domain/bank-transfer";
import { formatDate } from "~/domain/format";
import { chargeKindLabels, paymentMethodLabels } from "~/domain/ledger";
import { romeDate, sessionLabel, upperFirst } from "~/domain/sessions";
import { publicBaseUrl } from "~/server/env.server";
import { hitRateLimit } from "~/server/http/rate-limit.server";
import { handleErrors, HttpError, pageError } from "~/server/http/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { useFlash } from "~/components/site/use-flash";
import { UPLOAD_TOO_LARGE } from "~/domain/flash";
import type { Database } from "~/server/db/client.server";
import { clientAccounts, requestIsee } from "~/server/services/client-payments.server";
import { fiscalDataMissing } from "~/server/services/fiscal-profiles.server";
import { FiscalDataLink, FiscalDataRequest } from "~/components/client/fiscal-data-notice";
import { bankTransfersFor } from "~/server/services/bank-transfer.server";
import { createCheckoutForCharge, onlinePaymentAvailable } from "~/server/services/stripe.server";
import { pdfUpload, readMultipart } from "~/server/uploads.server";
import { FieldError } from "~/components/site/field-error";
import { SendButton } from "~/components/site/send-button";
import { firstError, useSchemaForm } from "~/components/forms/schema-form";
import { refuseSubmission, parseSubmission } from "~/server/form-submission.server";
import { requireClient, type ClientIdentity } from "~/server/gates.server";
import { z } from "~/domain/zod";
import { clientAreaMeta } from "~/domain/seo";
import { formatEuro } from "~/domain/money";

/**
 * /area-personale/pagamenti — who may: the signed-in client, for their own bookings only (anonymous
 * visitors go to the sign-in form, a post gets 401; staff and therapists 403). What each session cost,
 * what was paid and is still owed, the receipts; paying what is owed by bank transfer (the practice's
 * IBAN, the exact amount, a causale naming the booking, the EPC QR code); paying a session online when Stripe is configured
 * (a payment counts only when Stripe's signed webhook arrives); asking for the reduced rate with an
 * ISEE attestation (a checked PDF) that staff review.
 */

const PRIVATE = { "Cache-Control": "private, no-store" };
/** Online payments and attestations a person may start per 10 minutes. */
const ACTIONS_PER_WINDOW = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Stripe's way back here (its success and cancel URLs): a query, as no cookie of ours comes with it. */
const outcomes = {
  pagamento: paymentMessages.checkoutReturned,
  annullato: paymentMessages.checkoutCancelled,
} as const;
const ISEE_FORM = "isee-request";

export async function loader({ request, context }: Route.LoaderArgs) {
  const client = await requireClient(context.db, request);
  const [accounts, fiscalDataAsked] = await Promise.all([clientAccounts(context.db, client), fiscalDataMissing(context.db, client.user.email)]);
  const transfers = await bankTransfersFor(context.db, accounts);
  const outcome = new URL(request.url).searchParams.get("esito");
  return data(
    {
      accounts,
      transfers,
      online: onlinePaymentAvailable(),
      outcome: outcome && outcome in outcomes ? outcomes[outcome as keyof typeof outcomes] : null,
      cancelled: outcome === "annullato",
      fiscalDataAsked,
    },
    { headers: PRIVATE },
  );
}

const recordId = z.string().regex(UUID);

/** Paying one session online, or sending the ISEE form (its fields are read by `sendIsee`), for one of the client's bookings. */
const moneyAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay"), booking: recordId, session: recordId }),
  z.object({ intent: z.literal("isee"), booking: recordId }),
]);

/** A refusal of the whole page (a post that cannot be read, the rate limit, online payment); the ISEE form's answer is its own (`FormRefusal`). */
type ActionResult = { error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const client = await requireClient(context.db, request);
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
  return handleErrors(
    async () => {
      const form = multipart ? await readMultipart(request) : await request.formData();
      const parsed = moneyAction.safeParse({ intent: form.get("intent"), booking: form.get("booking"), session: form.get("session") });
      if (!parsed.success) return data<ActionResult>({ error: "Richiesta non valida: ricarica la pagina." }, { status: 400, headers: PRIVATE });
      if (!(await hitRateLimit(context.db, `client-money:${client.user.id}`, ACTIONS_PER_WINDOW, 600))) {
        return data<ActionResult>({ error: "Troppe richieste. Riprova tra qualche minuto." }, { status: 429, headers: PRIVATE });
      }
      const input = parsed.data;
      if (input.intent === "isee") return sendIsee(request, context.db, client, input.booking, form);
      const { booking: bookingId, session: sessionId } = input;
      if (!client.bookings.some((booking) => booking.id === bookingId)) throw new HttpError(404, "Non trovato nella tua area personale.");
      const page = `${publicBaseUrl()}${clientPaymentPaths.page}`;
      const checkout = await createCheckoutForCharge(context.db, { bookingId, sessionId }, { successUrl: `${page}?esito=pagamento`, cancelUrl: `${page}?esito=annullato` });
      return redirect(checkout.url, { headers: PRIVATE });
    },
    (error) => data<ActionResult>({ error: error.message }, { status: error.status, headers: PRIVATE }),
    { scope: "client-payments" },
  );
}

/**
 * The ISEE form, read under the upload's cap: parsed with `parseSubmission`, then the
 * file's bytes are checked to be a PDF. A refusal answers the status the upload's own check would
 * (413 too large, 415 not a PDF) and names the booking's form through its fields; someone else's
 * booking is the page's 404.
 */
async function sendIsee(request: Request, db: Database, client: ClientIdentity, bookingId: string, form: FormData) {
  const submission = parseSubmission(form, iseeRequestSchema);
  if (submission.status !== "success") {
    const status = submission.error?.file?.includes(iseeFileMessages.tooLarge) ? 413 : 400;
    return refuseSubmission(submission, { status, headers: PRIVATE });
  }
  return handleErrors(
    async () => {
      await requestIsee(db, client, bookingId, await pdfUpload(form, "file"));
      return redirectWithFlash(request, clientPaymentPaths.page, { form: ISEE_FORM, outcome: "ok" }, PRIVATE);
    },
    (error) => {
      if (error.status === 404) pageError(error);
      return refuseSubmission(submission, { status: error.status, headers: PRIVATE, ...(error.fields ? { fieldErrors: error.fields } : { formError: error.message }) });
    },
    { scope: "client-isee" },
  );
}

export const headers = () => PRIVATE;

export const meta = clientAreaMeta("Pagamenti");

type Account = Route.ComponentProps["loaderData"]["accounts"][number];

export default function PaymentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, transfers, online, cancelled, fiscalDataAsked } = loaderData;
  const iseeSent = useFlash(ISEE_FORM)?.outcome === "ok";
  const outcome = loaderData.outcome ?? (iseeSent ? iseeMessages.received : null);
  // Each booking has its ISEE form: a refusal belongs to the one whose hidden booking field it carries.
  const refusalFor = (bookingId: string) => (actionData && "result" in actionData && actionData.result?.initialValue?.booking === bookingId ? actionData.result : undefined);
  return (
    <AreaPage
      id="payments-title"
      title="Pagamenti"
      lead={
        <>
          La prima seduta costa {euro(prices.firstSession)}, le successive {euro(prices.followingSession)} l'una ({euro(prices.reducedRate)} con la tariffa agevolata, per un ISEE
          sotto {euro(prices.iseeThreshold)} l'anno). Un'assenza segnalata con il {absenceNotice.rule} non si paga.
        </>
      }
    >
      {outcome ? cancelled ? <AreaError>{outcome}</AreaError> : <AreaDone>{outcome}</AreaDone> : null}
      {actionData && "error" in actionData ? <AreaError>{actionData.error}</AreaError> : null}
      {fiscalDataAsked ? <FiscalDataRequest /> : <FiscalDataLink />}
      {accounts.length === 0 ? (
        <p className="rounded-2xl bg-sand-100 p-4 text-ink-700">Qui vedrai le sedute e i pagamenti quando il tuo posto in un gruppo sarà confermato.</p>
      ) : (
        accounts.map((account) => (
          <AccountCard key={account.bookingId} account={account} online={online} transfer={transfers[account.bookingId]} iseeResult={refusalFor(account.bookingId)} />
        ))
      )}
    </AreaPage>
  );
}

function AccountCard({ account, online, transfer, iseeResult }: { account: Account; online: boolean; transfer?: BankTransferView; iseeResult?: FormRefusal["result"] }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="grid gap-5 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={titleId} className="text-xl font-semibold">
        {account.groupName ? `Gruppo ${account.groupName}` : "Il tuo percorso"}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Addebitato" cents={account.chargedCents} />
        <Figure label="Pagato" cents={account.paidCents} />
        <Figure label="Rimborsato" cents={account.refundedCents} />
        <Figure label="Da pagare" cents={Math.max(account.owedCents, 0)} strong />
      </dl>
      <Owed account={account} online={online} />
      {transfer ? <BankTransfer transfer={transfer} online={online} /> : null}
      <Charges account={account} />
      <Receipts account={account} />
      {account.member || account.iseeApprovedAt || account.iseeRequest ? <Isee account={account} lastResult={iseeResult} /> : null}
    </article>
  );
}

function Figure({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div className={`grid gap-0.5 rounded-2xl p-3 ${strong ? "bg-teal-50" : "bg-sand-50"}`}>
      <dt className="text-sm text-ink-500">{label}</dt>
      <dd className={`text-lg ${strong ? "font-semibold text-teal-800" : "font-medium"}`}>{formatEuro(cents)}</dd>
    </div>
  );
}

function Owed({ account, online }: { account: Account; online: boolean }) {
  const navigation = useNavigation();
  if (account.owed.length === 0) return <p className="rounded-2xl bg-sand-50 p-4 text-ink-700">Sei in pari: nessuna seduta da pagare.</p>;
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold">Da pagare</h3>
      <ul className="divide-y divide-sand-200 rounded-2xl border border-sand-200">
        {account.owed.map((charge) => {
          const paying = navigation.state !== "idle" && navigation.formData?.get("session") === charge.sessionId;
          return (
            <li key={charge.sessionId} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <span>
                <span className="block font-medium">{upperFirst(sessionLabel(charge.startsAt))}</span>
                <span className="text-sm text-ink-500">
                  {chargeKindLabels[charge.kind]} · {formatEuro(charge.owedCents)}
                  {charge.owedCents < charge.amountCents ? ` (resto di ${formatEuro(charge.amountCents)})` : ""}
                </span>
              </span>
              {online ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="pay" />
                  <input type="hidden" name="booking" value={account.bookingId} />
                  <input type="hidden" name="session" value={charge.sessionId} />
                  <button
                    type="submit"
                    className="btn btn-primary min-h-11"
                    disabled={paying}
                    aria-label={`Paga online ${formatEuro(charge.owedCents)} per la seduta di ${sessionLabel(charge.startsAt)}`}
                  >
                    <CreditCard aria-hidden className="size-5" />
                    {paying ? "Apertura del pagamento..." : "Paga online"}
                  </button>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-ink-500">
        {online ? "Puoi pagare online con carta o con bonifico: " : "Puoi pagare con bonifico: "}
        lo staff registra ogni pagamento e qui trovi la fattura.
      </p>
    </section>
  );
}

function Charges({ account }: { account: Account }) {
  if (account.charges.length === 0) return null;
  return (
    <details className="group rounded-2xl border border-sand-200 p-4">
      <summary className="cursor-pointer font-semibold">Sedute addebitate ({account.charges.length})</summary>
      <ul className="mt-3 grid gap-2 text-sm">
        {account.charges.map((charge) => (
          <li key={charge.sessionId} className="flex flex-wrap justify-between gap-2">
            <span>
              {upperFirst(sessionLabel(charge.startsAt))} · {chargeKindLabels[charge.kind]}
            </span>
            <span className="font-medium">{formatEuro(charge.amountCents)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Each payment with its fattura sanitaria (or the wait for the fiscal data), each refund with its nota di credito. */
function Receipts({ account }: { account: Account }) {
  if (account.payments.length === 0 && account.refunds.length === 0) return null;
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold">Pagamenti e fatture</h3>
      <ul className="divide-y divide-sand-200 rounded-2xl border border-sand-200">
        {account.payments.map((payment) => (
          <li key={payment.id} className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
            <span>
              <span className="block font-medium">
                {formatEuro(payment.amountCents)} · {paymentMethodLabels[payment.method]}
              </span>
              <span className="text-ink-500">
                {formatDate(romeDate(payment.paidAt))} · {payment.invoiceNumber ? `fattura n. ${payment.invoiceNumber}` : "fattura in preparazione: servono i dati fiscali"}
              </span>
            </span>
            {payment.invoiceId ? (
              <a href={clientPaymentPaths.invoice(payment.invoiceId)} className="btn btn-secondary min-h-11 px-4 py-2 text-sm" download={`fattura-${payment.invoiceNumber}.pdf`}>
                <FileText aria-hidden className="size-4" />
                Scarica la fattura
              </a>
            ) : null}
          </li>
        ))}
        {account.refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
            <span>
              <span className="block font-medium">Rimborso di {formatEuro(refund.amountCents)}</span>
              <span className="text-ink-500">
                {formatDate(romeDate(refund.createdAt))}
                {refund.creditNoteNumber ? ` · nota di credito n. ${refund.creditNoteNumber}` : ""}
              </span>
            </span>
            {refund.creditNoteId ? (
              <a
                href={clientPaymentPaths.invoice(refund.creditNoteId)}
                className="btn btn-secondary min-h-11 px-4 py-2 text-sm"
                download={`nota-di-credito-${refund.creditNoteNumber}.pdf`}
              >
                <FileText aria-hidden className="size-4" />
                Scarica la nota di credito
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Isee({ account, lastResult }: { account: Account; lastResult?: FormRefusal["result"] }) {
  const id = useId();
  const [form, fields] = useSchemaForm(iseeRequestSchema, { id: `isee-${account.bookingId}`, lastResult });
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "isee" && navigation.formData.get("booking") === account.bookingId;
  const request = account.iseeRequest;
  const pending = request?.status === "pending";
  // Sent without JavaScript and over the server's cap: back here (server/app.ts), the message under the file field.
  const tooLarge = useFlash(UPLOAD_TOO_LARGE.form) ? iseeFileMessages.tooLarge : undefined;
  const fileError = firstError(fields.file.errors) ?? tooLarge;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-2xl bg-sand-50 p-4">
      <h3 id={`${id}-title`} className="font-semibold">
        Tariffa agevolata
      </h3>
      {form.errors ? <AreaError>{firstError(form.errors)}</AreaError> : null}
      {account.iseeApprovedAt ? (
        <p className="text-ink-700">
          <strong className="text-teal-800">{iseeRequestStatusLabels.approved}</strong> dal {formatDate(romeDate(account.iseeApprovedAt))}: ogni seduta successiva costa{" "}
          {euro(prices.reducedRate)}.
        </p>
      ) : pending ? (
        <p className="text-ink-700">
          <strong>{iseeRequestStatusLabels.pending}</strong>: hai inviato l'attestazione il {formatDate(romeDate(request.createdAt))}. Lo staff ti scrive per email appena l'ha
          verificata.
        </p>
      ) : (
        <>
          {request?.status === "declined" ? (
            <p className="text-ink-700">
              <strong>{iseeRequestStatusLabels.declined}</strong>
              {request.decisionReason ? `: «${request.decisionReason}»` : "."} Puoi inviare una nuova attestazione.
            </p>
          ) : (
            <p className="text-ink-700">
              Con un ISEE sotto {euro(prices.iseeThreshold)} l'anno ogni seduta costa {euro(prices.reducedRate)} invece di {euro(prices.followingSession)}, dalla prima seduta dopo
              la verifica dello staff.
            </p>
          )}
          {account.member ? (
            <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-3">
              <input type="hidden" name="intent" value="isee" />
              <input type="hidden" name="booking" value={account.bookingId} />
              <div className="grid gap-1.5">
                <label htmlFor={fields.file.id} className="font-medium">
                  Attestazione ISEE (PDF, massimo {Math.round(MAX_UPLOAD_BYTES / 1024 / 1024)} MB) <span className="text-danger-600">*</span>
                </label>
                <input
                  {...getInputProps(fields.file, { type: "file" })}
                  {...(tooLarge ? { "aria-invalid": true, "aria-describedby": fields.file.errorId, autoFocus: true } : {})}
                  accept="application/pdf,.pdf"
                  className="field file:mr-3 file:rounded-full file:border-0 file:bg-teal-50 file:px-3 file:py-1.5 file:text-teal-800"
                />
                <FieldError id={fields.file.errorId} error={fileError} />
              </div>
              <div className="grid gap-1.5">
                <label className="flex items-start gap-2">
                  <input {...getInputProps(fields.below, { type: "checkbox" })} className="mt-1 size-5 accent-teal-700" />
                  <span>Confermo che il mio ISEE è inferiore a {euro(prices.iseeThreshold)} l'anno.</span>
                </label>
                <FieldError id={fields.below.errorId} error={firstError(fields.below.errors)} />
              </div>
              <SendButton sending={sending} icon={<Upload aria-hidden className="size-5" />} className="btn btn-secondary w-full sm:w-fit">
                Invia l'attestazione
              </SendButton>
            </Form>
          ) : null}
        </>
      )}
    </section>
  );
}
