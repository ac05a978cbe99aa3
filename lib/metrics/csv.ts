// CSV text for exports: RFC 4180 quoting, and cells that a spreadsheet would run as a formula
// (=, +, -, @ first) prefixed with a quote so an exported task text cannot execute anything.
import { stringify } from "csv-stringify/sync";

const FORMULA_START = /^[=+\-@\t\r]/;

function safeCell(value: string): string {
  // Negative numbers ("−…" is a different character) and plain figures are left alone.
  return FORMULA_START.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return stringify(rows.map((row) => row.map(safeCell)), { record_delimiter: "unix" });
}
