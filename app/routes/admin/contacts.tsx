import { Mail } from "lucide-react";
import { type ReactNode } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/contacts";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { useRowConflict } from "~/components/admin/conflict-notice";
import { formatDateTime } from "~/domain/format";
import { contactStatuses, contactStatusLabels, nextContactStatuses, type ContactStatus } from "~/domain/statuses";
import { type ActionResult, useFetcherResult, useLoadErrorToast } from "~/components/admin/action-result";
import { Badge, LoadError, PageHeader } from "~/components/admin/page";
import { ListToolbar, PagedListTable, td } from "~/components/admin/list";
import { PersonLink } from "~/components/admin/person-link";
import { Modal, useViewParam, ViewLink } from "~/components/admin/dialogs";
import { DetailSection, Terms } from "~/components/admin/sections";
import { VERSION_FIELD } from "~/domain/version";
import { useToast } from "~/components/ui/toast";
import { audit } from "~/server/audit.server";
import { actionFail, actionOk, staffAction } from "~/server/http/staff-action.server";
import { listPageData, pageWithOpenRow } from "~/server/services/admin-lists.server";
import { versionSchema } from "~/server/record-versions.server";
import { findContact, listContacts, setContactStatus } from "~/server/services/admin-contacts.server";
import { adminPageData, requireAdmin } from "~/server/gates.server";

/** `?messaggio=<id>` opens the whole message in a dialog. */
const VIEW_PARAM = "messaggio";

const transitionLabels: Record<ContactStatus, string> = { unverified: "Da verificare", new: "Segna come nuovo", in_progress: "In lavorazione", closed: "Segna come chiuso" };

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, (session) => {
    const url = new URL(request.url);
    const fallback = { rows: [], total: 0, page: 1, viewing: null, viewMissing: false };
    return listPageData(url, contactStatuses, { scope: "admin-contacts", fallback, message: "Failed to fetch contacts" }, (query) =>
      pageWithOpenRow(
        context.db,
        session,
        { url, viewParam: VIEW_PARAM, entity: { list: "contacts", row: "contact" }, query },
        { page: () => listContacts(context.db, query), row: (id) => findContact(context.db, id) },
      ),
    );
  });
}

const statusSchema = z.object({ id: z.uuid(), status: z.enum(contactStatuses), version: versionSchema });

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(context.db, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "set-status") return actionFail(intent, 400, "Unknown action");
  const parsed = statusSchema.safeParse({ id: form.get("id"), status: form.get("status"), version: form.get(VERSION_FIELD) });
  if (!parsed.success) return actionFail(intent, 400, "Stato non valido.");
  return staffAction(
    intent,
    async () => {
      await setContactStatus(context.db, parsed.data.id, parsed.data.status, parsed.data.version);
      await audit(context.db, session, {
        action: "set-status",
        entity: "contact",
        entityId: parsed.data.id,
        detail: { status: parsed.data.status },
      });
      return actionOk(intent, `Stato aggiornato: ${contactStatusLabels[parsed.data.status]}`);
    },
    { scope: "admin-contacts", fallback: "Failed to update contact" },
  );
}

type Data = Route.ComponentProps["loaderData"];

export default function AdminContacts({ loaderData }: Route.ComponentProps) {
  useLoadErrorToast(loaderData.loadError);
  const { hrefFor: withView, close: closeView } = useViewParam(VIEW_PARAM);
  const { rows, viewing } = loaderData;
  const { onConflict, notice } = useRowConflict();
  return (
    <section>
      <PageHeader title="Utenti" description="Messaggi arrivati dal modulo contatti, dal più recente." />
      <ListToolbar statuses={contactStatuses} label={(status) => contactStatusLabels[status]} exportHref="/admin/esporta/contatti" />
      {loaderData.viewMissing ? <LoadError message="Messaggio non trovato." /> : null}
      {viewing ? null : notice ? <div className="mb-4">{notice}</div> : null}
      <PagedListTable
        label="Messaggi dei contatti"
        minWidth="lg:min-w-[56rem]"
        list={loaderData}
        empty="Nessun messaggio ricevuto finora."
        columns={["Data", "Persona", "Messaggio", "Stato", { label: "Azioni", hideLabel: true }]}
      >
        {rows.map((contact) => (
          <tr key={contact.id}>
            <td className={`${td} whitespace-nowrap text-ink-500`}>{formatDateTime(contact.createdAt)}</td>
            <td className={td}>
              <span className="block font-medium [overflow-wrap:anywhere]">{contact.name}</span>
              <a href={`mailto:${contact.email}`} className="text-teal-700 underline underline-offset-2 [overflow-wrap:anywhere]">
                {contact.email}
              </a>
              {contact.phone ? <span className="block whitespace-nowrap text-ink-500">{contact.phone}</span> : null}
              {contact.memberId ? (
                <span className="block">
                  <PersonLink bookingId={contact.memberId}>Scheda della persona</PersonLink>
                </span>
              ) : null}
            </td>
            <td className={td}>
              <p className="line-clamp-2 max-w-[24rem] font-medium [overflow-wrap:anywhere]" title={contact.subject}>
                {contact.subject}
              </p>
              <p className="line-clamp-2 max-w-[24rem] text-ink-500 [overflow-wrap:anywhere]">
                {contact.preview}
                {contact.long ? "…" : ""}
              </p>
            </td>
            <td className={td}>
              <Badge tone={contact.status === "new" || contact.status === "unverified" ? "highlight" : "neutral"}>{contactStatusLabels[contact.status]}</Badge>
            </td>
            <td className={td}>
              <div className="flex flex-wrap gap-2">
                <ViewLink to={withView(contact.id)} label={`Leggi il messaggio di ${contact.name}`} text="Leggi" />
                <StatusActions contact={contact} onConflict={onConflict} />
              </div>
            </td>
          </tr>
        ))}
      </PagedListTable>
      {viewing ? <ContactDialog contact={viewing} notice={notice} onConflict={onConflict} onClose={closeView} /> : null}
    </section>
  );
}

function ContactDialog({ contact, notice, onConflict, onClose }: { contact: NonNullable<Data["viewing"]>; notice: ReactNode; onConflict: () => void; onClose: () => void }) {
  return (
    <Modal
      onClose={onClose}
      title={contact.subject}
      description={`Da ${contact.name} · ${formatDateTime(contact.createdAt)}`}
      size="2xl"
      footer={
        <>
          <StatusActions contact={contact} onConflict={onConflict} size="regular" />
          <a href={`mailto:${contact.email}?subject=${encodeURIComponent(`Re: ${contact.subject}`)}`} className="btn btn-primary">
            <Mail aria-hidden className="size-4" />
            Rispondi via email
          </a>
        </>
      }
    >
      <div className="grid gap-5">
        {notice}
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Terms
            look="fields"
            items={[
              ["Nome", contact.name],
              ["Email", contact.email],
              ["Telefono", contact.phone ?? "—"],
              ["Ricevuto", formatDateTime(contact.createdAt)],
            ]}
          />
          <div>
            <dt className="font-medium text-ink-500">Stato</dt>
            <dd>
              <Badge tone={contact.status === "new" || contact.status === "unverified" ? "highlight" : "neutral"}>{contactStatusLabels[contact.status]}</Badge>
            </dd>
          </div>
        </dl>
        <DetailSection id="contact-message" title="Messaggio">
          <p className="whitespace-pre-line rounded-2xl bg-sand-50 p-4 text-ink-900 [overflow-wrap:anywhere]">{contact.message}</p>
        </DetailSection>
      </div>
    </Modal>
  );
}

function StatusActions({
  contact,
  onConflict,
  size = "small",
}: {
  contact: { id: string; name: string; status: ContactStatus; version: string };
  onConflict: () => void;
  size?: "small" | "regular";
}) {
  const fetcher = useFetcher<ActionResult>();
  const toast = useToast();
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast({ title: result.message });
    else {
      toast({ title: result.error, variant: "destructive" });
      if (result.conflict) onConflict();
    }
  });
  const button = size === "small" ? "btn btn-secondary min-h-9 whitespace-nowrap px-3 py-1.5 text-xs" : "btn btn-secondary";
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="id" value={contact.id} />
      <input type="hidden" name={VERSION_FIELD} value={contact.version} />
      {nextContactStatuses[contact.status].map((next) => (
        <button
          key={next}
          type="submit"
          name="status"
          value={next}
          disabled={fetcher.state !== "idle"}
          aria-label={`${transitionLabels[next]}: messaggio di ${contact.name}`}
          className={button}
        >
          {transitionLabels[next]}
        </button>
      ))}
    </fetcher.Form>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
