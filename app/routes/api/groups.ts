import type { Route } from "./+types/groups";
import { jsonResponse } from "~/server/http.server";
import { logger } from "~/server/logger.server";
import { recommendedGroups } from "~/server/services/groups.server";

/** GET /api/groups?email=…: the recommended group cards (open groups with free spots), best first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("email")?.trim() || null;
  // PostgreSQL text cannot hold NUL: such an address matches nobody.
  const email = raw && !raw.includes("\0") ? raw : null;
  try {
    const { cards } = await recommendedGroups(context.db, email);
    return jsonResponse(200, { groups: cards });
  } catch (error) {
    logger.error({ err: error }, "groups could not be loaded");
    return jsonResponse(500, { error: "Impossibile caricare i gruppi disponibili" });
  }
}
