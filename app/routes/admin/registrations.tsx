import type { Route } from "./+types/registrations";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { formatDate, formatDateTime } from "~/domain/format";
import { Badge, PageHeader } from "~/components/admin/page";
import { ListTable, td } from "~/components/admin/list";
import { audit } from "~/server/audit.server";
import { parseListQuery } from "~/server/services/admin-lists.server";
import { listRegistrations } from "~/server/services/admin-registrations.server";
import { adminPageData } from "~/server/gates.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async (session) => {
    const { q } = parseListQuery(new URL(request.url), []);
    const rows = await listRegistrations(context.db, q);
    await audit(context.db, session, { action: "list", entity: "registrations", detail: { q: q || undefined } });
    return { rows, q };
  });
}

export default function AdminRegistrations({ loaderData }: Route.ComponentProps) {
  const { rows, q } = loaderData;
  return (
    <section className="grid gap-4">
      <PageHeader title="Iscrizioni" description="Le conferme di iscrizione con i consensi dati (le più recenti per prime)." />
      <form method="get" className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-sm font-medium">
          Cerca per nome o email
          <input name="q" defaultValue={q} className="field w-72 max-w-full" />
        </label>
        <button type="submit" className="btn btn-secondary">
          Cerca
        </button>
      </form>
      <ListTable
        label="Iscrizioni"
        minWidth="lg:min-w-[44rem]"
        loadError={null}
        isEmpty={rows.length === 0}
        filtered={Boolean(q)}
        empty="Nessuna iscrizione finora."
        busy={false}
        columns={["Nome", "Email", "Data di nascita", "Consensi", "Newsletter", "Inviata"]}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <td className={`${td} font-medium`}>
              {row.firstName} {row.lastName}
            </td>
            <td className={td}>{row.email}</td>
            <td className={`${td} whitespace-nowrap`}>{formatDate(row.birthDate)}</td>
            <td className={td}>
              {row.accordoServizio && row.terminiCondizioni && row.privacy && row.autorizzazioneContatto ? (
                <Badge tone="success">Tutti</Badge>
              ) : (
                <Badge tone="warning">Incompleti</Badge>
              )}
            </td>
            <td className={td}>{row.newsletter ? "Sì" : "No"}</td>
            <td className={`${td} whitespace-nowrap`}>{formatDateTime(row.submittedAt)}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
