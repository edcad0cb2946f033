import type { Route } from "./+types/isee-file";
import { audit } from "~/server/audit.server";
import { iseeAttestation } from "~/server/services/client-payments.server";
import { requireAdmin } from "~/server/gates.server";

/** GET /admin/pagamenti/isee/:id — the ISEE attestation a member uploaded, for staff only; every read audited. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(context.db, request);
  const attestation = await iseeAttestation(context.db, params.id);
  if (!attestation) throw new Response("Not Found", { status: 404 });
  await audit(context.db, session, { action: "read", entity: "isee-request", entityId: attestation.request.id, detail: { bookingId: attestation.request.bookingId } });
  return new Response(new Uint8Array(attestation.body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="isee-${attestation.request.id}.pdf"`,
      "Content-Length": String(attestation.body.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      // A PDF viewer only: nothing in the file may run script or reach anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
