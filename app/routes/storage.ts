import type { Route } from "./+types/storage";
import { isBucket, privateBuckets, storage } from "~/server/storage.server";

/** Serves public uploads (photos, blog images). Documents and ISEE attestations are private (privateBuckets). */
export async function loader({ params }: Route.LoaderArgs) {
  const bucket = params.bucket;
  const key = params["*"] ?? "";
  if (!isBucket(bucket) || privateBuckets.has(bucket)) throw new Response("Not Found", { status: 404 });
  const object = await storage().get(bucket, key);
  if (!object) throw new Response("Not Found", { status: 404 });
  return new Response(new Uint8Array(object.body), {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.body.length),
      "X-Content-Type-Options": "nosniff",
      // Keys are unique per upload, so a stored file never changes.
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
