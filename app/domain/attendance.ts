import { attendanceLabels, attendanceStatuses, type AttendanceStatus } from "./sessions";
import { z } from "./zod";

/** The attendance sheet names each member's choice `mark:<booking id>`. */
export const ATTENDANCE_FIELD_PREFIX = "mark:";

/**
 * The marks a meeting takes: before it starts only an announced absence (free), since «Presente» and
 * «Assente senza preavviso» charge the fee; every mark from its start on.
 */
export function marksAllowed(started: boolean): readonly AttendanceStatus[] {
  return started ? attendanceStatuses : ["absent_notified"];
}

/** Why a mark is refused before the meeting starts: the sheet's field message and the service's 409. */
export const NOT_STARTED_MARK = `L'incontro non è ancora iniziato: per ora si può segnare solo «${attendanceLabels.absent_notified}».`;

/** The sheet's form as Conform reads it (its marks are read by `attendanceMarksSchema`): a refused mark comes back on its `mark:<booking id>` field. */
export const attendanceSheetSchema = z.object({ intent: z.literal("attendance") });

/** The `mark:<booking id>` fields of a posted form, keyed by booking id; its other fields (the intent) are left aside. */
function markFields(form: FormData) {
  return Object.fromEntries([...form].filter(([key]) => key.startsWith(ATTENDANCE_FIELD_PREFIX)).map(([key, value]) => [key.slice(ATTENDANCE_FIELD_PREFIX.length), value]));
}

/**
 * The marks of a posted attendance sheet: each member marked (their booking id) with one of the three
 * statuses. None marked passes here; the service refuses it with its own message.
 */
export const attendanceMarksSchema = z.preprocess(
  (form) => (form instanceof FormData ? markFields(form) : form),
  z.record(z.guid(), z.enum(attendanceStatuses, { error: `Scegli una presenza tra ${Object.values(attendanceLabels).join(", ")}.` }), {
    error: (issue) => (issue.code === "invalid_key" ? "Una delle persone indicate non è valida: ricarica la pagina e riprova." : undefined),
  }),
);
