import { getFormProps } from "@conform-to/react";
import { useActionForm } from "~/components/admin/action-result";
import { useRowConflict } from "~/components/admin/conflict-notice";
import { Spinner } from "~/components/admin/page";
import { FiscalProfileFields, fiscalProfileDefaults } from "~/components/fiscal-profile-fields";
import { staffFiscalProfileSchema } from "~/domain/fiscal-forms";
import { conflictMessages } from "~/domain/version";

/** Where staff's edit of a person's fiscal data posts (the route module `routes/admin/person-fiscal-data.tsx`). */
export const staffFiscalDataPath = (bookingId: string) => `/admin/persone/${bookingId}/dati-fiscali`;

/**
 * Staff's form for a person's fiscal data, usable on any admin page: it posts to the route above
 * (audited there), shows the answer as a toast, the refusal on its fields, and "changed by someone
 * else" with Ricarica when the data were saved after the page was loaded.
 */
export function StaffFiscalProfileForm({ bookingId, version, profile }: { bookingId: string; version: string; profile: Parameters<typeof fiscalProfileDefaults>[0] }) {
  const { onConflict, notice } = useRowConflict(conflictMessages.form);
  // A new version (after a save, or Ricarica) starts the form from what is saved.
  const { fetcher, busy, form, fields } = useActionForm(staffFiscalProfileSchema, {
    id: `fiscal-profile-${bookingId}-${version}`,
    defaultValue: fiscalProfileDefaults(profile),
    onConflict,
  });
  return (
    <fetcher.Form method="post" action={staffFiscalDataPath(bookingId)} {...getFormProps(form)} className="grid gap-4 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6">
      {notice}
      <input type="hidden" name="version" value={version} />
      <FiscalProfileFields fields={fields} who="staff" />
      <button type="submit" className="btn btn-primary w-full sm:w-fit" disabled={busy}>
        {busy ? <Spinner /> : null}
        Salva i dati fiscali
      </button>
    </fetcher.Form>
  );
}
