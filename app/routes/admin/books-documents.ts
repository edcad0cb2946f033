import type { Route } from "./+types/books-documents";
import { booksPeriodSchema } from "~/domain/books-exports";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/gates.server";
import { parseFields } from "~/server/http/body.server";
import { loadPage } from "~/server/http/errors.server";
import { csvResponse } from "~/server/services/admin-csv.server";
import { booksDocumentsCsv } from "~/server/services/books-exports.server";

/**
 * GET /admin/contabilita/documenti?dal=YYYY-MM-DD&al=YYYY-MM-DD — staff only (401 anonymous, 403
 * anyone else): the fatture and note di credito issued in the period and the payments whose invoice
 * still waits, as a CSV for Italian Excel, streamed from the database batch by batch, without a row
 * limit. Audited; a bad period is a 400 naming it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(context.db, request);
  return loadPage("admin-books-documents", async () => {
    const period = parseFields(booksPeriodSchema, Object.fromEntries(new URL(request.url).searchParams));
    await audit(context.db, session, { action: "export", entity: "books_documents", detail: { from: period.dal, to: period.al } });
    return csvResponse(`documenti-${period.dal}-${period.al}.csv`, booksDocumentsCsv(context.db, period));
  });
}
