import { desc, sql } from "drizzle-orm";
import type { Route } from "./+types/audit";
import { auditActionLabel, auditEntityLabel } from "~/components/admin/audit-labels";
import { ListTable, PageHeader, Pagination, td, useReloadingSamePage } from "~/components/admin/ui";
import { adminPageData } from "~/server/auth.server";
import { auditLog } from "~/server/db/schema";
import { clampPage } from "~/server/services/admin-common.server";

const PAGE_SIZE = 50;

/** With the seconds: the order of the entries within a minute matters here. */
const when = (value: Date | string) =>
  new Date(value).toLocaleString("it-IT", { dateStyle: "short", timeStyle: "medium", timeZone: "Europe/Rome" });

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async () => {
    const requested = Math.max(1, Math.min(100_000, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1));
    const [{ total } = { total: 0 }] = await context.db.select({ total: sql<number>`count(*)::int` }).from(auditLog);
    // A page past the last one shows the last one.
    const page = clampPage(requested, total, PAGE_SIZE);
    const rows = await context.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE);
    return { rows, page, total };
  });
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const reloading = useReloadingSamePage();
  if (!loaderData) return null;
  const { rows, page, total } = loaderData;
  return (
    <section aria-labelledby="audit-title">
      <PageHeader
        title="Registro accessi"
        description="Ogni lettura e modifica di dati personali da parte dello staff: chi, cosa, quando. Conservato almeno 24 mesi."
      />
      <ListTable
        label="Registro accessi"
        minWidth="lg:min-w-[48rem]"
        loadError={null}
        isEmpty={rows.length === 0}
        empty="Nessuna voce nel registro."
        busy={reloading}
        columns={["Quando", "Chi", "Azione", "Dato", "Dettagli"]}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <td className={`${td} whitespace-nowrap`}>{when(row.createdAt)}</td>
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
      {rows.length > 0 ? <Pagination page={page} total={total} pageSize={PAGE_SIZE} /> : null}
    </section>
  );
}
