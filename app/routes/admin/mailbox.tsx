import { Paperclip } from "lucide-react";
import type { Route } from "./+types/mailbox";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { formatDateTime } from "~/domain/format";
import { useLoadErrorToast } from "~/components/admin/action-result";
import { Badge, type BadgeTone, PageHeader } from "~/components/admin/page";
import { ListToolbar, PagedListTable, td } from "~/components/admin/list";
import { Modal, useViewParam, ViewLink } from "~/components/admin/dialogs";
import { DetailSection } from "~/components/admin/sections";
import { listPageData, pageWithOpenRow } from "~/server/services/admin-lists.server";
import { outboxStatuses, outboxStatusLabels, type OutboxStatus } from "~/domain/statuses";
import { findOutboxMessage, listOutbox } from "~/server/services/admin-mailbox.server";
import { adminPageData } from "~/server/gates.server";

const VIEW_PARAM = "messaggio";

const statusLabels = outboxStatusLabels;
const statusTones: Record<OutboxStatus, BadgeTone> = { pending: "warning", sending: "warning", sent: "success", failed: "danger" };

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, (session) => {
    const url = new URL(request.url);
    // Messages hold personal data (names, addresses, answers' links): opening the list and reading one are recorded.
    return listPageData(
      url,
      outboxStatuses,
      { scope: "admin-mailbox", fallback: { rows: [], total: 0, page: 1, viewing: null, viewMissing: false }, message: "Failed to fetch e-mails" },
      (query) =>
        pageWithOpenRow(
          context.db,
          session,
          { url, viewParam: VIEW_PARAM, entity: { list: "email_outbox", row: "email_outbox" }, query },
          { page: () => listOutbox(context.db, query), row: (id) => findOutboxMessage(context.db, id) },
        ),
    );
  });
}

export default function AdminMailbox({ loaderData }: Route.ComponentProps) {
  useLoadErrorToast(loaderData.loadError);
  const { hrefFor: withView, close: closeView } = useViewParam(VIEW_PARAM);
  const { rows, viewing } = loaderData;

  return (
    <section>
      <PageHeader title="Posta" description="Tutte le email in uscita (outbox), dalla più recente. Senza SMTP configurato restano qui: è la casella di sviluppo." />
      <ListToolbar statuses={outboxStatuses} label={(status) => statusLabels[status]} searchLabel="Cerca per destinatario o oggetto" />
      <PagedListTable
        label="Email in uscita"
        minWidth="lg:min-w-[60rem]"
        list={loaderData}
        empty="Nessuna email in uscita."
        columns={["Creata", "A", "Oggetto", "Template", "Stato", "Tentativi", "Inviata", { label: "Azioni", hideLabel: true }]}
      >
        {rows.map((message) => (
          <tr key={message.id}>
            <td className={`${td} whitespace-nowrap text-ink-500`}>{formatDateTime(message.createdAt)}</td>
            <td className={`${td} [overflow-wrap:anywhere]`}>{message.to}</td>
            <td className={`${td} [overflow-wrap:anywhere]`}>
              {message.subject}
              {message.attachments.length > 0 ? (
                <span className="ml-2 inline-flex items-center gap-0.5 text-xs text-ink-500">
                  <Paperclip aria-hidden className="size-3" />
                  {message.attachments.length}
                  <span className="sr-only"> allegati</span>
                </span>
              ) : null}
            </td>
            <td className={`${td} font-mono text-xs [overflow-wrap:anywhere]`}>{message.template}</td>
            <td className={td}>
              <Badge tone={statusTones[message.status]}>{statusLabels[message.status]}</Badge>
            </td>
            <td className={`${td} lg:text-center`}>{message.attempts}</td>
            <td className={`${td} whitespace-nowrap text-ink-500`}>{formatDateTime(message.sentAt)}</td>
            <td className={td}>
              <ViewLink to={withView(message.id)} label={`Apri l'email "${message.subject}" a ${message.to}`} text="Apri" />
            </td>
          </tr>
        ))}
      </PagedListTable>
      {viewing ? <MailDialog message={viewing} onClose={closeView} /> : null}
    </section>
  );
}

/** One message as it was (or will be) sent: the HTML in a sandbox, the text, the attachments. */
function MailDialog({ message, onClose }: { message: NonNullable<Route.ComponentProps["loaderData"]["viewing"]>; onClose: () => void }) {
  return (
    <Modal onClose={onClose} title={message.subject} description={`A ${message.to} · ${formatDateTime(message.createdAt)} · ${statusLabels[message.status]}`}>
      <div className="grid gap-5">
        {message.lastError ? (
          <p className="rounded-xl border border-danger-600/30 bg-danger-50 p-3 text-sm text-danger-600 [overflow-wrap:anywhere]">Ultimo errore: {message.lastError}</p>
        ) : null}
        <DetailSection id="mail-html" title="HTML">
          {/* sandbox="" : no scripts, no forms, no navigation, a unique origin. */}
          <iframe title={`Anteprima HTML: ${message.subject}`} sandbox="" srcDoc={message.html} className="h-[28rem] w-full rounded-2xl border border-sand-200 bg-white" />
        </DetailSection>
        <DetailSection id="mail-text" title="Testo">
          <pre className="max-h-72 overflow-auto whitespace-pre-wrap rounded-2xl bg-sand-50 p-4 text-sm">{message.text}</pre>
        </DetailSection>
        <DetailSection id="mail-attachments" title="Allegati">
          {message.attachments.length ? (
            <ul className="grid gap-1 text-sm">
              {message.attachments.map((attachment) => (
                <li key={attachment.key} className="inline-flex items-center gap-2">
                  <Paperclip aria-hidden className="size-4 text-ink-500" />
                  {attachment.filename}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-ink-500">Nessun allegato.</p>
          )}
        </DetailSection>
        <p className="text-xs text-ink-500">
          Template <span className="font-mono">{message.template}</span> · Message-ID {message.messageId} · tentativi {message.attempts}
          {message.sentAt ? ` · inviata il ${formatDateTime(message.sentAt)}` : ""}
        </p>
      </div>
    </Modal>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
