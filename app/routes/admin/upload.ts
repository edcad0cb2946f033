import { randomBytes } from "node:crypto";
import type { Route } from "./+types/upload";
import { handleErrors, HttpError } from "~/server/http/errors.server";
import { jsonResponse } from "~/server/http/endpoint.server";
import type { Bucket } from "~/server/storage.server";
import { imageUpload, readMultipart, storeUploadedImage } from "~/server/uploads.server";
import { requireAdmin } from "~/server/gates.server";

/** Where each kind of admin image goes (SPEC 7, "Storage"). */
const targets: Record<string, { bucket: Bucket; prefix: string }> = {
  "therapist-photo": { bucket: "therapist-photos", prefix: "therapists" },
  "blog-cover": { bucket: "blog-images", prefix: "covers" },
  "blog-paragraph": { bucket: "blog-images", prefix: "paragraphs" },
};

/** A name made of a timestamp and a random part, so a stored file never changes. */
const uniqueName = () => `${Date.now()}-${randomBytes(6).toString("hex")}`;

/**
 * POST /admin/upload/:kind (multipart, field "file"): checks the bytes (raster image only, 5 MB),
 * re-encodes to responsive WebP and answers { url }. 413 too large, 415 not an image.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  await requireAdmin(context.db, request);
  return handleErrors(
    async () => {
      if (request.method !== "POST") throw new HttpError(405, "Method not allowed");
      const target = targets[params.kind];
      if (!target) throw new HttpError(404, "Unknown upload kind");
      const { buffer } = await imageUpload(await readMultipart(request));
      return jsonResponse(201, await storeUploadedImage(target.bucket, `${target.prefix}/${uniqueName()}`, buffer));
    },
    // The message alone: the editor shows it beside the one file input.
    ({ status, message }) => jsonResponse(status, { error: message }),
    { scope: "admin-upload", fallback: "Errore durante il caricamento dell'immagine." },
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.db, request);
  return jsonResponse(405, { error: "Method not allowed" }, { Allow: "POST" });
}
