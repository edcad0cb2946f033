import type { Route } from "./+types/export";
import { audit } from "~/server/audit.server";
import { bookingStatuses, exportBookings } from "~/server/services/admin-bookings.server";
import { parseListQuery } from "~/server/services/admin-lists.server";
import { contactStatuses, exportContacts } from "~/server/services/admin-contacts.server";
import { csvResponse, toCsv } from "~/server/services/admin-csv.server";
import { todayInItaly } from "~/domain/format";
import { bookingStatusLabels } from "~/domain/group-labels";
import { contactStatusLabels, responseStatusLabels } from "~/domain/statuses";
import { exportResponses, responseStatuses } from "~/server/services/admin-questionnaires.server";
import { requireAdmin } from "~/server/gates.server";

/** Every export starts with who and when: the columns and their values. */
const WHO = ["Data", "Nome", "Email"];
const who = (row: { createdAt: Date; name: string | null; email: string }) => [row.createdAt, row.name, row.email];

/** Today's date in Italy, for the file name. */
const stamp = () => todayInItaly();

/**
 * GET /admin/esporta/{contatti|questionari|prenotazioni}?q=&status= — the rows of the table with
 * the same search and filter, as a CSV download (cells escaped, formulas neutralised), with the
 * screens' column names, Italian labels and dates in Italian time.
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
      header = [...WHO, "Telefono", "Oggetto", "Messaggio", "Stato"];
      rows = found.map((row) => [...who(row), row.phone, row.subject, row.message, contactStatusLabels[row.status]]);
      break;
    }
    case "questionari": {
      const found = await exportResponses(db, parseListQuery(url, await responseStatuses(db)));
      header = [...WHO, "Età", "Genere", "Città", "Orario", "Gruppo scelto", "Stato"];
      rows = found.map((row) => [...who(row), row.age, row.gender, row.city, row.timePreference, row.selectedGroupTherapist, responseStatusLabels[row.status] ?? row.status]);
      break;
    }
    case "prenotazioni": {
      const found = await exportBookings(db, parseListQuery(url, bookingStatuses));
      header = [...WHO, "Fascia d'età", "Gruppo", "Terapeuta", "Stato", "Chiamata richiesta", "Telefono"];
      rows = found.map((row) => [...who(row), row.ageBracket, row.groupName, row.therapistName, bookingStatusLabels[row.status], row.callRequested, row.phone]);
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
