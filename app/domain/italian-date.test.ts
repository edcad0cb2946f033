import { describe, expect, it } from "vitest";
import { formatNumericDate } from "./italian-date";

describe("formatNumericDate", () => {
  it("rewrites a calendar date as day/month/year", () => {
    expect(formatNumericDate("2026-11-12")).toBe("12/11/2026");
  });

  it("dates an instant by its day in Italy, summer and winter time alike", () => {
    expect(formatNumericDate(new Date("2026-11-11T23:30:00Z"))).toBe("12/11/2026"); // 00:30 in Rome (UTC+1)
    expect(formatNumericDate(new Date("2026-07-01T22:15:00Z"))).toBe("02/07/2026"); // 00:15 in Rome (UTC+2)
    expect(formatNumericDate(new Date("2026-07-01T21:59:00Z"))).toBe("01/07/2026");
  });

  it("refuses what is not a date", () => {
    expect(() => formatNumericDate("12/11/2026")).toThrow(RangeError);
    expect(() => formatNumericDate(new Date("nonsense"))).toThrow();
  });
});
