import type { Route } from "./+types/sistema-ts-file";
import { sistemaTsYearSchema } from "~/domain/books-exports";
import { SistemaTsError } from "~/domain/sistema-ts";
import { audit } from "~/server/audit.server";
import { env } from "~/server/env.server";
import { requireAdmin } from "~/server/gates.server";
import { parseFields } from "~/server/http/body.server";
import { HttpError, loadPage } from "~/server/http/errors.server";
import { downloadResponse } from "~/server/services/admin-csv.server";
import { sistemaTsFile } from "~/server/services/books-exports.server";

/**
 * GET /admin/contabilita/sistema-ts?anno=YYYY — staff only (401 anonymous, 403 anyone else): the
 * year's file for the Sistema Tessera Sanitaria, one record per fattura and nota di credito paid in
 * the year. With SISTEMA_TS_CERTIFICATE the codici fiscali are encrypted (sistema-ts-AAAA.xml);
 * without it (or with an expired one) the same file comes as a preview with the codici in clear,
 * sistema-ts-AAAA-anteprima.xml, not to be uploaded. 409 listing what is wrong while the Sistema TS
 * would reject it. Audited.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(context.db, request);
  return loadPage("admin-sistema-ts", async () => {
    const { anno } = parseFields(sistemaTsYearSchema, Object.fromEntries(new URL(request.url).searchParams));
    const file = await sistemaTsFile(context.db, anno, env().sistemaTsCertificate).catch((error: unknown) => {
      if (error instanceof SistemaTsError) throw new HttpError(409, `Il file del ${anno} non si può ancora produrre: ${error.problems.join(" ")}`);
      throw error;
    });
    await audit(context.db, session, { action: "export", entity: "sistema_ts", detail: { year: anno, documents: file.documents, preview: file.preview } });
    return downloadResponse(file.fileName, "application/xml; charset=utf-8", file.body);
  });
}
