import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { data, Form, useActionData, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/privacy";
import { useToast } from "~/components/ui/toast";
import { audit } from "~/server/audit.server";
import {
  collectPersonalData,
  completePrivacyRequest,
  erasePersonalData,
  listPrivacyRequests,
  openBalances,
  openPrivacyRequest,
  summarize,
} from "~/server/services/privacy-requests.server";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { formatDate, formatShortDate } from "~/domain/format";
import { careNotesHolds } from "~/server/services/care-notes.server";
import { erasureHoldReason, erasureMoneyWarning, privacyEmailSchema, privacyRequestSchema, requestTypeLabels, type PrivacyRequestType } from "~/domain/privacy-labels";
import { Badge } from "~/components/admin/page";
import { ListTable, td } from "~/components/admin/list";
import { Terms } from "~/components/admin/sections";
import { PersonLink } from "~/components/admin/person-link";
import { bookingStatusLabels } from "~/domain/group-labels";
import { firstError, useSchemaForm } from "~/components/forms/schema-form";
import { FieldError } from "~/components/site/field-error";
import { parseSubmission } from "~/server/form-submission.server";
import { adminPageData, requireAdmin } from "~/server/gates.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async (session) => {
    const url = new URL(request.url);
    const lookup = url.searchParams.get("email");
    const parsed = lookup ? privacyEmailSchema.safeParse(lookup.trim()) : null;
    const listed = await listPrivacyRequests(context.db);
    // The erasure conflict, shown before anyone presses "Cancella dati": until when the clinical record is kept.
    const openErasures = listed.filter((row) => row.type === "erasure" && row.status === "open").map((row) => row.email);
    const holds = await careNotesHolds(context.db, parsed?.success ? [...openErasures, parsed.data] : openErasures);
    const heldUntil = (email: string) => {
      const until = holds.get(email.toLowerCase());
      return until ? formatDate(until.toISOString().slice(0, 10)) : null;
    };
    const requests = listed.map((row) => ({ ...row, heldUntil: row.type === "erasure" && row.status === "open" ? heldUntil(row.email) : null }));
    if (!lookup || !parsed) return { requests, lookup: null, summary: null };
    if (!parsed.success) return { requests, lookup, summary: null, error: parsed.error.issues[0]!.message };
    const personal = await collectPersonalData(context.db, parsed.data);
    await audit(context.db, session, { action: "read", entity: "person", detail: { lookup: "privacy" } });
    const bookings = personal.groupBookings.map((booking) => ({ id: booking.id, name: booking.name, status: booking.status }));
    return {
      requests,
      lookup: parsed.data,
      summary: summarize(personal),
      bookings,
      heldUntil: heldUntil(parsed.data),
      balances: await openBalances(context.db, personal.groupBookings),
    };
  });
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), ...privacyRequestSchema.shape }),
  z.object({ intent: z.literal("complete"), id: z.uuid() }),
  // Conform reads an empty field as missing: no open erasure request to close.
  z.object({ intent: z.literal("erase"), email: privacyEmailSchema, requestId: z.uuid().optional() }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(context.db, request);
  const submission = parseSubmission(await request.formData(), actionSchema);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).find((messages) => messages?.length)?.[0] ?? "Richiesta non valida.";
    return data({ ok: false as const, message, result: submission.reply() }, { status: 400 });
  }
  const input = submission.value;
  if (input.intent === "open") {
    await openPrivacyRequest(context.db, session, input.email, input.type as PrivacyRequestType, input.note);
    return { ok: true as const, message: "Richiesta registrata: scadenza tra 30 giorni." };
  }
  if (input.intent === "complete") {
    await completePrivacyRequest(context.db, session, input.id);
    return { ok: true as const, message: "Richiesta completata." };
  }
  const removed = await erasePersonalData(context.db, session, input.email, input.requestId);
  const total = Object.values(removed).reduce((sum, count) => sum + count, 0);
  return {
    ok: true as const,
    message: `Dati cancellati (${total} record) e richiesta di cancellazione (art. 17) registrata come completata. Restano solo consensi, iscrizioni e registro accessi, come richiesto dalla legge.`,
  };
}

export default function AdminPrivacy({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  const [searchParams] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (actionData) toast({ title: actionData.message, variant: actionData.ok ? "default" : "destructive" });
  }, [actionData, toast]);
  const busy = navigation.state !== "idle";
  const openForLookup = loaderData.requests.filter((row) => row.email === loaderData.lookup && row.status === "open");
  const moneyWarning = "balances" in loaderData && loaderData.balances ? erasureMoneyWarning(loaderData.balances) : null;
  return (
    <section aria-labelledby="privacy-title" className="grid gap-6">
      <div>
        <h1 id="privacy-title" className="text-2xl font-semibold">
          Richieste privacy
        </h1>
        <p className="text-ink-700">Accesso, portabilità e cancellazione dei dati (GDPR artt. 15, 17, 20): risposta entro 30 giorni.</p>
      </div>

      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-5 shadow-sm">
        <label className="grid gap-1 text-sm font-medium">
          Email della persona
          <input name="email" type="email" required defaultValue={searchParams.get("email") ?? ""} className="field w-72 max-w-full" />
        </label>
        <button type="submit" className="btn btn-primary">
          Cerca
        </button>
      </Form>

      {"error" in loaderData && loaderData.error ? (
        <p role="alert" className="text-danger-600">
          {loaderData.error}
        </p>
      ) : null}

      {loaderData.summary && loaderData.lookup ? (
        <div className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm">
          <h2 className="font-sans text-lg font-semibold">Dati di {loaderData.lookup}</h2>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
            <Terms look="counts" items={Object.entries(loaderData.summary)} />
          </dl>
          {"bookings" in loaderData && loaderData.bookings.length > 0 ? (
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {loaderData.bookings.map((booking) => (
                <li key={booking.id}>
                  <PersonLink bookingId={booking.id}>Scheda di {booking.name ?? loaderData.lookup}</PersonLink> ({bookingStatusLabels[booking.status].toLowerCase()})
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap items-end gap-2">
            <OpenRequestForm email={loaderData.lookup} lastResult={actionData && "result" in actionData ? actionData.result : undefined} busy={busy} />
            <a className="btn btn-secondary" href={`/admin/privacy/export?email=${encodeURIComponent(loaderData.lookup)}`} download>
              Esporta JSON
            </a>
            {"heldUntil" in loaderData && loaderData.heldUntil ? (
              <>
                <p id="erasure-hold" className="basis-full rounded-xl border border-coral-500/40 bg-coral-100 p-3 text-sm text-ink-900">
                  {erasureHoldReason(loaderData.heldUntil)} Una richiesta di cancellazione resta aperta nel registro: rispondete alla persona spiegando il motivo e la data.
                </p>
                <button type="button" className="btn btn-secondary" disabled aria-describedby="erasure-hold">
                  Cancella dati
                </button>
              </>
            ) : confirming ? (
              <Form method="post" className="flex flex-wrap items-center gap-2 rounded-xl border border-danger-600/30 bg-danger-50 p-3" onSubmit={() => setConfirming(false)}>
                <input type="hidden" name="intent" value="erase" />
                <input type="hidden" name="email" value={loaderData.lookup} />
                <input type="hidden" name="requestId" value={openForLookup.find((row) => row.type === "erasure")?.id ?? ""} />
                <span className="grid gap-1 text-sm text-danger-600">
                  {moneyWarning ? (
                    <strong id="erasure-money" className="font-semibold">
                      {moneyWarning}
                    </strong>
                  ) : null}
                  <span>Cancellare definitivamente i dati di {loaderData.lookup}? L'operazione non può essere annullata.</span>
                </span>
                <button type="submit" className="btn bg-danger-600 text-white" disabled={busy}>
                  Conferma cancellazione
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
                  Annulla
                </button>
              </Form>
            ) : (
              <button type="button" className="btn btn-secondary text-danger-600" onClick={() => setConfirming(true)}>
                Cancella dati
              </button>
            )}
          </div>
        </div>
      ) : null}

      <div>
        <h2 className="mb-3 font-sans text-lg font-semibold">Richieste registrate</h2>
        <ListTable
          label="Richieste registrate"
          minWidth="lg:min-w-[40rem]"
          loadError={null}
          isEmpty={loaderData.requests.length === 0}
          empty="Nessuna richiesta registrata."
          busy={false}
          columns={["Email", "Tipo", "Ricevuta", "Scadenza", "Stato", { label: "Azioni", hideLabel: true }]}
        >
          {loaderData.requests.map((row) => {
            const overdue = row.status === "open" && new Date(row.dueAt) < new Date();
            return (
              <tr key={row.id}>
                <td className={td}>{row.email}</td>
                <td className={td}>{requestTypeLabels[row.type]}</td>
                <td className={`${td} whitespace-nowrap`}>{formatShortDate(row.receivedAt)}</td>
                <td className={`${td} whitespace-nowrap ${overdue ? "font-semibold text-danger-600" : ""}`}>
                  {formatShortDate(row.dueAt)}
                  {overdue ? " (scaduta)" : ""}
                </td>
                <td className={td}>
                  {row.heldUntil ? (
                    <span className="grid gap-1">
                      <Badge tone="warning">In attesa</Badge>
                      <span className="text-xs text-ink-700">{erasureHoldReason(row.heldUntil)}</span>
                    </span>
                  ) : row.status === "open" ? (
                    <Badge tone="highlight">Aperta</Badge>
                  ) : (
                    <Badge tone="success">{`Completata${row.completedAt ? ` il ${formatShortDate(row.completedAt)}` : ""}`}</Badge>
                  )}
                </td>
                <td className={td}>
                  {row.status === "open" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="complete" />
                      <input type="hidden" name="id" value={row.id} />
                      <button type="submit" className="text-teal-700 underline underline-offset-2" disabled={busy}>
                        Segna come completata
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </ListTable>
      </div>
    </section>
  );
}

/** Records a request the person made by e-mail or letter: its type for the address looked up. */
function OpenRequestForm({ email, lastResult, busy }: { email: string; lastResult: SubmissionResult<string[]> | undefined; busy: boolean }) {
  const [form, fields] = useSchemaForm(privacyRequestSchema, { lastResult, defaultValue: { type: "access" } });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="email" value={email} />
      <div className="grid gap-1">
        <label className="grid gap-1 text-sm font-medium">
          Tipo di richiesta
          <select {...getSelectProps(fields.type)} className="field">
            {Object.entries(requestTypeLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <FieldError id={fields.type.errorId} error={firstError(fields.type.errors)} />
      </div>
      <button type="submit" className="btn btn-secondary" disabled={busy}>
        Registra richiesta
      </button>
    </Form>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
