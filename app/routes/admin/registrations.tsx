import { desc, ilike, or, sql } from "drizzle-orm";
import type { Route } from "./+types/registrations";
import { formatDateTime } from "~/components/admin/format";
import { Badge, EmptyState, PageHeader, TableScroll, td, th } from "~/components/admin/ui";
import { audit } from "~/server/audit.server";
import { adminPageData } from "~/server/auth.server";
import { registrations } from "~/server/db/schema";

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async (session) => {
    const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
    const pattern = `%${q.replace(/[%_\\]/g, "\\$&")}%`;
    const rows = await context.db
      .select()
      .from(registrations)
      .where(q ? or(ilike(registrations.email, pattern), ilike(sql`${registrations.firstName} || ' ' || ${registrations.lastName}`, pattern)) : undefined)
      .orderBy(desc(registrations.createdAt))
      .limit(100);
    await audit(context.db, session, { action: "list", entity: "registrations", detail: { q: q || undefined } });
    return { rows, q };
  });
}

export default function AdminRegistrations({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
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
      {rows.length === 0 ? (
        <EmptyState>Nessuna iscrizione trovata.</EmptyState>
      ) : (
        <TableScroll label="Iscrizioni">
          <table className="w-full min-w-[44rem]">
          <thead>
            <tr>
              <th scope="col" className={th}>Nome</th>
              <th scope="col" className={th}>Email</th>
              <th scope="col" className={th}>Data di nascita</th>
              <th scope="col" className={th}>Consensi</th>
              <th scope="col" className={th}>Newsletter</th>
              <th scope="col" className={th}>Inviata</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-sand-100">
                <td className={td}>
                  {row.firstName} {row.lastName}
                </td>
                <td className={td}>{row.email}</td>
                <td className={td}>{row.birthDate}</td>
                <td className={td}>
                  {row.accordoServizio && row.terminiCondizioni && row.privacy && row.autorizzazioneContatto ? <Badge tone="success">Tutti</Badge> : <Badge tone="warning">Incompleti</Badge>}
                </td>
                <td className={td}>{row.newsletter ? "Sì" : "No"}</td>
                <td className={td}>{formatDateTime(row.submittedAt)}</td>
              </tr>
            ))}
          </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
