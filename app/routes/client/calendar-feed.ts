import type { Route } from "./+types/calendar-feed";
import { feedCalendar } from "~/server/services/client-calendar.server";

/**
 * /area-personale/calendario/:token — who may: whoever holds the feed URL the client made in their
 * area (a calendar app has no session). Unknown, revoked and malformed tokens answer the same 404.
 * The path's secret is redacted in the request log.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const body = await feedCalendar(context.db, params.token);
  if (body === null) return new Response("Calendario non trovato.", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="insieme.ics"',
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
