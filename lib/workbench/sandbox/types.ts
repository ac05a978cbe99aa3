/**
 * Sandbox data model. Engine rule: no next/*, react, prisma or "server-only" imports under lib/workbench.
 *
 * Tables are immutable values. A sandbox replaces a whole table when a tool writes to it, so a fresh
 * sandbox is a shallow copy of the initial tables (cheap), unchanged tables stay reference-equal to the
 * initial ones (the scorer skips comparing them), and a snapshot is just the current record of tables.
 */

/** A timestamp object (pandas Timestamp), as `send_email` writes into `sent_datetime`. */
export interface TimestampCell {
  readonly timestamp: string; // "YYYY-MM-DD HH:MM:SS"
}

/**
 * A cell as the original pandas frame holds it: a string, `null` for NaN/None (empty CSV field,
 * omitted add_customer fields, a column another row lacks), or a Timestamp object.
 */
export type Cell = string | null | TimestampCell;

/** One row. `label` is the pandas index label: the original compares labels too (see WORKBENCH-REFERENCE.md). */
export interface Row {
  readonly label: number;
  readonly values: Readonly<Record<string, Cell>>;
}

export interface Table {
  readonly name: TableName;
  /** Column order matters to the v1 comparison; unknown-field updates append a column. */
  readonly columns: readonly string[];
  readonly rows: readonly Row[];
}

/** The five scored tables (plots is the analytics state that is scored). */
export const SCORED_TABLES = ["calendar", "email", "plots", "project_tasks", "crm"] as const;
export type ScoredTableName = (typeof SCORED_TABLES)[number];
/** Scored tables plus the read-only analytics visits. */
export type TableName = ScoredTableName | "analytics";

/** Primary key column per table, for diffs and id rules (plots has none: rows are keyed by position). */
export const TABLE_KEYS: Record<TableName, string | null> = {
  calendar: "event_id",
  email: "email_id",
  plots: null,
  project_tasks: "task_id",
  crm: "customer_id",
  analytics: null,
};

/** Everything a sandbox starts from: the initial tables and the company directory. */
export interface SandboxData {
  readonly tables: Readonly<Record<TableName, Table>>;
  readonly directory: readonly string[];
}

/** A state of the scored tables; reference-equal tables are unchanged. */
export type SandboxState = Readonly<Record<TableName, Table>>;

/** Row-level difference between two states, per table, for the trace inspector and results. */
export interface TableDiff {
  readonly table: TableName;
  readonly inserted: readonly Record<string, Cell>[];
  readonly deleted: readonly Record<string, Cell>[];
  readonly changed: readonly {
    readonly key: string;
    readonly before: Record<string, Cell>;
    readonly after: Record<string, Cell>;
    /** Columns whose value differs. */
    readonly columns: readonly string[];
  }[];
}
export type StateDiff = readonly TableDiff[]; // only tables with differences

/**
 * The mutable sandbox a tool runs against. Implemented in sandbox.ts.
 * Tools read `state` and commit a new table with `replaceTable` (copy-on-write).
 */
export interface Sandbox {
  readonly data: SandboxData;
  readonly state: SandboxState;
  replaceTable(table: SandboxState[keyof SandboxState]): void;
}
