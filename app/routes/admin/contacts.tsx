import { useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/contacts";
import { formatDateTime } from "~/components/admin/format";
import {
  Badge,
  ListToolbar,
  ListTable,
  PageHeader,
  Pagination,
  td,
  th,
  useFetcherResult,
  useLoadErrorToast,
  useReloadingSamePage,
  type ActionResult,
} from "~/components/admin/ui";
import { useToast } from "~/components/ui/toast";
import { adminPageData, requireAdmin } from "~/server/auth.server";
import { audit } from "~/server/audit.server";
import { actionFail, actionOk, ADMIN_PAGE_SIZE, failure, loadOr, parseListQuery } from "~/server/services/admin-common.server";
import { contactStatuses, nextContactStatuses, type ContactStatus } from "~/components/admin/statuses";
import { listContacts, setContactStatus } from "~/server/services/admin-contacts.server";

const statusLabels: Record<ContactStatus, string> = { new: "Nuovo", in_progress: "In lavorazione", closed: "Chiuso" };
const transitionLabels: Record<ContactStatus, string> = { new: "Segna come nuovo", in_progress: "In lavorazione", closed: "Chiudi" };

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async (session) => {
    const query = parseListQuery(new URL(request.url), contactStatuses);
    const result = await loadOr("admin-contacts", { rows: [], total: 0 }, "Failed to fetch contacts", async () => {
      const page = await listContacts(context.db, query);
      await audit(context.db, session, {
        action: "list",
        entity: "contacts",
        detail: {
          q: query.q || undefined,
          status: query.status || undefined,
          page: query.page,
        },
      });
      return page;
    });
    return { ...result, query, pageSize: ADMIN_PAGE_SIZE };
  });
}

const statusSchema = z.object({ id: z.uuid(), status: z.enum(contactStatuses) });

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(context.db, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "set-status") return actionFail(intent, 400, "Unknown action");
  const parsed = statusSchema.safeParse({ id: form.get("id"), status: form.get("status") });
  if (!parsed.success) return actionFail(intent, 400, "Stato non valido.");
  try {
    await setContactStatus(context.db, parsed.data.id, parsed.data.status);
    await audit(context.db, session, {
      action: "set-status",
      entity: "contact",
      entityId: parsed.data.id,
      detail: { status: parsed.data.status },
    });
    return actionOk(intent, `Stato aggiornato: ${statusLabels[parsed.data.status]}`);
  } catch (error) {
    const { status, message } = failure(error, "Failed to update contact", "admin-contacts");
    return actionFail(intent, status, message);
  }
}

export default function AdminContacts({ loaderData }: Route.ComponentProps) {
  useLoadErrorToast(loaderData?.loadError);
  const reloading = useReloadingSamePage();
  if (!loaderData) return null;
  const { rows, total, query, pageSize } = loaderData;
  const filtered = Boolean(query.q || query.status);
  return (
    <section>
      <PageHeader title="Utenti" description="Messaggi arrivati dal modulo contatti, dal più recente." />
      <ListToolbar
        statuses={contactStatuses.map((value) => ({ value, label: statusLabels[value] }))}
        exportHref="/admin/esporta/contatti"
      />
      <ListTable
        label="Messaggi dei contatti"
        minWidth="min-w-[56rem]"
        loadError={loaderData.loadError}
        isEmpty={rows.length === 0}
        empty={filtered ? "Nessun messaggio corrisponde alla ricerca." : "Nessun messaggio ricevuto finora."}
        busy={reloading}
        head={
          <>
            <th scope="col" className={th}>
              Data
            </th>
            <th scope="col" className={th}>
              Nome
            </th>
            <th scope="col" className={th}>
              Email
            </th>
            <th scope="col" className={th}>
              Telefono
            </th>
            <th scope="col" className={th}>
              Messaggio
            </th>
            <th scope="col" className={th}>
              Stato
            </th>
            <th scope="col" className={th}>
              Azioni
            </th>
          </>
        }
      >
          {rows.map((contact) => (
            <tr key={contact.id}>
              <td className={`${td} whitespace-nowrap text-ink-500`}>{formatDateTime(contact.createdAt)}</td>
              <td className={`${td} font-medium`}>{contact.name}</td>
              <td className={td}>
                <a href={`mailto:${contact.email}`} className="text-teal-700 underline underline-offset-2">
                  {contact.email}
                </a>
              </td>
              <td className={`${td} whitespace-nowrap`}>{contact.phone ?? "—"}</td>
              <td className={`${td} max-w-md`}>
                <details>
                  <summary className="cursor-pointer font-medium">{contact.subject}</summary>
                  <p className="mt-2 whitespace-pre-line text-ink-700">{contact.message}</p>
                </details>
              </td>
              <td className={td}>
                <Badge tone={contact.status === "new" ? "highlight" : "neutral"}>{statusLabels[contact.status]}</Badge>
              </td>
              <td className={td}>
                <StatusActions id={contact.id} name={contact.name} status={contact.status} />
              </td>
            </tr>
          ))}
      </ListTable>
      {rows.length > 0 ? <Pagination page={query.page} total={total} pageSize={pageSize} /> : null}
    </section>
  );
}

function StatusActions({ id, name, status }: { id: string; name: string; status: ContactStatus }) {
  const fetcher = useFetcher<ActionResult>();
  const toast = useToast();
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast({ title: result.message });
    else toast({ title: result.error, variant: "destructive" });
  });
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="id" value={id} />
      {nextContactStatuses[status].map((next) => (
        <button
          key={next}
          type="submit"
          name="status"
          value={next}
          disabled={fetcher.state !== "idle"}
          aria-label={`${transitionLabels[next]}: messaggio di ${name}`}
          className="btn btn-secondary min-h-9 whitespace-nowrap px-3 py-1.5 text-xs"
        >
          {transitionLabels[next]}
        </button>
      ))}
    </fetcher.Form>
  );
}
