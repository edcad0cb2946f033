import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/person-fiscal-data";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { StaffFiscalProfileForm } from "~/components/admin/fiscal-profile-form";
import { PageHeader } from "~/components/admin/page";
import { staffFiscalProfileSchema, issuedInvoicesText } from "~/domain/fiscal-forms";
import { formatDateTime } from "~/domain/format";
import { conflictMessages } from "~/domain/version";
import { audit } from "~/server/audit.server";
import { parseSubmission } from "~/server/form-submission.server";
import { adminPageData, requireAdmin } from "~/server/gates.server";
import { loadPage } from "~/server/http/errors.server";
import { actionOk, checkFields, staffAction, submissionRefused } from "~/server/http/staff-action.server";
import { fiscalDataOfBooking, saveFiscalProfile } from "~/server/services/fiscal-profiles.server";

/**
 * /admin/persone/:bookingId/dati-fiscali — who may: staff only (anonymous 401, clients and
 * therapists 403). The fiscal data of the person of a booking (by their address, across their
 * bookings), as the person enters them in /area-personale/dati-fiscali; every read and save is
 * audited, and a save issues the person's waiting invoices. Its action also serves
 * `StaffFiscalProfileForm` on other admin pages.
 */

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, (session) =>
    loadPage("admin-fiscal-profile", async () => {
      const page = await fiscalDataOfBooking(context.db, params.bookingId);
      await audit(context.db, session, { action: "read", entity: "fiscal_profile", entityId: page.booking.email.toLowerCase(), detail: { bookingId: page.booking.id } });
      return page;
    }),
  );
}

const INTENT = "fiscal-profile";
const refusedTitle = "Dati fiscali non salvati";

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireAdmin(context.db, request);
  const submission = parseSubmission(await request.formData(), staffFiscalProfileSchema);
  if (submission.status !== "success") return submissionRefused(INTENT, refusedTitle, submission, { description: checkFields });
  const { version, ...input } = submission.value;
  return staffAction(
    INTENT,
    async () => {
      const { booking } = await fiscalDataOfBooking(context.db, params.bookingId);
      const saved = await saveFiscalProfile(context.db, { staff: actor }, booking.email, input, { version });
      const parts = [saved.created || saved.changed.length > 0 ? "Dati fiscali salvati." : "Nessuna modifica da salvare."];
      if (saved.issued > 0) parts.push(`${issuedInvoicesText(saved.issued)} tra quelle in attesa.`);
      return actionOk(INTENT, parts.join(" "));
    },
    { scope: "admin-fiscal-profile", title: refusedTitle, fallback: "Si è verificato un errore. Riprova più tardi.", submission, conflictDescription: conflictMessages.form },
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Dati fiscali · Admin" }];

export default function PersonFiscalData({ loaderData }: Route.ComponentProps) {
  const { booking, profile, version, requestedAt, waiting } = loaderData;
  return (
    <section className="grid max-w-3xl gap-6">
      <Link to="/admin/pagamenti" className="inline-flex min-h-11 w-fit items-center gap-2 text-sm font-semibold text-teal-700 hover:text-teal-800">
        <ArrowLeft aria-hidden className="size-4" />
        Pagamenti
      </Link>
      <PageHeader
        title={`Dati fiscali di ${booking.name ?? booking.email}`}
        description={<>{booking.email} · valgono per tutte le prenotazioni con questo indirizzo. Le fatture già emesse non cambiano.</>}
      />
      <ul className="grid gap-1 rounded-2xl border border-sand-200 bg-white p-4 text-sm text-ink-700">
        <li>
          {profile
            ? `Ultima modifica: ${formatDateTime(profile.updatedAt)}${profile.updatedBy ? " (staff)" : " (dalla persona)"}.`
            : "La persona non ha ancora inserito i suoi dati fiscali."}
        </li>
        {requestedAt ? <li>Richiesti per email il {formatDateTime(requestedAt)}.</li> : null}
        <li>{waiting > 0 ? `Fatture in attesa di questi dati: ${waiting}.` : "Nessuna fattura in attesa."}</li>
      </ul>
      <StaffFiscalProfileForm bookingId={booking.id} version={version} profile={profile} />
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
