import { MAX_UPLOAD_BYTES } from "~/content/site";

export type UploadKind = "therapist-photo" | "blog-cover" | "blog-paragraph";

type UploadResult = { ok: true; url: string } | { ok: false; status: number; error: string };

/** The reason the browser refuses a file before sending it (the server checks the bytes again). */
type FileProblem = "type" | "size";

/** What a refused file is told, by kind (the PDF texts match the server's refusals). */
export const fileProblemMessages = {
  pdf: { type: "Solo file PDF.", size: "Il file è troppo grande. Massimo 5MB." },
} as const satisfies Record<string, Record<FileProblem, string>>;

/** The browser's first check of an image: "type", "size" (over 5 MB, as the server counts) or null when fine. */
export function imageFileProblem(file: File): FileProblem | null {
  if (!file.type.startsWith("image/") || file.type === "image/svg+xml") return "type";
  if (file.size > MAX_UPLOAD_BYTES) return "size";
  return null;
}

/** The browser's first check of a legal document: a PDF of at most 5 MB. */
export function pdfFileProblem(file: File): FileProblem | null {
  const pdfName = /\.pdf$/i.test(file.name);
  if (file.type ? file.type !== "application/pdf" : !pdfName) return "type";
  if (file.size > MAX_UPLOAD_BYTES) return "size";
  return null;
}

/** Sends one image to /admin/upload/:kind; the answer is the stored WebP's URL or the refusal's status. */
export async function uploadImage(kind: UploadKind, file: File): Promise<UploadResult> {
  const body = new FormData();
  body.set("file", file);
  try {
    const response = await fetch(`/admin/upload/${kind}`, { method: "POST", body, headers: { Accept: "application/json" } });
    const json = (await response.json().catch(() => ({}))) as { url?: unknown; error?: unknown };
    if (response.ok && typeof json.url === "string") return { ok: true, url: json.url };
    return { ok: false, status: response.status, error: typeof json.error === "string" ? json.error : "" };
  } catch {
    return { ok: false, status: 0, error: "" };
  }
}
