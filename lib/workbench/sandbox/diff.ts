/**
 * Row-level differences between two sandbox states, for the trace inspector (per tool call) and the
 * scorer (predicted vs ground truth). Keyed tables are matched by their key column; tables without a
 * key (plots) by position. Reference-equal tables are skipped without looking inside, which makes the
 * common case (a tool call touching one table) cost one table.
 */
import { rowRecord } from "./table";
import type { Cell, SandboxState, StateDiff, Table, TableDiff, TableName } from "./types";
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
  const groupsBefore = groupRows(before, key);
  const groupsAfter = groupRows(after, key);
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
        const differing = columns.filter((column) => !cellsEqual(old[column] ?? null, next[column] ?? null));
        if (differing.length) changed.push({ key: id, before: old, after: next, columns: differing });
      } else if (next) inserted.push(next);
      else if (old) deleted.push(old);
    }
  }
  return { table: before.name, inserted, deleted, changed };
}

/** Rows grouped by key value (by position when the table has no key); duplicates keep their order. */
function groupRows(table: Table, key: string | null): Map<string, RowRecord[]> {
  const groups = new Map<string, RowRecord[]>();
  table.rows.forEach((row, position) => {
    const cell = key === null ? String(position) : (row.values[key] ?? null);
    const id = cell === null ? "" : typeof cell === "string" ? cell : cell.timestamp;
    const group = groups.get(id);
    const record = rowRecord(table, row);
    if (group) group.push(record);
    else groups.set(id, [record]);
  });
  return groups;
}
