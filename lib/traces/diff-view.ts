/**
 * Turns a stored StateDiff (JSON on TaskResult.diff / Step.diff) into rows a table can render: one
 * section per sandbox table with inserted, deleted and changed rows over a shared column list, and the
 * changed cells flagged. Stored JSON is validated, never trusted: a malformed diff renders as empty.
 */
import { z } from "zod";
import { TABLE_KEYS, type TableName } from "@/lib/workbench/sandbox/types";

const cellSchema = z.union([z.string(), z.null(), z.object({ timestamp: z.string() })]);
const rowSchema = z.record(z.string(), cellSchema);
const tableDiffSchema = z.object({
  table: z.string(),
  inserted: z.array(rowSchema),
  deleted: z.array(rowSchema),
  changed: z.array(
    z.object({ key: z.string(), before: rowSchema, after: rowSchema, columns: z.array(z.string()) }),
  ),
});
const stateDiffSchema = z.array(tableDiffSchema);

type StoredCell = z.infer<typeof cellSchema>;

export type DiffRowKind = "inserted" | "deleted" | "changed";

export interface DiffCellView {
  readonly column: string;
  readonly text: string;
  /** For changed rows: the value before, shown struck through beside the new one. */
  readonly before?: string;
  readonly changed: boolean;
}

export interface DiffRowView {
  readonly kind: DiffRowKind;
  readonly key: string;
  readonly cells: readonly DiffCellView[];
}

export interface TableDiffView {
  readonly table: string;
  readonly columns: readonly string[];
  readonly rows: readonly DiffRowView[];
  readonly counts: Readonly<Record<DiffRowKind, number>>;
}

export function cellText(cell: StoredCell | undefined): string {
  if (cell === undefined || cell === null) return "∅";
  return typeof cell === "string" ? cell : cell.timestamp;
}

/** Free-text columns that would push the identifying ones off screen: shown last. */
const LONG_TEXT_COLUMNS = new Set(["body", "notes"]);

function isTableName(table: string): table is TableName {
  return Object.hasOwn(TABLE_KEYS, table);
}

/**
 * Every column seen, the table's key first and long text last. Stored JSON (jsonb) does not keep the
 * sandbox's column order, so the order is decided here.
 */
export function columnsOf(table: string, rows: readonly Record<string, StoredCell>[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const column of Object.keys(row)) seen.add(column);
  const key = isTableName(table) ? TABLE_KEYS[table] : null;
  const rank = (column: string) => (column === key ? 0 : LONG_TEXT_COLUMNS.has(column) ? 2 : 1);
  return [...seen].sort((a, b) => rank(a) - rank(b));
}

function plainRow(kind: DiffRowKind, row: Record<string, StoredCell>, columns: readonly string[], index: number) {
  const key = columns[0] !== undefined ? cellText(row[columns[0]]) : String(index);
  const cells = columns.map((column) => ({ column, text: cellText(row[column]), changed: false }));
  return { kind, key, cells } satisfies DiffRowView;
}

/** Parses a stored diff and shapes it per table; returns [] for "no difference" and for bad JSON. */
export function buildDiffView(stored: unknown): TableDiffView[] {
  const parsed = stateDiffSchema.safeParse(stored);
  if (!parsed.success) return [];
  return parsed.data
    .map((table) => {
      const columns = columnsOf(table.table, [
        ...table.inserted,
        ...table.deleted,
        ...table.changed.flatMap((change) => [change.before, change.after]),
      ]);
      const changedRows: DiffRowView[] = table.changed.map((change) => ({
        kind: "changed",
        key: change.key,
        cells: columns.map((column) => {
          const changed = change.columns.includes(column);
          const text = cellText(change.after[column]);
          return changed ? { column, text, before: cellText(change.before[column]), changed } : { column, text, changed };
        }),
      }));
      return {
        table: table.table,
        columns,
        rows: [
          ...table.inserted.map((row, index) => plainRow("inserted", row, columns, index)),
          ...table.deleted.map((row, index) => plainRow("deleted", row, columns, index)),
          ...changedRows,
        ],
        counts: { inserted: table.inserted.length, deleted: table.deleted.length, changed: table.changed.length },
      };
    })
    .filter((table) => table.rows.length > 0);
}

/** "email +1 −0 ~2" style one-liner for step headers. */
export function summarizeDiff(tables: readonly TableDiffView[]): string {
  return tables
    .map(({ table, counts }) => `${table} +${counts.inserted} −${counts.deleted} ~${counts.changed}`)
    .join(", ");
}

const PREVIEW_MARKER: Record<DiffRowKind, string> = { inserted: "+", deleted: "−", changed: "~" };

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * A folded state change in a few short lines: its first `maxRows` rows, each as its table, marker and
 * key, then the changed cells (old → new) of a changed row or the first other cell of an added or
 * deleted one, every value cut to `maxChars`. The whole diff is fetched when the fold is opened.
 */
export function diffPreviewLines(tables: readonly TableDiffView[], maxRows = 3, maxChars = 60): string[] {
  const lines: string[] = [];
  for (const table of tables) {
    for (const row of table.rows) {
      if (lines.length === maxRows) return lines;
      const [keyCell, ...others] = row.cells;
      const head = `${PREVIEW_MARKER[row.kind]} ${table.table} ${cut(keyCell?.text ?? row.key, maxChars)}`;
      const detail =
        row.kind === "changed"
          ? others.filter((cell) => cell.changed).map((cell) => `${cell.column}: ${cut(cell.before ?? "", maxChars)} → ${cut(cell.text, maxChars)}`)
          : others.slice(0, 1).map((cell) => `${cell.column}: ${cut(cell.text, maxChars)}`);
      lines.push([head, ...detail].join(" · "));
    }
  }
  return lines;
}
