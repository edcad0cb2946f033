import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MOVE_REASON_MAX, moveRequestSchema } from "~/domain/client-area";
import { groupInputSchema } from "~/domain/group-input";
import { withLimits } from "./schema-form";

describe("the limits a form's fields carry", () => {
  it("are the schema's: a text's length and a number's range, beside Conform's own constraints", () => {
    const move = withLimits(moveRequestSchema, getZodConstraint(moveRequestSchema));
    expect(move.reason).toMatchObject({ required: true, maxLength: MOVE_REASON_MAX });
    expect(move.preferred_group).toMatchObject({ required: false });
    const group = withLimits(groupInputSchema, getZodConstraint(groupInputSchema));
    expect(group.name).toMatchObject({ required: true, maxLength: 120 });
    expect(group.age_min).toMatchObject({ min: 18, max: 99 });
    expect(group.capacity?.min).toBeGreaterThanOrEqual(1);
  });
});
