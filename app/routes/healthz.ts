import { sql } from "drizzle-orm";
import type { Route } from "./+types/healthz";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    await context.db.execute(sql`select 1`);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "error" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
