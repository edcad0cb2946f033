import type { Route } from "./+types/invoice-pdf";
import { audit } from "~/server/audit.server";
import { invoicePdfResponse, staffInvoice } from "~/server/services/invoice-documents.server";
import { requireAdmin } from "~/server/gates.server";

/**
 * GET /admin/pagamenti/fattura/:id — any fattura sanitaria or nota di credito as its PDF, opened in the
 * browser. Who may: staff only (anonymous 401, clients and therapists 403); every read audited.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(context.db, request);
  const invoice = await staffInvoice(context.db, params.id);
  if (!invoice) throw new Response("Not Found", { status: 404 });
  await audit(context.db, session, { action: "read", entity: "invoice", entityId: invoice.id, detail: { kind: invoice.kind, number: invoice.number } });
  return invoicePdfResponse(context.db, invoice, "inline");
}
