import type { Route } from "./+types/groups";
import { jsonResponse } from "~/server/http.server";
import { isDatabaseUnavailable } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { outageResponse } from "~/server/outage.server";
import { recommendedGroups } from "~/server/services/groups.server";
import { identityFromToken, tokenFromRequest } from "~/server/services/identity.server";

/**
 * GET /api/groups: the open group cards with free spots. Personal recommendations (order, badge,
 * reasons) only for the holder of an access token (`?token=` or X-Access-Token); `?email=` alone
 * gives every caller the same generic list.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const identity = await identityFromToken(context.db, tokenFromRequest(request));
    const { cards } = await recommendedGroups(context.db, identity?.email ?? null);
    return jsonResponse(200, { groups: cards });
  } catch (error) {
    if (isDatabaseUnavailable(error)) return outageResponse(request, "api/groups", error);
    logger.error({ err: error }, "groups could not be loaded");
    return jsonResponse(500, { error: "Impossibile caricare i gruppi disponibili" });
  }
}
