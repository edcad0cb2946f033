import { describe, expect, it } from "vitest";
import { addDays, dateLabel, firstMeetingOn, isoWeekday, romeTimeToUtc, todayInRome, weekdayName } from "./calendar";

describe("the first meeting of a weekly group", () => {
  it("falls on the group's weekday, never on the start date's own weekday", () => {
    // Starts on Wednesday 2 December 2026; the group meets on Mondays: first meeting Monday 7.
    expect(firstMeetingOn("2026-12-02", 1, "2026-11-23")).toBe("2026-12-07");
    expect(dateLabel(firstMeetingOn("2026-12-02", 1, "2026-11-23"))).toBe("lunedì 7 dicembre");
    // Starting on its own weekday, it meets that day.
    expect(firstMeetingOn("2026-12-07", 1, "2026-11-23")).toBe("2026-12-07");
    // Sunday groups (weekday 7) and Saturday starts.
    expect(firstMeetingOn("2026-12-05", 7, "2026-11-23")).toBe("2026-12-06");
  });

  it("for a group already running, is the next meeting from today on", () => {
    expect(firstMeetingOn("2026-01-05", 4, "2026-11-23")).toBe("2026-11-26");
    expect(firstMeetingOn("2026-01-05", 1, "2026-11-23")).toBe("2026-11-23");
  });

  it("every weekday of every start date in a year lands on that weekday, across both daylight-saving changes", () => {
    for (let day = 0; day < 366; day += 1) {
      const start = addDays("2026-01-01", day);
      for (let weekday = 1; weekday <= 7; weekday += 1) {
        const meeting = firstMeetingOn(start, weekday, "2025-12-31");
        expect(isoWeekday(meeting)).toBe(weekday);
        expect(meeting >= start && meeting <= addDays(start, 6)).toBe(true);
        expect(dateLabel(meeting).startsWith(weekdayName(weekday))).toBe(true);
      }
    }
  });

  it("turns Italian wall-clock times into instants with the right offset in winter and summer", () => {
    expect(romeTimeToUtc("2026-03-28", "19:00").toISOString()).toBe("2026-03-28T18:00:00.000Z");
    expect(romeTimeToUtc("2026-03-30", "19:00").toISOString()).toBe("2026-03-30T17:00:00.000Z");
    expect(romeTimeToUtc("2026-10-24", "19:00").toISOString()).toBe("2026-10-24T17:00:00.000Z");
    expect(romeTimeToUtc("2026-10-26", "19:00").toISOString()).toBe("2026-10-26T18:00:00.000Z");
  });

  it("knows today's date in Italy, not in UTC", () => {
    expect(todayInRome(new Date("2026-11-23T23:30:00Z"))).toBe("2026-11-24");
    expect(todayInRome(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
    expect(todayInRome(new Date("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
  });
});
