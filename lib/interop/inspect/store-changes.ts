// A tool call's sandbox changes (the engine's row-level StateDiff) as JSON-patch operations for an
// Inspect `store` event: the touched rows before and after, keyed `/<table>/<row key>`, compared by
// fast-json-patch; each operation carries the value it replaced, as Inspect's JsonChange does.
// The package is CommonJS: Node's ESM loader (the built CLI) sees only its default export.
import jsonPatch from "fast-json-patch";

const { compare, getValueByPointer } = jsonPatch;

/** Inspect's JsonChange (RFC 6902 operation plus the value it replaced). */
export interface JsonChange {
  readonly op: "add" | "remove" | "replace" | "move" | "test" | "copy";
  readonly path: string;
  readonly value: unknown;
  readonly replaced: unknown;
  readonly from?: string | null;
}

type Row = Record<string, unknown>;
interface DiffTable {
  readonly table: string;
  readonly inserted?: readonly Row[];
  readonly deleted?: readonly Row[];
  readonly changed?: readonly { readonly key: string; readonly before: Row; readonly after: Row }[];
}

/** The key a row is stored under: its id column's value where the table has one, else its first cell. */
function rowKey(row: Row): string {
  const id = Object.entries(row).find(([column]) => /_id$/.test(column))?.[1];
  return String(id ?? Object.values(row)[0] ?? "");
}

/** The changes a stored step diff made; [] for none (or a diff this version does not read). */
export function storeChanges(diff: unknown): JsonChange[] {
  if (!Array.isArray(diff) || diff.length === 0) return [];
  const before: Record<string, Record<string, Row>> = {};
  const after: Record<string, Record<string, Row>> = {};
  for (const table of diff as DiffTable[]) {
    const was: Record<string, Row> = (before[table.table] = {});
    const is: Record<string, Row> = (after[table.table] = {});
    for (const row of table.deleted ?? []) was[rowKey(row)] = row;
    for (const row of table.inserted ?? []) is[rowKey(row)] = row;
    for (const change of table.changed ?? []) {
      was[change.key] = change.before;
      is[change.key] = change.after;
    }
  }
  // compare() emits only add / remove / replace ("_get" is an internal op of applyOperation).
  return compare(before, after).flatMap((operation) => operation.op === "_get" ? [] : [{
    op: operation.op,
    path: operation.path,
    value: "value" in operation ? operation.value : null,
    replaced: operation.op === "add" ? null : (getValueByPointer(before, operation.path) ?? null),
  }]);
}
