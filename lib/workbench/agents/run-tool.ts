// Executes calls on the live sandbox and records each as a tool step with its state diff.
import type { AgentDeps } from "./types";
import type { Call } from "../calls/types";
import type { Trace } from "./trace";
import { diffStates } from "./engine";
import { PROTOCOLS } from "../protocols/definitions";
import type { Protocol } from "../protocols/types";
import type { ToolOutcome } from "../tools/types";
import { isToolkit } from "../core/toolkits";
import { faultStoppedCall, malformedAnswer, scheduledFault, timeoutAnswer, unavailableAnswer, type InjectedFault } from "../tools/faults";

/** The protocol the agent runs under (its tools and call parser); the 2024 paper's by default. */
export function protocolOf(deps: AgentDeps) {
  return deps.protocol ?? PROTOCOLS["2024"];
}

export interface ToolRun {
  readonly call: string;
  readonly observation: string;
  readonly ok: boolean;
}

/**
 * Runs `tool` with string arguments and records the call and the step. `observationOverride` replaces
 * what the agent is shown (LangChain's invalid-tool message); `recordedArgs` (default `args`) are
 * the arguments written into the call string when they differ from what the live tool receives.
 */
export function runToolCall(
  deps: AgentDeps,
  trace: Trace,
  tool: string,
  args: Readonly<Record<string, string>>,
  observationOverride?: string,
  recordedArgs: Readonly<Record<string, string>> = args,
): Promise<ToolRun> {
  const raw = protocolOf(deps).formatCall(tool, recordedArgs);
  return executeAndRecord(deps, trace, { tool, args, raw }, recordedArgs, observationOverride);
}

/** Runs a call string as written (oracle, replay): unparseable strings are recorded as failed calls. */
export async function runCallString(deps: AgentDeps, trace: Trace, raw: string): Promise<ToolRun> {
  const parsed = protocolOf(deps).parseCall(raw);
  if (parsed.ok) return executeAndRecord(deps, trace, parsed.call, parsed.call.args);
  const observation = `${parsed.error.errorType}: ${parsed.error.message}`;
  trace.addCall(raw);
  await trace.record({ kind: "tool", tool: raw.split("(")[0] ?? raw, args: {}, call: raw, observation, ok: false, diff: [] });
  return { call: raw, observation, ok: false };
}

async function executeAndRecord(
  deps: AgentDeps,
  trace: Trace,
  call: Call,
  recordedArgs: Readonly<Record<string, string>>,
  observationOverride?: string,
): Promise<ToolRun> {
  trace.addCall(call.raw);
  const outcome = await executeRecorded(deps, trace, protocolOf(deps), call, recordedArgs, observationOverride);
  return { call: call.raw, observation: outcome.observation, ok: outcome.ok };
}

/**
 * Steps 3 and 4 of every tool call (tool-call.ts): runs the call on the live sandbox under `protocol`'s
 * tools and records the tool step with its state diff. Whether the call counts as predicted is the caller's.
 * The outcome's observation is what the agent is shown: `observationOverride`, or the answer of a fault the
 * run's schedule injects into this call (tools/faults.ts), in place of the tool's.
 */
export async function executeRecorded(
  deps: AgentDeps,
  trace: Trace,
  protocol: Pick<Protocol, "tools">,
  call: Call,
  recordedArgs: Readonly<Record<string, unknown>>,
  observationOverride?: string,
): Promise<ToolOutcome> {
  const ordinal = trace.toolCallCount;
  const faults = deps.faults;
  // A call whose answer is overridden (ReAct's "is not a valid tool") never reached a service the agent
  // chose: no fault is injected into it, though it still takes its ordinal.
  // The call's type picks the kinds it can draw: a tool with side effects is a write; any other call
  // (a read, or a call to a tool the protocol does not have) is a read.
  const callType = protocol.tools.get(call.tool)?.hasSideEffects ? "write" : "read";
  const kind = faults && observationOverride === undefined ? scheduledFault(faults.plan, faults.taskKey, ordinal, callType) : null;
  const fault: InjectedFault | undefined = kind ? { kind, ordinal } : undefined;
  if (fault && faultStoppedCall(fault)) {
    trace.withdrawCall(call.raw);
    const observation = unavailableAnswer(serviceOf(call.tool));
    await trace.record({ kind: "tool", tool: call.tool, args: recordedArgs, call: call.raw, observation, ok: true, diff: [], fault });
    return { ok: true, value: observation, observation };
  }
  const before = deps.sandbox.state;
  const outcome = protocol.tools.execute(deps.sandbox, call);
  const diff = diffStates(before, deps.sandbox.state);
  const shown = observationOverride ?? outcome.observation;
  if (!fault || !faults) {
    await trace.record({ kind: "tool", tool: call.tool, args: recordedArgs, call: call.raw, observation: shown, ok: outcome.ok, diff });
    return { ...outcome, observation: shown };
  }
  const observation = fault.kind === "ambiguous" ? timeoutAnswer(serviceOf(call.tool)) : malformedAnswer(shown, faults, ordinal);
  await trace.record({ kind: "tool", tool: call.tool, args: recordedArgs, call: call.raw, observation, ok: outcome.ok, diff, fault });
  // A timeout is an answer, not an exception the harness would end the task on; a cut answer keeps the call's own outcome.
  return fault.kind === "ambiguous" || outcome.ok ? { ok: true, value: observation, observation } : { ...outcome, observation };
}

/** The toolkit a dotted tool name belongs to (every offered tool's is one), for the wording of fault answers. */
function serviceOf(tool: string) {
  const toolkit = tool.split(".")[0] ?? "";
  return isToolkit(toolkit) ? toolkit : "company_directory";
}
