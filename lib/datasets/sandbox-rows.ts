// Converts an engine sandbox to database rows and back. Rows keep their cells as JSON; column order
// lives beside them (jsonb sorts object keys), and the directory is stored as table "directory".
import { tableFromRecords } from "@/lib/workbench/sandbox/table";
import type { Cell, SandboxData, Table, TableName } from "@/lib/workbench/sandbox/types";

export const DIRECTORY_TABLE = "directory";
const TABLE_NAMES: readonly TableName[] = ["calendar", "email", "plots", "project_tasks", "crm", "analytics"];

/** A JSON cell: an interface-typed TimestampCell is re-created as a plain object for Prisma's Json type. */
export type JsonCell = string | null | { timestamp: string };
export type StoredSandboxRow = { table: string; position: number; data: Record<string, JsonCell> };

function toJsonCells(values: Readonly<Record<string, Cell>>): Record<string, JsonCell> {
  return Object.fromEntries(
    Object.entries(values).map(([column, cell]) => [column, cell !== null && typeof cell === "object" ? { timestamp: cell.timestamp } : cell]),
  );
}
export type SandboxColumns = Partial<Record<TableName, string[]>>;

export function sandboxToRows(sandbox: SandboxData): { rows: StoredSandboxRow[]; columns: SandboxColumns } {
  const rows: StoredSandboxRow[] = [];
  const columns: SandboxColumns = {};
  for (const name of TABLE_NAMES) {
    const table = sandbox.tables[name];
    columns[name] = [...table.columns];
    table.rows.forEach((row, position) => rows.push({ table: name, position, data: toJsonCells(row.values) }));
  }
  sandbox.directory.forEach((address, position) => rows.push({ table: DIRECTORY_TABLE, position, data: { address } }));
  return { rows, columns };
}

function isCell(value: unknown): value is Cell {
  if (value === null || typeof value === "string") return true;
  return typeof value === "object" && typeof (value as { timestamp?: unknown }).timestamp === "string";
}

function toRecord(table: string, position: number, data: unknown): Record<string, Cell> {
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new Error(`sandbox row ${table}#${position} is not an object`);
  }
  for (const [column, value] of Object.entries(data)) {
    if (!isCell(value)) throw new Error(`sandbox row ${table}#${position}, column ${column}: not a cell value`);
  }
  return data as Record<string, Cell>;
}

/** Rebuilds the engine sandbox from stored rows (any order) and the stored column lists. */
export function rowsToSandbox(rows: readonly { table: string; position: number; data: unknown }[], columns: unknown): SandboxData {
  const sorted = [...rows].sort((a, b) => a.position - b.position);
  const columnLists = (columns ?? {}) as Record<string, unknown>;
  const tables = {} as Record<TableName, Table>;
  for (const name of TABLE_NAMES) {
    const tableColumns = columnLists[name];
    if (!Array.isArray(tableColumns) || !tableColumns.every((column) => typeof column === "string")) {
      throw new Error(`stored sandbox has no column list for table ${name}`);
    }
    const records = sorted.filter((row) => row.table === name).map((row) => toRecord(name, row.position, row.data));
    tables[name] = tableFromRecords(name, tableColumns, records);
  }
  const directory = sorted
    .filter((row) => row.table === DIRECTORY_TABLE)
    .map((row) => String((row.data as { address?: unknown }).address));
  return { tables, directory };
}
