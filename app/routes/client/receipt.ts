import type { Route } from "./+types/receipt";
import { notTheirs } from "~/server/services/client-area.server";
import { clientReceipt } from "~/server/services/client-payments.server";
import { receiptResponse } from "~/server/services/receipt-pdf.server";
import { requireClient } from "~/server/gates.server";
import { pageError } from "~/server/http/errors.server";

/**
 * GET /area-personale/pagamenti/ricevuta/:paymentId — who may: the signed-in client whose payment it
 * is (anyone else's, or a missing one, answers the same 404; anonymous visitors go to the sign-in form;
 * staff and therapists 403). The same numbered PDF receipt staff download.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const client = await requireClient(context.db, request);
  const receipt = await clientReceipt(context.db, client, params.paymentId);
  if (!receipt) pageError(notTheirs());
  return receiptResponse(receipt, "attachment");
}
