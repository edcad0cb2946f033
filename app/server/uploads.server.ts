import { MAX_UPLOAD_BYTES } from "~/content/site";
import { HttpError } from "./http/errors.server";
import { readBodyCapped } from "./http/body.server";
import { storeWebpVariants, type StoredImage } from "./images.server";
import type { Bucket } from "./storage.server";

type ImageFormat = "jpeg" | "png" | "webp" | "avif";

const uploadErrors = {
  missing: "Nessun file selezionato.",
  tooLarge: "Il file è troppo grande. Massimo 5MB.",
  notImage: "Seleziona un file immagine valido (JPEG, PNG, WebP o AVIF).",
  notPdf: "Solo file PDF: il file non è un PDF.",
  invalidPdf: "Il file non è un PDF valido: non si apre come documento o non ha pagine.",
  unreadableImage: "L'immagine non può essere letta.",
} as const;

/** Multipart overhead allowed on top of the file itself (boundaries, headers, other fields). */
const FORM_OVERHEAD_BYTES = 64 * 1024;

function bytesAt(buffer: Uint8Array, offset: number, expected: readonly number[]) {
  if (buffer.length < offset + expected.length) return false;
  return expected.every((byte, index) => buffer[offset + index] === byte);
}

function asciiAt(buffer: Uint8Array, offset: number, text: string) {
  return bytesAt(
    buffer,
    offset,
    [...text].map((char) => char.charCodeAt(0)),
  );
}

/**
 * The raster format of a file, read from its first bytes (never from its name or declared type);
 * null for anything else, SVG included (it can carry scripts).
 */
export function sniffImage(buffer: Uint8Array): ImageFormat | null {
  if (bytesAt(buffer, 0, [0xff, 0xd8, 0xff])) return "jpeg";
  if (bytesAt(buffer, 0, [0x89, 0x50, 0x4e, 0x47])) return "png";
  if (asciiAt(buffer, 0, "RIFF") && asciiAt(buffer, 8, "WEBP")) return "webp";
  if (asciiAt(buffer, 4, "ftypavif")) return "avif";
  return null;
}

export function isPdf(buffer: Uint8Array): boolean {
  return asciiAt(buffer, 0, "%PDF-");
}

/**
 * Reads a multipart body with a hard cap, so an oversized upload is refused with 413 while it
 * streams in, whatever Content-Length says (or does not say).
 */
export async function readMultipart(request: Request, maxFileBytes = MAX_UPLOAD_BYTES): Promise<FormData> {
  const body = await readBodyCapped(request, maxFileBytes + FORM_OVERHEAD_BYTES, uploadErrors);
  const contentType = request.headers.get("content-type") ?? "";
  try {
    return await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw new HttpError(400, uploadErrors.missing);
  }
}

/** A refusal of the file in `field`: the message is that field's. */
const fileRefused = (status: number, field: string, message: string) => new HttpError(status, message, { [field]: message });

/** The named file field as bytes, refused with 400 when absent and 413 when over the limit. */
async function fileBytes(form: FormData, field = "file", maxBytes = MAX_UPLOAD_BYTES): Promise<Buffer> {
  const file = form.get(field);
  if (!(file instanceof File) || file.size === 0) throw fileRefused(400, field, uploadErrors.missing);
  if (file.size > maxBytes) throw fileRefused(413, field, uploadErrors.tooLarge);
  return Buffer.from(await file.arrayBuffer());
}

/**
 * An uploaded image (`imageUpload`) stored as responsive WebP (`storeWebpVariants`); 415 when it
 * cannot be stored: the right magic bytes, but not a decodable image (truncated or crafted).
 */
export async function storeUploadedImage(bucket: Bucket, baseKey: string, buffer: Buffer): Promise<StoredImage> {
  try {
    return await storeWebpVariants(bucket, baseKey, buffer);
  } catch {
    throw new HttpError(415, uploadErrors.unreadableImage);
  }
}

/** Bytes of an uploaded raster image (JPEG, PNG, WebP, AVIF); 415 for anything else. */
export async function imageUpload(form: FormData, field = "file") {
  const buffer = await fileBytes(form, field);
  const format = sniffImage(buffer);
  if (!format) throw fileRefused(415, field, uploadErrors.notImage);
  return { buffer, format };
}

/**
 * Whether the bytes open as a PDF with at least one page: a `%PDF-` header alone proves nothing
 * (HTML after it would still reach clients as an e-mail attachment).
 */
async function opensAsPdf(buffer: Uint8Array): Promise<boolean> {
  // pdf-lib is loaded on the first upload, not at start-up.
  const { PDFDocument } = await import("pdf-lib");
  try {
    const document = await PDFDocument.load(buffer, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    return document.getPageCount() >= 1;
  } catch {
    return false;
  }
}

/** Bytes of an uploaded PDF; 415 for anything else, whatever its name or declared type. */
export async function pdfUpload(form: FormData, field = "file") {
  const buffer = await fileBytes(form, field);
  if (!isPdf(buffer)) throw fileRefused(415, field, uploadErrors.notPdf);
  if (!(await opensAsPdf(buffer))) throw fileRefused(415, field, uploadErrors.invalidPdf);
  return buffer;
}
