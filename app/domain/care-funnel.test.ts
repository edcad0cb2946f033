import { describe, expect, it } from "vitest";
import { conversion, funnelTotal, funnelWeekLabel, funnelWeekStarts, isoWeekNumber } from "./care-funnel";

describe("the funnel's weeks", () => {
  it("are the Mondays of the last twelve ISO weeks in Italy, the current one last", () => {
    // Sunday 29 March 2026 at 23:30 UTC is already Monday 30 in Italy (summer time began that night).
    const weeks = funnelWeekStarts(new Date("2026-03-29T23:30:00Z"));
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toBe("2026-03-30");
    expect(weeks[0]).toBe("2026-01-12");
    expect(funnelWeekStarts(new Date("2026-03-29T21:30:00Z")).at(-1)).toBe("2026-03-23");
  });

  it("carry their ISO number, the year's first week being the one with its first Thursday", () => {
    expect(isoWeekNumber("2026-11-23")).toBe(48);
    expect(isoWeekNumber("2025-12-29")).toBe(1);
    expect(isoWeekNumber("2026-12-28")).toBe(53);
    expect(funnelWeekLabel("2026-11-23")).toBe("Sett. 48 · 23 nov – 29 nov");
  });
});

describe("conversions", () => {
  it.each([
    [3, 2, "67%"],
    [2, 3, "150%"],
    [0, 1, "—"],
  ])("from %i to %i is %s: a stage's share of the one before, a dash when there was none", (from, to, share) => {
    expect(conversion(from, to)).toBe(share);
  });

  it("the total adds every week's stages", () => {
    const week = (n: number) => ({ week: "2026-11-23", counts: { questionnaires: n, booked: n, held: 1, suitable: 0, attended: 0 } });
    expect(funnelTotal([week(2), week(3)])).toEqual({ questionnaires: 5, booked: 5, held: 2, suitable: 0, attended: 0 });
  });
});
