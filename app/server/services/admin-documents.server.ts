import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { documents } from "../db/schema";
import { storage } from "../storage.server";
import { ensureGeneratedDocument, legalTexts } from "./legal-pdfs.server";
import { todayInRome } from "~/domain/calendar";

/** The three PDFs attached to registration e-mails; the key is also the file name (DESIGN 5). */
export const documentTypes = [
  { type: "accordo-servizio", label: "Accordo di servizio" },
  { type: "termini-condizioni", label: "Termini e condizioni" },
  { type: "privacy-policy", label: "Privacy policy" },
] as const;

export type DocumentType = (typeof documentTypes)[number]["type"];

export const documentFileName = (type: DocumentType) => `${type}.pdf`;

export function isDocumentType(value: unknown): value is DocumentType {
  return documentTypes.some((document) => document.type === value);
}

/**
 * Each type with the PDF that registrations send (its "live" version): the one staff uploaded
 * (checked by name, as the spec says) or else the one generated from the site's text. An upload
 * dated before the site text's version is flagged as outdated.
 */
export async function listDocuments(db: Database) {
  const rows = await db.select().from(documents);
  return Promise.all(
    documentTypes.map(async ({ type, label }) => {
      const row = rows.find((candidate) => candidate.type === type);
      const exists = await storage().exists("documents", documentFileName(type));
      const { document, path } = legalTexts[type];
      const uploadedAt = exists ? (row?.uploadedAt ?? null) : null;
      return {
        type,
        label,
        fileName: documentFileName(type),
        live: exists ? ("uploaded" as const) : ("generated" as const),
        exists,
        size: exists ? (row?.size ?? null) : null,
        uploadedAt,
        uploadedBy: exists ? (row?.uploadedBy ?? null) : null,
        sitePath: path,
        textVersion: document.version,
        textUpdated: document.updated,
        outdated: uploadedAt !== null && todayInRome(uploadedAt) < document.version,
      };
    }),
  );
}

/** The PDF a registration attaches for a type: the staff's upload if any, otherwise the generated one. */
export async function liveDocumentKey(type: DocumentType) {
  const uploaded = documentFileName(type);
  if (await storage().exists("documents", uploaded)) return uploaded;
  return ensureGeneratedDocument(type);
}

/** Removes the staff's upload, so the PDF generated from the site's text is sent again. */
export async function removeUploadedDocument(db: Database, type: DocumentType) {
  await storage().remove("documents", documentFileName(type));
  await db.delete(documents).where(eq(documents.type, type));
}

/** Stores the PDF under its fixed name (overwriting the previous one) and records who and when. */
export async function saveDocument(db: Database, type: DocumentType, body: Buffer, uploadedBy: string) {
  const fileName = documentFileName(type);
  const sha256 = createHash("sha256").update(body).digest("hex");
  await storage().put("documents", fileName, body, "application/pdf");
  await db
    .insert(documents)
    .values({ type, fileName, size: body.length, sha256, uploadedBy, uploadedAt: sql`now()` })
    .onConflictDoUpdate({
      target: documents.type,
      set: { fileName, size: body.length, sha256, uploadedBy, uploadedAt: sql`now()` },
    });
  return { fileName, size: body.length, sha256 };
}
