import type { Route } from "./+types/export";
import { audit } from "~/server/audit.server";
import { bookingStatuses, exportBookings } from "~/server/services/admin-bookings.server";
import { parseListQuery } from "~/server/services/admin-lists.server";
import { contactStatuses, exportContacts } from "~/server/services/admin-contacts.server";
import { csvResponse, csvStream } from "~/server/services/admin-csv.server";
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
 * GET /admin/esporta/{contatti|questionari|prenotazioni}?q=&status= (staff only) — every row of the
 * table with the same search and filter, as a CSV download (cells escaped, formulas neutralised), with
 * the screens' column names, Italian labels and dates in Italian time; streamed in batches of 500
 * read as the client takes them, so no row limit and one batch in memory.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(context.db, request);
  const url = new URL(request.url);
  const db = context.db;
  let body: ReadableStream<Uint8Array>;
  switch (params.dataset) {
    case "contatti":
      body = csvStream([...WHO, "Telefono", "Oggetto", "Messaggio", "Stato"], exportContacts(db, parseListQuery(url, contactStatuses)), (row) => [
        ...who(row),
        row.phone,
        row.subject,
        row.message,
        contactStatusLabels[row.status],
      ]);
      break;
    case "questionari":
      body = csvStream([...WHO, "Età", "Genere", "Città", "Orario", "Gruppo scelto", "Stato"], exportResponses(db, parseListQuery(url, await responseStatuses(db))), (row) => [
        ...who(row),
        row.age,
        row.gender,
        row.city,
        row.timePreference,
        row.selectedGroupTherapist,
        responseStatusLabels[row.status] ?? row.status,
      ]);
      break;
    case "prenotazioni":
      body = csvStream(
        [...WHO, "Fascia d'età", "Gruppo", "Terapeuta", "Stato", "Chiamata richiesta", "Telefono"],
        exportBookings(db, parseListQuery(url, bookingStatuses)),
        (row) => [...who(row), row.ageBracket, row.groupName, row.therapistName, bookingStatusLabels[row.status], row.callRequested, row.phone],
      );
      break;
    default:
      throw new Response("Not Found", { status: 404 });
  }
  // Audited before the first row is read: the file streams afterwards, batch by batch, with no row limit.
  await audit(db, session, {
    action: "export",
    entity: params.dataset,
    detail: { q: url.searchParams.get("q") || undefined, status: url.searchParams.get("status") || undefined },
  });
  return csvResponse(`${params.dataset}-${stamp()}.csv`, body);
}
