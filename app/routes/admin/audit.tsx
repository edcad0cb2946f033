import { desc, sql } from "drizzle-orm";
import { Link } from "react-router";
import type { Route } from "./+types/audit";
import { adminPageData } from "~/server/auth.server";
import { auditLog } from "~/server/db/schema";

const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async () => {
    const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      context.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE),
      context.db.select({ total: sql<number>`count(*)::int` }).from(auditLog),
    ]);
    return { rows, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
  });
}

const when = (value: Date | string) =>
  new Date(value).toLocaleString("it-IT", { dateStyle: "short", timeStyle: "medium", timeZone: "Europe/Rome" });

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  const { rows, page, pages } = loaderData;
  return (
    <section aria-labelledby="audit-title" className="grid gap-4">
      <div>
        <h1 id="audit-title" className="text-2xl font-semibold">
          Registro accessi
        </h1>
        <p className="text-ink-700">Ogni lettura e modifica di dati personali da parte dello staff: chi, cosa, quando. Conservato almeno 24 mesi.</p>
      </div>
      <div className="relative overflow-x-auto rounded-2xl bg-white shadow-sm">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="border-b border-sand-200 text-ink-500">
            <tr>
              <th scope="col" className="px-4 py-2">Quando</th>
              <th scope="col" className="px-4 py-2">Chi</th>
              <th scope="col" className="px-4 py-2">Azione</th>
              <th scope="col" className="px-4 py-2">Dato</th>
              <th scope="col" className="px-4 py-2">Dettagli</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-ink-500">
                  Nessuna voce nel registro.
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className="border-b border-sand-100 align-top">
                  <td className="whitespace-nowrap px-4 py-2">{when(row.createdAt)}</td>
                  <td className="px-4 py-2">{row.actorEmail}</td>
                  <td className="px-4 py-2">{row.action}</td>
                  <td className="px-4 py-2">
                    {row.entity}
                    {row.entityId ? <span className="block text-xs text-ink-500">{row.entityId}</span> : null}
                  </td>
                  <td className="px-4 py-2 font-mono text-xs text-ink-500">{row.detail ? JSON.stringify(row.detail) : ""}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pagine del registro" className="flex items-center gap-3 text-sm">
        {page > 1 ? <Link to={`?page=${page - 1}`} className="btn btn-secondary">Precedente</Link> : null}
        <span>
          Pagina {page} di {pages}
        </span>
        {page < pages ? <Link to={`?page=${page + 1}`} className="btn btn-secondary">Successiva</Link> : null}
      </nav>
    </section>
  );
}
