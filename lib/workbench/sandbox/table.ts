/**
 * Generic, immutable table operations shared by every sandbox table (no per-domain copies).
 * Each write returns a new Table whose row array is new but whose untouched Row objects are shared,
 * so a write costs one array copy of that table only. Semantics follow the pandas operations the
 * original tools used (boolean-mask delete keeps labels, `.loc[label] = row`, `concat`).
 * Engine rule: plain TypeScript, no framework imports.
 */
import type { Cell, Row, Table, TableName } from "./types";

/** Builds a table with pandas' default RangeIndex labels 0..n-1. */
export function tableFromRecords(
  name: TableName,
  columns: readonly string[],
  records: readonly Record<string, Cell>[],
): Table {
  const rows = records.map((record, label) => ({ label, values: pickColumns(columns, record) }));
  return { name, columns: [...columns], rows };
}

/** pandas' default NA strings: `read_csv(dtype=str)` still turns these (and "") into NaN. */
const PANDAS_NA_STRINGS = new Set([
  "", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN",
  "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null",
]);

/** A raw CSV field as `pd.read_csv(dtype=str)` holds it. */
export function cellFromCsv(raw: string): Cell {
  return PANDAS_NA_STRINGS.has(raw) ? null : raw;
}

function pickColumns(columns: readonly string[], record: Readonly<Record<string, Cell>>): Record<string, Cell> {
  const values: Record<string, Cell> = {};
  for (const column of columns) {
    const cell = Object.hasOwn(record, column) ? (record[column] ?? null) : null;
    // A plain assignment to "__proto__" would set the prototype instead of a cell.
    if (column === "__proto__") Object.defineProperty(values, column, { value: cell, enumerable: true, writable: true, configurable: true });
    else values[column] = cell;
  }
  return values;
}

/** A row as `to_dict(orient="records")` gives it: every column in order, missing cells null. */
export function rowRecord(table: Table, row: Row): Record<string, Cell> {
  return pickColumns(table.columns, row.values);
}

export function tableRecords(table: Table): Record<string, Cell>[] {
  return table.rows.map((row) => rowRecord(table, row));
}

export function cellOf(row: Row, column: string): Cell {
  return row.values[column] ?? null;
}

/**
 * Per-table, per-column lookup index, built on first use. Tables are immutable, so the index of the
 * initial tables is shared by every sandbox (the replay looks ids up thousands of times).
 */
const indexes = new WeakMap<Table, Map<string, Map<string, IndexEntry>>>();
const lookups = new WeakMap<Table, number>();
/**
 * The row holding a value, or the rows when several do. Id columns hold one row per value, and an
 * array for each would more than double the index (a 1000× generated workplace indexes 1.3M ids).
 */
type IndexEntry = Row | Row[];
const entryRows = (entry: IndexEntry): readonly Row[] => (Array.isArray(entry) ? entry : [entry]);

/** The index once a table has been looked up before; a table version read once is just scanned. */
function columnIndex(table: Table, column: string): Map<string, IndexEntry> | null {
  let byColumn = indexes.get(table);
  if (!byColumn) {
    const count = (lookups.get(table) ?? 0) + 1;
    lookups.set(table, count);
    if (count < 2) return null;
    indexes.set(table, (byColumn = new Map()));
  }
  let index = byColumn.get(column);
  if (!index) {
    index = new Map();
    for (const row of table.rows) {
      const cell = cellOf(row, column);
      if (typeof cell !== "string") continue;
      const entry = index.get(cell);
      if (entry === undefined) index.set(cell, row);
      else if (Array.isArray(entry)) entry.push(row);
      else index.set(cell, [entry, row]);
    }
    byColumn.set(column, index);
  }
  return index;
}

/**
 * One column's cells as a dense array, for row arrays scanned more than once (the initial tables, which
 * a generation searches thousands of times with different patterns): a scan then reads one array in
 * order instead of every row's record. Null the first time a row array asks (it is just scanned).
 */
export function columnCells(rows: readonly Row[], column: string): readonly Cell[] | null {
  let byColumn = cellArrays.get(rows);
  if (!byColumn) cellArrays.set(rows, (byColumn = new Map()));
  const cells = byColumn.get(column);
  if (cells) return cells;
  if (!byColumn.has(column)) {
    byColumn.set(column, null);
    return null;
  }
  const built = rows.map((row) => cellOf(row, column));
  byColumn.set(column, built);
  return built;
}
const cellArrays = new WeakMap<readonly Row[], Map<string, readonly Cell[] | null>>();

/** `df[df[column] == value]`: exact string equality (NaN and Timestamps never equal a string). */
export function rowsWhere(table: Table, column: string, value: string): readonly Row[] {
  const index = columnIndex(table, column);
  if (!index) return table.rows.filter((row) => cellOf(row, column) === value);
  const entry = index.get(value);
  return entry === undefined ? [] : entryRows(entry);
}

/** `value in df[column].values`. */
export function hasValue(table: Table, column: string, value: string): boolean {
  const index = columnIndex(table, column);
  return index ? index.has(value) : table.rows.some((row) => cellOf(row, column) === value);
}

/** `df[df[column] != value]` (boolean-mask filtering: kept rows keep their labels). */
export function deleteWhere(table: Table, column: string, value: string): Table {
  const cells = columnCells(table.rows, column);
  return { ...table, rows: table.rows.filter((row, index) => (cells ? cells[index] : cellOf(row, column)) !== value) };
}

/** `df.loc[df[column] == value, field] = newValue`; an unknown field becomes a new last column. */
export function updateWhere(table: Table, column: string, value: string, field: string, newValue: Cell): Table {
  const columns = table.columns.includes(field) ? table.columns : [...table.columns, field];
  const cells = columnCells(table.rows, column);
  const rows = table.rows.map((row, index) =>
    (cells ? cells[index] : cellOf(row, column)) === value ? { label: row.label, values: { ...row.values, [field]: newValue } } : row,
  );
  return { ...table, columns, rows };
}

/**
 * `pd.concat([df, new_row_frame])`. With `ignoreIndex` every row is relabelled 0..n (as
 * `ignore_index=True` does); without it the new row keeps label 0, its own frame's index.
 */
export function concatRow(table: Table, record: Readonly<Record<string, Cell>>, ignoreIndex: boolean): Table {
  const extra = Object.keys(record).filter((column) => !table.columns.includes(column));
  const columns = [...table.columns, ...extra];
  const appended: Row = { label: ignoreIndex ? table.rows.length : 0, values: pickColumns(columns, record) };
  // One copy of the row array (this runs for every event, task, customer or email a replay creates).
  const rows: Row[] = table.rows.slice();
  if (ignoreIndex) {
    for (let index = 0; index < rows.length; index += 1) {
      const row = rows[index] as Row;
      if (row.label !== index) rows[index] = { label: index, values: row.values };
    }
  }
  rows.push(appended);
  return inheritMaxima(table, { ...table, columns, rows }, appended);
}

/** `df.loc[label] = values`: overwrites the rows carrying that label in place, else appends one. */
export function setRowAtLabel(table: Table, label: number, record: Readonly<Record<string, Cell>>): Table {
  const values = pickColumns(table.columns, record);
  if (!table.rows.some((row) => row.label === label)) {
    const appended: Row = { label, values };
    return inheritMaxima(table, { ...table, rows: [...table.rows, appended] }, appended);
  }
  return { ...table, rows: table.rows.map((row) => (row.label === label ? { label, values } : row)) };
}

/** `df[column].max()` over an object column: the greatest string, NaN skipped; null when none. */
export function maxString(table: Table, column: string): string | null {
  // Tables are immutable values, so a version's maximum is computed once (every replay's first new id
  // on an initial table asks for the same one).
  let byColumn = maxima.get(table);
  if (!byColumn) maxima.set(table, (byColumn = new Map()));
  let max = byColumn.get(column);
  if (max === undefined) byColumn.set(column, (max = scanMaxString(table, column)));
  return max;
}

const maxima = new WeakMap<Table, Map<string, string | null>>();

/**
 * `next` is `table` plus the row `appended`, every other row unchanged: the maxima already known for
 * `table` carry over with the new row's cell (a replay's second new id would otherwise rescan the table).
 */
function inheritMaxima(table: Table, next: Table, appended: Row): Table {
  const known = maxima.get(table);
  if (!known) return next;
  const inherited = new Map<string, string | null>();
  for (const [column, max] of known) {
    const cell = cellOf(appended, column);
    inherited.set(column, typeof cell === "string" && (max === null || cell > max) ? cell : max);
  }
  maxima.set(next, inherited);
  return next;
}

function scanMaxString(table: Table, column: string): string | null {
  const index = columnIndex(table, column);
  const values = index ? index.keys() : table.rows.map((row) => cellOf(row, column));
  let max: string | null = null;
  for (const value of values) if (typeof value === "string" && (max === null || value > max)) max = value;
  return max;
}
