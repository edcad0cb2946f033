import type { Route } from "./+types/therapist-statement";
import { statementCsvHeaders, statementCsvRows, statementMonthSchema } from "~/domain/books-exports";
import { italianCsv } from "~/domain/italian-csv";
import { slugify } from "~/domain/slug";
import { z } from "~/domain/zod";
import { legalEntity } from "~/content/legal";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/gates.server";
import { parseFields } from "~/server/http/body.server";
import { loadPage } from "~/server/http/errors.server";
import { csvResponse, downloadResponse } from "~/server/services/admin-csv.server";
import { therapistStatement } from "~/server/services/books-exports.server";
import { practiceFiscalIdentity } from "~/server/services/invoices.server";
import { therapistStatementPdf } from "~/server/therapist-statement-pdf.server";

const statementQuery = statementMonthSchema.extend({
  terapeuta: z.uuid({ error: "Terapeuta non trovato." }),
  formato: z.enum(["csv", "pdf"], "Scegli CSV o PDF."),
});

/**
 * GET /admin/contabilita/prospetto?terapeuta=<id>&mese=YYYY-MM&formato=csv|pdf — staff only (401
 * anonymous, 403 anyone else): one therapist's monthly statement (meetings held, member-sessions
 * charged, the therapist's share of each), as CSV for Italian Excel or as an A4 PDF. Audited.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(context.db, request);
  return loadPage("admin-therapist-statement", async () => {
    const query = parseFields(statementQuery, Object.fromEntries(new URL(request.url).searchParams));
    const statement = await therapistStatement(context.db, query.terapeuta, query.mese);
    await audit(context.db, session, { action: "export", entity: "therapist_statement", entityId: query.terapeuta, detail: { month: query.mese, format: query.formato } });
    const fileName = `prospetto-${query.mese}-${slugify(statement.therapist.name)}.${query.formato}`;
    if (query.formato === "csv") return csvResponse(fileName, italianCsv(statementCsvHeaders, statementCsvRows(statement.sessions)));
    const { settings } = await practiceFiscalIdentity(context.db);
    const pdf = await therapistStatementPdf({ ...statement, practice: settings?.legalName ?? legalEntity.name, drawnAt: new Date() });
    return downloadResponse(fileName, "application/pdf", new Uint8Array(pdf));
  });
}
