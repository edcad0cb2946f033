import { IMAGE_WIDTHS, variantKey } from "~/domain/images";
import { publicUrl, storage, type Bucket } from "./storage.server";

export interface StoredImage {
  url: string;
  width: number;
  height: number;
}

/**
 * sharp (libvips), loaded on the first upload rather than at start: its native library is 19 MB of
 * the server's RSS that most processes never use. Its operation cache (up to 50 MB, kept between
 * uploads) is off: an upload is read once. docs/decisions/083-server-memory-bounds.md
 */
const loadImageLibrary = () =>
  import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
let loaded: ReturnType<typeof loadImageLibrary> | undefined;
const imageLibrary = () => (loaded ??= loadImageLibrary());

/**
 * Re-encodes an image as WebP in responsive widths and stores them; re-encoding drops EXIF
 * and every other metadata block. Returns the URL of the largest variant.
 */
export async function storeWebpVariants(bucket: Bucket, baseKey: string, input: Buffer): Promise<StoredImage> {
  const sharp = await imageLibrary();
  const image = sharp(input, { failOn: "error" }).rotate();
  const meta = await image.metadata();
  const sourceWidth = meta.autoOrient?.width ?? meta.width ?? 0;
  const sourceHeight = meta.autoOrient?.height ?? meta.height ?? 0;
  const max = Math.min(sourceWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  const widths = [...IMAGE_WIDTHS.filter((width) => width < max), max];
  await Promise.all(
    widths.map(async (width) => {
      const body = await image.clone().resize({ width }).webp({ quality: 78 }).toBuffer();
      await storage().put(bucket, variantKey(baseKey, max, width), body, "image/webp");
    }),
  );
  return { url: publicUrl(bucket, variantKey(baseKey, max)), width: max, height: Math.round((sourceHeight * max) / sourceWidth) };
}
