import { ArrowLeft, ShieldAlert, Video } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/group";
import { EmptyState, PageHeader } from "~/components/admin/page";
import { PanelSection } from "~/components/admin/sections";
import { MemberLabel } from "~/components/sessions/attendance-sheet";
import { SessionLinks } from "~/components/sessions/session-links";
import { weekdayName } from "~/domain/calendar";
import { THERAPIST_AREA, upperFirst } from "~/domain/sessions";
import { loadPage } from "~/server/http/errors.server";
import { ownGroup } from "~/server/services/therapist-area.server";
import { requireTherapist } from "~/server/gates.server";
import { MeasureCharts, OutcomeFlags } from "~/components/outcomes/member-trend";
import { memberTrends } from "~/server/services/outcome-results.server";
import { memberSafetyAlerts, THERAPIST_ALERTS_PATH } from "~/server/services/safety-alerts.server";
import { formatDateTime } from "~/domain/format";
import { audit } from "~/server/audit.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const identity = await requireTherapist(context.db, request);
  if (!/^[0-9a-f-]{36}$/i.test(params.groupId)) throw new Response("Non trovato.", { status: 404 });
  return loadPage("therapist-group", async () => {
    const page = await ownGroup(context.db, identity, params.groupId);
    // Each member's PHQ-9 and GAD-7 trend (issue 33): only for the group's own therapist, as ownGroup checked.
    const bookingIds = page.members.map((member) => member.bookingId);
    // With the safety alerts the therapist received about each member (their own only), acknowledged or not.
    const [trends, alerts] = await Promise.all([memberTrends(context.db, bookingIds), memberSafetyAlerts(context.db, identity.therapist.id, bookingIds)]);
    await audit(context.db, identity.session, { action: "list", entity: "outcome_scores", entityId: params.groupId, detail: { members: trends.size } });
    return {
      ...page,
      alertsPath: THERAPIST_ALERTS_PATH,
      trends: page.members.map((member) => ({
        bookingId: member.bookingId,
        name: member.name,
        ageBracket: member.ageBracket,
        alerts: alerts.get(member.bookingId) ?? [],
        ...trends.get(member.bookingId)!,
      })),
    };
  });
}

export default function TherapistGroup({ loaderData }: Route.ComponentProps) {
  const { group, members, sessions, trends, alertsPath } = loaderData;
  return (
    <div className="grid gap-6">
      <Link to={THERAPIST_AREA} className="inline-flex items-center gap-1 text-sm font-medium text-teal-800">
        <ArrowLeft aria-hidden className="size-4" />I miei gruppi
      </Link>
      <PageHeader title={group.name} description={upperFirst(`${weekdayName(group.weekday)}, ore ${group.startTime}`)} />
      {group.videoUrl ? (
        <a href={group.videoUrl} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1.5 font-medium text-teal-800 underline">
          <Video aria-hidden className="size-4" />
          Link della videochiamata
        </a>
      ) : null}
      <PanelSection id="members-title" title="Persone del gruppo">
        {members.length === 0 ? (
          <EmptyState>Nessuna persona confermata in questo gruppo.</EmptyState>
        ) : (
          <ul className="divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white">
            {members.map((member) => (
              <li key={member.bookingId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <span>
                  <MemberLabel name={member.name} ageBracket={member.ageBracket} />
                </span>
                {member.hasAnswers ? (
                  <Link to={`${THERAPIST_AREA}/persone/${member.bookingId}`} className="btn btn-secondary min-h-9 px-3 py-1.5 text-xs">
                    Risposte al questionario
                  </Link>
                ) : (
                  <span className="text-xs text-ink-500">Nessun questionario</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </PanelSection>
      <PanelSection id="trends-title" title="Andamento: PHQ-9 e GAD-7">
        <p className="text-sm text-ink-700">
          Primo e ultimo questionario a confronto. Miglioramento affidabile: PHQ-9 giù di almeno 6 punti o GAD-7 di almeno 4; peggioramento affidabile: su di altrettanto; recupero:
          dalla soglia clinica (PHQ-9 ≥ 10 o GAD-7 ≥ 8) a sotto entrambe; non in linea: nessun miglioramento affidabile dopo 8 incontri, o un punteggio salito.
        </p>
        {trends.length === 0 ? (
          <EmptyState>Nessuna persona confermata in questo gruppo.</EmptyState>
        ) : (
          <ul className="grid gap-4">
            {trends.map((member) => (
              <li key={member.bookingId} className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">
                    <MemberLabel name={member.name} ageBracket={member.ageBracket} />
                  </h3>
                  <span className="text-xs text-ink-500">{`Incontri frequentati: ${member.attendedMeetings}`}</span>
                </div>
                <OutcomeFlags outcome={member.outcome} />
                {member.alerts.length > 0 ? (
                  <ul className="grid gap-1.5" aria-label="Segnalazioni di sicurezza">
                    {member.alerts.map((alert) => (
                      <li key={alert.id} className="flex items-start gap-2 text-sm">
                        <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger-600" />
                        <span>
                          <strong>{alert.kindLabel}</strong> · segnalata il {formatDateTime(alert.createdAt)} ·{" "}
                          {alert.therapistAcknowledgedAt ? (
                            <>
                              presa visione da te il {formatDateTime(alert.therapistAcknowledgedAt)}
                              {alert.staffAcknowledgedAt ? ` e dallo staff il ${formatDateTime(alert.staffAcknowledgedAt)}` : ", non ancora dallo staff"}
                            </>
                          ) : (
                            <strong className="text-danger-600">da prendere in carico</strong>
                          )}{" "}
                          ·{" "}
                          <Link to={alertsPath} className="font-medium text-teal-800 underline">
                            Note e presa visione
                          </Link>
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {member.scores.length > 0 ? (
                  <MeasureCharts idPrefix={`trend-${member.bookingId}`} scores={member.scores} />
                ) : (
                  <p className="text-sm text-ink-500">Nessun questionario compilato.</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </PanelSection>
      <SessionLinks id="sessions-title" title="Incontri" empty="Nessun incontro in calendario." sessions={sessions} />
    </div>
  );
}
