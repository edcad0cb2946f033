import { describe, expect, it } from "vitest";
import { figureRates, figuresByGroup, figuresByMonth, monthOf, outcomeFigures, outcomeFlags, personOutcome, type OutcomePath } from "./outcome-metrics";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 10));
const scores = (...pairs: [number, number][]) => pairs.map(([phq9, gad7], index) => ({ takenAt: day(index * 28), phq9, gad7 }));
/** The outcome of a first and a last questionnaire ([PHQ-9, GAD-7]) four weeks apart, after `attendedMeetings` meetings. */
const outcomeOf = (first: [number, number], last: [number, number], attendedMeetings = 4) => personOutcome({ scores: scores(first, last), attendedMeetings });
const path = (over: Partial<OutcomePath> & Pick<OutcomePath, "scores">): OutcomePath => ({
  personId: "p",
  groupId: "g1",
  therapistId: "t1",
  endedAt: day(200),
  attendedMeetings: 4,
  ...over,
});

describe("personOutcome", () => {
  it("needs two questionnaires to pair scores, and uses the first and the last whatever the order", () => {
    expect(personOutcome({ scores: scores([15, 12]), attendedMeetings: 4 }).paired).toBe(false);
    const shuffled = [...scores([15, 12], [20, 20], [8, 6])].reverse();
    const outcome = personOutcome({ scores: shuffled, attendedMeetings: 4 });
    expect(outcome.first).toMatchObject({ phq9: 15, gad7: 12 });
    expect(outcome.last).toMatchObject({ phq9: 8, gad7: 6 });
    expect(outcome.phq9Change).toBe(-7);
    expect(outcome.gad7Change).toBe(-6);
  });

  it("counts a reliable improvement at PHQ-9 -6 or GAD-7 -4, not one point less", () => {
    expect(outcomeOf([12, 5], [6, 5]).reliableImprovement).toBe(true);
    expect(outcomeOf([12, 5], [7, 5]).reliableImprovement).toBe(false);
    expect(outcomeOf([5, 10], [5, 6]).reliableImprovement).toBe(true);
    expect(outcomeOf([5, 10], [5, 7]).reliableImprovement).toBe(false);
  });

  it("a reliable fall on one measure and a reliable rise on the other is neither improvement nor deterioration", () => {
    const outcome = outcomeOf([15, 3], [8, 9]);
    expect(outcome.reliableImprovement).toBe(false);
    expect(outcome.reliableDeterioration).toBe(false);
  });

  it("counts a reliable deterioration at PHQ-9 +6 or GAD-7 +4", () => {
    expect(outcomeOf([4, 4], [10, 4]).reliableDeterioration).toBe(true);
    expect(outcomeOf([4, 4], [4, 8]).reliableDeterioration).toBe(true);
    expect(outcomeOf([4, 4], [9, 7]).reliableDeterioration).toBe(false);
  });

  it("recovery needs caseness at the start (PHQ-9 ≥ 10 or GAD-7 ≥ 8) and both below it at the end", () => {
    expect(outcomeOf([10, 3], [9, 3])).toMatchObject({ casenessAtStart: true, recovery: true, reliableRecovery: false });
    expect(outcomeOf([9, 8], [3, 7])).toMatchObject({ casenessAtStart: true, recovery: true, reliableRecovery: true });
    expect(outcomeOf([16, 12], [9, 8])).toMatchObject({ recovery: false, reliableImprovement: true });
    expect(outcomeOf([9, 7], [2, 1])).toMatchObject({ casenessAtStart: false, recovery: false });
  });

  it("is not on track after 8 meetings without reliable improvement, or at any rise", () => {
    expect(outcomeOf([14, 10], [12, 9], 7).notOnTrack).toBe(false);
    expect(outcomeOf([14, 10], [12, 9], 8).notOnTrack).toBe(true);
    expect(outcomeOf([14, 10], [7, 9], 12).notOnTrack).toBe(false);
    expect(outcomeOf([14, 10], [7, 11], 2).notOnTrack).toBe(true);
  });

  it("names the flags in order", () => {
    expect(outcomeFlags(outcomeOf([16, 12], [4, 3], 8))).toEqual(["reliableImprovement", "recovery"]);
    expect(outcomeFlags(outcomeOf([4, 3], [12, 3], 8))).toEqual(["reliableDeterioration", "notOnTrack"]);
  });
});

describe("practice figures", () => {
  const paths = [
    path({ personId: "a", scores: scores([16, 12], [4, 3]) }), // case, reliable recovery
    path({ personId: "b", scores: scores([12, 6], [11, 6]) }), // case, nothing
    path({ personId: "c", scores: scores([6, 3], [14, 4]) }), // not a case, deterioration
    path({ personId: "d", scores: scores([13, 9]) }), // ended unpaired
    path({ personId: "e", scores: scores([20, 15], [2, 2]), endedAt: null }), // still going on: left out
    path({ personId: "f", groupId: "g2", endedAt: new Date("2026-02-28T23:30:00Z"), scores: scores([10, 8], [9, 7]) }), // recovery, March in Italy
  ];

  it("counts only ended paths, with the NHS bases", () => {
    const figures = outcomeFigures(paths);
    expect(figures).toEqual({ ended: 5, paired: 4, casenessAtStart: 3, reliableImprovement: 1, reliableDeterioration: 1, recovery: 2, reliableRecovery: 1 });
    expect(figureRates(figures)).toEqual({ completeness: 80, reliableImprovement: 25, reliableDeterioration: 25, recovery: 67, reliableRecovery: 33 });
  });

  it("leaves rates empty on an empty base", () => {
    expect(figureRates(outcomeFigures([]))).toEqual({ completeness: null, reliableImprovement: null, reliableDeterioration: null, recovery: null, reliableRecovery: null });
  });

  it("groups by the month in Italy and by group", () => {
    expect(monthOf(new Date("2026-02-28T23:30:00Z"))).toEqual({ key: "2026-03", label: "marzo 2026" });
    expect(figuresByMonth(paths).map((row) => [row.key, row.ended])).toEqual([
      ["2026-03", 1],
      ["2026-07", 4],
    ]);
    expect(figuresByGroup(paths).map((row) => [row.key, row.paired, row.recovery])).toEqual([
      ["g1", 3, 1],
      ["g2", 1, 1],
    ]);
  });
});
