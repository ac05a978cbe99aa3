// Replays call strings on a fresh sandbox as the original evaluator did: a call that cannot be parsed
// or that raises is skipped (and reported), later calls still run.
import { parseCall } from "../calls/parse-call";
import type { Call, ParsedCall } from "../calls/types";
import { createSandbox } from "../sandbox/sandbox";
import type { SandboxData, SandboxState, Table, TableName } from "../sandbox/types";
import type { Sandbox, ToolOutcome } from "../tools/types";

/** How a parsed call is run (the tools registry in production; a fake in unit tests). */
export type ExecuteCall = (sandbox: Sandbox, call: Call) => ToolOutcome;

export interface FailedCall {
  readonly index: number;
  readonly raw: string;
  readonly reason: string;
}

export interface Replay {
  readonly state: SandboxState;
  readonly failedCalls: readonly FailedCall[];
}

export function replayCalls(
  data: SandboxData,
  calls: readonly string[],
  execute: ExecuteCall,
  parse: (raw: string) => ParsedCall = parseCall,
): Replay {
  const sandbox = createSandbox(data);
  const failedCalls: FailedCall[] = [];
  calls.forEach((raw, index) => {
    const parsed = parse(raw);
    if (!parsed.ok) {
      failedCalls.push({ index, raw, reason: `${parsed.error.errorType}: ${parsed.error.message}` });
      return;
    }
    const outcome = execute(sandbox, parsed.call);
    if (!outcome.ok) failedCalls.push({ index, raw, reason: `${outcome.errorType}: ${outcome.message}` });
  });
  return { state: sandbox.snapshot(), failedCalls };
}

/** A call's outcome, and the tables (by name and version) it read to get it. */
interface RememberedOutcome {
  readonly reads: readonly (readonly [TableName, Table])[];
  readonly outcome: ToolOutcome;
}

/** Versions of one call remembered at most (different states it read). */
const REMEMBERED_PER_CALL = 4;
/** Outcomes remembered at most before starting afresh: they hold the table versions they read. */
const REMEMBERED_IN_ALL = 10_000;

/**
 * `execute` remembering the outcome of each call that wrote nothing (a read, or a write that raised),
 * with the versions of the tables it read. Tables are immutable values and tools are deterministic, so
 * the same call on the same table versions has the same outcome: the recorded results of a task mostly
 * begin with the same searches on the initial tables, and a multi-domain search often reads a table no
 * earlier call changed. Keyed by the parsed call object (cachedCallParser returns one per call string).
 * For replays only: they read `ok` and the error, and a remembered outcome's value is shared.
 */
export function rememberReadOnlyCalls(execute: ExecuteCall): ExecuteCall {
  let remembered = new WeakMap<Call, RememberedOutcome[]>();
  let count = 0;
  return (sandbox, call) => {
    const known = remembered.get(call);
    const hit = known?.find(({ reads }) => reads.every(([name, table]) => sandbox.state[name] === table));
    if (hit) return hit.outcome;
    const before = sandbox.state;
    const reads = new Map<TableName, Table>();
    const outcome = execute(watchReads(sandbox, reads), call);
    if (sandbox.state === before) {
      if (++count > REMEMBERED_IN_ALL) {
        remembered = new WeakMap();
        count = 1;
      }
      const entries = known ?? [];
      if (entries.length >= REMEMBERED_PER_CALL) entries.shift();
      entries.push({ reads: [...reads], outcome });
      remembered.set(call, entries);
    }
    return outcome;
  };
}

/** The sandbox as a tool sees it, noting every table read from its state into `reads`. */
function watchReads(sandbox: Sandbox, reads: Map<TableName, Table>): Sandbox {
  const everyTable = (state: SandboxState) => {
    for (const name of Object.keys(state) as TableName[]) reads.set(name, state[name]);
  };
  return {
    data: sandbox.data,
    get state() {
      const state = sandbox.state;
      return new Proxy(state, {
        get(target, name, receiver) {
          const value: unknown = Reflect.get(target, name, receiver);
          if (typeof name === "string" && Object.hasOwn(target, name)) reads.set(name as TableName, value as Table);
          return value;
        },
        // Listing or copying the state counts as reading every table.
        ownKeys(target) {
          everyTable(target);
          return Reflect.ownKeys(target);
        },
        has(target, name) {
          everyTable(target);
          return Reflect.has(target, name);
        },
      });
    },
    replaceTable: (table) => sandbox.replaceTable(table),
  };
}
