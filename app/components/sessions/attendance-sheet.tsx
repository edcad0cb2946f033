import { Link } from "react-router";
import { useActionFetcher } from "~/components/admin/action-result";
import { Badge, type BadgeTone, EmptyState, Spinner } from "~/components/admin/page";
import { absenceNotice } from "~/content/site";
import { ATTENDANCE_FIELD_PREFIX, NOT_STARTED_MARK } from "~/domain/attendance";
import { attendanceLabels, attendanceStatuses, sessionStatusLabels, type AttendanceStatus, type SessionStatus } from "~/domain/sessions";

const attendanceTones: Record<AttendanceStatus, BadgeTone> = { present: "success", absent_notified: "neutral", absent_unnotified: "warning" };
export const sessionTones: Record<SessionStatus, BadgeTone> = { scheduled: "highlight", cancelled: "danger", moved: "warning" };

interface RosterRow {
  bookingId: string;
  name: string;
  ageBracket: string | null;
  /** Staff's sheet: the e-mail under the name. */
  detail?: string | null;
  status: AttendanceStatus | null;
  announced: boolean;
}

/**
 * Every member of one meeting with the marks it takes (marksAllowed: only an announced absence before
 * it starts); the member's own announcement arrives already marked. Staff and the group's therapist use the same sheet.
 */
export function AttendanceSheet({
  roster,
  sessionStatus,
  marks,
  memberHref,
}: {
  roster: RosterRow[];
  sessionStatus: SessionStatus;
  marks: readonly AttendanceStatus[];
  /** Staff's sheet: each name leads to the person's account. */
  memberHref?: (bookingId: string) => string;
}) {
  const { fetcher, busy, lastResult } = useActionFetcher();
  if (sessionStatus !== "scheduled") {
    return <EmptyState>Questo incontro è {sessionStatusLabels[sessionStatus].toLowerCase()}: non ci sono presenze da segnare.</EmptyState>;
  }
  if (roster.length === 0) return <EmptyState>Nessuna persona confermata in questo gruppo.</EmptyState>;
  return (
    <fetcher.Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="attendance" />
      <p className="text-sm text-ink-500">
        Un'assenza annunciata almeno con il {absenceNotice.rule} non si paga; un'assenza più tardiva o non annunciata sì.
        {marks.length < attendanceStatuses.length ? ` ${NOT_STARTED_MARK}` : null}
      </p>
      <ul className="divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white">
        {roster.map((row) => (
          <li key={row.bookingId} className="grid gap-3 px-4 py-3 md:grid-cols-[minmax(10rem,1fr)_auto] md:items-center">
            <div>
              <MemberLabel name={row.name} ageBracket={row.ageBracket} href={memberHref?.(row.bookingId)} />
              {row.detail ? <span className="block break-all text-xs text-ink-500">{row.detail}</span> : null}
              {row.status ? (
                <span className="ml-2">
                  <Badge tone={attendanceTones[row.status]}>{attendanceLabels[row.status]}</Badge>
                </span>
              ) : null}
              {row.announced ? <span className="mt-1 block text-xs text-ink-500">Assenza annunciata dalla persona.</span> : null}
            </div>
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">Presenza di {row.name}</legend>
              {marks.map((status) => (
                <label
                  key={status}
                  className="flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-sand-200 px-3 py-1.5 text-sm has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
                >
                  <input
                    type="radio"
                    name={`${ATTENDANCE_FIELD_PREFIX}${row.bookingId}`}
                    value={status}
                    defaultChecked={row.status === status}
                    className="size-4 accent-teal-700"
                  />
                  {attendanceLabels[status]}
                </label>
              ))}
            </fieldset>
            <MarkRefusal message={lastResult?.error?.[`${ATTENDANCE_FIELD_PREFIX}${row.bookingId}`]?.[0]} />
          </li>
        ))}
      </ul>
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? <Spinner /> : null}
          {busy ? "Salvataggio..." : "Salva le presenze"}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** Why the server refused a member's mark, under their choices. */
function MarkRefusal({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="text-sm text-danger-600 md:col-span-2">
      {message}
    </p>
  ) : null;
}

/** A member as a therapist sees them: the short name and the age bracket. */
export function MemberLabel({ name, ageBracket, href }: { name: string; ageBracket: string | null; href?: string }) {
  return (
    <>
      {href ? (
        <Link to={href} className="font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900">
          {name}
        </Link>
      ) : (
        <span className="font-medium text-ink-900">{name}</span>
      )}
      {ageBracket ? <span className="ml-2 text-sm text-ink-500">{ageBracket} anni</span> : null}
    </>
  );
}
