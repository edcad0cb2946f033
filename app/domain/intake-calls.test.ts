import { describe, expect, it } from "vitest";
import { isoWeekday } from "./calendar";
import { callChangeAllowed, freeTherapistsAt, intakeSlotDays, nextRomeDates, slotStartsOn, type TherapistCalendar } from "./intake-calls";

const at = (iso: string) => new Date(iso);
const starts = (date: string, windows: TherapistCalendar["windows"], exceptions: TherapistCalendar["exceptions"] = []) =>
  slotStartsOn(date, windows, exceptions).map(({ start, time }) => [time, start.toISOString()]);

describe("intake call slots in Italian time", () => {
  it("counts 14 calendar days from tomorrow in Rome, even late on a Saturday evening", () => {
    const dates = nextRomeDates(at("2026-10-24T22:30:00Z"));
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe("2026-10-26");
    expect(isoWeekday("2026-10-25")).toBe(7);
    expect(isoWeekday("2026-10-26")).toBe(1);
  });

  it("on 25 October 2026 (back to CET) 10:00 is 09:00 UTC, the day before 08:00 UTC; the repeated hour gives each slot once", () => {
    const sunday = [{ weekday: 7, startMinute: 60, endMinute: 660 }];
    const saturday = [{ weekday: 6, startMinute: 600, endMinute: 630 }];
    expect(starts("2026-10-24", saturday)).toEqual([["10:00", "2026-10-24T08:00:00.000Z"]]);
    const slots = starts("2026-10-25", sunday);
    expect(slots.find(([time]) => time === "10:00")).toEqual(["10:00", "2026-10-25T09:00:00.000Z"]);
    expect(slots.map(([time]) => time)).toEqual([
      "01:00",
      "01:30",
      "02:00",
      "02:30",
      "03:00",
      "03:30",
      "04:00",
      "04:30",
      "05:00",
      "05:30",
      "06:00",
      "06:30",
      "07:00",
      "07:30",
      "08:00",
      "08:30",
      "09:00",
      "09:30",
      "10:00",
      "10:30",
    ]);
    expect(new Set(slots.map(([, start]) => start)).size).toBe(slots.length);
  });

  it("on 28 March 2027 (to CEST) 02:00-02:59 does not exist and is skipped; 10:00 is 08:00 UTC, the day before 09:00 UTC", () => {
    const sunday = [{ weekday: 7, startMinute: 60, endMinute: 240 }];
    expect(starts("2027-03-28", sunday)).toEqual([
      ["01:00", "2027-03-28T00:00:00.000Z"],
      ["01:30", "2027-03-28T00:30:00.000Z"],
      ["03:00", "2027-03-28T01:00:00.000Z"],
      ["03:30", "2027-03-28T01:30:00.000Z"],
    ]);
    expect(starts("2027-03-28", [{ weekday: 7, startMinute: 600, endMinute: 630 }])).toEqual([["10:00", "2027-03-28T08:00:00.000Z"]]);
    expect(starts("2027-03-27", [{ weekday: 6, startMinute: 600, endMinute: 630 }])).toEqual([["10:00", "2027-03-27T09:00:00.000Z"]]);
  });

  it("offers evening slots across the October change at the same wall-clock time", () => {
    const calendar: TherapistCalendar = { therapistId: "t", windows: [{ weekday: 7, startMinute: 18 * 60, endMinute: 20 * 60 }], exceptions: [], busy: [] };
    const days = intakeSlotDays(at("2026-10-20T10:00:00Z"), [calendar]);
    expect(days.map((day) => day.date)).toEqual(["2026-10-25", "2026-11-01"]);
    expect(days[0]!.slots.map((slot) => [slot.time, slot.start])).toEqual([
      ["18:00", "2026-10-25T17:00:00.000Z"],
      ["18:30", "2026-10-25T17:30:00.000Z"],
      ["19:00", "2026-10-25T18:00:00.000Z"],
      ["19:30", "2026-10-25T18:30:00.000Z"],
    ]);
    const before = intakeSlotDays(at("2026-10-12T10:00:00Z"), [calendar]);
    expect(before[0]!.slots[0]).toMatchObject({ time: "18:00", start: "2026-10-18T16:00:00.000Z" });
  });

  it("takes out a day off, adds one-off hours, and marks a slot taken only when every therapist offering it is busy", () => {
    const windows = [{ weekday: 1, startMinute: 600, endMinute: 660 }];
    expect(starts("2026-11-30", windows, [{ onDate: "2026-11-30", kind: "off", startMinute: null, endMinute: null }])).toEqual([]);
    expect(starts("2026-12-01", windows, [{ onDate: "2026-12-01", kind: "extra", startMinute: 19 * 60, endMinute: 20 * 60 }]).map(([time]) => time)).toEqual(["19:00", "19:30"]);

    const busyAtTen = [{ startsAt: at("2026-11-30T09:00:00Z"), endsAt: at("2026-11-30T09:30:00Z") }];
    const anna: TherapistCalendar = { therapistId: "anna", windows, exceptions: [], busy: busyAtTen };
    const bruno: TherapistCalendar = { therapistId: "bruno", windows, exceptions: [], busy: [] };
    const now = at("2026-11-29T08:00:00Z");
    expect(intakeSlotDays(now, [anna])[0]!.slots.map((slot) => [slot.time, slot.taken])).toEqual([
      ["10:00", true],
      ["10:30", false],
    ]);
    expect(intakeSlotDays(now, [anna, bruno])[0]!.slots.map((slot) => slot.taken)).toEqual([false, false]);
    expect(freeTherapistsAt([anna, bruno], at("2026-11-30T09:00:00Z"))).toEqual(["bruno"]);
    expect(freeTherapistsAt([anna, bruno], at("2026-11-30T09:15:00Z"))).toEqual([]);
  });

  it("lets a person change their call until 12 hours before it", () => {
    const start = at("2026-12-01T18:00:00Z");
    expect(callChangeAllowed(start, at("2026-12-01T06:00:00Z"))).toBe(true);
    expect(callChangeAllowed(start, at("2026-12-01T06:00:01Z"))).toBe(false);
  });
});
