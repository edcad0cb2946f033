import type { Route } from "./+types/document-file";
import { documentFileName, isDocumentType, liveDocumentKey } from "~/server/services/admin-documents.server";
import { storage } from "~/server/storage.server";
import { requireAdmin } from "~/server/gates.server";

/**
 * GET /admin/documenti/:type — the PDF registrations attach now (the staff's upload, or the one
 * generated from the site's text), for staff to read; `?download` saves it instead of opening it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.db, request);
  if (!isDocumentType(params.type)) throw new Response("Not Found", { status: 404 });
  const stored = await storage().get("documents", await liveDocumentKey(params.type));
  if (!stored) throw new Response("Not Found", { status: 404 });
  const disposition = new URL(request.url).searchParams.has("download") ? "attachment" : "inline";
  return new Response(new Uint8Array(stored.body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${disposition}; filename="${documentFileName(params.type)}"`,
      "Content-Length": String(stored.body.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
