import type { Route } from "./+types/questionnaires";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { formatDateTime } from "~/domain/format";
import { QuestionnaireAnswers } from "~/components/admin/questionnaire-answers";
import { responseStatusLabels } from "~/domain/statuses";
import { useLoadErrorToast } from "~/components/admin/action-result";
import { Badge, LoadError, PageHeader } from "~/components/admin/page";
import { ListToolbar, PagedListTable, td } from "~/components/admin/list";
import { Modal, useViewParam, ViewLink } from "~/components/admin/dialogs";
import { ADMIN_PAGE_SIZE, pageWithOpenRow, parseListQuery } from "~/server/services/admin-lists.server";
import { loadOr } from "~/server/http/staff-action.server";
import { findResponse, listResponses, responseStatuses } from "~/server/services/admin-questionnaires.server";
import { adminPageData } from "~/server/gates.server";

/** The URL parameter of the response shown in the dialog. */
const VIEW_PARAM = "risposta";

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async (session) => {
    const url = new URL(request.url);
    return loadOr(
      "admin-questionnaires",
      { rows: [], total: 0, page: 1, statuses: ["completed"], query: parseListQuery(url, ["completed"]), viewing: null, viewMissing: false },
      "Failed to fetch questionnaire responses",
      async () => {
        const statuses = await responseStatuses(context.db);
        const query = parseListQuery(url, statuses);
        const opened = await pageWithOpenRow(
          context.db,
          session,
          { url, viewParam: VIEW_PARAM, entity: { list: "questionnaire_responses", row: "questionnaire_response" }, query },
          { page: () => listResponses(context.db, query), row: (id) => findResponse(context.db, id) },
        );
        return { ...opened, statuses, query: { ...query, page: opened.page } };
      },
    ).then((result) => ({ ...result, pageSize: ADMIN_PAGE_SIZE }));
  });
}

const statusLabel = (status: string) => responseStatusLabels[status] ?? status;

export default function AdminQuestionnaires({ loaderData }: Route.ComponentProps) {
  useLoadErrorToast(loaderData.loadError);
  const { hrefFor: withView, close: closeView } = useViewParam(VIEW_PARAM);
  const { rows, statuses, viewing } = loaderData;

  return (
    <section>
      <PageHeader title="Questionari" description="Risposte al questionario, dalla più recente. Contengono dati sanitari: ogni consultazione è registrata." />
      <ListToolbar statuses={statuses} label={statusLabel} exportHref="/admin/esporta/questionari" />
      {loaderData.viewMissing ? <LoadError message="Risposta non trovata." /> : null}
      <PagedListTable
        label="Risposte al questionario"
        minWidth="lg:min-w-[52rem]"
        list={loaderData}
        empty="Nessun questionario compilato finora."
        columns={["Data", "Nome", "Email", "Età", "Città", "Orario", "Gruppo scelto", "Stato", { label: "Azioni", hideLabel: true }]}
      >
        {rows.map((response) => (
          <tr key={response.id}>
            <td className={`${td} whitespace-nowrap text-ink-500`}>{formatDateTime(response.createdAt)}</td>
            <td className={`${td} font-medium`}>{response.name}</td>
            <td className={td}>{response.email}</td>
            <td className={`${td} whitespace-nowrap`}>{response.age}</td>
            <td className={td}>{response.city}</td>
            <td className={td}>{response.timePreference}</td>
            <td className={td}>{response.selectedGroupTherapist ?? "—"}</td>
            <td className={td}>
              <Badge tone={response.status === "completed" ? "highlight" : "neutral"}>{statusLabel(response.status)}</Badge>
            </td>
            <td className={td}>
              <ViewLink to={withView(response.id)} label={`Vedi la risposta di ${response.name}`} text="Vedi" />
            </td>
          </tr>
        ))}
      </PagedListTable>
      {viewing ? (
        <Modal onClose={closeView} title={`Questionario di ${viewing.name}`} description={`Inviato il ${formatDateTime(viewing.createdAt)}`}>
          <dl className="mb-6 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
            {(
              [
                ["Nome", viewing.name],
                ["Email", viewing.email],
                ["Età", viewing.age],
                ["Genere", viewing.gender],
                ["Città", viewing.city],
                ["Orario preferito", viewing.timePreference],
                ["Come ci ha conosciuto", viewing.sourceDiscovery],
                ["Newsletter", viewing.newsletterSubscription === "yes" ? "Sì" : "No"],
                ["Consenso privacy", viewing.privacyConsent ? `Sì, il ${formatDateTime(viewing.consentAt)}` : "No"],
                ["Gruppo scelto", viewing.selectedGroupTherapist ?? "—"],
                ["Stato", statusLabel(viewing.status)],
                ["Provenienza", [viewing.source, ...Object.entries(viewing.utm ?? {}).map(([key, value]) => `${key}=${value}`)].filter(Boolean).join(" · ") || "—"],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="font-medium text-ink-500">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mb-3 text-lg font-semibold">Risposte</h3>
          <QuestionnaireAnswers answers={viewing.answers} />
        </Modal>
      ) : null}
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
