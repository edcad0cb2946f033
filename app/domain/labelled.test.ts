import { describe, expect, expectTypeOf, it } from "vitest";
import { callOutcomeLabels, callOutcomes, type CallOutcome } from "./call-outcomes";
import { labelled } from "./labelled";
import { z } from "./zod";

describe("labelled", () => {
  const [colours, colourLabels] = labelled({ red: "Rosso", green: "Verde", blue: "Blu" });

  it("lists the values in the order their labels are written, and keeps the labels", () => {
    expect(colours).toEqual(["red", "green", "blue"]);
    expect(colourLabels.green).toBe("Verde");
    expect(colours.map((colour) => colourLabels[colour])).toEqual(["Rosso", "Verde", "Blu"]);
  });

  it("narrows the type to the keys, as a non-empty tuple", () => {
    type Colour = (typeof colours)[number];
    expectTypeOf<Colour>().toEqualTypeOf<"red" | "green" | "blue">();
    expectTypeOf(colours).toEqualTypeOf<readonly ["red" | "green" | "blue", ...("red" | "green" | "blue")[]]>();
    expectTypeOf<CallOutcome>().toEqualTypeOf<"suitable" | "suitable_other" | "not_suitable" | "no_show">();
    // @ts-expect-error: a value that has no label is not one of the list
    expect(colourLabels.yellow).toBeUndefined();
  });

  it("gives z.enum a list that accepts its values and refuses any other", () => {
    const schema = z.enum(colours);
    expect(schema.parse("blue")).toBe("blue");
    expect(schema.safeParse("yellow").success).toBe(false);
    expectTypeOf(schema.parse("red")).toEqualTypeOf<"red" | "green" | "blue">();
  });

  it("keeps every existing list as its labels' keys", () => {
    expect(callOutcomes).toEqual(Object.keys(callOutcomeLabels));
    expect(callOutcomes).toEqual(["suitable", "suitable_other", "not_suitable", "no_show"]);
  });

  it("refuses an empty list", () => {
    expect(() => labelled({})).toThrow();
  });
});
