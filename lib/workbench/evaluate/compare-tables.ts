// State comparisons of the two scorers. v1 reproduces pandas `DataFrame.equals` after the original's
// lowercasing (same columns in order, same rows in order with the same index labels); v2026 compares
// unordered multisets of rows. Rows shared between states (copy-on-write) are skipped by reference.
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

/** Unordered comparison of lowercased rows (labels, row order and column order ignored). */
export function tablesEqualUnordered(a: Table, b: Table): boolean {
  if (a === b) return true;
  if (a.rows.length !== b.rows.length) return false;
  const columnsA = [...a.columns].sort();
  const columnsB = [...b.columns].sort();
  if (columnsA.join("\u0000") !== columnsB.join("\u0000")) return false;
  const keys = (table: Table) => table.rows.map((row) => rowKey(row, columnsA)).sort();
  const keysA = keys(a);
  const keysB = keys(b);
  return keysA.every((key, i) => key === keysB[i]);
}

function rowKey(row: Row, columns: readonly string[]): string {
  return JSON.stringify(columns.map((column) => lowered(row, column)));
}

export type StateComparison = "ordered" | "ordered-raw" | "unordered";

/** True when every listed table is equal under the comparison. */
export function statesEqual(
  a: SandboxState,
  b: SandboxState,
  comparison: StateComparison,
  tables: readonly ScoredTableName[] = SCORED_TABLES,
): boolean {
  return tables.every((name) =>
    comparison === "unordered" ? tablesEqualUnordered(a[name], b[name]) : tablesEqualOrdered(a[name], b[name], comparison === "ordered"),
  );
}
