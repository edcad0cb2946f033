import type { Route } from "./+types/export";
import { requireAdmin } from "~/server/auth.server";
import { audit } from "~/server/audit.server";
import { bookingStatuses, exportBookings } from "~/server/services/admin-bookings.server";
import { parseListQuery } from "~/server/services/admin-common.server";
import { contactStatuses, exportContacts } from "~/server/services/admin-contacts.server";
import { csvResponse, toCsv } from "~/server/services/admin-csv.server";
import { exportResponses, responseStatuses } from "~/server/services/admin-questionnaires.server";

const stamp = () => new Date().toISOString().slice(0, 10);

/**
 * GET /admin/esporta/{contatti|questionari|prenotazioni}?q=&status= — the rows of the table with
 * the same search and filter, as a CSV download (cells escaped, formulas neutralised).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(context.db, request);
  const url = new URL(request.url);
  const db = context.db;
  let header: string[];
  let rows: unknown[][];
  switch (params.dataset) {
    case "contatti": {
      const found = await exportContacts(db, parseListQuery(url, contactStatuses));
      header = ["created_at", "name", "email", "phone", "subject", "message", "status"];
      rows = found.map((row) => [row.createdAt, row.name, row.email, row.phone, row.subject, row.message, row.status]);
      break;
    }
    case "questionari": {
      const found = await exportResponses(db, parseListQuery(url, await responseStatuses(db)));
      header = ["created_at", "name", "email", "age", "gender", "city", "time_preference", "selected_group_therapist", "status"];
      rows = found.map((row) => [
        row.createdAt,
        row.name,
        row.email,
        row.age,
        row.gender,
        row.city,
        row.timePreference,
        row.selectedGroupTherapist,
        row.status,
      ]);
      break;
    }
    case "prenotazioni": {
      const found = await exportBookings(db, parseListQuery(url, bookingStatuses));
      header = ["created_at", "name", "email", "age_bracket", "group", "therapist", "status", "call_requested", "phone"];
      rows = found.map((row) => [
        row.createdAt,
        row.name,
        row.email,
        row.ageBracket,
        row.groupName,
        row.therapistName,
        row.status,
        row.callRequested,
        row.phone,
      ]);
      break;
    }
    default:
      throw new Response("Not Found", { status: 404 });
  }
  await audit(db, session, {
    action: "export",
    entity: params.dataset,
    detail: {
      rows: rows.length,
      q: url.searchParams.get("q") || undefined,
      status: url.searchParams.get("status") || undefined,
    },
  });
  return csvResponse(`${params.dataset}-${stamp()}.csv`, toCsv(header, rows));
}
