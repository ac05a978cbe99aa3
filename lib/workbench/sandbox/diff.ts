/**
 * Row-level differences between two sandbox states, for the trace inspector (per tool call) and the
 * scorer (predicted vs ground truth). Keyed tables are matched by their key column; tables without a
 * key (plots) by position. Reference-equal tables are skipped without looking inside, which makes the
 * common case (a tool call touching one table) cost one table.
 */
import { cellOf, rowRecord } from "./table";
import type { Cell, Row, SandboxState, StateDiff, Table, TableDiff, TableName } from "./types";
import { TABLE_KEYS } from "./types";

const TABLE_ORDER: readonly TableName[] = ["calendar", "email", "plots", "project_tasks", "crm", "analytics"];

type Changed = TableDiff["changed"][number];
type RowRecord = Record<string, Cell>;

export function diffStates(before: SandboxState, after: SandboxState): StateDiff {
  const diffs: TableDiff[] = [];
  for (const name of TABLE_ORDER) {
    const a = before[name];
    const b = after[name];
    if (a === b || a === undefined || b === undefined) continue;
    const diff = diffTables(a, b);
    if (diff.inserted.length || diff.deleted.length || diff.changed.length) diffs.push(diff);
  }
  return diffs;
}

export function cellsEqual(a: Cell, b: Cell): boolean {
  if (a === null || b === null) return a === b;
  if (typeof a === "string" || typeof b === "string") return a === b;
  return a.timestamp === b.timestamp;
}

function diffTables(before: Table, after: Table): TableDiff {
  const key = TABLE_KEYS[before.name];
  const columns = [...new Set([...before.columns, ...after.columns])];
  // Rows are immutable, so the identical rows at the start and end of both tables are unchanged;
  // only the span in between needs matching by key. A write usually leaves a span of one row.
  const [start, endBefore, endAfter] = changedSpan(before.rows, after.rows);
  const groupsBefore = groupRows(before.rows, start, endBefore, key);
  const groupsAfter = groupRows(after.rows, start, endAfter, key);
  const inserted: RowRecord[] = [];
  const deleted: RowRecord[] = [];
  const changed: Changed[] = [];
  for (const id of new Set([...groupsBefore.keys(), ...groupsAfter.keys()])) {
    const olds = groupsBefore.get(id) ?? [];
    const news = groupsAfter.get(id) ?? [];
    for (let i = 0; i < Math.max(olds.length, news.length); i++) {
      const old = olds[i];
      const next = news[i];
      if (old && next) {
        if (old === next) continue; // rows are immutable: the same object is the same row
        const differing = columns.filter((column) => !cellsEqual(cellOf(old, column), cellOf(next, column)));
        if (differing.length) {
          changed.push({ key: id, before: rowRecord(before, old), after: rowRecord(after, next), columns: differing });
        }
      } else if (next) inserted.push(rowRecord(after, next));
      else if (old) deleted.push(rowRecord(before, old));
    }
  }
  return { table: before.name, inserted, deleted, changed };
}

function changedSpan(before: readonly Row[], after: readonly Row[]): [number, number, number] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  return [start, endBefore, endAfter];
}

/** Rows of [from, to) grouped by key value (by absolute position without a key), duplicates in order. */
function groupRows(rows: readonly Row[], from: number, to: number, key: string | null): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (let position = from; position < to; position++) {
    const row = rows[position];
    if (!row) continue;
    const cell = key === null ? String(position) : cellOf(row, key);
    const id = cell === null ? "" : typeof cell === "string" ? cell : cell.timestamp;
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}
