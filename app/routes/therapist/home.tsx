import { ShieldAlert, Users, Video } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { groupStatusLabels } from "~/domain/group-labels";
import { Badge, EmptyState, PageHeader } from "~/components/admin/page";
import { PanelSection } from "~/components/admin/sections";
import { SessionLinks } from "~/components/sessions/session-links";
import { absenceNotice } from "~/content/site";
import { weekdayName } from "~/domain/calendar";
import { sessionLabel, THERAPIST_AREA, upperFirst } from "~/domain/sessions";
import { ownGroups, ownSessions } from "~/server/services/therapist-area.server";
import { requireTherapist } from "~/server/gates.server";
import { therapistOpenAlertCount } from "~/server/services/safety-alerts.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { therapist } = await requireTherapist(context.db, request);
  const now = new Date();
  const [groups, sessions, openAlerts] = await Promise.all([
    ownGroups(context.db, therapist.id),
    ownSessions(context.db, therapist.id, now),
    therapistOpenAlertCount(context.db, therapist.id),
  ]);
  const upcoming = sessions.filter((session) => new Date(session.startsAt) >= now);
  // Past meetings that took place and still have someone to mark.
  const toMark = sessions.filter((session) => new Date(session.startsAt) < now && session.status === "scheduled" && session.marked < session.members);
  return { therapistName: therapist.name, groups, upcoming, toMark, openAlerts };
}

export default function TherapistHome({ loaderData }: Route.ComponentProps) {
  const { groups, upcoming, toMark, openAlerts } = loaderData;
  return (
    <div className="grid gap-8">
      <PageHeader title={`Ciao, ${loaderData.therapistName}`} description={`I tuoi gruppi e i prossimi incontri (ora italiana). Assenze: ${absenceNotice.rule}.`} />
      {openAlerts > 0 ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 rounded-2xl border border-danger-600/40 bg-danger-50 p-4 font-semibold">
          <ShieldAlert aria-hidden className="size-5 shrink-0 text-danger-600" />
          {openAlerts === 1 ? "Hai una segnalazione di sicurezza da prendere in visione." : `Hai ${openAlerts} segnalazioni di sicurezza da prendere in visione.`}
          <Link to={`${THERAPIST_AREA}/segnalazioni`} className="text-teal-800 underline">
            Apri le segnalazioni
          </Link>
        </p>
      ) : null}
      {toMark.length > 0 ? (
        <section aria-labelledby="to-mark" className="grid gap-3 rounded-2xl border border-coral-100 bg-coral-50/40 p-4">
          <h2 id="to-mark" className="text-lg font-semibold">
            Presenze da segnare
          </h2>
          <ul className="grid gap-2">
            {toMark.map((session) => (
              <li key={session.id}>
                <Link to={`${THERAPIST_AREA}/incontri/${session.id}`} className="font-medium text-teal-800 underline">
                  {session.groupName}: {upperFirst(sessionLabel(session.startsAt, session.endsAt))}
                </Link>{" "}
                <span className="text-sm text-ink-500">
                  ({session.marked}/{session.members} segnate)
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PanelSection id="groups-title" title="I miei gruppi">
        {groups.length === 0 ? (
          <EmptyState>Non conduci ancora nessun gruppo. Lo staff ti avviserà quando te ne assegna uno.</EmptyState>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {groups.map((group) => (
              <li key={group.id} className="grid gap-2 rounded-2xl border border-sand-200 bg-white p-4">
                <div className="flex items-start justify-between gap-2">
                  <Link to={`${THERAPIST_AREA}/gruppi/${group.id}`} className="text-lg font-semibold text-teal-800 underline-offset-2 hover:underline">
                    {group.name}
                  </Link>
                  <Badge tone={group.status === "closed" ? "neutral" : "highlight"}>{groupStatusLabels[group.status]}</Badge>
                </div>
                <p className="text-sm text-ink-700">{upperFirst(`${weekdayName(group.weekday)}, ore ${group.startTime}`)}</p>
                <p className="flex items-center gap-1.5 text-sm text-ink-700">
                  <Users aria-hidden className="size-4" />
                  {group.members} persone su {group.capacity}
                </p>
                {group.videoUrl ? (
                  <a href={group.videoUrl} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1.5 text-sm font-medium text-teal-800 underline">
                    <Video aria-hidden className="size-4" />
                    Link della videochiamata
                  </a>
                ) : (
                  <p className="text-sm text-ink-500">Link della videochiamata non ancora impostato dallo staff.</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </PanelSection>
      <SessionLinks id="upcoming-title" title="Prossimi incontri" empty="Nessun incontro nelle prossime due settimane." sessions={upcoming} />
    </div>
  );
}
