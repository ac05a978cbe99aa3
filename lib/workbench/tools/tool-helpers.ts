/**
 * Small pieces every domain's tools share: reading a table, pandas-style regex masks, Python's
 * f-string rendering of a cell, id generation and the "now" the benchmark is frozen at.
 */
import type { Sandbox } from "./types";
import type { Cell, Row, Table, TableName, TimestampCell } from "../sandbox/types";
import { cellOf, columnCells, deleteWhere, hasValue, maxString, rowRecord, rowsWhere } from "../sandbox/table";
import { compilePythonRegex, REMEMBERED_SCAN_MAX, regexSearch } from "./python-regex";
import { PythonError } from "./python-error";
import { rememberedFilter } from "./remembered-filter";
import type { ToolRules } from "./rules";

/** HARDCODED_CURRENT_TIME of the original: Thursday 2023-11-30 00:00:00. */
export const CURRENT_TIME: TimestampCell = { timestamp: "2023-11-30 00:00:00" };

export function tableOf(sandbox: Sandbox, name: TableName): Table {
  return sandbox.state[name];
}

/** `f"{cell}"`: NaN prints as "nan", a Timestamp as its text. */
export function pyStr(cell: Cell): string {
  if (cell === null) return "nan";
  return typeof cell === "string" ? cell : cell.timestamp;
}

/**
 * `df[df[column].str.contains(pattern, case=...)]`, as a regex (2024) or with `regex=False` (2026).
 * A NaN cell yields NaN in the mask, and pandas refuses to index with it ("Cannot mask with
 * non-boolean array containing NA / NaN values").
 */
export function rowsContaining(
  rows: readonly Row[],
  column: string,
  pattern: string,
  ignoreCase: boolean,
  search: ToolRules["textSearch"] = "regex",
): readonly Row[] {
  return rememberedFilter(rows, `${column}\u0000${ignoreCase ? "i" : "-"}${search}\u0000${pattern}`, () => {
    const contains = textMatcher(pattern, ignoreCase, search, rows.length);
    const cells = columnCells(rows, column);
    const kept: Row[] = [];
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index] as Row;
      const cell = cells ? cells[index] : cellOf(row, column);
      if (typeof cell !== "string") {
        throw new PythonError("ValueError", "Cannot mask with non-boolean array containing NA / NaN values");
      }
      if (contains(cell)) kept.push(row);
    }
    return kept;
  });
}

/**
 * pandas `str.contains(pattern, case, regex)` for one string: with regex=False and case=False it compares
 * upper-cased text. `rows`: how many rows the search scans; a regex remembers each text's result only
 * in searches of up to REMEMBERED_SCAN_MAX rows.
 */
export function textMatcher(pattern: string, ignoreCase: boolean, search: ToolRules["textSearch"], rows = 0): (text: string) => boolean {
  // Every text contains "" (and re.search("") matches anywhere): skip upper-casing every cell.
  if (pattern === "") return () => true;
  if (search === "literal") {
    const needle = ignoreCase ? pattern.toUpperCase() : pattern;
    return (text) => (ignoreCase ? upperCased(text) : text).includes(needle);
  }
  const regex = compilePythonRegex(pattern, ignoreCase);
  const remember = rows <= REMEMBERED_SCAN_MAX;
  return (text) => regexSearch(regex, text, remember);
}

/** `text.upper()`, remembered: every case-insensitive literal search upper-cases the same cells. */
function upperCased(text: string): string {
  let upper = upperTexts.get(text);
  if (upper === undefined) {
    if (upperTexts.size >= UPPER_TEXTS_KEPT) upperTexts.clear();
    upperTexts.set(text, (upper = text.toUpperCase()));
  }
  return upper;
}

const upperTexts = new Map<string, string>();
const UPPER_TEXTS_KEPT = 50_000;

/**
 * `str(int(df[column].max()) + 1)`, zero-filled to 8 digits unless `pad` is false (2024 emails). An
 * empty table raises under 2024 (int(NaN)); 2026's generate_next_id returns "00000000".
 */
export function nextId(table: Table, column: string, pad: boolean, emptyTable: ToolRules["emptyTableId"] = "error"): string {
  if (emptyTable === "zero" && table.rows.length === 0) return zfill("0", 8);
  const max = maxString(table, column);
  if (max === null) throw new PythonError("ValueError", "cannot convert float NaN to integer");
  const literal = max.trim().replaceAll("_", "");
  if (!/^[+-]?\d+(_\d+)*$/.test(max.trim())) {
    throw new PythonError("ValueError", `invalid literal for int() with base 10: '${max}'`);
  }
  const next = (BigInt(literal) + 1n).toString();
  return pad ? zfill(next, 8) : next;
}

/** Python's `str.zfill`: pads with zeros after any sign. */
export function zfill(text: string, width: number): string {
  if (text.length >= width) return text;
  const sign = /^[+-]/.test(text) ? text.slice(0, 1) : "";
  return sign + text.slice(sign.length).padStart(width - sign.length, "0");
}

/** `{field: value}` lookup shared by the three get_*_information_by_id tools. */
export function informationById(
  table: Table,
  keyColumn: string,
  id: string | undefined,
  field: string | undefined,
  messages: { noId: string; notFound: string },
): unknown {
  if (!id) return messages.noId;
  if (!field) return "Field not provided.";
  const row = rowsWhere(table, keyColumn, id)[0];
  if (!row) return messages.notFound;
  const record = rowRecord(table, row);
  return Object.hasOwn(record, field) ? { [field]: record[field] } : "Field not found.";
}

/** The four delete_* tools: `<Noun> ID not provided.` / `<Noun> not found.` / `<Noun> deleted successfully.` */
export function deleteById(sandbox: Sandbox, name: TableName, keyColumn: string, id: string | undefined, noun: string): string {
  if (!id) return `${noun} ID not provided.`;
  const table = tableOf(sandbox, name);
  if (!hasValue(table, keyColumn, id)) return `${noun} not found.`;
  sandbox.replaceTable(deleteWhere(table, keyColumn, id));
  return `${noun} deleted successfully.`;
}
