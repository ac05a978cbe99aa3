/**
 * Where an agent went wrong: replay the ground truth to its end state, then the agent's calls one at a
 * time, and find the first call after which the agent's changes are no longer a part of the ground
 * truth's changes (a wrong write: a row written that the ground truth does not have, a value the ground
 * truth does not set, a row deleted that it keeps). If no write was wrong but the end states differ,
 * the agent stopped short: the divergence is its last step, with what was left undone.
 * Engine rule: plain TypeScript, no framework imports.
 */
import { parseCall } from "../calls/parse-call";
import type { ParsedCall } from "../calls/types";
import type { ExecuteCall } from "../evaluate/replay";
import { replayCalls } from "../evaluate/replay";
import { cellsEqual, diffStates } from "../sandbox/diff";
import { createSandbox } from "../sandbox/sandbox";
import { cellOf, rowRecord } from "../sandbox/table";
import type { Cell, SandboxData, SandboxState, Table, TableDiff } from "../sandbox/types";
import { TABLE_KEYS } from "../sandbox/types";

/** One call the agent made, with the trace step it came from (null for results without steps). */
export interface AgentCall {
  readonly step: number | null;
  readonly call: string;
}

export type Divergence =
  | { readonly kind: "none" }
  | { readonly kind: "wrong-write"; readonly step: number | null; readonly callIndex: number; readonly call: string; readonly reason: string }
  | { readonly kind: "incomplete"; readonly step: number | null; readonly missing: number; readonly reason: string };

type RowRecord = Record<string, Cell>;

const show = (cell: Cell | undefined) => (cell === null || cell === undefined ? "empty" : typeof cell === "string" ? `'${cell}'` : `'${cell.timestamp}'`);

/** Rows of a table by key value (by position for plots, which has no key). */
function rowsByKey(table: Table): Map<string, RowRecord> {
  const key = TABLE_KEYS[table.name];
  const rows = new Map<string, RowRecord>();
  table.rows.forEach((row, position) => {
    const cell = key === null ? String(position) : cellOf(row, key);
    rows.set(cell === null ? "" : typeof cell === "string" ? cell : cell.timestamp, rowRecord(table, row));
  });
  return rows;
}

const keyOf = (table: Table, record: RowRecord) => {
  const key = TABLE_KEYS[table.name];
  const cell = key === null ? null : record[key];
  return cell === null || cell === undefined ? "" : typeof cell === "string" ? cell : cell.timestamp;
};

/** A short identification of a row for the reason sentence: its first few non-empty cells. */
const describe = (record: RowRecord) =>
  Object.entries(record)
    .filter(([, cell]) => cell !== null)
    .slice(0, 3)
    .map(([name, cell]) => `${name} = ${show(cell)}`)
    .join(", ");

/** The first of the agent's changes to one table that the ground truth's end state contradicts. */
function contradiction(diff: TableDiff, groundTruth: Table): string | null {
  const truth = rowsByKey(groundTruth);
  const keyed = TABLE_KEYS[groundTruth.name] !== null;
  for (const record of diff.inserted) {
    const sameRow = (expected: RowRecord) => Object.keys(record).every((name) => cellsEqual(record[name] ?? null, expected[name] ?? null));
    if (!keyed) {
      // plots has no key: the written row must be one the ground truth writes too.
      if (![...truth.values()].some(sameRow)) return `added a ${diff.table} row (${describe(record)}) that the ground truth does not add`;
      continue;
    }
    const id = keyOf(groundTruth, record);
    const expected = truth.get(id);
    if (!expected) return `added a ${diff.table} row (${describe(record)}) that the ground truth does not add`;
    const column = Object.keys(record).find((name) => !cellsEqual(record[name] ?? null, expected[name] ?? null));
    if (column) return `added ${diff.table} ${id} with ${column} = ${show(record[column])}; the ground truth has ${show(expected[column])}`;
  }
  for (const record of diff.deleted) {
    const id = keyOf(groundTruth, record);
    if (truth.has(id)) return `deleted ${diff.table} ${id}, which the ground truth keeps`;
  }
  for (const change of diff.changed) {
    const expected = truth.get(change.key);
    if (!expected) return `changed ${diff.table} ${change.key}, which the ground truth deletes`;
    const column = change.columns.find((name) => !cellsEqual(change.after[name] ?? null, expected[name] ?? null));
    if (column) return `set ${diff.table} ${change.key} ${column} to ${show(change.after[column])}; the ground truth has ${show(expected[column])}`;
  }
  return null;
}

function firstContradiction(initial: SandboxState, current: SandboxState, groundTruth: SandboxState): string | null {
  for (const diff of diffStates(initial, current)) {
    const reason = contradiction(diff, groundTruth[diff.table]);
    if (reason) return reason;
  }
  return null;
}

function countChanges(diffs: readonly TableDiff[]): number {
  return diffs.reduce((sum, diff) => sum + diff.inserted.length + diff.deleted.length + diff.changed.length, 0);
}

export interface DivergenceInput {
  readonly data: SandboxData;
  readonly groundTruth: readonly string[];
  readonly calls: readonly AgentCall[];
  /** Step to point at when the agent stopped short (its final answer or last step). */
  readonly lastStep: number | null;
}

export function firstDivergence(input: DivergenceInput, execute: ExecuteCall, parse: (raw: string) => ParsedCall = parseCall): Divergence {
  const target = replayCalls(input.data, input.groundTruth, execute, parse).state;
  const initial = input.data.tables;
  const sandbox = createSandbox(input.data);
  for (const [callIndex, { step, call }] of input.calls.entries()) {
    const parsed = parse(call);
    if (!parsed.ok) continue; // an unparseable call changes nothing
    const before = sandbox.snapshot();
    execute(sandbox, parsed.call);
    if (sandbox.snapshot() === before) continue; // a read, or a write the tool refused
    const reason = firstContradiction(initial, sandbox.snapshot(), target);
    if (reason) return { kind: "wrong-write", step, callIndex, call, reason };
  }
  const left = diffStates(sandbox.snapshot(), target);
  if (left.length === 0) return { kind: "none" };
  const missing = countChanges(left);
  const tables = left.map((diff) => diff.table).join(", ");
  return {
    kind: "incomplete",
    step: input.lastStep,
    missing,
    reason: `stopped with ${missing} change${missing === 1 ? "" : "s"} of the ground truth not made (${tables})`,
  };
}
