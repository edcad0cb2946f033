import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { documents } from "../db/schema";
import { storage } from "../storage.server";

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

/** Each type with whether its PDF is in storage (checked by name, as the spec says) and its record. */
export async function listDocuments(db: Database) {
  const rows = await db.select().from(documents);
  return Promise.all(
    documentTypes.map(async ({ type, label }) => {
      const row = rows.find((candidate) => candidate.type === type);
      const exists = await storage().exists("documents", documentFileName(type));
      return {
        type,
        label,
        fileName: documentFileName(type),
        exists,
        size: exists ? (row?.size ?? null) : null,
        uploadedAt: exists ? (row?.uploadedAt ?? null) : null,
        uploadedBy: exists ? (row?.uploadedBy ?? null) : null,
      };
    }),
  );
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
