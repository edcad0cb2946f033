import type { Route } from "./+types/audit";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { auditDetailFields, auditEntityLabel, auditEventLabel } from "~/domain/audit-labels";
import { PageHeader } from "~/components/admin/page";
import { ListTable, td, useReloadingSamePage } from "~/components/admin/list";
import { formatDateTimeSeconds } from "~/domain/format";
import { parseListQuery } from "~/server/services/admin-lists.server";
import { listAuditLog } from "~/server/services/admin-audit.server";
import { adminPageData } from "~/server/gates.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, () => listAuditLog(context.db, parseListQuery(new URL(request.url), []).page));
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const reloading = useReloadingSamePage();
  const { rows, page, total, pageSize } = loaderData;
  return (
    <section aria-labelledby="audit-title">
      <PageHeader title="Registro accessi" description="Ogni lettura e modifica di dati personali da parte dello staff: chi, cosa, quando. Conservato almeno 24 mesi." />
      <ListTable
        label="Registro accessi"
        minWidth="lg:min-w-[48rem]"
        loadError={null}
        isEmpty={rows.length === 0}
        empty="Nessuna voce nel registro."
        busy={reloading}
        pagination={{ page: page, total, pageSize }}
        columns={["Quando", "Chi", "Azione", "Dato", "Dettagli"]}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <td className={`${td} whitespace-nowrap`}>{formatDateTimeSeconds(row.createdAt)}</td>
            <td className={td}>{row.actorEmail}</td>
            <td className={td}>{auditEventLabel(row.action, row.entity)}</td>
            <td className={td}>
              {auditEntityLabel(row.entity)}
              {row.entityId ? <span className="block font-mono text-xs text-ink-500">{row.entityId}</span> : null}
            </td>
            <td className={`${td} text-xs text-ink-700 [overflow-wrap:anywhere]`}>
              <AuditDetail detail={row.detail} />
            </td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}

/** An entry's details as labelled fields ("Importo: 35,00 €"). */
function AuditDetail({ detail }: { detail: unknown }) {
  const fields = auditDetailFields(detail);
  if (fields.length === 0) return null;
  return (
    <dl className="grid gap-0.5">
      {fields.map((field) => (
        <div key={field.label}>
          <dt className="inline font-medium text-ink-500">{field.label}: </dt>
          <dd className="inline">{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
