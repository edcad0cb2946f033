import { describe, expect, expectTypeOf, it } from "vitest";
import { formColumns } from "./form-columns.server";
import { fiscalProfiles, groups } from "./schema";

describe("formColumns", () => {
  it("renames a form's snake_case fields as the table's camelCase columns, values untouched", () => {
    const columns = formColumns(fiscalProfiles, { first_name: "Ada", codice_fiscale: "LVLDAA85T50G702B", ts_opposition: true, city: "Roma" });
    expect(columns).toEqual({ firstName: "Ada", codiceFiscale: "LVLDAA85T50G702B", tsOpposition: true, city: "Roma" });
    expectTypeOf(columns).toEqualTypeOf<{ firstName: string; codiceFiscale: string; tsOpposition: boolean; city: string }>();
  });

  it("throws on a field that is not a column of the table (the compiler refuses it first)", () => {
    // @ts-expect-error: not_a_column is no column of groups
    expect(() => formColumns(groups, { name: "Gruppo", not_a_column: 1 })).toThrow("not_a_column is not a column");
  });
});
