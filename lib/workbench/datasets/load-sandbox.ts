// Builds the initial sandbox tables from the original CSV files (v2026 swaps in its revised CRM table).
import path from "node:path";
import { cellFromCsv, tableFromRecords } from "../sandbox/table";
import type { Cell, SandboxData, Table, TableName } from "../sandbox/types";
import type { GroundTruthVersion } from "./types";
import { parseCsvRows, parseCsvWithHeader, readFileOrThrow, requireDataRows } from "./csv-file";
import { resolveDataRoot, v1Paths, v2026Paths } from "./data-dir";
import { DatasetError } from "./errors";

/** A table the official files hold (every table but plots, which starts empty). */
export type SandboxFileTable = Exclude<TableName, "plots">;

/** Each CSV-backed table, its file under v1/data/processed and its columns (in the original's order). */
export const SANDBOX_FILES: readonly { table: SandboxFileTable; file: string; columns: readonly string[] }[] = [
  { table: "calendar", file: "calendar_events.csv", columns: ["event_id", "event_name", "participant_email", "event_start", "duration"] },
  { table: "email", file: "emails.csv", columns: ["email_id", "inbox/outbox", "sender/recipient", "subject", "sent_datetime", "body"] },
  {
    table: "analytics",
    file: "analytics_data.csv",
    columns: ["date_of_visit", "visitor_id", "page_views", "session_duration_seconds", "traffic_source", "user_engaged"],
  },
  { table: "project_tasks", file: "project_tasks.csv", columns: ["task_id", "task_name", "assigned_to_email", "list_name", "due_date", "board"] },
  {
    table: "crm",
    file: "customer_relationship_manager_data.csv",
    columns: [
      "customer_id", "assigned_to_email", "customer_name", "customer_email", "customer_phone",
      "last_contact_date", "product_interest", "status", "follow_up_by", "notes",
    ],
  },
];

/** The initial state of every table plus the company directory, for one ground-truth version. */
export async function loadSandboxData(dataDir: string, version: GroundTruthVersion): Promise<SandboxData> {
  const root = resolveDataRoot(dataDir);
  const { processed, directory } = v1Paths(root);
  const loaded = await Promise.all(
    SANDBOX_FILES.map(({ table, file, columns }) => {
      const source = table === "crm" && version === "v2026" ? v2026Paths(root).crm : path.join(/*turbopackIgnore: true*/ processed, file);
      return loadTable(table, source, columns);
    }),
  );
  const tables = Object.fromEntries(loaded.map((table) => [table.name, table])) as Record<TableName, Table>;
  tables.plots = tableFromRecords("plots", ["file_path"], []);
  return { tables, directory: await loadDirectory(directory) };
}

async function loadTable(name: TableName, file: string, required: readonly string[]): Promise<Table> {
  const { columns, records } = requireDataRows(file, parseCsvWithHeader(file, await readFileOrThrow(file), required));
  // pandas read_csv(dtype=str): every field a string, empty and NA-like fields NaN.
  const cells = records.map((record) => {
    const row: Record<string, Cell> = {};
    for (const column of columns) row[column] = cellFromCsv(record[column] ?? "");
    return row;
  });
  return tableFromRecords(name, columns, cells);
}

async function loadDirectory(file: string): Promise<string[]> {
  const rows = parseCsvRows(file, await readFileOrThrow(file));
  if (rows.length === 0) throw new DatasetError("bad_csv", file, 1, "empty file: the company directory has no address");
  return rows.map(({ record, line }) => {
    const address = record[0]?.trim();
    if (!address || record.length !== 1) throw new DatasetError("bad_value", file, line, "expected one email address per line");
    return address;
  });
}
