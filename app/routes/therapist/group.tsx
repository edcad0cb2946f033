import { ArrowLeft, Video } from "lucide-react";
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

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const identity = await requireTherapist(context.db, request);
  if (!/^[0-9a-f-]{36}$/i.test(params.groupId)) throw new Response("Non trovato.", { status: 404 });
  return loadPage("therapist-group", () => ownGroup(context.db, identity, params.groupId));
}

export default function TherapistGroup({ loaderData }: Route.ComponentProps) {
  const { group, members, sessions } = loaderData;
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
      <SessionLinks id="sessions-title" title="Incontri" empty="Nessun incontro in calendario." sessions={sessions} />
    </div>
  );
}
