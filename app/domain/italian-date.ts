import { romeParts } from "./calendar";

const DATE_COLUMN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * "12/11/2026": the numeric date of invoices and spreadsheets. A calendar date ("2026-11-12", a date
 * column) is rewritten as it is; an instant is first read as a day in Italy, so a session at 00:30 in
 * Rome is dated that day even though it is the evening before in UTC.
 */
export function formatNumericDate(value: Date | string) {
  const date = value instanceof Date ? romeParts(value).date : value;
  const match = DATE_COLUMN.exec(date);
  if (!match) throw new RangeError(`Not a date: ${String(value)}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}
