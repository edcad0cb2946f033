import { Link } from "react-router";
import { Badge, EmptyState } from "~/components/admin/page";
import { TitledSection } from "~/components/site/titled-section";
import { HELD_LABEL, sessionLabel, THERAPIST_AREA, upperFirst, type SessionStatus } from "~/domain/sessions";
import { sessionTones } from "./attendance-sheet";

interface SessionLink {
  id: string;
  startsAt: string | Date;
  endsAt: string | Date;
  status: SessionStatus;
  /** The badge's text (`meetingLabel`: «Svolto» once a scheduled meeting has started). */
  label: string;
  /** A moved meeting's new date, linked beside it. */
  movedTo?: { id: string; startsAt: string | Date } | null;
  /** Shown above the date when the list mixes groups. */
  groupName?: string;
}

/** A meeting's status badge: its `meetingLabel` («Svolto», green, once a scheduled meeting has started). */
export function MeetingBadge({ status, label }: { status: SessionStatus; label: string }) {
  return <Badge tone={label === HELD_LABEL ? "success" : sessionTones[status]}>{label}</Badge>;
}

/** A section of the therapist area listing meetings, each a link to its attendance, with its status. */
export function SessionLinks({ id, title, empty, sessions }: { id: string; title: string; empty: string; sessions: readonly SessionLink[] }) {
  return (
    <TitledSection id={id} title={title} className="grid gap-3" titleClassName="text-lg font-semibold">
      {sessions.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              {session.groupName ? (
                <Link to={`${THERAPIST_AREA}/incontri/${session.id}`} className="text-sm">
                  <span className="block font-medium text-ink-900">{session.groupName}</span>
                  <span className="text-ink-500">{upperFirst(sessionLabel(session.startsAt, session.endsAt))}</span>
                </Link>
              ) : (
                <Link to={`${THERAPIST_AREA}/incontri/${session.id}`} className="text-sm font-medium text-teal-800 underline-offset-2 hover:underline">
                  {upperFirst(sessionLabel(session.startsAt, session.endsAt))}
                </Link>
              )}
              <span className="flex flex-wrap items-center gap-2">
                <MeetingBadge status={session.status} label={session.label} />
                {session.movedTo ? <MovedToLink movedTo={session.movedTo} /> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

/** Where a moved meeting went: its new date, a link to that meeting's page in the therapist area. */
export function MovedToLink({ movedTo, base = `${THERAPIST_AREA}/incontri` }: { movedTo: { id: string; startsAt: string | Date }; base?: string }) {
  return (
    <Link to={`${base}/${movedTo.id}`} className="text-sm font-medium text-teal-800 underline">
      Nuovo orario: {sessionLabel(movedTo.startsAt)}
    </Link>
  );
}
