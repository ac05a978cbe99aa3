// How Studio's own results files (its 2024 and 2026 exports: lib/interop) record a faulted call:
// `{ kind, ordinal, call }`, the injected fault and the call string it was injected into. The call is
// kept because a call a transient fault stopped is not among the row's calls (it never ran), so its step
// comes back from this record alone; upstream's readers ignore the key that holds it.
import { readInjectedFault, type InjectedFault } from "../tools/faults";
import type { RecordedStep } from "./types";

export interface FaultRecord extends InjectedFault {
  readonly call: string;
}

export function faultRecord(fault: InjectedFault, call: string): FaultRecord {
  return { kind: fault.kind, ordinal: fault.ordinal, call };
}

/** The step fields a fault record restores (with the answer the agent was shown); none when `value` is not one. */
export function stepFault(value: unknown, observation: string | null | undefined): Pick<RecordedStep, "fault" | "call" | "observation"> {
  const fault = readInjectedFault(value);
  if (!fault) return {};
  const { call } = value as { call?: unknown };
  return { fault, observation: observation ?? "", ...(typeof call === "string" ? { call } : {}) };
}
