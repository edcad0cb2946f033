import type { Route } from "./+types/invoice-pdf";
import { audit } from "~/server/audit.server";
import { notTheirs } from "~/server/services/client-area.server";
import { clientInvoice, invoicePdfResponse } from "~/server/services/invoice-documents.server";
import { requireClient } from "~/server/gates.server";
import { pageError } from "~/server/http/errors.server";

/**
 * GET /area-personale/pagamenti/fattura/:id — who may: the signed-in client whose invoice or credit
 * note it is (anyone else's, or a missing one, answers the same 404; anonymous visitors go to the
 * sign-in form; staff and therapists 403). The same PDF staff open, downloaded; every read audited.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const client = await requireClient(context.db, request);
  const invoice = await clientInvoice(context.db, client, params.id);
  if (!invoice) pageError(notTheirs());
  await audit(context.db, client.session, { action: "read", entity: "invoice", entityId: invoice.id, detail: { kind: invoice.kind, number: invoice.number, by: "self" } });
  return invoicePdfResponse(context.db, invoice, "attachment");
}
