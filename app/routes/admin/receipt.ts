import type { Route } from "./+types/receipt";
import { audit } from "~/server/audit.server";
import { getReceipt } from "~/server/services/payments.server";
import { receiptResponse } from "~/server/services/receipt-pdf.server";
import { requireAdmin } from "~/server/gates.server";

/** GET /admin/pagamenti/ricevuta/:id — the numbered PDF receipt of one payment, for staff only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(context.db, request);
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw new Response("Not Found", { status: 404 });
  const receipt = await getReceipt(context.db, params.id);
  if (!receipt) throw new Response("Not Found", { status: 404 });
  await audit(context.db, session, { action: "read", entity: "payment", entityId: receipt.id, detail: { receiptNumber: receipt.receiptNumber } });
  return receiptResponse(receipt, "inline");
}
