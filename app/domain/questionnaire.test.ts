import { describe, expect, it } from "vitest";
import { QUESTIONNAIRE_STEPS } from "~/content/site";
import {
  applyMultiToggle,
  applySingle,
  copingStrategyOptions,
  currentSituationOptions,
  emptyAnswers,
  flexibilityOptions,
  questionnaireSteps,
  answerFields,
  therapyGoalOptions,
  type QuestionnaireDraft,
} from "./questionnaire";
import { questionnaireSchema, validateAll, validateStep } from "./questionnaire-schema";
import { validAnswers } from "../../tests/support/valid-answers.mjs";

/** The shared valid answers, with two situations (the toggle tests below take "Altro" off and put one on). */
const validDraft: QuestionnaireDraft = {
  ...validAnswers,
  current_situations: ["Il futuro mi mette ansia", "Altro"],
  current_situations_other: "Ho appena cambiato città",
};

function stepNumberOf(field: string): number {
  const step = questionnaireSteps.find((s) => "field" in s && s.field === field);
  if (!step) throw new Error(`no step for ${field}`);
  return step.number;
}

function errorFor(field: keyof QuestionnaireDraft, value: unknown): string | undefined {
  const draft = { ...validDraft, [field]: value } as QuestionnaireDraft;
  return validateStep(stepNumberOf(field), draft)[field];
}

describe("questionnaire steps", () => {
  it("has the spec's 23 steps in order, each asking for the right field", () => {
    expect(questionnaireSteps).toHaveLength(QUESTIONNAIRE_STEPS);
    expect(questionnaireSteps.map((s) => s.number)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(questionnaireSteps.map((s) => `${s.kind}:${"field" in s ? s.field : ""}`)).toEqual([
      "text:name",
      "single:age",
      "single:gender",
      "text:city",
      "info:",
      "email:email",
      "multi:current_situations",
      "single:difficulty_frequency",
      "multi:coping_strategies",
      "single:energy_level",
      "single:blocked_area",
      "textarea:current_situation_summary",
      "info:",
      "multi:therapy_goals",
      "single:previous_therapy",
      "info:",
      "single:comfort_level",
      "single:time_preference",
      "multi:flexibility",
      "info:",
      "single:source_discovery",
      "single:newsletter_subscription",
      "consent:privacy_consent",
    ]);
  });

  it("gives every step an Italian title and every info step body text", () => {
    for (const step of questionnaireSteps) {
      expect(step.title.length).toBeGreaterThan(0);
      if (step.kind === "info") expect(step.body.join("").length).toBeGreaterThan(20);
    }
    expect(questionnaireSteps[0]?.title).toBe("Come ti chiami?");
    const quote = questionnaireSteps[12];
    expect(quote?.kind === "info" && quote.quote?.author).toBeTruthy();
  });

  it("pairs every multi-select and the blocked area with its free-text field", () => {
    const others = questionnaireSteps.flatMap((s) => ((s.kind === "multi" || s.kind === "single") && s.otherField ? [[s.field, s.otherField]] : []));
    expect(others).toEqual([
      ["current_situations", "current_situations_other"],
      ["coping_strategies", "coping_strategies_other"],
      ["blocked_area", "blocked_area_other"],
      ["therapy_goals", "therapy_goals_other"],
      ["flexibility", "flexibility_other"],
    ]);
  });

  it("links the consent label to the privacy policy and the terms", () => {
    const consent = questionnaireSteps[22];
    if (consent?.kind !== "consent") throw new Error("step 23 is not the consent step");
    expect(consent.label.flatMap((part) => (part.href ? [part.href] : []))).toEqual(["/privacy", "/termini"]);
  });

  it.each([
    ["current_situations", currentSituationOptions],
    ["coping_strategies", copingStrategyOptions],
    ["therapy_goals", therapyGoalOptions],
  ] as const)("offers eight %s options ending in Altro", (_, options) => {
    expect(options).toHaveLength(8);
    expect(options.at(-1)).toEqual({ value: "Altro", label: "Altro" });
  });

  it("ends the flexibility options in Altro", () => {
    expect(flexibilityOptions.at(-1)?.value).toBe("Altro");
  });
});

describe("answerFields", () => {
  it("are the answer schema's keys: the steps ask for every field the server takes, and no other", () => {
    expect([...answerFields].sort()).toEqual(Object.keys(questionnaireSchema.shape).sort());
  });
});

describe("validateStep", () => {
  it("accepts every step of a complete answer set", () => {
    for (const step of questionnaireSteps) expect(validateStep(step.number, validDraft)).toEqual({});
  });

  it("always lets the informational steps 5, 13, 16 and 20 pass", () => {
    for (const number of [5, 13, 16, 20]) expect(validateStep(number, emptyAnswers)).toEqual({});
  });

  it("blocks every question step of an empty form", () => {
    const infoSteps = [5, 13, 16, 20];
    for (const step of questionnaireSteps) {
      if (infoSteps.includes(step.number)) continue;
      expect(Object.keys(validateStep(step.number, emptyAnswers)), `step ${step.number}`).not.toEqual([]);
    }
  });

  it.each([
    ["name", "A", "Il nome deve contenere almeno 2 caratteri"],
    ["name", "  G  ", "Il nome deve contenere almeno 2 caratteri"],
    ["city", "R", "La città deve contenere almeno 2 caratteri"],
    ["email", "giulia@", "Inserisci un indirizzo email valido"],
    ["email", "", "Inserisci un indirizzo email valido"],
    ["age", "", "Seleziona un'opzione"],
    ["age", "99", "Seleziona un'opzione"],
    ["gender", "", "Seleziona un'opzione"],
    ["difficulty_frequency", "", "Seleziona un'opzione"],
    ["energy_level", "", "Seleziona un'opzione"],
    ["blocked_area", "", "Seleziona un'opzione"],
    ["previous_therapy", "", "Seleziona un'opzione"],
    ["comfort_level", "", "Seleziona un'opzione"],
    ["time_preference", "", "Seleziona un'opzione"],
    ["source_discovery", "", "Seleziona un'opzione"],
    ["current_situations", [], "Seleziona almeno un'opzione"],
    ["coping_strategies", [], "Seleziona almeno un'opzione"],
    ["therapy_goals", [], "Seleziona almeno un'opzione"],
    ["flexibility", [], "Seleziona almeno un'opzione"],
    ["flexibility", ["Sempre"], "Opzione non valida"],
    ["current_situation_summary", "Ansia", "Scrivi almeno 10 caratteri"],
    ["newsletter_subscription", "", "Devi scegliere una opzione"],
    ["privacy_consent", false, "Devi accettare la Privacy Policy per continuare"],
  ] as const)("rejects %s = %j with '%s'", (field, value, message) => {
    expect(errorFor(field, value)).toBe(message);
  });

  it("reports only the current step's fields", () => {
    expect(validateStep(1, emptyAnswers)).toEqual({
      name: "Il nome deve contenere almeno 2 caratteri",
    });
  });

  it("treats the free-text 'Altro' fields as optional", () => {
    expect(validateStep(11, { ...validDraft, blocked_area: "Altro", blocked_area_other: "" })).toEqual({});
  });

  it("rejects an unknown step number", () => {
    expect(() => validateStep(24, validDraft)).toThrow(RangeError);
  });
});

describe("Altro state rules", () => {
  it("clears a list's free text when Altro is deselected", () => {
    const next = applyMultiToggle(validDraft, "current_situations", "Altro");
    expect(next.current_situations).toEqual(["Il futuro mi mette ansia"]);
    expect(next.current_situations_other).toBe("");
  });

  it("keeps the free text when another option is toggled", () => {
    const added = applyMultiToggle(validDraft, "current_situations", "Il futuro mi mette ansia");
    expect(added.current_situations).toEqual(["Altro"]);
    expect(added.current_situations_other).toBe("Ho appena cambiato città");
  });

  it("adds an option that was not selected without touching the original draft", () => {
    const next = applyMultiToggle(emptyAnswers, "flexibility", "Altro");
    expect(next.flexibility).toEqual(["Altro"]);
    expect(emptyAnswers.flexibility).toEqual([]);
  });

  it("clears the blocked-area free text when a choice other than Altro is made", () => {
    const withOther = { ...validDraft, blocked_area: "Altro", blocked_area_other: "La famiglia" };
    expect(applySingle(withOther, "blocked_area", "Altro").blocked_area_other).toBe("La famiglia");
    const next = applySingle(withOther, "blocked_area", "Relazioni");
    expect(next.blocked_area).toBe("Relazioni");
    expect(next.blocked_area_other).toBe("");
  });

  it("leaves other free text alone when another single choice changes", () => {
    const withOther = { ...validDraft, blocked_area: "Altro", blocked_area_other: "La famiglia" };
    expect(applySingle(withOther, "energy_level", "Alto").blocked_area_other).toBe("La famiglia");
  });
});

describe("validateAll", () => {
  it("accepts a complete answer set, trimming text and stripping unknown keys", () => {
    const result = validateAll({ ...validDraft, name: "  Giulia ", is_admin: true });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.name).toBe("Giulia");
    expect(result.data).not.toHaveProperty("is_admin");
  });

  it("lists every invalid field of an empty form", () => {
    const result = validateAll(emptyAnswers);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors).toMatchObject({
      name: "Il nome deve contenere almeno 2 caratteri",
      email: "Inserisci un indirizzo email valido",
      current_situations: "Seleziona almeno un'opzione",
      newsletter_subscription: "Devi scegliere una opzione",
      privacy_consent: "Devi accettare la Privacy Policy per continuare",
    });
    expect(result.errors).not.toHaveProperty("current_situations_other");
  });

  it("reports missing fields in Italian and rejects a body that is not an object", () => {
    const result = validateAll({});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors.name).toBe("Il nome deve contenere almeno 2 caratteri");
    expect(result.errors.privacy_consent).toBe("Devi accettare la Privacy Policy per continuare");
    expect(validateAll("nope").success).toBe(false);
  });

  it.each([
    ["name", "a".repeat(101)],
    ["city", "a".repeat(101)],
    ["email", `${"a".repeat(250)}@example.it`],
    ["current_situations_other", "a".repeat(501)],
    ["blocked_area_other", "a".repeat(501)],
    ["current_situation_summary", "a".repeat(5001)],
  ] as const)("rejects a huge %s", (field, value) => {
    const result = validateAll({ ...validDraft, [field]: value });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors[field]).toMatch(/al massimo \d+ caratteri/);
  });

  it("rejects oversized and duplicated option lists", () => {
    const flooded = validateAll({
      ...validDraft,
      flexibility: Array.from({ length: 1000 }, () => "Poco flessibile"),
    });
    expect(flooded.success).toBe(false);
    const doubled = validateAll({ ...validDraft, flexibility: ["Poco flessibile", "Poco flessibile"] });
    expect(doubled.success).toBe(false);
  });
});
