import type { Route } from "./+types/audit";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { auditActionLabel, auditEntityLabel } from "~/components/admin/audit-labels";
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
            <td className={td}>{auditActionLabel(row.action)}</td>
            <td className={td}>
              {auditEntityLabel(row.entity)}
              {row.entityId ? <span className="block font-mono text-xs text-ink-500">{row.entityId}</span> : null}
            </td>
            <td className={`${td} font-mono text-xs text-ink-500 [overflow-wrap:anywhere]`}>{row.detail ? JSON.stringify(row.detail) : ""}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
