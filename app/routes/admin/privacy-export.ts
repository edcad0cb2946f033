import type { Route } from "./+types/privacy-export";
import { audit } from "~/server/audit.server";
import { collectPersonalData } from "~/server/services/privacy-requests.server";
import { requireAdmin } from "~/server/gates.server";

/** Art. 15/20 export: everything about one address as a JSON file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(context.db, request);
  const email = new URL(request.url).searchParams.get("email")?.trim().toLowerCase() ?? "";
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return Response.json({ error: "Inserisci un indirizzo email valido" }, { status: 400 });
  const personal = await collectPersonalData(context.db, email);
  await audit(context.db, session, { action: "export", entity: "person", detail: { format: "json" } });
  const fileName = `dati-${email.replace(/[^a-z0-9]+/g, "-")}.json`;
  return new Response(JSON.stringify(personal, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
