import { describe, expect, it } from "vitest";
import { ATTENDANCE_FIELD_PREFIX, attendanceMarksSchema, marksAllowed } from "./attendance";

const ANNA = "3f2b8c1e-5d4a-4b6f-9e2d-1a7c0b9d8e6f";
const BRUNO = "0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f";

/** A posted attendance sheet: its intent plus a `mark:<booking id>` field per member marked. */
function sheet(marks: Record<string, string>) {
  const form = new FormData();
  form.set("intent", "attendance");
  for (const [bookingId, status] of Object.entries(marks)) form.set(`${ATTENDANCE_FIELD_PREFIX}${bookingId}`, status);
  return form;
}

/** The one message a refused sheet answers with. */
function refusal(form: FormData) {
  const parsed = attendanceMarksSchema.safeParse(form);
  expect(parsed.success).toBe(false);
  return parsed.error?.issues.map((issue) => issue.message);
}

describe("attendanceMarksSchema", () => {
  it("reads each member's mark by booking id, leaving the intent aside", () => {
    expect(attendanceMarksSchema.parse(sheet({ [ANNA]: "present", [BRUNO]: "absent_notified" }))).toEqual({ [ANNA]: "present", [BRUNO]: "absent_notified" });
  });

  it("passes a sheet with nobody marked, which the service refuses in its own words", () => {
    expect(attendanceMarksSchema.parse(sheet({}))).toEqual({});
  });

  it("refuses a status that is not one of the three, naming the three", () => {
    expect(refusal(sheet({ [ANNA]: "present", [BRUNO]: "late" }))).toEqual(["Scegli una presenza tra Presente, Assente con preavviso, Assente senza preavviso."]);
  });

  it("refuses a mark whose booking id is not an id", () => {
    expect(refusal(sheet({ "not-a-booking": "present" }))).toEqual(["Una delle persone indicate non è valida: ricarica la pagina e riprova."]);
  });

  it("refuses a file where a status belongs", () => {
    const form = sheet({});
    form.set(`${ATTENDANCE_FIELD_PREFIX}${ANNA}`, new File(["present"], "present.txt"));
    expect(refusal(form)).toEqual(["Scegli una presenza tra Presente, Assente con preavviso, Assente senza preavviso."]);
  });
});

describe("marksAllowed", () => {
  it("offers only «Assente con preavviso» before a meeting starts, and every mark once it has", () => {
    expect(marksAllowed(false)).toEqual(["absent_notified"]);
    expect(marksAllowed(true)).toEqual(["present", "absent_notified", "absent_unnotified"]);
  });
});
