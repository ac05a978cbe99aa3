/**
 * A mutable sandbox over immutable tables (copy-on-write). Creating one is a shallow copy of the
 * initial record of tables; a tool write replaces one table, so every untouched table stays
 * reference-equal to `data.tables` and the diff / scorer can skip it without looking inside.
 * Engine rule: plain TypeScript, no framework imports.
 */
import type { Sandbox, SandboxData, SandboxState, Table } from "./types";

export interface SandboxHandle extends Sandbox {
  /** The current state; later writes never mutate it (it is an immutable value). */
  snapshot(): SandboxState;
}

export function createSandbox(data: SandboxData): SandboxHandle {
  let state: SandboxState = data.tables;
  return {
    data,
    get state() {
      return state;
    },
    replaceTable(table: Table) {
      state = { ...state, [table.name]: table };
    },
    snapshot() {
      return state;
    },
  };
}
