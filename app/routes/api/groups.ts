import type { Route } from "./+types/groups";
import { jsonError, jsonResponse } from "~/server/http/endpoint.server";
import { getSession } from "~/server/auth.server";
import { handleErrors } from "~/server/http/errors.server";
import { minorNotice } from "~/content/minors";
import { recommendedGroups } from "~/server/services/groups.server";
import { identityFromToken, tokenFromRequest } from "~/server/services/identity.server";

/**
 * GET /api/groups: the open group cards with free spots. Personal recommendations (order, badge,
 * reasons) only for the holder of an access token (`?token=` or X-Access-Token); `?email=` alone
 * gives every caller the same generic list, whose cards list no members (docs/decisions/063-group-members-not-public.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleErrors(
    async () => {
      const identity = await identityFromToken(context.db, tokenFromRequest(request));
      const { cards, minor } = await recommendedGroups(context.db, identity?.email ?? null);
      // Groups are for adults: for someone who answered "Meno di 18", no group and the plain reason (app/content/minors.ts).
      if (minor) return jsonResponse(200, { groups: [], minor: true, notice: minorNotice.summary });
      // The members (initial and age bracket) as on the matching page, for a token's holder or anyone signed in; anyone else gets the counts.
      const mayList = Boolean(identity) || Boolean(await getSession(context.db, request));
      return jsonResponse(200, { groups: mayList ? cards : cards.map((card) => ({ ...card, participants: [] })) });
    },
    jsonError,
    { scope: "api/groups", fallback: "Impossibile caricare i gruppi disponibili" },
  );
}
