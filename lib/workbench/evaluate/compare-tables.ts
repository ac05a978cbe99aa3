// State comparisons of the two scorers. v1 reproduces pandas `DataFrame.equals` after the original's
// lowercasing (same columns in order, same rows in order with the same index labels); 2026 compares
// multisets of rows over the same ordered columns. Rows shared between states (copy-on-write) are skipped by reference.
import type { Cell, Row, SandboxState, ScoredTableName, Table } from "../sandbox/types";
import { SCORED_TABLES } from "../sandbox/types";

/** Columns the original compares case-sensitively (by name, in every table). */
const CASE_SENSITIVE = new Set(["status", "list_name", "board"]);

/** A cell as compared after lowercasing: a string, or NaN (null) for every non-string. */
type ComparedCell = string | null | { readonly timestamp: string };

const normalizedRows = new WeakMap<Row, Map<string, ComparedCell>>();

function lowered(row: Row, column: string): ComparedCell {
  let cache = normalizedRows.get(row);
  if (!cache) {
    cache = new Map();
    normalizedRows.set(row, cache);
  }
  const hit = cache.get(column);
  if (hit !== undefined) return hit;
  const value = lowerCell(column, row.values[column] ?? null);
  cache.set(column, value);
  return value;
}

/** `df[col].str.lower()` turns non-strings into NaN; status / list_name / board are left as they are. */
function lowerCell(column: string, cell: Cell): ComparedCell {
  if (CASE_SENSITIVE.has(column)) return cell;
  return typeof cell === "string" ? cell.toLowerCase() : null;
}

/** pandas object equality: NaN/None equal each other, never a string; Timestamps by value. */
function sameCell(a: ComparedCell, b: ComparedCell): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a === "string" || typeof b === "string") return false;
  return a.timestamp === b.timestamp;
}

function sameColumns(a: Table, b: Table): boolean {
  return a.columns === b.columns || (a.columns.length === b.columns.length && a.columns.every((c, i) => c === b.columns[i]));
}

/** Ordered comparison; `lower` applies the original's lowercasing first. */
export function tablesEqualOrdered(a: Table, b: Table, lower: boolean): boolean {
  if (a === b) return true;
  if (!sameColumns(a, b) || a.rows.length !== b.rows.length) return false;
  for (let i = 0; i < a.rows.length; i += 1) {
    const ra = a.rows[i] as Row;
    const rb = b.rows[i] as Row;
    if (ra === rb) continue;
    if (ra.label !== rb.label) return false;
    for (const column of a.columns) {
      const ca = lower ? lowered(ra, column) : (ra.values[column] ?? null);
      const cb = lower ? lowered(rb, column) : (rb.values[column] ?? null);
      if (!sameCell(ca, cb)) return false;
    }
  }
  return true;
}

/**
 * The 2026 evaluator's `_states_match` (src/evals/evaluation.py at f7bed57): the same columns in the
 * same order, the same number of rows, and equal frames once both are sorted by every column, i.e.
 * equal multisets of rows. `lower` applies the lowercasing first (correctness); the side-effect check
 * compares raw values.
 */
export function tablesEqualUnordered(a: Table, b: Table, lower = true): boolean {
  if (a === b) return true;
  if (!sameColumns(a, b) || a.rows.length !== b.rows.length) return false;
  // Rows shared by reference (copy-on-write) are equal and in both multisets: only the rest is keyed,
  // so comparing a large table after a one-row edit costs one pass, not a sort of every row. Most
  // shared rows sit at the same position in both tables, so those are set aside in one pass and only
  // the rest is looked up by reference (a table never holds one Row object twice: every write makes
  // new rows), which keeps the sets as small as the edit instead of the size of the table.
  const restA: Row[] = [];
  const restB: Row[] = [];
  for (let i = 0; i < a.rows.length; i += 1) {
    const ra = a.rows[i] as Row;
    const rb = b.rows[i] as Row;
    if (ra === rb) continue;
    restA.push(ra);
    restB.push(rb);
  }
  if (restA.length === 0) return true;
  const inB = new Set(restB);
  const inA = new Set(restA);
  const keys = (rest: readonly Row[], other: ReadonlySet<Row>, columns: readonly string[]) =>
    rest.filter((row) => !other.has(row)).map((row) => rowKey(row, columns, lower)).sort();
  const keysA = keys(restA, inB, a.columns);
  const keysB = keys(restB, inA, b.columns);
  return keysA.length === keysB.length && keysA.every((key, i) => key === keysB[i]);
}

function rowKey(row: Row, columns: readonly string[], lower: boolean): string {
  return JSON.stringify(columns.map((column) => comparable(lower ? lowered(row, column) : (row.values[column] ?? null))));
}

/** A Timestamp and the string of the same text are different cells. */
function comparable(cell: ComparedCell): string | null | readonly [string] {
  return cell !== null && typeof cell === "object" ? [cell.timestamp] : cell;
}

export type StateComparison = "ordered" | "ordered-raw" | "unordered" | "unordered-raw";

/** True when every listed table is equal under the comparison. */
export function statesEqual(
  a: SandboxState,
  b: SandboxState,
  comparison: StateComparison,
  tables: readonly ScoredTableName[] = SCORED_TABLES,
): boolean {
  return tables.every((name) =>
    comparison.startsWith("unordered")
      ? tablesEqualUnordered(a[name], b[name], comparison === "unordered")
      : tablesEqualOrdered(a[name], b[name], comparison === "ordered"),
  );
}
