import { describe, expect, it } from "vitest";
import {
  answerOptions,
  cleanAnswers,
  gad7Items,
  MAX_REMINDERS,
  measureQuestions,
  needsSafetyCheck,
  nextPendingStep,
  periodicMilestones,
  latestPeriodicMilestone,
  phq9Items,
  QUESTION_COUNT,
  resumePosition,
  scoreAnswers,
  scoreMeasure,
  severityBand,
  type MeasureAnswers,
  type OutcomeMeasureKind,
} from "./outcome-measures";

const all = (value: 0 | 1 | 2 | 3): MeasureAnswers => Object.fromEntries(measureQuestions.map((question) => [question.key, value]));

describe("the measures", () => {
  it("are the nine PHQ-9 and seven GAD-7 items, sixteen questions, answered 0-3", () => {
    expect(phq9Items).toHaveLength(9);
    expect(gad7Items).toHaveLength(7);
    expect(QUESTION_COUNT).toBe(16);
    expect(answerOptions.map((option) => option.value)).toEqual([0, 1, 2, 3]);
    expect(measureQuestions[8]).toMatchObject({ key: "phq9_9", measure: "phq9", text: "Pensare che sarebbe meglio morire o farsi del male in un modo o nell'altro" });
    expect(measureQuestions[9]).toMatchObject({ key: "gad7_1", measure: "gad7", index: 0 });
  });
});

describe("scoring", () => {
  it("sums the items: PHQ-9 0-27, GAD-7 0-21", () => {
    expect(scoreAnswers(all(0))).toEqual({ phq9: 0, gad7: 0 });
    expect(scoreAnswers(all(3))).toEqual({ phq9: 27, gad7: 21 });
    expect(scoreMeasure("phq9", [1, 2, 3, 0, 1, 2, 3, 0, 1])).toBe(13);
    expect(scoreMeasure("gad7", [3, 3, 2, 2, 1, 1, 0])).toBe(12);
  });

  it("refuses a missing or out-of-range answer", () => {
    expect(() => scoreMeasure("phq9", [1, 2, 3])).toThrow(RangeError);
    expect(() => scoreMeasure("gad7", [0, 0, 0, 0, 0, 0, 4])).toThrow(/risposta 7/);
    const partial = all(1);
    delete partial.gad7_3;
    expect(() => scoreAnswers(partial)).toThrow(RangeError);
  });

  it("keeps only known questions with an answer 0-3 (digits from a form, numbers from JSON)", () => {
    expect(cleanAnswers({ phq9_1: "2", phq9_2: 3, phq9_3: "4", gad7_1: "x", other: 1, gad7_7: " 0 " })).toEqual({ phq9_1: 2, phq9_2: 3, gad7_7: 0 });
  });

  it("resumes a draft at the first unanswered question", () => {
    expect(resumePosition({})).toBe(0);
    expect(resumePosition({ phq9_1: 0, phq9_2: 1 })).toBe(2);
    expect(resumePosition(all(2))).toBe(QUESTION_COUNT);
  });
});

describe("severity bands", () => {
  const published: Record<OutcomeMeasureKind, string> = {
    phq9: "0-4 Minimo, 5-9 Lieve, 10-14 Moderato, 15-19 Moderatamente grave, 20-27 Grave",
    gad7: "0-4 Minimo, 5-9 Lieve, 10-14 Moderato, 15-21 Grave",
  };
  it.each(Object.entries(published))("%s: %s", (measure, bands) => {
    for (const band of bands.split(", ")) {
      const [, min, max, label] = /^(\d+)-(\d+) (.+)$/.exec(band)!;
      expect(severityBand(measure as OutcomeMeasureKind, Number(min)).label).toBe(label);
      expect(severityBand(measure as OutcomeMeasureKind, Number(max)).label).toBe(label);
    }
  });

  it("refuses a total outside the scale", () => {
    expect(() => severityBand("phq9", 28)).toThrow(RangeError);
    expect(() => severityBand("gad7", 22)).toThrow(RangeError);
    expect(() => severityBand("gad7", -1)).toThrow(RangeError);
    expect(() => severityBand("gad7", 2.5)).toThrow(RangeError);
  });
});

describe("needsSafetyCheck", () => {
  it("is true for any answer above 0 to PHQ-9 item 9, whatever the rest", () => {
    expect(needsSafetyCheck([0, 0, 0, 0, 0, 0, 0, 0, 1])).toBe(true);
    expect(needsSafetyCheck([0, 0, 0, 0, 0, 0, 0, 0, 3])).toBe(true);
    expect(needsSafetyCheck({ phq9_9: 2 })).toBe(true);
  });

  it("is false for 0 or no answer, even with every other item at its highest", () => {
    expect(needsSafetyCheck([3, 3, 3, 3, 3, 3, 3, 3, 0])).toBe(false);
    expect(needsSafetyCheck([3, 3, 3])).toBe(false);
    expect(needsSafetyCheck({ phq9_8: 3, gad7_1: 3 })).toBe(false);
  });
});

describe("when a questionnaire is due", () => {
  it("is due every four attended meetings", () => {
    expect(periodicMilestones(3)).toEqual([]);
    expect(periodicMilestones(9)).toEqual([4, 8]);
    expect(latestPeriodicMilestone(3)).toBe(0);
    expect(latestPeriodicMilestone(11)).toBe(8);
  });

  it("invites once, reminds at most twice three days apart, then closes", () => {
    const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n, 9));
    expect(nextPendingStep({ sentAt: null, lastSentAt: null, remindersSent: 0 }, day(0))).toEqual({ action: "invite" });
    expect(nextPendingStep({ sentAt: day(0), lastSentAt: day(0), remindersSent: 0 }, day(2))).toEqual({ action: "wait" });
    expect(nextPendingStep({ sentAt: day(0), lastSentAt: day(0), remindersSent: 0 }, day(3))).toEqual({ action: "remind", reminder: 1 });
    expect(nextPendingStep({ sentAt: day(0), lastSentAt: day(3), remindersSent: 1 }, day(6))).toEqual({ action: "remind", reminder: 2 });
    expect(nextPendingStep({ sentAt: day(0), lastSentAt: day(6), remindersSent: MAX_REMINDERS }, day(12))).toEqual({ action: "wait" });
    expect(nextPendingStep({ sentAt: day(0), lastSentAt: day(6), remindersSent: MAX_REMINDERS }, day(13))).toEqual({ action: "expire" });
  });
});
