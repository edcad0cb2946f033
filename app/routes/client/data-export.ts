import type { Route } from "./+types/data-export";
import { exportClientData } from "~/server/services/client-data.server";
import { requireClient } from "~/server/gates.server";

/**
 * /area-personale/dati/esporta — who may: a signed-in client, for their own verified address only.
 * Everything held about it (art. 15/20), the same document staff can export, as a JSON file.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const client = await requireClient(context.db, request);
  const personal = await exportClientData(context.db, client);
  return new Response(JSON.stringify(personal, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="i-miei-dati.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
