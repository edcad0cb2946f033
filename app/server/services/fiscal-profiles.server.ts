import { eq, getTableColumns, sql } from "drizzle-orm";
import type { FiscalProfileInput } from "~/domain/fiscal-forms";
import { audit, changesOf } from "../audit.server";
import type { SessionInfo } from "../auth.server";
import type { Database } from "../db/client.server";
import { fiscalDataRequests, fiscalProfiles, groupBookings } from "../db/schema";
import { formColumns } from "../db/form-columns.server";
import { HttpError } from "../http/errors.server";
import { VersionConflict, versionOf } from "../record-versions.server";
import { countWaitingInvoices, fiscalEmail, issueWaitingInvoices } from "./invoices.server";

/**
 * A person's data for their invoices (issue 29), by e-mail address in lower case: entered by the
 * person in /area-personale/dati-fiscali, or by staff (audited) from the admin. Saving draws the
 * person's invoices that were waiting for it. Issued invoices keep the data they were drawn with.
 */

/** The columns the form writes, in the form's order. */
const profileFields = ["firstName", "lastName", "addressLine", "postalCode", "city", "province", "codiceFiscale", "tsOpposition"] as const;

const rowOf = (input: FiscalProfileInput) => formColumns(fiscalProfiles, input);

const profileWithVersion = { ...getTableColumns(fiscalProfiles), version: versionOf(fiscalProfiles.updatedAt) };

/**
 * What the person's form needs: their saved data (with its version, "0" when none), when they were
 * asked for it, and how many of their invoices wait for it.
 */
export async function fiscalDataOf(db: Database, email: string) {
  const key = fiscalEmail(email);
  const [[profile], [request], waiting] = await Promise.all([
    db.select(profileWithVersion).from(fiscalProfiles).where(eq(fiscalProfiles.email, key)),
    db.select({ requestedAt: fiscalDataRequests.requestedAt }).from(fiscalDataRequests).where(eq(fiscalDataRequests.email, key)),
    countWaitingInvoices(db, key),
  ]);
  return { profile: profile ?? null, version: profile?.version ?? "0", requestedAt: request?.requestedAt ?? null, waiting };
}

/** Whether the person was asked for their fiscal data and has not given it yet: the notice in their area. */
export async function fiscalDataMissing(db: Database, email: string) {
  const key = fiscalEmail(email);
  const [row] = await db
    .select({ missing: sql<boolean>`not exists (select 1 from ${fiscalProfiles} where ${fiscalProfiles.email} = ${key})` })
    .from(fiscalDataRequests)
    .where(eq(fiscalDataRequests.email, key));
  return row?.missing ?? false;
}

/** The person of a booking, for staff's edit of their fiscal data: 404 when there is no such booking. */
export async function fiscalDataOfBooking(db: Database, bookingId: string) {
  const [booking] = /^[0-9a-f-]{36}$/i.test(bookingId)
    ? await db.select({ id: groupBookings.id, name: groupBookings.name, email: groupBookings.email }).from(groupBookings).where(eq(groupBookings.id, bookingId))
    : [];
  if (!booking) throw new HttpError(404, "Persona non trovata.");
  return { booking, ...(await fiscalDataOf(db, booking.email)) };
}

interface SaveOptions {
  /** Staff's form: the version it was loaded from ("0": no data yet); a save over a newer one is refused (409). */
  version?: string;
}

/** Who saves fiscal data: staff for anyone's (`staff`), or the signed-in person for their own (`self`). */
export type FiscalDataAuthor = { staff: SessionInfo } | { self: SessionInfo };

/**
 * Saves the person's fiscal data. Every write is audited in its transaction (which fields changed,
 * not their values, which are personal data; a person's own save with `by: "self"`); `updated_by` names
 * staff, and is null when the person saved their own. Then the person's waiting invoices are issued;
 * returns how many, and what changed.
 */
export async function saveFiscalProfile(db: Database, author: FiscalDataAuthor, email: string, input: FiscalProfileInput, { version }: SaveOptions = {}) {
  const actor = "staff" in author ? author.staff : null;
  const key = fiscalEmail(email);
  const values = rowOf(input);
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx.select(profileWithVersion).from(fiscalProfiles).where(eq(fiscalProfiles.email, key)).for("update");
    if (version !== undefined && version !== (before?.version ?? "0")) throw new VersionConflict();
    const changed = Object.keys(changesOf(before ?? null, values, profileFields));
    if (before && changed.length === 0) return { created: false, changed };
    const updatedBy = actor?.user.id ?? null;
    await tx
      .insert(fiscalProfiles)
      .values({ email: key, ...values, updatedBy })
      .onConflictDoUpdate({ target: fiscalProfiles.email, set: { ...values, updatedBy, updatedAt: sql`now()` } });
    const action = before ? "update" : "create";
    if ("staff" in author) await audit(tx, author.staff, { action, entity: "fiscal_profile", entityId: key, detail: { changed } });
    else await audit(tx, author.self, { action, entity: "fiscal_profile", entityId: key, detail: { changed, by: "self" } });
    return { created: !before, changed };
  });
  const issued = await issueWaitingInvoices(db, key, actor?.user.id ?? null);
  return { ...saved, issued };
}
