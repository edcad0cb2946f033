import { attendanceLabels, attendanceStatuses } from "./sessions";
import { z } from "./zod";

/** The attendance sheet names each member's choice `mark:<booking id>`. */
export const ATTENDANCE_FIELD_PREFIX = "mark:";

/** The `mark:<booking id>` fields of a posted form, keyed by booking id; its other fields (the intent) are left aside. */
function markFields(form: FormData) {
  return Object.fromEntries(
    [...form].filter(([key]) => key.startsWith(ATTENDANCE_FIELD_PREFIX)).map(([key, value]) => [key.slice(ATTENDANCE_FIELD_PREFIX.length), value]),
  );
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
