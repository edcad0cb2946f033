import type { Route } from "./+types/session-ics";
import { sessionCalendar } from "~/server/services/client-calendar.server";
import { requireClient } from "~/server/gates.server";
import { loadPage } from "~/server/http/errors.server";

/**
 * /area-personale/incontri/:sessionId/calendario.ics — who may: a signed-in client who is a
 * confirmed member of the meeting's group (404 for anyone else's meeting). One meeting as an
 * iCalendar file, without the video link (calendar services keep copies).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const client = await requireClient(context.db, request);
  const body = await loadPage("client-session-ics", () => sessionCalendar(context.db, client, params.sessionId));
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="incontro-${params.sessionId.slice(0, 8)}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
