import type { Route } from "./+types/safety-alerts";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { PageHeader } from "~/components/admin/page";
import { SafetyAlertList } from "~/components/safety/safety-alert-list";
import { TitledSection } from "~/components/site/titled-section";
import { adminPageData, requireAdmin } from "~/server/gates.server";
import { acknowledgeAction, acknowledgeAsStaff, listSafetyAlerts } from "~/server/services/safety-alerts.server";

/**
 * /admin/segnalazioni — who may: staff only (anonymous 401, clients and therapists 403, shown by the
 * admin layout). The safety alerts: the open ones first, each closed by «Presa visione» with a
 * required note; the list read and every acknowledgement audited.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, (session) => listSafetyAlerts(context.db, session));
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(context.db, request);
  return acknowledgeAction(request, "admin-safety-alerts", (id, note) => acknowledgeAsStaff(context.db, session, id, note));
}

export const meta: Route.MetaFunction = () => [{ title: "Segnalazioni · Admin" }];

export default function AdminSafetyAlerts({ loaderData }: Route.ComponentProps) {
  const { open, closed } = loaderData;
  return (
    <section className="grid max-w-3xl gap-6">
      <PageHeader
        title="Segnalazioni di sicurezza"
        description="Rischi da verificare subito: una chiamata conoscitiva con rischio alto, una risposta alla domanda 9 del PHQ-9. Dopo 24 ore senza presa visione lo staff riceve un sollecito."
      />
      <TitledSection id="open-alerts" title={<>Aperte ({open.length})</>} className="grid gap-3" titleClassName="text-lg font-semibold">
        <SafetyAlertList alerts={open} side="staff" empty="Nessuna segnalazione aperta." />
      </TitledSection>
      <TitledSection id="closed-alerts" title="Prese in carico di recente" className="grid gap-3" titleClassName="text-lg font-semibold">
        <SafetyAlertList alerts={closed} side="staff" empty="Nessuna segnalazione presa in carico finora." />
      </TitledSection>
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
