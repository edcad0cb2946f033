import { eq, getTableColumns, sql } from "drizzle-orm";
import type { PracticeSettingsInput } from "~/domain/fiscal-forms";
import { demoPracticeIdentity } from "~/domain/fiscal-identity";
import { audit, changesOf } from "../audit.server";
import type { SessionInfo } from "../auth.server";
import type { Database } from "../db/client.server";
import { practiceSettings } from "../db/schema";
import { formColumns } from "../db/form-columns.server";
import { VersionConflict, versionOf } from "../record-versions.server";
import { countWaitingInvoices, demoValuesRefused, issueWaitingInvoices, practiceGaps } from "./invoices.server";

/**
 * The practice's fiscal identity (issue 29), the one row of practice_settings, set by staff on
 * /admin/impostazioni: what every invoice prints as its issuer. A save that completes it draws the
 * invoices that were waiting for it.
 */

/** The columns the form writes, in the form's order: all of them are printed on the invoices, so none is secret. */
const settingsFields = [
  "legalName",
  "addressLine",
  "postalCode",
  "city",
  "province",
  "partitaIva",
  "codiceFiscale",
  "taxRegimeNote",
  "iban",
  "bic",
  "accountHolder",
  "stampDutyCharged",
] as const;

/** While any of these still holds the demo's value, the row stays marked as demo values. */
const identityFields = ["legalName", "partitaIva", "codiceFiscale", "iban"] as const satisfies readonly (keyof typeof demoPracticeIdentity)[];

const rowOf = ({ version: _version, stamp_duty, ...fields }: PracticeSettingsInput) => ({
  ...formColumns(practiceSettings, fields),
  stampDutyCharged: stamp_duty === "person",
});

const settingsWithVersion = { ...getTableColumns(practiceSettings), version: versionOf(practiceSettings.updatedAt) };

/** The settings screen: the saved row (null before the first save), its version, what is missing, how many invoices wait. */
export async function practiceSettingsPage(db: Database) {
  const [[settings], waiting] = await Promise.all([db.select(settingsWithVersion).from(practiceSettings).where(eq(practiceSettings.id, 1)), countWaitingInvoices(db, null)]);
  return { settings: settings ?? null, version: settings?.version ?? "0", gaps: practiceGaps(settings ?? null), demoRefused: demoValuesRefused(), waiting };
}

/**
 * Saves the practice's identity from staff's form, checked against the version it was loaded from;
 * audited in the same transaction with every changed field's old and new value. Replacing the
 * demo's name, partita IVA, codice fiscale and IBAN clears the demo mark. When nothing is missing
 * afterwards, the waiting invoices are issued: returns how many, and what is still missing.
 */
export async function savePracticeSettings(db: Database, actor: SessionInfo, input: PracticeSettingsInput) {
  const values = rowOf(input);
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx.select(settingsWithVersion).from(practiceSettings).where(eq(practiceSettings.id, 1)).for("update");
    if (input.version !== (before?.version ?? "0")) throw new VersionConflict();
    const demo = Boolean(before?.demo) && identityFields.some((field) => values[field] === demoPracticeIdentity[field]);
    const changes = changesOf(before ?? null, { ...values, demo }, [...settingsFields, "demo"]);
    if (before && Object.keys(changes).length > 0) {
      await tx
        .update(practiceSettings)
        .set({ ...values, demo, updatedBy: actor.user.id, updatedAt: sql`now()` })
        .where(eq(practiceSettings.id, 1));
    } else if (!before) {
      await tx.insert(practiceSettings).values({ id: 1, ...values, demo, updatedBy: actor.user.id });
    }
    if (!before || Object.keys(changes).length > 0)
      await audit(tx, actor, { action: before ? "update" : "create", entity: "practice_settings", entityId: "1", detail: { changes } });
    return { demo, changed: Object.keys(changes), gaps: practiceGaps({ ...values, demo }) };
  });
  const issued = saved.gaps.length === 0 ? await issueWaitingInvoices(db, null, actor.user.id) : 0;
  return { ...saved, issued };
}
