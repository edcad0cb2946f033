import { pingDatabase } from "~/server/db/client.server";
import type { Route } from "./+types/healthz";

/** The probe's own question (does the database answer?), not an error turned into an answer: 200 or 503. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    await pingDatabase(context.db);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "error" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
