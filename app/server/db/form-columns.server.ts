import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : Name;

/** A form's fields renamed as columns: `first_name` → `firstName`. */
export type FormColumns<Fields> = { [Name in keyof Fields & string as CamelCase<Name>]: Fields[Name] };

type NotColumns<Table extends PgTable, Fields> = Exclude<keyof FormColumns<Fields>, keyof Table["$inferInsert"]>;

/**
 * The staff and client forms post their fields in snake_case (`registration_number`), as the spec
 * names them; Drizzle's columns are camelCase. A form whose fields are exactly columns of `table`
 * saves them through this, instead of a hand-written list of `registrationNumber: input.registration_number`.
 * A field that is not a column of the table is refused by the compiler and, should one slip through, throws.
 */
export function formColumns<Table extends PgTable, Fields extends Record<string, unknown>>(
  table: Table,
  fields: Fields & ([NotColumns<Table, Fields>] extends [never] ? unknown : { notAColumn: NotColumns<Table, Fields> }),
): FormColumns<Fields> {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => {
      const column = name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
      if (!(column in columns)) throw new Error(`formColumns: ${name} is not a column of the table`);
      return [column, value];
    }),
  ) as FormColumns<Fields>;
}
