import { sql, type Column, type SQL } from "drizzle-orm";
import { z } from "zod";
import { conflictMessages } from "~/domain/version";
import { HttpError } from "./http/errors.server";

/** Optimistic concurrency: a form sends back the version its record had, and a save over another one is refused. */

/**
 * A record's version for optimistic concurrency: its updated_at in microseconds since the epoch, as
 * text (exact, where a JavaScript Date would drop the microseconds).
 */
export const versionOf = (column: Column) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** True when the record still has the version the form was loaded from. */
export const hasVersion = (column: Column, version: string): SQL => sql`(extract(epoch from ${column}) * 1000000)::bigint = ${version}::bigint`;

/** The version a form sends back (hidden field `version`). */
export const versionSchema = z.string({ error: "Versione mancante: ricarica la pagina." }).regex(/^\d{1,20}$/, "Versione mancante: ricarica la pagina.");

/** Someone saved the record after this form was loaded: nothing is written (409). */
export class VersionConflict extends HttpError {
  constructor() {
    super(409, conflictMessages.title);
  }
}
